// Each subcommand wires its options to library calls; main() only dispatches.
#pragma once

#include "support/number.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace fexpr::cli {

// Adds the subcommand to app; the returned function runs it after parsing and returns the
// process exit status.
using Runner = std::function<int()>;
Runner add_eval_command(CLI::App& app);
Runner add_repl_command(CLI::App& app);
Runner add_check_command(CLI::App& app);
Runner add_sforce_command(CLI::App& app);
Runner add_plot_command(CLI::App& app);
Runner add_lsp_command(CLI::App& app);
Runner add_loads_command(CLI::App& app);
Runner add_codegen_command(CLI::App& app);

// A number option read as expressions read their numbers, where CLI11 would use strtold, which
// follows the C locale's decimal point and also takes hex, "nan" and "inf".
inline CLI::Option* add_number_option(CLI::App* sub, const std::string& name, double& target,
                                      const std::string& description) {
  return sub
      ->add_option_function<std::string>(
          name,
          [&target, name](const std::string& text) {
            auto value = number::parse(text);
            if (!value) throw CLI::ValidationError(name, "expects a finite decimal number, got '" + text + "'");
            target = *value;
          },
          description)
      ->type_name("FLOAT");
}

// --precision N: text output rounded to N significant digits; 0, the default, prints the
// shortest form that reads back exactly. JSON always has the exact form.
inline CLI::Option* add_precision_option(CLI::App* sub, int& digits) {
  return sub->add_option("--precision", digits, "Significant digits of the numbers in text output (1 to 17)")
      ->check(CLI::Range(1, 17));
}
inline std::string format_number(double value, int digits) {
  return digits > 0 ? number::format(value, digits) : number::format(value);
}

}  // namespace fexpr::cli
