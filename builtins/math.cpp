// The FORTRAN-77 math functions. Each rule gives the value and, when order > 0, its first and
// second derivatives in closed form; the value path passes order 0 and skips them.
#include "builtins/entries.hpp"
#include "builtins/math_rules.hpp"

#include <cmath>

namespace fexpr::builtins {
namespace {

using namespace math_rules;

struct Taylor2 {
  double f = 0.0, fa = 0.0, fb = 0.0, faa = 0.0, fab = 0.0, fbb = 0.0;
};
using Binary = const char* (*)(double a, double b, int order, Taylor2& t);

const char* atan2_(double y, double x, int, Taylor2& t) {
  if (y == 0.0 && x == 0.0) return "ATAN2(0, 0) is undefined";
  // Through the unit vector (c, s) so that tiny arguments do not underflow x² + y².
  const double r = std::hypot(x, y), c = x / r, s = y / r, q = 1.0 / (r * r);
  // y + 0.0 turns -0 into +0: std::atan2(-0, x < 0) is -π, outside the documented (-π, π], and
  // fexpr treats -0 as 0 everywhere else. Constant folding and both evaluator forms call this rule.
  t = {std::atan2(y + 0.0, x), c / r, -s / r, -2.0 * c * s * q, (s * s - c * c) * q, 2.0 * c * s * q};
  return nullptr;
}
const char* dim_(double a, double b, int, Taylor2& t) {
  if (a > b) t = {a - b, 1.0, -1.0};
  return nullptr;
}
const char* max_(double a, double b, int, Taylor2& t) {
  t = a >= b ? Taylor2{a, 1.0} : Taylor2{b, 0.0, 1.0};
  return nullptr;
}
const char* min_(double a, double b, int, Taylor2& t) {
  t = a <= b ? Taylor2{a, 1.0} : Taylor2{b, 0.0, 1.0};
  return nullptr;
}
const char* mod_(double a, double b, int, Taylor2& t) {
  if (b == 0.0) return "MOD by zero";
  const double q = std::trunc(a / b);
  t = {a - q * b, 1.0, -q};
  return nullptr;
}
const char* sign_(double a, double b, int, Taylor2& t) {
  const double s = b >= 0.0 ? 1.0 : -1.0;
  t = {s * std::fabs(a), s * sign_of(a)};
  return nullptr;
}

template <Unary F>
const char* unary_value(const double* args, int, double* value) {
  Taylor1 t;
  const char* error = F(args[0], 0, t);
  *value = t.f;
  return error;
}
template <Unary F>
const char* unary_derivatives(const double* args, int, int order, double* value, double* d, double* dd) {
  Taylor1 t;
  if (const char* error = F(args[0], order, t)) return error;
  *value = t.f;
  d[0] = t.fa;
  if (order == 2) dd[0] = t.faa;
  return nullptr;
}
template <Binary F>
const char* binary_value(const double* args, int, double* value) {
  Taylor2 t;
  const char* error = F(args[0], args[1], 0, t);
  *value = t.f;
  return error;
}
template <Binary F>
const char* binary_derivatives(const double* args, int, int order, double* value, double* d, double* dd) {
  Taylor2 t;
  if (const char* error = F(args[0], args[1], order, t)) return error;
  *value = t.f;
  d[0] = t.fa;
  d[1] = t.fb;
  if (order == 2) {
    dd[0] = t.faa;
    dd[1] = dd[2] = t.fab;
    dd[3] = t.fbb;
  }
  return nullptr;
}

template <Unary F>
constexpr Builtin unary(std::string_view name, Smoothness smoothness, std::string_view signature,
                        std::string_view formula, std::string_view example, DimensionRule dimension_rule) {
  Builtin b{name, 1, 1, Category::math, smoothness, signature, formula, example, unary_value<F>, unary_derivatives<F>};
  b.dimension_rule = dimension_rule;
  return b;
}
template <Binary F>
constexpr Builtin binary(std::string_view name, Smoothness smoothness, std::string_view signature,
                         std::string_view formula, std::string_view example, DimensionRule dimension_rule) {
  Builtin b{name, 2, 2, Category::math, smoothness, signature, formula, example, binary_value<F>, binary_derivatives<F>};
  b.dimension_rule = dimension_rule;
  return b;
}

using enum Smoothness;
constexpr Builtin kEntries[] = {
    unary<abs_>("ABS", c0, "ABS(a)", "|a|; derivative sign(a), 0 at a = 0", "ABS(-2.5) = 2.5", DimensionRule::first),
    unary<acos_>("ACOS", smooth, "ACOS(a)",
                 "arc cosine in [0, π] of a in [-1, 1]; derivative -1/√(1-a²), infinite at ±1", "ACOS(0.5) = 1.047198", DimensionRule::to_angle),
    unary<aint_>("AINT", discontinuous, "AINT(a)", "a truncated toward zero; derivative 0", "AINT(-6.5) = -6", DimensionRule::first),
    unary<anint_>("ANINT", discontinuous, "ANINT(a)",
                  "a rounded to the nearest whole number, halves away from zero; derivative 0", "ANINT(-4.6) = -5", DimensionRule::first),
    unary<asin_>("ASIN", smooth, "ASIN(a)",
                 "arc sine in [-π/2, π/2] of a in [-1, 1]; derivative 1/√(1-a²), infinite at ±1",
                 "ASIN(0.5) = 0.523599", DimensionRule::to_angle),
    unary<atan_>("ATAN", smooth, "ATAN(a)", "arc tangent in (-π/2, π/2); derivative 1/(1+a²)", "ATAN(1) = 0.785398", DimensionRule::to_angle),
    binary<atan2_>("ATAN2", discontinuous, "ATAN2(y, x)",
                   "angle of the point (x, y) in (-π, π], jumping by 2π across y = 0 at x < 0; undefined at (0, 0)",
                   "ATAN2(1, -1) = 2.356194", DimensionRule::ratio_to_angle),
    unary<cos_>("COS", smooth, "COS(a)", "cosine of a in radians", "COS(0) = 1", DimensionRule::of_angle),
    unary<cosh_>("COSH", smooth, "COSH(a)", "hyperbolic cosine", "COSH(0) = 1", DimensionRule::number),
    binary<dim_>("DIM", c0, "DIM(a, b)", "a-b if a > b, else 0 (positive difference); derivative 0 at a = b",
                 "DIM(5, 3) = 2", DimensionRule::shared),
    unary<exp_>("EXP", smooth, "EXP(a)", "e to the power a", "EXP(1) = 2.718282", DimensionRule::number),
    unary<log_>("LOG", smooth, "LOG(a)", "natural logarithm of a > 0", "LOG(1) = 0", DimensionRule::number),
    unary<log10_>("LOG10", smooth, "LOG10(a)", "base-10 logarithm of a > 0", "LOG10(1000) = 3", DimensionRule::number),
    binary<max_>("MAX", c0, "MAX(a, b)", "the larger of a and b; at a tie, a and its derivative", "MAX(-2, 3) = 3", DimensionRule::shared),
    binary<min_>("MIN", c0, "MIN(a, b)", "the smaller of a and b; at a tie, a and its derivative", "MIN(-2, 3) = -2", DimensionRule::shared),
    binary<mod_>("MOD", discontinuous, "MOD(a, b)",
                 "a - AINT(a/b)·b, the sign of a; b ≠ 0; derivatives 1 by a and -AINT(a/b) by b", "MOD(45, 16) = 13", DimensionRule::shared),
    binary<sign_>("SIGN", discontinuous, "SIGN(a, b)",
                  "|a| if b >= 0, else -|a|; derivative SIGN(1, b)·sign(a) by a (0 at a = 0), 0 by b",
                  "SIGN(-3, 0) = 3", DimensionRule::first),
    unary<sin_>("SIN", smooth, "SIN(a)", "sine of a in radians", "SIN(0.5) = 0.479426", DimensionRule::of_angle),
    unary<sinh_>("SINH", smooth, "SINH(a)", "hyperbolic sine", "SINH(1) = 1.175201", DimensionRule::number),
    unary<sqrt_>("SQRT", smooth, "SQRT(a)", "square root of a >= 0; derivative 1/(2√a), infinite at 0",
                 "SQRT(2.25) = 1.5", DimensionRule::root),
    unary<tan_>("TAN", smooth, "TAN(a)", "tangent of a in radians", "TAN(0.5) = 0.546302", DimensionRule::of_angle),
    unary<tanh_>("TANH", smooth, "TANH(a)", "hyperbolic tangent", "TANH(0.5) = 0.462117", DimensionRule::number),
};

}  // namespace

std::span<const Builtin> math_entries() { return kEntries; }

}  // namespace fexpr::builtins
