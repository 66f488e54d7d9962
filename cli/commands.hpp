// Each subcommand wires its options to library calls; main() only dispatches.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace fexpr::cli {

// Adds the subcommand to app; the returned function runs it after parsing and returns the
// process exit status.
using Runner = std::function<int()>;
Runner add_eval_command(CLI::App& app);
Runner add_repl_command(CLI::App& app);
Runner add_check_command(CLI::App& app);
Runner add_sforce_command(CLI::App& app);

}  // namespace fexpr::cli
