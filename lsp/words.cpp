#include "lsp/words.hpp"

#include "eval/compile.hpp"
#include "support/text.hpp"

namespace fexpr::lsp {
namespace {

struct Word {
  std::string_view name;
  std::string_view text;  // markdown; for a constant, what follows its one-line meaning
};

// IF is syntax, not a builtin, so its explanation lives here (Adams Solver's IF function
// page); the constants' values are the shortest decimals that read back as the doubles fexpr
// uses (`fexpr eval PI DTOR RTOD`).
constexpr Word kExpressionWords[] = {
    {"IF",
     "```\nIF(expression: negative, zero, positive)\n```\n"
     "The arithmetic IF: the value of `negative` where `expression` < 0, of `zero` where it is 0, of `positive` "
     "where it is > 0. Only the branch it selects is evaluated (`IF(x: 0, 0, 1/x)` is safe at x = 0). The result "
     "jumps where the expression crosses 0 unless the branches meet there, which the solver's integrator may not "
     "survive: in forces and motions, STEP or STEP5 ramps smoothly instead.\n\n"
     "Example: `IF(DX(2,1) - 0.1: 0, 0, -1E4*(DX(2,1) - 0.1))`"},
    {"DTOR",
     "DTOR = 0.017453292519943295: an angle in degrees times DTOR is in radians (`30*DTOR`). A number with a "
     "trailing D is converted already (`30D`)."},
    {"FXFREQ",
     "fexpr reads no FLEX_BODY and evaluates no CRATIO=, so an expression that reads FXFREQ is a `not-interpreted` "
     "error (a note in `fexpr check`)."},
    {"FXMODE",
     "fexpr reads no FLEX_BODY and evaluates no CRATIO=, so an expression that reads FXMODE is a `not-interpreted` "
     "error (a note in `fexpr check`); fexpr does not substitute the 0 of other expressions."},
    {"MODE",
     "`IF(MODE - 5: f, 0, f)` is 0 in a static equilibrium and f in every other analysis. fexpr evaluates with "
     "MODE = 4 (dynamic) unless `--mode M` says otherwise."},
    {"PI", "PI = 3.141592653589793. Angles are in radians: `PI/2` is a right angle."},
    {"RTOD", "RTOD = 57.29577951308232: an angle in radians times RTOD is in degrees (`AZ(2, 1)*RTOD`)."},
    {"TIME",
     "The independent variable of a simulation, in the model's unit of time. `fexpr check` and the values that "
     "hover shows take TIME = 0, the initial state; `--time T` sets it."},
};

}  // namespace

std::optional<std::string> expression_word_help(std::string_view word) {
  for (const Word& w : kExpressionWords) {
    if (!text::iequals(w.name, word)) continue;
    for (const auto& c : detail::constant_names()) {
      if (c.name == w.name)
        return "**" + std::string(c.name) + "**: " + std::string(c.meaning) + "\n\n" + std::string(w.text);
    }
    return std::string(w.text);
  }
  return std::nullopt;
}

}  // namespace fexpr::lsp
