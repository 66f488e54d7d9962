#include "repl/session.hpp"

#include "ast/ast.hpp"
#include "builtins/builtin.hpp"
#include "dataset/checker.hpp"
#include "dataset/keywords.hpp"
#include "dataset/loaded_model.hpp"
#include "eval/compile.hpp"
#include "grammar/parse.hpp"
#include "repl/help.hpp"
#include "repl/path_completion.hpp"
#include "repl/plot.hpp"
#include "repl/sampling.hpp"
#include "repl/statements.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <fexpr/expression.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <ostream>
#include <ranges>
#include <utility>

namespace fexpr::repl {

struct Session::State {
  State(std::ostream& o, SessionOptions opts) : out(o), options(opts) {}
  std::ostream& out;
  SessionOptions options;
  Context context;
  std::vector<double> values;  // indexed by the context's variable slots
  double time = 0.0;
  double mode = 4.0;
  std::unique_ptr<dataset::LoadedModel> model;
  SessionStatements statements;  // the dataset statements typed, and the model they add to
  Workspace workspace;
  bool quit = false;    // :quit was run
  bool failed = false;  // an entry has reported an error

  Inputs inputs() const {
    Inputs in;
    in.time = time;
    in.mode = mode;
    in.variables = values;
    in.state = model ? model->state.get() : nullptr;
    return in;
  }
};

namespace {

using State = Session::State;

// A part of the entry's text, as byte offsets, so that messages point into the line typed.
struct Slice {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool empty() const { return begin == end; }
};

// One entry being run. Its text is a SourceText named <input>, so that every error is
// rendered with the entry's line and a caret under the column.
struct Entry {
  SourceText source;
  std::string_view text(Slice s) const { return std::string_view(source.text()).substr(s.begin, s.end - s.begin); }
  Slice all() const { return {0, static_cast<std::uint32_t>(source.text().size())}; }
};

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
// Names as the grammar reads them: ASCII letters, digits and '_', not starting with a digit.
bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

Slice trimmed(const Entry& e, Slice s) {
  const std::string& t = e.source.text();
  while (s.begin < s.end && is_blank(t[s.begin])) ++s.begin;
  while (s.end > s.begin && is_blank(t[s.end - 1])) --s.end;
  return s;
}

// The whitespace-separated words of s.
std::vector<Slice> words(const Entry& e, Slice s) {
  const std::string& t = e.source.text();
  std::vector<Slice> out;
  std::uint32_t i = s.begin;
  while (i < s.end) {
    while (i < s.end && is_blank(t[i])) ++i;
    std::uint32_t start = i;
    while (i < s.end && !is_blank(t[i])) ++i;
    if (i > start) out.push_back({start, i});
  }
  return out;
}

// The name that starts s, if s starts with one.
Slice leading_name(const Entry& e, Slice s) {
  const std::string& t = e.source.text();
  std::uint32_t i = s.begin;
  if (i < s.end && is_name_start(t[i])) {
    while (i < s.end && is_name_char(t[i])) ++i;
  }
  return {s.begin, i};
}

// Writes a rendered diagnostic; in colour, its first line is bold red for an error and bold
// magenta for a warning, as compilers print them.
void write_diagnostic(State& s, const std::string& rendered, Severity severity = Severity::error) {
  if (severity == Severity::error) s.failed = true;
  if (!s.options.colour) {
    s.out << rendered;
    return;
  }
  std::size_t eol = rendered.find('\n');
  s.out << (severity == Severity::error ? "\x1b[1;31m" : "\x1b[1;35m") << rendered.substr(0, eol) << "\x1b[0m"
        << rendered.substr(eol);
}
void report(State& s, const Entry& e, const Diagnostic& d) { write_diagnostic(s, e.source.render(d), d.severity); }
void report(State& s, const Entry& e, Slice at, Code code, std::string message) {
  report(s, e, Diagnostic{Severity::error, code, {at.begin, at.end}, std::move(message)});
}
// An error about the entry as a whole, with nothing in it to point at.
void fail(State& s, const std::string& message) { write_diagnostic(s, "error: " + message + "\n"); }

std::optional<Expression> compile_slice(State& s, const Entry& e, Slice at, const Context& context) {
  CompileOptions options{at.begin, &e.source};
  options.hints = s.options.hints;
  auto compiled = compile(e.text(at), context, options);
  if (!compiled) {
    report(s, e, compiled.diagnostics.front());
    return std::nullopt;
  }
  return std::move(*compiled.expression);
}

std::optional<double> value_of(State& s, const Entry& e, Slice at) {
  auto expression = compile_slice(s, e, at, s.context);
  if (!expression) return std::nullopt;
  try {
    return expression->value(s.inputs(), s.workspace);
  } catch (const EvaluationError& err) {
    report(s, e, err.diagnostic);
    return std::nullopt;
  }
}

enum class Argument : std::uint8_t {
  none,        // its argument, if any, is optional
  required,    // a word or a file name
  expression,  // an expression, which continues over lines while a '(' is open
};

struct Command {
  std::string_view name;
  std::string_view usage;
  std::string_view summary;
  Argument argument;
  void (*run)(State&, const Entry&, Slice argument, const Command& self);
};

void usage_error(State& s, const Command& c) { fail(s, "usage: " + std::string(c.usage)); }

void run_time(State& s, const Entry& e, Slice argument, const Command&) {
  if (auto v = value_of(s, e, argument)) {
    s.time = *v;
    s.out << "TIME = " << number::format(*v) << "\n";
  }
}

void run_mode(State& s, const Entry& e, Slice argument, const Command&) {
  if (auto v = value_of(s, e, argument)) {
    s.mode = *v;
    s.out << "MODE = " << number::format(*v) << "\n";
  }
}

void run_set(State& s, const Entry& e, Slice argument, const Command& self) {
  if (!s.model) return fail(s, "no model; load one with :load FILE.adm");
  std::vector<Slice> w = words(e, argument);
  const kinematics::Model& model = s.model->build.model;
  std::string_view part_word = e.text(w[0]);
  std::optional<double> id;
  if (part_word.size() > 5 && text::iequals(part_word.substr(0, 5), "PART/")) id = number::parse(part_word.substr(5));
  if (!id || *id != std::trunc(*id) || std::abs(*id) > 1E15) {
    return report(s, e, w[0], Code::syntax, "expected PART/ID, the part whose states to set");
  }
  const int part = model.find_part(static_cast<long>(*id));
  if (part < 0) return report(s, e, w[0], Code::reference, "the model has no " + std::string(part_word));
  if (part == 0)
    return report(s, e, w[0], Code::reference, std::string(part_word) + " is the ground, which does not move");
  if (w.size() == 1) return usage_error(s, self);

  std::vector<std::string_view> state_names;
  for (int k = 0; k < kinematics::kStatesPerPart; ++k) state_names.push_back(kinematics::state_name(k));
  // Every value is computed before any is stored, so that an error leaves the state as it was.
  std::vector<std::pair<int, double>> assignments;
  for (std::size_t i = 1; i < w.size(); ++i) {
    std::string_view word = e.text(w[i]);
    std::size_t eq = word.find('=');
    if (eq == std::string_view::npos) return report(s, e, w[i], Code::syntax, "expected NAME=VALUE");
    Slice name{w[i].begin, w[i].begin + static_cast<std::uint32_t>(eq)};
    auto k = std::find_if(state_names.begin(), state_names.end(),
                          [&](std::string_view n) { return text::iequals(n, e.text(name)); });
    if (k == state_names.end()) {
      std::string message = "no state '" + std::string(e.text(name)) + "'";
      std::string_view near = text::nearest(e.text(name), state_names);
      message += near.empty() ? "; the states are x y z psi theta phi vx vy vz wx wy wz"
                              : " (did you mean " + std::string(near) + "?)";
      return report(s, e, name, Code::name, message);
    }
    Slice value{name.end + 1, w[i].end};
    if (value.empty()) return report(s, e, w[i], Code::syntax, "expected a value after '='");
    auto v = value_of(s, e, value);
    if (!v) return;
    assignments.emplace_back(static_cast<int>(k - state_names.begin()), *v);
  }
  for (auto [k, v] : assignments) {
    s.model->state->set_value(part, k, v);
    s.out << kinematics::state_label(model, part, k) << " = " << number::format(v) << "\n";
  }
}

// Value and derivatives, laid out as `fexpr eval --grad` and `--hessian` lay them out.
void run_derivatives(State& s, const Entry& e, Slice argument, bool hessian) {
  auto expression = compile_slice(s, e, argument, s.context);
  if (!expression) return;
  const std::size_t n = expression->derivative_count();
  std::vector<double> grad(n), hess(n * n);
  double value = 0.0;
  try {
    value = hessian ? expression->hessian(s.inputs(), s.workspace, grad, hess)
                    : expression->gradient(s.inputs(), s.workspace, grad);
  } catch (const EvaluationError& err) {
    return report(s, e, err.diagnostic);
  }
  s.out << "= " << number::format(value) << "\n";
  const auto& names = expression->derivative_names();
  std::size_t width = 0;
  for (const auto& name : names) width = std::max(width, name.size());
  for (std::size_t i = 0; i < n; ++i) {
    s.out << "  d/d" << names[i] << std::string(width - names[i].size() + 2, ' ') << number::format(grad[i]) << "\n";
  }
  if (!hessian) return;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i; j < n; ++j) {
      std::string label = "d2/d" + names[i] + " d" + names[j];
      s.out << "  " << label << std::string(label.size() < 2 * width + 8 ? 2 * width + 8 - label.size() : 1, ' ')
            << number::format(hess[i * n + j]) << "\n";
    }
  }
}
void run_grad(State& s, const Entry& e, Slice argument, const Command&) { run_derivatives(s, e, argument, false); }
void run_hessian(State& s, const Entry& e, Slice argument, const Command&) { run_derivatives(s, e, argument, true); }

