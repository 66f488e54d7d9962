#include "cli/commands.hpp"
#include "cli/guard.hpp"

#include <fexpr/version.hpp>

#include <iostream>
#include <map>

namespace {

int run(int argc, char** argv) {
  CLI::App app{"fexpr: parse, evaluate, differentiate and check Adams function expressions"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("fexpr ") + fexpr::version(), "Print the version and exit");
  std::map<CLI::App*, fexpr::cli::Runner> runners;
  auto add = [&](fexpr::cli::Runner runner) { runners[app.get_subcommands({}).back()] = std::move(runner); };
  add(fexpr::cli::add_eval_command(app));
  add(fexpr::cli::add_repl_command(app));
  add(fexpr::cli::add_check_command(app));
  add(fexpr::cli::add_sforce_command(app));
  add(fexpr::cli::add_plot_command(app));
  add(fexpr::cli::add_lsp_command(app));
  add(fexpr::cli::add_loads_command(app));
  add(fexpr::cli::add_codegen_command(app));
  fexpr::cli::explain_flag_values(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --help-all, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;  // usage error, whatever CLI11's own code
  }
  for (auto& [sub, runner] : runners) {
    if (sub->parsed()) return runner();
  }
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  return fexpr::cli::guarded([&] { return run(argc, argv); }, std::cerr);
}
