#include "dataset/checker.hpp"

#include "builtins/builtin.hpp"
#include "dataset/check_rules.hpp"
#include "dataset/element_bindings.hpp"
#include "dataset/formats.hpp"
#include "dataset/forces/check_forces.hpp"
#include "dataset/forces/jfloat_hint.hpp"
#include "dataset/forces/z_axes.hpp"
#include "dataset/loaded_model.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "dataset/spline.hpp"
#include "dataset/unit_checks.hpp"
#include "dataset/values.hpp"
#include "eval/compile.hpp"
#include "grammar/parse.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace fexpr::dataset {

int CheckedFile::errors() const {
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::error; }));
}
int CheckedFile::warnings() const {
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::warning; }));
}

std::string render(const CheckedFile& file, const Diagnostic& d) {
  if (file.source) return file.source->render(d, true);
  return file.path + ": " + std::string(severity_name(d.severity)) + "[" + std::string(code_name(d.code)) +
         "]: " + d.message + "\n";
}

// The dataset and model a check read and built (recheck_text), until take_model gives them on.
struct CheckedModel {
  Dataset dataset;
  ModelBuild build;
};

// Per statement, what its checks gave and read; the text they were made from is the checked
// file's own.
struct CheckMemo {
  struct Entry {
    std::string name;
    std::optional<long> id;
    bool recognised = false;
    // Whether an edit of it is its own and its readers' business, not the model's.
    bool local = false;
    Span span;
    std::uint32_t line = 0;
    std::vector<Diagnostic> diagnostics;
    int functions = 0;
    std::set<ElementBindings::StatementKey> reads;
  };
  std::vector<Entry> statements;
  // What each element and load read when it was compiled (ElementBindings::element_reads), from
  // this check or, for those it did not compile again, from the one before.
  std::map<ElementBindings::StatementKey, std::set<ElementBindings::StatementKey>> element_reads;
};

namespace {

// Statements that shape neither the model nor what other statements are, so that an edit of one
// changes its own checks and those of the statements that read it. SFORCE is one unless
// ROTATIONAL or ACTIONONLY, which give its J marker a z axis in the model.
constexpr std::string_view kLocalStatements[] = {"VARIABLE", "SFORCE", "DIFF",   "MOTION", "GFORCE",  "VFORCE",
                                                 "VTORQUE",  "SPRINGDAMPER", "BUSHING", "FIELD", "BEAM",
                                                 "REQUEST",  "SENSOR", "SPLINE", "ARRAY",  "JOINT",  "PINPUT",
                                                 "POUTPUT"};

bool is_local(const Statement& s) {
  if (std::find(std::begin(kLocalStatements), std::end(kLocalStatements), s.name) == std::end(kLocalStatements))
    return false;
  return s.name != "SFORCE" || (!find_argument(s, "ROTATIONAL") && !find_argument(s, "ACTIONONLY"));
}

// Arguments a statement cannot do without. Alternatives are separated by '|'.
struct Mandatory {
  std::string_view statement;
  std::string_view arguments[4];
};
constexpr Mandatory kMandatory[] = {
    {"SFORCE", {"I", "J", "FUNCTION"}},
    {"VARIABLE", {"FUNCTION"}},
    {"DIFF", {"FUNCTION"}},
    {"SPLINE", {"X|FILE", "Y|FILE"}},
    {"MOTION", {"JOINT|I", "FUNCTION"}},
    {"GFORCE", {"I", "JFLOAT", "RM"}},
    {"VFORCE", {"I", "JFLOAT", "RM"}},
    {"VTORQUE", {"I", "JFLOAT", "RM"}},
    {"JOINT", {"I", "J"}},
    {"PINPUT", {"VARIABLES"}},
    {"POUTPUT", {"VARIABLES"}},
};

// Statement arguments that name markers.
struct MarkerArguments {
  std::string_view statement;
  std::string_view arguments[4];
};
constexpr MarkerArguments kMarkerArguments[] = {
    {"SFORCE", {"I", "J"}},       {"JOINT", {"I", "J"}},     {"MOTION", {"I", "J"}},  {"GFORCE", {"I", "RM", "JFLOAT"}},
    {"VFORCE", {"I", "RM", "JFLOAT"}}, {"VTORQUE", {"I", "RM", "JFLOAT"}}, {"REQUEST", {"I", "J", "RM"}},
};

bool is_user_call(std::string_view expression) {
  std::size_t first = expression.find_first_not_of(" \t");
  return first != std::string_view::npos && expression.size() - first >= 5 &&
         text::iequals(expression.substr(first, 4), "USER") &&
         expression.substr(first + 4).find_first_not_of(" \t") != std::string_view::npos &&
         expression[expression.find_first_not_of(" \t", first + 4)] == '(';
}

class Checker {
 public:
  // A command file (.acf) modifies a model defined elsewhere: it may redefine elements and
  // refer to ones it does not define, so those are notes there, not errors.
  // remember: keep a CheckMemo for the next check, reusing `previous` where it still holds.
  Checker(CheckedFile& out, bool command_file, bool remember, const CheckedFile* previous)
      : out_(out), source_(*out.source), command_file_(command_file), remember_(remember), previous_(previous) {}

