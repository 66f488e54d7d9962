// The builtin function table: one entry per function, with its arity, its value rule and its
// derivative rule. The compiler, the evaluator, the checker and the REPL's help all read it.
#pragma once

#include "units/dimension.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace fexpr::builtins {

// Sentinel for "any number of further arguments" (bounded by the table's max_args).
inline constexpr int kMaxArgs = 34;

enum class Category : std::uint8_t {
  math,       // FORTRAN-style math: ABS ... TANH
  general,    // STEP, IMPACT, POLY, ...
  kinematic,  // DX ... WDTM: need a model
  element,    // VARVAL, CUBSPL, SFORCE, ...: need a dataset
  solver,     // JOINT, CONTACT, FX, ...: need solver state, never evaluated here
  history,    // DELAY: evaluated until its delay has elapsed; later values need the solver's
              // history of the delayed expression (eval/compile_delay.cpp gives its meaning)
  user,       // USER(...): a user subroutine
};

// What a call gives, or what an argument is: Adams Solver (C++) has vector expressions.
enum class Shape : std::uint8_t { scalar, vector };

// How smooth the function is in its arguments; the checker warns on the less smooth ones.
enum class Smoothness : std::uint8_t { smooth, c2, c1, c0, discontinuous };

// How a call's physical dimension follows from its arguments' (units/infer.cpp applies it).
// An argument is certain when it has no constant factor: a constant may carry any dimension.
enum class DimensionRule : std::uint8_t {
  unknown,         // nothing certain: splines, series, user subroutines, vectors
  fixed,           // `dimension` whatever the arguments: DX a length, AZ an angle
  first,           // the first argument's: ABS, AINT, SIGN(a, b), DELAY
  shared,          // the arguments share one dimension, the result's: MAX, MIN, DIM, MOD
  of_angle,        // an angle (or a number) in, a number out: SIN, COS, TAN
  to_angle,        // a number out as an angle: ASIN, ACOS, ATAN
  ratio_to_angle,  // ATAN2(y, x): y and x share a dimension, an angle out
  number,          // a number out: EXP, LOG, SINH
  root,            // half the argument's powers: SQRT
  step,            // STEP(x, x0, h0, x1, h1): x0, x1 as x; h0 and h1 share the result's
  contact,         // IMPACT(x, xdot, x1, ...), BISTOP(x, xdot, x1, x2, ...): x1 (x2) as x, xdot as x per time
  element_load,    // SFORCE(id, jflag, comp, rm): comp 1..4 a force, 5..8 a torque
  variable,        // VARVAL(id): the dimension of VARIABLE/id's function
};

// Value rule. Writes the function's value at args into *value. Returns nullptr on success,
// otherwise a static message naming the domain error ("SQRT of a negative number").
using ValueRule = const char* (*)(const double* args, int n, double* value);

// Derivative rule: value and partial derivatives with respect to the n arguments.
// order 1: fills d[0..n). order 2: also fills dd[i*n+j] (symmetric, row-major).
// The caller zero-fills d and dd before the call, so a rule writes only non-zero entries.
// At a switch point of a piecewise function the rule picks one side; the choice is
// documented in the table's formula text and tested.
using DerivativeRule = const char* (*)(const double* args, int n, int order, double* value, double* d, double* dd);

// The same in only the m arguments listed in `vary` (increasing), the others held constant:
// fills d[0..m) and dd[i*m+j], the same bits as the full rule's entries for those arguments.
// The evaluator calls it where the other arguments are constants, so that IMPACT's five
// parameters cost nothing in a derivative over many inputs. Rules as DerivativeRule.
using SomeDerivativesRule = const char* (*)(const double* args, int n, int order, const int* vary, int m,
                                            double* value, double* d, double* dd);

struct Builtin {
  std::string_view name;        // upper case
  int min_args;
  int max_args;
  Category category;
  Smoothness smoothness;
  std::string_view signature;   // "STEP(x, x0, h0, x1, h1)"
  std::string_view formula;     // one line, including the convention at switch points
  std::string_view example;     // "STEP(3.5, 3, 0, 4, 1) = 0.5"
  ValueRule value;              // nullptr for kinematic, element, solver and user functions
  DerivativeRule derivatives;   // nullptr likewise
  // Vector functions. A vector result is either the scalar functions named in `components`
  // called with the same arguments (DXYZ: DX, DY, DZ), or, without components, the rules
  // called once per component with its index 0, 1, 2 as an extra last argument (UV). A vector
  // argument (MAG, UV) reaches the rules as its x, y, z: three arguments for the one written.
  Shape result = Shape::scalar;
  Shape argument = Shape::scalar;
  std::array<std::string_view, 3> components{};
  SomeDerivativesRule some_derivatives = nullptr;  // optional (the formula functions)
  DimensionRule dimension_rule = DimensionRule::unknown;
  units::Dimension dimension{};  // the result's, for DimensionRule::fixed
};

// Every builtin, sorted by name.
std::span<const Builtin> table();

// Case-insensitive lookup; nullptr when there is no such function.
const Builtin* find(std::string_view name);

}  // namespace fexpr::builtins
