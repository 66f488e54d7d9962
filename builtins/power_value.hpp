// a**e as fexpr computes it everywhere: the evaluator's `**` and its IMPACT and BISTOP steps,
// and the table's contact rules, so that every form gives the same bits.
#pragma once

#include <cmath>

namespace fexpr::builtins {

// a**e with the common constant exponents done by multiplication and sqrt (pow costs about
// 10 times more). Both forms use it, so they give the same bits. The domain errors of a**e
// are tested by the reference form before; here they come out as NaN or an infinity. Inline,
// so that a constant exponent folds (the gradient run of a program that calls nothing).
[[gnu::always_inline]] inline double power_value(double a, double e) {
  if (e == 2.0) return a * a;
  if (e == 3.0) return a * a * a;
  if (e == 4.0) {
    const double s = a * a;
    return s * s;
  }
  if (e == 0.5) return std::sqrt(a) + 0.0;  // + 0.0: (-0)**0.5 is +0, as pow gives
  if (e == 1.5) return a * std::sqrt(a);
  if (e == -1.0) return 1.0 / a;
  if (e == -2.0) return 1.0 / (a * a);
  return std::pow(a, e);
}

}  // namespace fexpr::builtins