  void run() {
    dataset_ = read_any(source_, out_.format);
    add(dataset_.diagnostics);
    build_ = build_model(dataset_);
    std::vector<Diagnostic> built = build_.diagnostics;
    for (Diagnostic& d : built) {
      if (command_file_ && d.code == Code::reference) {
        d.severity = Severity::info;
        d.message += " here; a command file refers to the elements of its model";
      }
    }
    add(built);
    if (!command_file_) ground();
    floating_.insert(build_.floating_markers.begin(), build_.floating_markers.end());
    floating_.insert(build_.other_markers.begin(), build_.other_markers.end());
    kinematics::ModelBindings model(build_.model);
    ElementBindings elements(dataset_, source_, model);
    UnitChecks unit_checks(dataset_, elements, source_);
    unit_checks_ = &unit_checks;
    kinematics::State state(build_.model);
    std::set<std::pair<std::string, long>> seen;
    const std::vector<const CheckMemo::Entry*> reusable = plan_reuse();
    auto memo = std::make_shared<CheckMemo>();
    for (std::size_t k = 0; k < dataset_.statements.size(); ++k) {
      const Statement& s = dataset_.statements[k];
      out_.statements.push_back(s.span);
      const bool duplicate = s.recognised && s.id && s.name != "PART" && s.name != "MARKER" &&
                             !seen.insert({s.name, *s.id}).second && !command_file_;
      if (!remember_) {
        check_statement(s, duplicate, elements, state);
        ++out_.statements_checked;
        continue;
      }
      CheckMemo::Entry entry{s.name, s.id, s.recognised, is_local(s), s.span, source_.position(s.span.begin).line, {}, 0, {}};
      if (const CheckMemo::Entry* old = reusable[k]) {
        for (Diagnostic d : old->diagnostics) {
          d.span.begin = d.span.begin - old->span.begin + s.span.begin;
          d.span.end = d.span.end - old->span.begin + s.span.begin;
          if (d.fix) {
            d.fix->span.begin = d.fix->span.begin - old->span.begin + s.span.begin;
            d.fix->span.end = d.fix->span.end - old->span.begin + s.span.begin;
          }
          entry.diagnostics.push_back(std::move(d));
        }
        entry.functions = old->functions;
        entry.reads = old->reads;
        add(entry.diagnostics);
        out_.functions += entry.functions;
      } else {
        const std::size_t first = out_.diagnostics.size();
        const int functions = out_.functions;
        elements.begin_reads();
        check_statement(s, duplicate, elements, state);
        entry.reads = elements.end_reads();
        entry.diagnostics.assign(out_.diagnostics.begin() + static_cast<std::ptrdiff_t>(first), out_.diagnostics.end());
        entry.functions = out_.functions - functions;
        ++out_.statements_checked;
      }
      memo->statements.push_back(std::move(entry));
    }
    if (remember_) {
      if (std::any_of(reusable.begin(), reusable.end(), [](const CheckMemo::Entry* e) { return e != nullptr; }))
        memo->element_reads = previous_->memo->element_reads;
      for (const auto& [key, reads] : elements.element_reads()) memo->element_reads[key] = reads;
      out_.memo = std::move(memo);
    }
    std::stable_sort(out_.diagnostics.begin(), out_.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return a.span.begin < b.span.begin;
    });
  }

