// What `fexpr check` reads: its arguments turned into datasets. A directory stands for the
// *.adm and *.acf files below it, '-' for standard input.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace fexpr::cli {

struct CheckInput {
  std::string name;                    // the path, or the name standard input goes by
  std::optional<std::string> text;     // the dataset, when it has already been read (standard input)
  std::optional<std::string> failure;  // why it cannot be checked; reported as an io error
  bool found_in_directory = false;     // found in a directory, so the config's exclude applies
  bool is_stdin = false;
};

struct CheckInputOptions {
  std::string stdin_name = "<stdin>";  // also decides whether standard input is a command file (.acf)
};

// One input per file argument, in command-line order; a directory becomes its
// datasets, sorted by path. Standard input is read here, so it may be named once.
std::vector<CheckInput> check_inputs(const std::vector<std::string>& arguments, const CheckInputOptions& options);

}  // namespace fexpr::cli
