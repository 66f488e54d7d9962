// The inputs of the commands that evaluate expressions (eval, plot): TIME, MODE, user
// variables, and a model whose part states --set may change. Declared once, so that every such
// command spells and explains them alike.
#pragma once

#include "cli/commands.hpp"

#include <fexpr/expression.hpp>

#include <optional>
#include <string>
#include <vector>

namespace fexpr::cli {

struct InputOptions {
  double time = 0.0;
  double mode = 4.0;
  std::vector<std::string> vars;  // NAME=VALUE
  std::string model;
  std::vector<std::string> sets;  // PART/ID and NAME=VALUE, two words per --set
};

// A positional taking every remaining argument, each whole. CLI11 splits an argument written
// "[...]" at its commas (a list) when the option allows extra arguments, and without them a
// positional takes only as many as its minimum: a minimum no command line reaches, with TakeAll
// (which never checks it), keeps "[1, 2, 3]*[4, 5, 6]" whole.
inline CLI::Option* add_positional_words(CLI::App* sub, const std::string& name, std::vector<std::string>& words,
                                         const std::string& description) {
  return sub->add_option(name, words, description)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false)
      ->expected(1 << 20, -1);
}

void add_set_option(CLI::App* sub, std::vector<std::string>& sets);

// Declares each --var NAME=NUMBER in context and stores its number in values, by slot. Returns
// the first bad one's message, which names the option, the value and what to write.
std::optional<std::string> declare_vars(Context& context, const std::vector<std::string>& vars, std::vector<double>& values);

inline void add_input_options(CLI::App* sub, InputOptions& o) {
  add_number_option(sub, "--time", o.time, "Value of TIME (default 0)");
  add_number_option(sub, "--mode", o.mode, "Value of MODE (default 4, dynamic analysis)");
  sub->add_option("--var", o.vars, "Define a user variable: NAME=VALUE (repeatable)")->allow_extra_args(false);
  sub->add_option("--model", o.model, "Evaluate kinematic functions against the parts and markers of FILE.adm");
  add_set_option(sub, o.sets);
}

}  // namespace fexpr::cli
