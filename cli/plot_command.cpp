// fexpr plot: the REPL's :plot from the command line. The plot is run by a session, so that its
// parsing, sampling, gaps and messages are the REPL's own; the options set up that session.
#include "cli/input_options.hpp"
#include "repl/session.hpp"
#include "support/number.hpp"

#include <iostream>
#include <sstream>

namespace fexpr::cli {
namespace {

struct PlotOptions : InputOptions {
  bool grad = false;
  std::string svg;
  std::string points;
  std::vector<std::string> spec;  // EXPR[, EXPR...] for VAR=A..B, in words
};

int run_plot(const PlotOptions& o) {
  // The set-up entries' echo ("x = 1", "loaded ...") is kept back, and shown only for the
  // entry that fails; the plot itself goes to standard output.
  std::ostringstream setup;
  std::ostream out(setup.rdbuf());
  repl::Session session(out);
  std::vector<std::string> entries = {":time " + number::format(o.time), ":mode " + number::format(o.mode)};
  for (const std::string& v : o.vars) {
    const std::size_t eq = v.find('=');
    if (eq == std::string::npos) {
      std::cerr << "fexpr plot: --var expects NAME=VALUE, got '" << v << "'\n";
      return 2;
    }
    entries.push_back(v.substr(0, eq) + " = " + v.substr(eq + 1));
  }
  for (std::size_t i = 0; i + 1 < o.sets.size(); i += 2) entries.push_back(":set " + o.sets[i] + " " + o.sets[i + 1]);
  if (!o.model.empty() && !session.load(o.model)) {
    std::cerr << setup.str();
    return 2;
  }
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
  sub->add_option("--svg", o->svg, "Also write the plot to FILE as SVG");
  sub->add_option("--points", o->points, "Samples in the SVG (default 401)");
  add_positional_words(sub, "SPEC", o->spec, "EXPR[, EXPR...] for VAR=A..B")->required();
  return [o] { return run_plot(*o); };
}

}  // namespace fexpr::cli