void run_ast(State& s, const Entry& e, Slice argument, const Command&) {
  // The tree's spans count from the expression's start, as in `fexpr eval --ast`; an error
  // is parsed again in place so that its caret sits under the line typed.
  auto parsed = grammar::parse(e.text(argument));
  if (auto* tree = std::get_if<ast::Tree>(&parsed)) {
    s.out << ast::print(*tree) << "\n" << ast::dump(*tree);
    return;
  }
  auto in_place = grammar::parse(e.text(argument), {argument.begin, &e.source});
  report(s, e, std::get<Diagnostic>(in_place));
}

// Finds the last standalone word `word` in s, case-insensitively.
std::optional<Slice> last_word(const Entry& e, Slice s, std::string_view word) {
  for (const Slice& w : words(e, s) | std::views::reverse) {
    if (text::iequals(e.text(w), word)) return w;
  }
  return std::nullopt;
}

// The expressions of a comma-separated list: commas inside calls and vectors belong to them.
std::vector<Slice> top_level_items(const Entry& e, Slice s) {
  const std::string& t = e.source.text();
  std::vector<Slice> out;
  int depth = 0;
  std::uint32_t start = s.begin;
  for (std::uint32_t i = s.begin; i < s.end; ++i) {
    if (t[i] == '(' || t[i] == '[') ++depth;
    if (t[i] == ')' || t[i] == ']') --depth;
    if (t[i] == ',' && depth == 0) {
      out.push_back(trimmed(e, {start, i}));
      start = i + 1;
    }
  }
  out.push_back(trimmed(e, {start, s.end}));
  return out;
}

