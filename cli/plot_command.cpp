// fexpr plot: the REPL's :plot from the command line. The plot is run by a session, so that its
// parsing, sampling, gaps and messages are the REPL's own; the options, checked here as fexpr
// eval checks them, set up that session.
#include "cli/input_options.hpp"
#include "cli/part_states.hpp"
#include "repl/session.hpp"
#include "support/number.hpp"

#include <cmath>
#include <filesystem>
#include <optional>
#include <iostream>
#include <sstream>

namespace fexpr::cli {
namespace {

struct PlotOptions : InputOptions {
  bool grad = false;
  std::string svg;
  std::string points;  // checked by its option: a whole number from 2 to 100000
  std::vector<std::string> spec;  // EXPR[, EXPR...] for VAR=A..B, in words
};

// Why the SVG cannot be written where --svg says, found before anything is plotted.
std::optional<std::string> svg_problem(const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path folder = fs::path(file).parent_path();
  if (fs::is_directory(file, ec)) return "--svg '" + file + "': it is a folder; name the file to write the SVG to";
  if (!folder.empty() && !fs::is_directory(folder, ec))
    return "--svg '" + file + "': there is no folder '" + folder.string() + "'; name a file in an existing folder";
  return std::nullopt;
}

int run_plot(const PlotOptions& o) {
  if (auto problem = o.svg.empty() ? std::nullopt : svg_problem(o.svg)) {
    std::cerr << "fexpr plot: " << *problem << "\n";
    return 2;
  }
  if (!o.sets.empty() && o.model.empty()) {
    std::cerr << "fexpr plot: --set changes a part of a model; add --model FILE.adm\n";
    return 2;
  }
  Context variables;
  std::vector<double> values;
  if (auto problem = declare_vars(variables, o.vars, values)) {
    std::cerr << "fexpr plot: " << *problem << "\n";
    return 2;
  }
  // The set-up entries' echo ("x = 1", "loaded ...") is kept back, and shown only for the
  // entry that fails; the plot itself goes to standard output.
  std::ostringstream setup;
  std::ostream out(setup.rdbuf());
  repl::SessionOptions options;
  options.hints = {"define it with --var NAME=VALUE", "add --model FILE.adm"};
  repl::Session session(out, options);
  if (!o.model.empty()) {
    if (auto problem = unreadable("--model", o.model, kDataset)) {
      std::cerr << "fexpr plot: " << *problem << "\n";
      return 2;
    }
    if (!session.load(o.model)) {
      std::cerr << setup.str();
      return 2;
    }
    if (auto problem = apply_sets(*session.model(), o.sets)) {
      std::cerr << "fexpr plot: " << *problem << "\n";
      return 2;
    }
  }
  std::vector<std::string> entries = {":time " + number::format(o.time), ":mode " + number::format(o.mode)};
  for (std::size_t i = 0; i < values.size(); ++i)
    entries.push_back(variables.variables()[i] + " = " + number::format(values[i]));
  for (const std::string& entry : entries) {
    setup.str("");
    session.feed(entry);
    if (session.failed()) {
      std::cerr << setup.str();
      return 2;
    }
  }
  std::string entry = ":plot";
  for (const std::string& word : o.spec) entry += " " + word;
  if (o.grad) entry += " --grad";
  if (!o.svg.empty()) entry += " --svg " + o.svg;
  if (!o.points.empty()) entry += " --points " + o.points;
  out.rdbuf(std::cout.rdbuf());
  session.feed(entry);
  return session.failed() ? 1 : 0;
}

}  // namespace

Runner add_plot_command(CLI::App& app) {
  auto o = std::make_shared<PlotOptions>();
  CLI::App* sub = app.add_subcommand("plot", "Plot expressions over TIME or a variable: text, and SVG with --svg");
  add_input_options(sub, *o);
  sub->add_flag("--grad", o->grad, "Also plot each expression's derivative with respect to VAR");
  auto* svg = sub->add_option("--svg", o->svg, "Also write the plot to FILE as SVG");
  sub->add_option_function<std::string>(
         "--points",
         [o](const std::string& text) {
           const auto n = number::parse(text);
           if (!n || *n != std::trunc(*n) || *n < 2 || *n > 100000)
             throw CLI::ValidationError("--points", "expects a whole number from 2 to 100000, got '" + text + "'");
           o->points = text;
         },
         "Samples in the SVG (default 401)")
      ->type_name("N")
      ->needs(svg);
  add_positional_words(sub, "SPEC", o->spec, "EXPR[, EXPR...] for VAR=A..B")->required();
  return [o] { return run_plot(*o); };
}

}  // namespace fexpr::cli