  // What run() read and built, once the bindings that refer to it are gone.
  void keep_model() {
    out_.read = std::make_shared<CheckedModel>(CheckedModel{std::move(dataset_), std::move(build_)});
  }

 private:
  void add(const std::vector<Diagnostic>& ds) { out_.diagnostics.insert(out_.diagnostics.end(), ds.begin(), ds.end()); }
  void error(Code code, Span span, std::string message) {
    out_.diagnostics.push_back({Severity::error, code, span, std::move(message)});
  }
  void note(Code code, Span span, std::string message) {
    out_.diagnostics.push_back({Severity::info, code, span, std::move(message)});
  }

  void check_statement(const Statement& s, bool duplicate, ElementBindings& elements, const kinematics::State& state) {
    if (!s.recognised) {
      if (!s.name.empty())
        note(Code::not_interpreted, s.name_span, "statement " + s.name + " is read but not interpreted");
      return;
    }
    if (duplicate) error(Code::duplicate_id, s.id_span, s.name + "/" + std::to_string(*s.id) + " is defined twice");
    // A command file's element that names objects fexpr does not follow lacks their arguments.
    if (!command_file_ && s.not_interpreted.empty()) {
      mandatory(s);
      markers(s);
      if (s.name == "PINPUT" || s.name == "POUTPUT") listed_variables(s);
    }
    if (s.name == "SPLINE") spline(s);
    if (s.name == "ARRAY") array(s);
    for (const Argument& a : s.arguments) {
      if (a.is_expression && !a.synthesized) expression(s, a, elements, state);
    }
    if (!command_file_) {
      if (auto d = check_force_element(s, elements, source_, state, workspace_)) out_.diagnostics.push_back(*d);
      if (auto d = check_z_axes(s, build_.model, state)) out_.diagnostics.push_back(*d);
    }
  }

  // Whether every place an entry's diagnostics name is in its statement, so that they move with it.
  static bool within(const CheckMemo::Entry& e) {
    auto in = [&](Span span) { return span.begin >= e.span.begin && span.end <= e.span.end; };
    return std::all_of(e.diagnostics.begin(), e.diagnostics.end(),
                       [&](const Diagnostic& d) { return in(d.span) && (!d.fix || in(d.fix->span)); });
  }

  // The previous check's entry of each statement whose diagnostics still hold, or null. All
  // null unless the statements are the same in number, names and ids, and every edited one
  // is local (kLocalStatements); then a statement is taken again when its text and line are
  // unchanged, its diagnostics lie within it, and it read nothing the edit reaches.
  std::vector<const CheckMemo::Entry*> plan_reuse() const {
    const auto& statements = dataset_.statements;
    std::vector<const CheckMemo::Entry*> out(statements.size(), nullptr);
    if (!previous_ || !previous_->memo || !previous_->source || previous_->format != Format::dataset ||
        out_.format != Format::dataset || previous_->memo->statements.size() != statements.size())
      return out;
    const CheckMemo& memo = *previous_->memo;
    const std::string& previous_text = previous_->source->text();
    auto text = [](std::string_view whole, Span span) { return whole.substr(span.begin, span.end - span.begin); };
    std::set<ElementBindings::StatementKey> edited;
    for (std::size_t k = 0; k < statements.size(); ++k) {
      const Statement& s = statements[k];
      const CheckMemo::Entry& old = memo.statements[k];
      if (old.name != s.name || old.id != s.id || old.recognised != s.recognised) return out;
      if (text(previous_text, old.span) == text(source_.text(), s.span)) continue;
      if (!old.local || !is_local(s) || !s.id) return out;
      edited.emplace(s.name, *s.id);
    }
    // What an edit reaches: the edited statements, "*" (every statement) when anything is
    // edited, and every element that reads what it reaches, found through the readers of each.
    std::set<ElementBindings::StatementKey> reached = edited;
    if (!edited.empty()) reached.emplace("*", 0);
    std::map<ElementBindings::StatementKey, std::vector<const ElementBindings::StatementKey*>> readers;
    for (const auto& [element, reads] : memo.element_reads) {
      for (const auto& key : reads) readers[key].push_back(&element);
    }
    std::vector<ElementBindings::StatementKey> pending(reached.begin(), reached.end());
    while (!pending.empty()) {
      auto it = readers.find(pending.back());
      pending.pop_back();
      if (it == readers.end()) continue;
      for (const auto* reader : it->second) {
        if (reached.insert(*reader).second) pending.push_back(*reader);
      }
    }
    for (std::size_t k = 0; k < statements.size(); ++k) {
      const Statement& s = statements[k];
      const CheckMemo::Entry& old = memo.statements[k];
      if (text(previous_text, old.span) != text(source_.text(), s.span) ||
          old.line != source_.position(s.span.begin).line || !within(old))
        continue;
      if (std::none_of(old.reads.begin(), old.reads.end(), [&](const auto& key) { return reached.count(key) > 0; }))
        out[k] = &old;
    }
    return out;
  }

