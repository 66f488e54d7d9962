// Shared by the machine-code tests (value and gradient runs): whether code is made here, the
// variables they declare, compiling with the failure in the message.
#pragma once

#include "eval/executable_memory.hpp"
#include "eval/machine_making.hpp"
#include "expression_helpers.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace fexpr::testing {

inline constexpr bool kTranslates = detail::kPlatform;

// Whether machine code is made here: on a platform that translates, unless the system refuses
// executable pages (a W^X policy), where the interpreter runs and the tests check just that.
inline bool machine_code() {
  static const bool made = [] {
    if (!kTranslates) return false;
    const std::uint8_t ret[] = {0xC3};
    if (detail::executable_copy(ret)) return true;
    WARN("this system refuses executable pages: the interpreter runs, and only it is tested");
    return false;
  }();
  return made;
}

inline const double kInf = std::numeric_limits<double>::infinity();
inline const double kNaN = std::numeric_limits<double>::quiet_NaN();

inline Context xyv() {
  Context c;
  c.declare_variable("x");
  c.declare_variable("y");
  c.declare_variable("v");
  return c;
}

inline Expression compiled(const std::string& text, const Context& context) {
  auto r = compile(text, context);
  INFO(text << (r.diagnostics.empty() ? "" : " -> " + r.diagnostics.front().message));
  REQUIRE(r.expression);
  return *r.expression;
}

// Expressions over x, y, v and TIME with every kind of step the machine code translates.
inline std::vector<std::string> every_kind_of_step() {
  return {
      // fused shapes of every root and side, and the scaled sums
      "x + y", "x - y*v", "(x + y)/(v - x)", "x*y - (v + x)", "x/(y - v)", "(x - y)*(v + 1)", "x*y*v - x",
      "-1E4*(x-0.5) - 25*v", "3*(x+y) + v", "(x-y)*2 - v*y", "y*(x+v) + 2*v*x", "2*(x - y) + v*x",
      // one-operand steps and constant powers
      "-(x + y*v)", "x**3 - y", "y**4 + x", "x**-1 + y", "x**-2 + y", "x**0.5 + y", "x**1.5 + y", "x**2.5 - y",
      "x**y + v", "(x - 0.2)**3 * (y + v)",
      // every math function with a step of its own
      "ABS(x) - y", "ACOS(x) + y", "AINT(x) + y", "ANINT(x) - y", "ASIN(x) + y", "ATAN(x) + y", "COS(x) * y",
      "COSH(x) + y", "EXP(x) - y", "LOG(x) + y", "LOG10(x) + y", "SIN(x) * y", "SINH(x) + y", "SQRT(x) + y",
      "TAN(x) + y", "TANH(x) + y",
      // smooth steps and contacts
      "STEP(x, -1, 0, 1, 2) + STEP5(y, -0.5, 1, 0.5, -1) * v", "HAVSIN(x, -1, 0, 1, 2) - v",
      "STEP(TIME, 0, 0, 0.5, 100) + STEP(TIME, 1, 0, 1.5, -100)",
      "IMPACT(x, v, 0.5, 1E5, 1.5, 50, 0.01)", "IMPACT(x, v, 0.5, 1E5, 3, 50, 0.01) + BISTOP(y, v, -0.5, 0.5, 1E3, 2.2, 10, 0.1)",
      // IF on a register and on each fused test, nested
      "IF(x: y, v, x*y)", "IF(x - y: x*v, 0, -y*y)", "IF(x + y: 1, 2, 3) * v", "IF(x*y: IF(v: 1, x, y), x + v, y**3)",
      // calls through the builtin table, with values live across them
      "MAX(x, y) * v", "ATAN2(x, y) + v", "MOD(x, y) - v", "SIGN(x, y) * DIM(v, x)", "MIN(x, v) + x*y",
      "POLY(x, 0.5, 1, y, v, -0.5)", "IF(x: MAX(x, y), 0, MIN(v, y)) + x*v",
      // values live across calls, TIME and MODE, inputs and constants as results
      "x*y + SIN(x) * (x - y) + COS(y) * (x*y)", "TIME*x + MODE", "x", "PI",
  };
}

// What comparing the interpreter with machine code over many points found.
struct Agreement {
  std::size_t points = 0, machine = 0, errors = 0;  // machine: results the code gave itself
  bool translated = false;
  Agreement& operator+=(const Agreement& a) {
    points += a.points;
    machine += a.machine;
    errors += a.errors;
    return *this;
  }
};

// Both outcomes are well represented: the machine code computes many results itself (more than
// one in `share`), and hands many points to the reference form for their errors.
inline void check_both_outcomes(const Agreement& total, std::size_t share) {
  if (!machine_code()) return;
  CHECK(total.machine > total.points / share);
  CHECK(total.errors > total.points / 10);
}

// Errors a run of machine code hands to the reference form, each at x with its message (or, when
// not `whole`, a part of it) and place.
struct LocatedError {
  const char* text;
  double x;
  const char* message;
  bool whole;
};
inline const LocatedError kLocatedErrors[] = {
    {"2 + 1/(x - 1)", 1.0, "'/': division by zero at 1:5", true},
    {"LOG(x) + 1", 0.0, "at 1:1", false},
    {"1 + x*1E300*1E300", 2.0, "'*': result is too large (overflow to infinity) at 1:5", true},
    {"x + y", kNaN, "an input (TIME, MODE or a variable) is NaN or infinite at 1:1", true},
};
inline void check_located(const LocatedError& e, const std::string& got) {
  INFO(e.text);
  if (e.whole) CHECK(got == e.message);
  else CHECK(got.find(e.message) != std::string::npos);
}

}  // namespace fexpr::testing
