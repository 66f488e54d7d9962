// The rule table: one row per diagnostic code, with what `fexpr check --explain` prints and
// what SARIF's rule descriptions carry (and the LSP's hover will). A code's name, summary and
// explanation exist here once.
#pragma once

#include <fexpr/diagnostic.hpp>

#include <span>
#include <string_view>

namespace fexpr::dataset {

struct Rule {
  Code code;
  Severity severity;           // the usual severity; some codes are also reported at another
  std::string_view summary;    // one line, no final period
  std::string_view explanation;  // what the rule finds, and when
  std::string_view why;        // what goes wrong in Adams if it is ignored
  std::string_view example;    // statements that trigger it
  std::string_view correction; // the example corrected, when one statement's change is the cure
};

// Every code, in the order of the Code enum.
std::span<const Rule> rules();
const Rule& rule(Code code);
// The rule named `name` (as code_name spells it), or null.
const Rule* find_rule(std::string_view name);
// "syntax, name, ...": every code name, for messages that list the valid ones.
std::string rule_names();

}  // namespace fexpr::dataset