  std::string head(const Statement& s) const { return s.name + (s.id ? "/" + std::to_string(*s.id) : std::string("/")); }

  void mandatory(const Statement& s) {
    for (const Mandatory& m : kMandatory) {
      if (m.statement != s.name) continue;
      for (std::string_view alternatives : m.arguments) {
        if (alternatives.empty()) continue;
        bool found = false;
        std::string_view rest = alternatives;
        while (!rest.empty() && !found) {
          std::size_t bar = rest.find('|');
          found = find_argument(s, rest.substr(0, bar)) != nullptr;
          rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
        }
        if (!found) {
          std::string wanted(alternatives);
          std::replace(wanted.begin(), wanted.end(), '|', ' ');
          auto hint = missing_argument_hint(s, wanted);
          error(Code::missing_argument, hint ? hint->span : s.name_span,
                head(s) + " needs " + wanted + (wanted.find(' ') != std::string::npos ? " (one of them)" : "=") +
                    (hint ? hint->text : ""));
        }
      }
    }
  }

  void markers(const Statement& s) {
    for (const MarkerArguments& m : kMarkerArguments) {
      if (m.statement != s.name) continue;
      for (std::string_view keyword : m.arguments) {
        if (keyword.empty()) continue;
        const Argument* a = find_argument(s, keyword);
        if (!a || a->values.empty()) continue;
        auto id = integer(a->values[0]);
        if (!id) {
          error(Code::argument, a->values[0].span, std::string(keyword) + "= takes a marker id");
          continue;
        }
        bool floating_ok = keyword == "JFLOAT" && floating_.count(*id);
        if (*id != 0 && !floating_ok && build_.model.find_marker(*id) < 0 && !floating_.count(*id))
          error(Code::reference, a->values[0].span, head(s) + ": marker " + std::to_string(*id) + " is not defined");
      }
    }
  }

  // PINVAL and POUVAL read the VARIABLEs a PINPUT or POUTPUT lists, so each must exist.
  void listed_variables(const Statement& s) {
    const Argument* variables = find_argument(s, "VARIABLES");
    if (!variables) return;
    for (const Value& v : variables->values) {
      auto id = integer(v);
      if (!id) {
        error(Code::argument, v.span, head(s) + ": VARIABLES= takes VARIABLE ids; '" + v.text + "' is not one");
        continue;
      }
      bool defined = std::any_of(dataset_.statements.begin(), dataset_.statements.end(), [&](const Statement& t) {
        return t.name == "VARIABLE" && t.id == *id;
      });
      if (!defined) error(Code::reference, v.span, head(s) + ": VARIABLE/" + std::to_string(*id) + " is not defined");
    }
  }

  void spline(const Statement& s) {
    if (find_argument(s, "FILE")) return;
    auto read = read_spline(s);
    if (auto* problem = std::get_if<SplineProblem>(&read)) error(Code::argument, problem->span, head(s) + ": " + problem->message);
  }

  // Adams needs one ground part; without it the measures here are taken from the global origin.
  void ground() {
    const Statement* first = nullptr;
    for (const Statement& s : dataset_.statements) {
      if (s.name != "PART" || !s.recognised) continue;
      if (find_argument(s, "GROUND")) return;
      if (!first) first = &s;
    }
    if (first)
      out_.diagnostics.push_back({Severity::warning, Code::missing_argument, first->name_span,
                                  "no PART is the GROUND part; Adams needs one (PART/id, GROUND), and the measures "
                                  "here are taken from the global origin"});
  }

