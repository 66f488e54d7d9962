// Each subcommand wires its options to library calls; main() only dispatches.
#pragma once

#include "support/number.hpp"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
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

// A flag given a value it cannot take (--grad=maybe) is a usage error that says what a flag
// takes, where CLI11 would only say it "could not convert". For every flag of every command.
inline void explain_flag_values(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands({})) {
    auto is_flag = [&](const CLI::Option* o) { return o->get_expected_max() == 0 && o != sub->get_help_ptr(); };
    for (CLI::Option* flag : sub->get_options(is_flag)) {
      flag->check([](const std::string& value) {
        try {
          CLI::detail::to_flag_value(value);
          return std::string();
        } catch (const std::invalid_argument&) {
          return "a flag takes no value (or =true, =false), not '" + value + "'";
        }
      });
    }
  }
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

// What a dataset option wants, for unreadable() below.
inline const std::string kDataset = "name a dataset (.adm)";

// Why the file that `option` names cannot be read ("--model 'car.adm': cannot read it: No such
// file or directory; name a dataset (.adm)"), for a usage error before anything runs; nothing
// when it can be. `wanted` says what the option takes; `option` is empty for a positional.
inline std::optional<std::string> unreadable(const std::string& option, const std::string& path, const std::string& wanted) {
  std::string why;
  if (std::error_code ec; std::filesystem::is_directory(path, ec)) why = "it is a folder";
  else if (std::ifstream file(path); !file) why = "cannot read it: " + std::string(std::strerror(errno));
  else return std::nullopt;
  return (option.empty() ? "" : option + " ") + "'" + path + "': " + why + "; " + wanted;
}

}  // namespace fexpr::cli
