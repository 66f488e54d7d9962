// The builtin function table: one entry per function, with its arity, its value rule and its
// derivative rule. The compiler, the evaluator, the checker and the REPL's help all read it.
#pragma once

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
  solver,     // JOINT, BEAM, FX, ...: need solver state, never evaluated here
  user,       // USER(...): a user subroutine
};

// How smooth the function is in its arguments; the checker warns on the less smooth ones.
enum class Smoothness : std::uint8_t { smooth, c2, c1, c0, discontinuous };

// Value rule. Writes the function's value at args into *value. Returns nullptr on success,
// otherwise a static message naming the domain error ("SQRT of a negative number").
using ValueRule = const char* (*)(const double* args, int n, double* value);

// Derivative rule: value and partial derivatives with respect to the n arguments.
// order 1: fills d[0..n). order 2: also fills dd[i*n+j] (symmetric, row-major).
// The caller zero-fills d and dd before the call, so a rule writes only non-zero entries.
// At a switch point of a piecewise function the rule picks one side; the choice is
// documented in the table's formula text and tested.
using DerivativeRule = const char* (*)(const double* args, int n, int order, double* value, double* d, double* dd);

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
};

// Every builtin, sorted by name.
std::span<const Builtin> table();

// Case-insensitive lookup; nullptr when there is no such function.
const Builtin* find(std::string_view name);

}  // namespace fexpr::builtins