  void array(const Statement& s) {
    const Argument* numbers = find_argument(s, "NUMBERS");
    if (!numbers) return;
    for (const Value& v : numbers->values) {
      if (!real(v)) error(Code::argument, v.span, head(s) + ": " + not_real(v));
    }
  }

  void expression(const Statement& s, const Argument& a, const ElementBindings& elements, const kinematics::State& state) {
    ++out_.functions;
    // FUNCTION= with nothing after it: the reader has reported it.
    if (a.expression.find_first_not_of(' ') == std::string::npos) return;
    if (is_user_call(a.expression)) {
      note(Code::user_subroutine, a.expression_span, head(s) + " " + a.keyword + "=USER(...) calls a user subroutine; not evaluated");
      return;
    }
    std::optional<Expression> compiled;
    std::vector<Diagnostic> diagnostics;
    // A second statement with the same id is not the element VARVAL and SFORCE refer to, but
    // its function is checked all the same.
    const ElementBindings::Element* element = nullptr;
    if (a.keyword == "FUNCTION" && (s.name == "VARIABLE" || s.name == "SFORCE") && s.id)
      element = elements.element(s.name, *s.id);
    // Parsed once, for the compiler and for the rules below: an element's FUNCTION by the
    // bindings, which compiled it.
    std::optional<std::variant<ast::Tree, Diagnostic>> own;
    const bool element_parsed = element && element->statement == &s && element->function == &a && element->parsed;
    if (!element_parsed) own = grammar::parse(a.expression, {a.expression_span.begin, &source_});
    const std::variant<ast::Tree, Diagnostic>& tree = element_parsed ? *element->parsed : *own;
    const ast::Tree* parsed = std::get_if<ast::Tree>(&tree);
    if (element && element->statement == &s) {
      compiled = element->expression;
      diagnostics = element->diagnostics;
    } else if (!parsed) {
      diagnostics = {std::get<Diagnostic>(tree)};
    } else {
      auto result = detail::compile_parsed(*parsed, const_cast<ElementBindings&>(elements).context(),
                                           {a.expression_span.begin, &source_, is_vector(a) ? 0 : -1});
      compiled = std::move(result.expression);
      diagnostics = std::move(result.diagnostics);
    }
    bool solver_noted = false;
    std::set<std::string> noted;
    for (Diagnostic& d : diagnostics) {
      if (command_file_ && d.code == Code::reference) {
        d.severity = Severity::info;
        d.message += " here; a command file refers to the elements of its model";
      }
      if (d.code == Code::not_interpreted) {
        bool solver = d.message.find("needs solver state") != std::string::npos;
        if ((solver && solver_noted) || !noted.insert(d.message).second) continue;
        solver_noted |= solver;
        d.severity = Severity::info;
      }
      out_.diagnostics.push_back(d);
    }
    bool rule_error = false;
    if (const ast::Tree* t = parsed) {
      Use use = s.name == "MOTION" ? Use::motion
                : (s.name == "SFORCE" || s.name == "GFORCE" || s.name == "VFORCE" || s.name == "VTORQUE") ? Use::force
                                                                                                        : Use::other;
      auto found = check_rules(*t, use);
      for (const Diagnostic& d : found) rule_error |= d.severity == Severity::error;
      add(found);
      add(unit_checks_->check(s, a, *t, compiled ? &*compiled : nullptr, workspace_));
    }
    // An expression the rules already reject (STEP with x0 > x1) would fail again when
    // evaluated, at the same place.
    if (!compiled || rule_error) return;
    Inputs in;
    in.state = &state;
    // A vector's y and z compile as its x did; the first component that fails is reported.
    for (int component = 0; component < (is_vector(a) ? 3 : 1); ++component) {
      if (component > 0) {
        compiled = detail::compile_parsed(*parsed, const_cast<ElementBindings&>(elements).context(),
                                          {a.expression_span.begin, &source_, component})
                       .expression;
        if (!compiled) return;
      }
      try {
        compiled->value(in, workspace_);
      } catch (const EvaluationError& e) {
        report_evaluation_error(e.diagnostic, *compiled, std::get_if<ast::Tree>(&tree), elements, state);
        return;
      }
    }
  }

  // FXYZ= and TXYZ= of GFORCE, VFORCE and VTORQUE are vectors (Adams Solver C++, operators.html).
  static bool is_vector(const Argument& a) { return a.keyword == "FXYZ" || a.keyword == "TXYZ"; }