// What follows the range of a :plot.
struct PlotOptions {
  bool gradient = false;
  std::string svg_file;
  std::optional<std::size_t> points;  // the SVG's samples, when given
};

bool is_option(std::string_view word) { return word.size() > 2 && word.starts_with("--") && is_name_start(word[2]); }

// Reads the options in `words`; false when one is wrong (the error has been reported).
bool plot_options(State& s, const Entry& e, const std::vector<Slice>& words, PlotOptions& o, const Command& self) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string_view word = e.text(words[i]);
    const bool has_value = i + 1 < words.size() && !is_option(e.text(words[i + 1]));
    if (word == "--grad") {
      o.gradient = true;
    } else if (word == "--svg" && has_value) {
      o.svg_file = e.text(words[++i]);
    } else if (word == "--points" && has_value) {
      auto n = number::parse(e.text(words[++i]));
      if (!n || *n != std::trunc(*n) || *n < 2 || *n > 100000) {
        report(s, e, words[i], Code::argument, "--points takes a whole number from 2 to 100000");
        return false;
      }
      o.points = static_cast<std::size_t>(*n);
    } else if (word == "--svg" || word == "--points") {
      report(s, e, words[i], Code::syntax, std::string(word) + " needs a value: " + std::string(self.usage));
      return false;
    } else {
      report(s, e, words[i], Code::syntax, "unknown option '" + std::string(word) + "'; the options are --grad, --svg FILE and --points N");
      return false;
    }
  }
  if (o.points && o.svg_file.empty()) {
    fail(s, "--points sets the number of SVG samples; add --svg FILE");
    return false;
  }
  return true;
}

