// The one-argument math functions' rules: the value and, when order > 0, the first and second
// derivatives in closed form. Inline in a header because the evaluator's fast form inlines them
// into its derivative runs (an out-of-line call through the table cost a gradient of SIN about
// 45 instructions); the table in math.cpp holds the same functions, so there is one rule each.
#pragma once

#include <cmath>
#include <numbers>

namespace fexpr::builtins::math_rules {

struct Taylor1 {
  double f = 0.0, fa = 0.0, faa = 0.0;
};
using Unary = const char* (*)(double a, int order, Taylor1& t);

inline double sign_of(double a) { return a > 0.0 ? 1.0 : a < 0.0 ? -1.0 : 0.0; }

inline const char* abs_(double a, int, Taylor1& t) {
  t = {std::fabs(a), sign_of(a), 0.0};
  return nullptr;
}
inline const char* acos_(double a, int order, Taylor1& t) {
  if (!(std::fabs(a) <= 1.0)) return "ACOS argument outside [-1, 1]";
  if (order > 0 && std::fabs(a) == 1.0) return "derivative of ACOS is infinite at -1 and 1";
  const double q = (1.0 - a) * (1.0 + a), r = std::sqrt(q);
  t = {std::acos(a), -1.0 / r, -a / (q * r)};
  return nullptr;
}
inline const char* aint_(double a, int, Taylor1& t) {
  t.f = std::trunc(a);
  return nullptr;
}
inline const char* anint_(double a, int, Taylor1& t) {
  t.f = std::round(a);  // halves away from zero, as FORTRAN's ANINT
  return nullptr;
}
inline const char* asin_(double a, int order, Taylor1& t) {
  if (!(std::fabs(a) <= 1.0)) return "ASIN argument outside [-1, 1]";
  if (order > 0 && std::fabs(a) == 1.0) return "derivative of ASIN is infinite at -1 and 1";
  const double q = (1.0 - a) * (1.0 + a), r = std::sqrt(q);
  t = {std::asin(a), 1.0 / r, a / (q * r)};
  return nullptr;
}
inline const char* atan_(double a, int, Taylor1& t) {
  const double q = 1.0 / (1.0 + a * a);
  t = {std::atan(a), q, -2.0 * a * q * q};
  return nullptr;
}
inline const char* cos_(double a, int order, Taylor1& t) {
  t.f = std::cos(a);
  if (order > 0) t = {t.f, -std::sin(a), -t.f};
  return nullptr;
}
inline const char* cosh_(double a, int order, Taylor1& t) {
  t.f = std::cosh(a);
  if (order > 0) t = {t.f, std::sinh(a), t.f};
  return nullptr;
}
inline const char* exp_(double a, int, Taylor1& t) {
  const double e = std::exp(a);
  t = {e, e, e};
  return nullptr;
}
inline const char* log_(double a, int, Taylor1& t) {
  if (!(a > 0.0)) return "LOG of a number <= 0";
  t = {std::log(a), 1.0 / a, -1.0 / (a * a)};
  return nullptr;
}
inline const char* log10_(double a, int, Taylor1& t) {
  if (!(a > 0.0)) return "LOG10 of a number <= 0";
  const double c = 1.0 / (a * std::numbers::ln10);
  t = {std::log10(a), c, -c / a};
  return nullptr;
}
inline const char* sin_(double a, int order, Taylor1& t) {
  t.f = std::sin(a);
  if (order > 0) t = {t.f, std::cos(a), -t.f};
  return nullptr;
}
inline const char* sinh_(double a, int order, Taylor1& t) {
  t.f = std::sinh(a);
  if (order > 0) t = {t.f, std::cosh(a), t.f};
  return nullptr;
}
inline const char* sqrt_(double a, int order, Taylor1& t) {
  if (a < 0.0) return "SQRT of a negative number";
  if (order > 0 && a == 0.0) return "derivative of SQRT is infinite at 0";
  const double r = std::sqrt(a);
  t = {r, 0.5 / r, -0.25 / (a * r)};
  return nullptr;
}
inline const char* tan_(double a, int, Taylor1& t) {
  const double y = std::tan(a), q = 1.0 + y * y;
  t = {y, q, 2.0 * y * q};
  return nullptr;
}
inline const char* tanh_(double a, int, Taylor1& t) {
  const double y = std::tanh(a), q = 1.0 - y * y;
  t = {y, q, -2.0 * y * q};
  return nullptr;
}

}  // namespace fexpr::builtins::math_rules