  void report_evaluation_error(Diagnostic d, const Expression& compiled, const ast::Tree* tree,
                               const ElementBindings& elements, const kinematics::State& state) {
    if (reads_part_states(compiled)) {
      d.severity = Severity::warning;
      d.message = "at the dataset's initial state, before assembly" + measures_at(tree, d.span, elements, state) + ": " +
                  d.message +
                  "; Adams assembles the model and computes consistent velocities before it evaluates anything, so "
                  "this may not happen there";
    } else {
      d.message = "at the initial state: " + d.message;
    }
    out_.diagnostics.push_back(d);
  }

  // The dataset's part positions and velocities are only where the solver starts: it moves
  // the parts until the joints hold and sets velocities the constraints allow. An error that
  // depends on them is provisional; one that depends on TIME and constants alone is not.
  static bool reads_part_states(const Expression& e) {
    for (const std::string& name : e.derivative_names()) {
      if (name != "TIME") return true;
    }
    return false;
  }

  // " (VY(79, 0, 0) = 0, DM(2, 1) = 0.5)": the kinematic measures inside the failing
  // operation and their values at the dataset's state, so the reader sees why it failed.
  std::string measures_at(const ast::Tree* tree, Span failing, const ElementBindings& elements,
                          const kinematics::State& state) {
    if (!tree) return {};
    constexpr std::size_t kMost = 4;
    std::string out;
    std::size_t shown = 0;
    for (const ast::Node& n : tree->nodes) {
      if (n.kind != ast::Kind::call || n.span.begin < failing.begin || n.span.end > failing.end) continue;
      const builtins::Builtin* f = builtins::find(tree->name(n));
      if (!f || f->category != builtins::Category::kinematic) continue;
      std::string call = ast::print(*tree, static_cast<ast::NodeId>(&n - tree->nodes.data()));
      auto measure = compile(call, const_cast<ElementBindings&>(elements).context());
      if (!measure) continue;
      Inputs in;
      in.state = &state;
      try {
        double v = measure.expression->value(in, measure_workspace_);
        if (shown++ < kMost) out += (out.empty() ? " (" : ", ") + call + " = " + number::format(v);
      } catch (const EvaluationError&) {
        continue;
      }
    }
    if (shown > kMost) out += ", ...";
    return out.empty() ? out : out + ")";
  }

  CheckedFile& out_;
  const SourceText& source_;
  bool command_file_;
  bool remember_;
  const CheckedFile* previous_;
  Dataset dataset_;
  ModelBuild build_;
  std::set<long> floating_;
  Workspace workspace_;
  Workspace measure_workspace_;
  UnitChecks* unit_checks_ = nullptr;  // run()'s, while it runs
};

}  // namespace

namespace {

CheckedFile checked(std::string name, std::string text, std::optional<Format> format, bool remember,
                    const CheckedFile* previous) {
  CheckedFile out;
  out.path = name;
  out.format = format_of(name, format);
  out.source = std::make_unique<SourceText>(std::move(name), std::move(text));
  Checker checker(out, is_command_file(out.path), remember, previous);
  checker.run();
  if (remember) checker.keep_model();
  return out;
}

}  // namespace

CheckedFile check_text(std::string name, std::string text, std::optional<Format> format) {
  return checked(std::move(name), std::move(text), format, false, nullptr);
}

CheckedFile recheck_text(std::string name, std::string text, std::optional<Format> format, const CheckedFile* previous) {
  return checked(std::move(name), std::move(text), format, true, previous);
}

std::unique_ptr<LoadedModel> take_model(CheckedFile& file) {
  if (!file.read || !file.source) return nullptr;
  std::shared_ptr<CheckedModel> read = std::move(file.read);
  return loaded_model(SourceText(file.source->name(), file.source->text()), std::move(read->dataset),
                      std::move(read->build));
}

CheckedFile check_file(const std::string& path, std::optional<Format> format) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    CheckedFile out;
    out.path = path;
    out.diagnostics.push_back({Severity::error, Code::io, {}, "cannot read '" + path + "'"});
    return out;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  return check_text(path, std::move(ss).str(), format);
}

}  // namespace fexpr::dataset