void run_plot(State& s, const Entry& e, Slice argument, const Command& self) {
  auto for_word = last_word(e, argument, "for");
  if (!for_word) return usage_error(s, self);
  Slice list = trimmed(e, {argument.begin, for_word->begin});
  Slice rest{for_word->end, argument.end};
  std::vector<Slice> option_words;
  for (const Slice& w : words(e, rest)) {
    if (option_words.empty() && !is_option(e.text(w))) continue;
    option_words.push_back(w);
  }
  if (!option_words.empty()) rest.end = option_words.front().begin;
  PlotOptions options;
  if (!plot_options(s, e, option_words, options, self)) return;

  std::string_view range_text = e.text(rest);
  std::size_t eq = range_text.find('=');
  std::size_t dots = range_text.find("..");
  if (list.empty() || eq == std::string_view::npos || dots == std::string_view::npos || dots < eq) {
    return usage_error(s, self);
  }
  Slice variable = trimmed(e, {rest.begin, rest.begin + static_cast<std::uint32_t>(eq)});
  Slice from =
      trimmed(e, {rest.begin + static_cast<std::uint32_t>(eq + 1), rest.begin + static_cast<std::uint32_t>(dots)});
  Slice to = trimmed(e, {rest.begin + static_cast<std::uint32_t>(dots + 2), rest.end});
  if (leading_name(e, variable).end != variable.end || variable.empty()) {
    return report(s, e, variable.empty() ? rest : variable, Code::syntax,
                  "expected TIME or a variable name to plot over");
  }
  auto lo = value_of(s, e, from);
  if (!lo) return;
  auto hi = value_of(s, e, to);
  if (!hi) return;
  const std::size_t svg_points = options.points.value_or(kSvgPoints);
  for (std::size_t count : {kTextColumns, svg_points}) {
    if (auto problem = range_problem(*lo, *hi, count)) {
      return report(s, e, {from.begin, to.end}, Code::argument, *problem);
    }
  }

  // A variable not defined yet lives for this plot only: a copy of the context declares it.
  Context context = s.context;
  std::vector<double> values = s.values;
  Sweep sweep{std::string(e.text(variable)), std::nullopt, *lo, *hi};
  if (text::iequals(sweep.variable, "TIME")) {
    sweep.variable = "TIME";
  } else {
    try {
      sweep.slot = context.declare_variable(sweep.variable);
    } catch (const std::invalid_argument& err) {
      return report(s, e, variable, Code::name, err.what());
    }
    values.resize(context.variables().size());
    sweep.variable = context.variables()[*sweep.slot];
  }
  std::vector<Expression> expressions;
  std::vector<Slice> items = top_level_items(e, list);
  for (const Slice& item : items) {
    if (item.empty()) {
      // The caret goes under the comma the missing expression should stand beside.
      Slice comma = e.source.text()[item.begin] == ',' ? Slice{item.begin, item.begin + 1}
                                                       : Slice{item.begin - 1, item.begin};
      return report(s, e, comma, Code::syntax, "expected an expression before or after this ','");
    }
    auto expression = compile_slice(s, e, item, context);
    if (!expression) return;
    expressions.push_back(std::move(*expression));
  }
  std::vector<Graph> graphs;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string title(e.text(items[i]));
    graphs.push_back({title, &expressions[i], false});
    if (options.gradient) graphs.push_back({"d/d" + sweep.variable + " " + title, &expressions[i], true});
  }

  Inputs in = s.inputs();
  in.variables = values;
  Samples shown = sample(graphs, sweep, in, s.workspace, kTextColumns);
  const bool defined = std::any_of(shown.curves.begin(), shown.curves.end(), [](const Curve& c) {
    return std::any_of(c.y.begin(), c.y.end(), [](double y) { return std::isfinite(y); });
  });
  if (!defined) {
    const Gap& first = shown.gaps.front();
    return report(s, e, items[first.curve / (options.gradient ? 2 : 1)], Code::domain,
                  "undefined over the whole range: " + first.reason);
  }
  s.out << text_plot(shown.curves);
  // The notes come from the densest sampling made, which finds the most of a gap.
  if (!options.svg_file.empty()) {
    shown = sample(graphs, sweep, in, s.workspace, svg_points);
    std::ofstream file(options.svg_file, std::ios::binary);
    file << svg_plot(shown.curves);
    file.close();
    if (!file) return fail(s, "cannot write '" + options.svg_file + "'");
    s.out << "wrote " << options.svg_file << " (" << std::to_string(svg_points) << " points)\n";
  }
  for (const Gap& gap : shown.gaps) s.out << "gap: " << gap_note(shown, gap) << "\n";
}

std::string count(std::size_t n, std::string_view what) {
  return std::to_string(n) + " " + std::string(what) + (n == 1 ? "" : "s");
}

// The model builder adds markers of its own, with negative ids that no dataset can write; the
// user is shown the dataset's markers only.
bool from_dataset(long marker_id) { return marker_id >= 0; }

std::string model_summary(const dataset::LoadedModel& m) {
  const kinematics::Model& model = m.build.model;
  auto markers = std::count_if(model.markers().begin(), model.markers().end(),
                               [](const kinematics::Marker& marker) { return from_dataset(marker.id); });
  return m.source->name() + ": " + count(model.parts().size() - 1, "moving part") + ", " +
         count(static_cast<std::size_t>(markers), "marker");
}

// A model that fails to load leaves the one loaded before in place.
bool load(State& s, const std::string& path) {
  auto loaded = dataset::load_model(path, s.out);
  if (!loaded) {
    s.failed = true;
    return false;
  }
  s.model = std::move(*loaded);
  s.context.set_bindings(s.model->elements.get());
  s.out << "loaded " << model_summary(*s.model) << "\n";
  if (std::size_t dropped = s.statements.set_base(s.model->source->text())) {
    s.out << "note: " << count(dropped, "statement") << " typed before were dropped with the model they were added to\n";
  }
  return true;
}

// A statement typed or pasted: the model is rebuilt with it, part states kept where the part
// still is.
void run_statement(State& s, const std::string& text) {
  auto d = s.statements.define(text);
  for (const Diagnostic& diagnostic : d.diagnostics) write_diagnostic(s, d.source->render(diagnostic), diagnostic.severity);
  if (!d.build_errors.empty()) write_diagnostic(s, d.build_errors);
  if (!d.model) return;
  if (s.model) {
    const kinematics::Model& before = s.model->build.model;
    const kinematics::Model& after = d.model->build.model;
    for (int p = 1; p < static_cast<int>(before.parts().size()); ++p) {
      const int same = after.find_part(before.parts()[static_cast<std::size_t>(p)].id);
      if (same <= 0) continue;
      for (int k = 0; k < kinematics::kStatesPerPart; ++k) {
        d.model->state->set_value(same, k, kinematics::state_value(s.model->state->part(p), k));
      }
    }
  }
  s.model = std::move(d.model);
  s.context.set_bindings(s.model->elements.get());
  s.out << d.head << (d.replaced ? " redefined" : " defined") << "\n";
}

void run_elements(State& s, const Entry&, Slice, const Command&) {
  if (s.statements.typed().empty()) {
    s.out << "no statements typed in this session; type one as in a dataset: VARIABLE/1, FUNCTION = TIME\n";
    return;
  }
  for (const std::string& statement : s.statements.typed()) s.out << statement << "\n";
}

void run_save(State& s, const Entry& e, Slice argument, const Command&) {
  const std::string path(e.text(argument));
  std::ofstream file(path, std::ios::binary);
  file << s.statements.dataset_text();
  file.close();
  if (!file) return fail(s, "cannot write '" + path + "'");
  s.out << "wrote " << path << " (" << count(s.statements.typed().size(), "statement") << " typed in this session)\n";
}

void run_load(State& s, const Entry& e, Slice argument, const Command&) { load(s, std::string(e.text(argument))); }

void run_model(State& s, const Entry&, Slice, const Command&) {
  if (!s.model) return fail(s, "no model; load one with :load FILE.adm");
  const kinematics::Model& model = s.model->build.model;
  s.out << model_summary(*s.model) << "\n";
  for (int p = 0; p < static_cast<int>(model.parts().size()); ++p) {
    // Integers through to_string too: the host's stream may group digits by its locale ("1.000").
    s.out << "PART/" << std::to_string(model.parts()[static_cast<std::size_t>(p)].id) << (p == 0 ? " (ground)" : "")
          << " markers";
    for (long id : model.markers_on_part(p)) {
      if (from_dataset(id)) s.out << " " << std::to_string(id);
    }
    s.out << "\n";
    if (p == 0) continue;  // ground's state is never read
    const kinematics::PartState& state = s.model->state->part(p);
    for (int k = 0; k < kinematics::kStatesPerPart; ++k) {
      s.out << (k % 6 == 0 ? "  " : " ") << kinematics::state_name(k) << "="
            << number::format(kinematics::state_value(state, k)) << (k % 6 == 5 ? "\n" : "");
    }
  }
}

void run_check(State& s, const Entry& e, Slice argument, const Command&) {
  if (argument.empty() && !s.model) return fail(s, "no model to check; :check FILE.adm, or :load one first");
  dataset::CheckedFile checked = argument.empty()
                                     ? dataset::check_text(s.model->source->name(), s.model->source->text())
                                     : dataset::check_file(std::string(e.text(argument)));
  // Reported as `fexpr check` reports them: notes counted but not shown.
  int notes = 0;
  for (const Diagnostic& d : checked.diagnostics) {
    if (d.severity == Severity::info) ++notes;
    else write_diagnostic(s, dataset::render(checked, d), d.severity);
  }
  s.out << checked.path << ": " << std::to_string(checked.errors()) << " error(s), "
        << std::to_string(checked.warnings()) << " warning(s), " << std::to_string(notes) << " note(s), "
        << std::to_string(checked.functions) << " function(s) checked\n";
}

void run_vars(State& s, const Entry&, Slice, const Command&) {
  s.out << "TIME = " << number::format(s.time) << "\nMODE = " << number::format(s.mode) << "\n";
  for (std::size_t i = 0; i < s.values.size(); ++i) {
    s.out << s.context.variables()[i] << " = " << number::format(s.values[i]) << "\n";
  }
}

void run_quit(State& s, const Entry&, Slice, const Command&) { s.quit = true; }

void run_help(State& s, const Entry& e, Slice argument, const Command&);

const Command kCommands[] = {
    {":time", ":time T", "set TIME", Argument::expression, run_time},
    {":mode", ":mode M", "set MODE (1 kinematic, 4 dynamic, 5 static, ...)", Argument::expression, run_mode},
    {":set", ":set PART/ID NAME=V ...", "set part states: x y z psi theta phi vx vy vz wx wy wz", Argument::expression,
     run_set},
    {":grad", ":grad EXPR", "value and gradient", Argument::expression, run_grad},
    {":hessian", ":hessian EXPR", "value, gradient and Hessian", Argument::expression, run_hessian},
    {":ast", ":ast EXPR", "canonical text and syntax tree", Argument::expression, run_ast},
    {":plot", ":plot EXPR[, EXPR...] for VAR=A..B [--grad] [--svg FILE] [--points N]",
     "plot over TIME or a variable; --grad adds each derivative, --svg also writes an SVG file of N points (401)",
     Argument::expression, run_plot},
    {":load", ":load FILE.adm", "load a model for the kinematic functions", Argument::required, run_load},
    {":model", ":model", "the loaded model's parts, markers and states", Argument::none, run_model},
    {":check", ":check [FILE.adm]", "check every function of a dataset (default: the loaded model)", Argument::none,
     run_check},
    {":vars", ":vars", "TIME, MODE and the user variables", Argument::none, run_vars},
    {":elements", ":elements", "the dataset statements typed in this session", Argument::none, run_elements},
    {":save", ":save FILE.adm", "write the model with the statements typed as a dataset", Argument::required, run_save},
    {":help", ":help [NAME]", "what help NAME and ?NAME print", Argument::none, run_help},
    {":quit", ":quit", "leave (so do quit, exit and Ctrl-D)", Argument::none, run_quit},
};

const Command* find_command(std::string_view name) {
  for (const Command& c : kCommands) {
    if (text::iequals(c.name, name)) return &c;
  }
  return nullptr;
}

void help_overview(State& s) {
  s.out << "EXPR prints its value; NAME = EXPR defines a variable. An entry with an open '('\n"
           "continues on the next line. A dataset statement (VARIABLE/1, FUNCTION = TIME)\n"
           "defines an element; lines starting with ',' continue it. help NAME (or ?NAME)\n"
           "describes a function, operator, constant or command.\n";
  // A usage too long for the column gets a line of its own, so the table stays 80 wide.
  constexpr std::size_t kWidth = 24;
  for (const Command& c : kCommands) {
    s.out << "  " << c.usage;
    if (c.usage.size() > kWidth)
      s.out << "\n  " << std::string(kWidth, ' ');
    else
      s.out << std::string(kWidth - c.usage.size(), ' ');
    s.out << "  " << c.summary << "\n";
  }
  s.out << topic_overview();
}

void run_help(State& s, const Entry& e, Slice argument, const Command&) {
  if (argument.empty()) return help_overview(s);
  std::string_view name = e.text(argument);
  if (auto text = describe(name)) {
    s.out << *text;
    return;
  }
  if (const Command* c = find_command(name)) {
    s.out << c->usage << "\n  " << c->summary << "\n";
    return;
  }
  if (auto slot = s.context.variable_slot(name); slot && *slot < s.values.size()) {
    s.out << s.context.variables()[*slot] << " = " << number::format(s.values[*slot]) << "  (user variable)\n";
    return;
  }
  std::vector<std::string_view> known = described_names();
  for (const Command& c : kCommands) known.push_back(c.name);
  std::string message = "no function, operator, constant or command '" + std::string(name) + "'";
  std::string_view near = text::nearest(name, known);
  message += near.empty() ? "; help lists them all" : " (did you mean " + std::string(near) + "?)";
  report(s, e, argument, Code::name, message);
}

// Where an entry's argument starts when it is a help request ("help NAME", "?NAME").
std::optional<Slice> help_argument(const Entry& e) {
  Slice s = trimmed(e, e.all());
  if (e.text(s).starts_with('?')) return trimmed(e, {s.begin + 1, s.end});
  Slice first = leading_name(e, s);
  if (text::iequals(e.text(first), "help") && (first.end == s.end || is_blank(e.source.text()[first.end]))) {
    return trimmed(e, {first.end, s.end});
  }
  return std::nullopt;
}

struct CommandEntry {
  Slice name;  // ":time"
  Slice argument;
  const Command* command;  // null when there is no such command
};

std::optional<CommandEntry> command_of(const Entry& e) {
  Slice s = trimmed(e, e.all());
  if (s.empty() || e.source.text()[s.begin] != ':') return std::nullopt;
  Slice name{s.begin, leading_name(e, {s.begin + 1, s.end}).end};
  return CommandEntry{name, trimmed(e, {name.end, s.end}), find_command(e.text(name))};
}

bool is_comment(const Entry& e) {
  Slice s = trimmed(e, e.all());
  return s.empty() || e.source.text()[s.begin] == '#';
}

// Whether the entry so far is an expression (alone, in an assignment or as a command's
// argument) with a '(' still open, to be continued on the next line.
bool unfinished(const Entry& e) {
  if (is_comment(e) || help_argument(e)) return false;
  if (auto c = command_of(e); c && !(c->command && c->command->argument == Argument::expression)) return false;
  const std::string& t = e.source.text();
  return std::count(t.begin(), t.end(), '(') > std::count(t.begin(), t.end(), ')');
}

// A dataset statement, unless its name is one of the session's variables ("var/3").
bool is_statement(const State& s, std::string_view text) {
  if (!starts_statement(text)) return false;
  const std::size_t begin = text.find_first_not_of(" \t");
  return !s.context.variable_slot(text.substr(begin, text.find('/') - begin));
}

void run_entry(State& s, const Entry& e) {
  if (is_comment(e)) return;
  if (auto c = command_of(e)) {
    if (!c->command) {
      std::vector<std::string_view> names;
      for (const Command& known : kCommands) names.push_back(known.name);
      std::string message = "unknown command '" + std::string(e.text(c->name)) + "'";
      std::string_view near = text::nearest(e.text(c->name), names);
      message += near.empty() ? "; help lists the commands" : " (did you mean " + std::string(near) + "?)";
      return report(s, e, c->name, Code::name, message);
    }
    if (c->command->argument != Argument::none && c->argument.empty()) return usage_error(s, *c->command);
    return c->command->run(s, e, c->argument, *c->command);
  }
  if (auto argument = help_argument(e)) return run_help(s, e, *argument, *find_command(":help"));
  // `quit` and `exit` leave, as Python's REPL and the shells take them, unless they name variables.
  if (const std::string_view word = e.text(trimmed(e, e.all()));
      (text::iequals(word, "quit") || text::iequals(word, "exit")) && !s.context.variable_slot(word)) {
    s.quit = true;
    return;
  }
  if (continues_statement(e.source.text())) {
    return report(s, e, {trimmed(e, e.all()).begin, trimmed(e, e.all()).begin + 1}, Code::syntax,
                  "a line starting with ',' continues a dataset statement, and none was typed before it");
  }

  Slice all = trimmed(e, e.all());
  Slice name = leading_name(e, all);
  Slice after = trimmed(e, {name.end, all.end});
  if (name.empty() || after.empty() || e.source.text()[after.begin] != '=') {
    if (auto v = value_of(s, e, all)) s.out << "= " << number::format(*v) << "\n";
    return;
  }
  if (const auto* keyword = dataset::find_keyword(nullptr, e.text(name));
      keyword && keyword->kind == dataset::ArgumentKind::expression) {
    return report(s, e, name, Code::name,
                  std::string(keyword->name) + "= is an argument of a dataset statement, not a variable; type it "
                  "after its statement (VARIABLE/1, FUNCTION = ...) or on a line starting with ','");
  }
  // The value is computed before the name is declared, so that `x = x + 1` needs an x.
  auto v = value_of(s, e, {after.begin + 1, all.end});
  if (!v) return;
  std::size_t slot = 0;
  try {
    slot = s.context.declare_variable(e.text(name));
  } catch (const std::invalid_argument& err) {
    return report(s, e, name, Code::name, err.what());
  }
  s.values.resize(s.context.variables().size());
  s.values[slot] = *v;
  s.out << s.context.variables()[slot] << " = " << number::format(*v) << "\n";
}

}  // namespace

Session::Session(std::ostream& out, SessionOptions options) : state_(std::make_unique<State>(out, options)) {}
Session::~Session() = default;

Session::Next Session::feed(std::string_view line) {
  // A statement goes on over the lines that start with ',', as in a dataset, and runs at the
  // first that does not; a ',' line after one that ran adds to it and runs it again.
  if (!pending_.empty() && is_statement(*state_, pending_)) {
    if (continues_statement(line)) {
      pending_ += '\n';
      pending_ += line;
      return Next::continuation;
    }
    const std::string statement = std::exchange(pending_, {});
    last_entry_ = statement;
    std::replace(last_entry_.begin(), last_entry_.end(), '\n', ' ');
    run(statement);
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return Next::entry;
  }
  if (pending_.empty() && continues_statement(line) && !state_->statements.typed().empty()) {
    pending_ = state_->statements.typed().back() + "\n" + std::string(line);
    return Next::continuation;
  }
  if (pending_.empty() && is_statement(*state_, line)) {
    pending_ = line;
    return Next::continuation;
  }
  std::string text = std::exchange(pending_, {});
  // A blank line ends an unfinished entry, which then reports the ')' it lacks: a script
  // with a typo goes on after the next blank line instead of running into its end.
  const bool blank = line.find_first_not_of(" \t\r") == std::string_view::npos;
  if (text.empty() || !blank) {
    if (!text.empty()) text += '\n';
    text += line;
    if (unfinished(Entry{SourceText("<input>", text)})) {
      pending_ = std::move(text);
      return Next::continuation;
    }
  }
  last_entry_ = text;
  std::replace(last_entry_.begin(), last_entry_.end(), '\n', ' ');
  run(text);
  if (blank) say_what_is_missing(text);
  return state_->quit ? Next::quit : Next::entry;
}

void Session::finish() {
  if (pending_.empty()) return;
  const std::string text = std::exchange(pending_, {});
  run(text);
  if (!is_statement(*state_, text)) say_what_is_missing(text);
}

void Session::say_what_is_missing(const std::string& text) {
  auto call = open_call(text);
  if (!call) return;
  auto missing = missing_arguments(call->name, call->argument + (call->started ? 1 : 0));
  if (missing.empty()) return;
  std::string names;
  for (std::size_t i = 0; i < missing.size(); ++i) {
    names += (i == 0 ? "" : i + 1 == missing.size() ? " and " : ", ") + missing[i];
  }
  state_->out << "  note: " << call->name << "( is missing " << names << "\n";
}

void Session::cancel() { pending_.clear(); }

bool Session::load(const std::string& path) { return fexpr::repl::load(*state_, path); }

dataset::LoadedModel* Session::model() { return state_->model.get(); }

bool Session::failed() const { return state_->failed; }

void Session::run(const std::string& text) {
  try {
    if (is_statement(*state_, text)) return run_statement(*state_, text);
    run_entry(*state_, Entry{SourceText("<input>", text)});
  } catch (const std::exception& err) {
    // Whatever a layer below throws ends this entry, never the session.
    fail(*state_, err.what());
  }
}

namespace {

// The word after a command at the start of `line` (":load exa" gives ":load" and "exa"), when
// the line is that command and one word, or the command and a part word and one more.
struct CommandWords {
  std::string_view command;
  std::vector<std::string_view> words;  // the last is the one being typed, maybe empty
};
std::optional<CommandWords> command_words(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || line[first] != ':') return std::nullopt;
  CommandWords out;
  std::size_t i = first;
  while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
  out.command = line.substr(first, i - first);
  if (i == line.size()) return std::nullopt;  // the command's own name is being typed
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    out.words.push_back(line.substr(start, i - start));
  }
  if (out.words.empty() || line.back() == ' ' || line.back() == '\t') out.words.emplace_back();
  return out;
}

void keep_matching(std::vector<std::string>& names, std::string_view word, std::vector<std::string>& out) {
  for (std::string& n : names) {
    if (n.size() >= word.size() && text::iequals(std::string_view(n).substr(0, word.size()), word)) {
      out.push_back(std::move(n));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace

Session::Completion Session::complete(std::string_view line) const {
  Completion c;
  const State& s = *state_;
  if (auto cw = command_words(line)) {
    const std::string_view word = cw->words.back();
    c.begin = line.size() - word.size();
    std::vector<std::string> names;
    if (text::iequals(cw->command, ":load") || text::iequals(cw->command, ":check")) {
      if (cw->words.size() == 1) c.candidates = complete_path(word);
      c.labels = c.candidates;
      return c;
    }
    if (text::iequals(cw->command, ":set") && s.model) {
      const kinematics::Model& model = s.model->build.model;
      if (cw->words.size() == 1) {
        for (std::size_t p = 1; p < model.parts().size(); ++p) names.push_back("PART/" + std::to_string(model.parts()[p].id));
      } else {
        for (int k = 0; k < kinematics::kStatesPerPart; ++k) names.push_back(std::string(kinematics::state_name(k)) + "=");
      }
      keep_matching(names, word, c.candidates);
      c.labels = c.candidates;
      return c;
    }
  }

  std::size_t begin = line.size();
  while (begin > 0 && is_name_char(line[begin - 1])) --begin;
  const std::size_t first = line.find_first_not_of(" \t");
  const bool command = begin > 0 && line[begin - 1] == ':' && first == begin - 1;
  if (command) --begin;
  c.begin = begin;
  std::string_view word = line.substr(begin);
  auto call = open_call(line);
  if (call) c.hint = signature_hint(call->name, call->argument);

  std::vector<std::string> names;
  const auto* callee = call ? builtins::find(call->name) : nullptr;
  const bool number = std::all_of(word.begin(), word.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  const bool marker_argument = callee && callee->category == builtins::Category::kinematic && s.model && number;
  // An element's id, where the argument being typed is the call's `id`.
  const bool element_argument = callee && s.model && number && c.hint &&
                                c.hint->text.substr(c.hint->begin, c.hint->end - c.hint->begin) == "id";
  if (marker_argument) {
    for (const kinematics::Marker& m : s.model->build.model.markers()) {
      if (from_dataset(m.id)) names.push_back(std::to_string(m.id));
    }
  } else if (element_argument) {
    const std::string statement = id_statement(callee->name);
    for (const dataset::Statement& st : s.model->dataset.statements) {
      if (st.name == statement && st.id) names.push_back(std::to_string(*st.id));
    }
  } else if (word.empty()) {
    return c;
  } else if (command) {
    for (const Command& known : kCommands) names.emplace_back(known.name);
  } else {
    for (const auto& b : builtins::table()) names.emplace_back(b.name);
    for (const auto& k : detail::constant_names()) names.emplace_back(k.name);
    for (const auto& v : s.context.variables()) names.push_back(v);
    names.emplace_back("IF");
    if (first == begin) names.emplace_back("help");
  }
  keep_matching(names, word, c.candidates);
  for (const std::string& candidate : c.candidates) {
    const auto* b = builtins::find(candidate);
    c.labels.push_back(b && !marker_argument && !element_argument ? std::string(b->signature) : candidate);
  }
  return c;
}

}  // namespace fexpr::repl
