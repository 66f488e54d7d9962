// The fast form's steps that are the same code on a double, on a Dual (a value with its
// derivatives over lanes) and on Lanes (one value at each of several points): the fused
// arithmetic shapes on any of them; STEP, IMPACT and BISTOP on doubles and Duals. run.cpp
// interprets them on doubles and Duals, run_lanes.cpp on Lanes, so every form computes a step
// with the same operations and gives the same bits.
#pragma once

#include "eval/program.hpp"
#include "builtins/power_value.hpp"
#include "builtins/steps.hpp"

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace fexpr::detail {

using builtins::power_value;

constexpr unsigned code(Op op) { return static_cast<unsigned>(op); }

template <class T>
constexpr bool kIsDual = !std::is_same_v<T, double>;
template <class T>
struct DualTraits {  // double: no lanes
  static constexpr int width = 0, order = 0;
};

// The inner operation of a fused shape (0: just the register).
template <int K, class T, class Registers>
[[gnu::always_inline]] inline T inner(const Registers& r, std::uint32_t a, std::uint32_t b) {
  if constexpr (K == 0) return r.load(a);
  else if constexpr (K == 1) return r.load(a) + r.load(b);
  else if constexpr (K == 2) return r.load(a) - r.load(b);
  else return r.load(a) * r.load(b);
}

template <int S, class T, class Registers>
[[gnu::always_inline]] inline T shape(const Step& s, const Registers& registers) {
  constexpr int root = S / 16, left = (S / 4) % 4, right = S % 4;
  const T l = inner<left, T>(registers, s.x[0], s.x[1]);
  const T r = inner<right, T>(registers, s.x[2], s.x[3]);
  if constexpr (root == 0) return l + r;
  else if constexpr (root == 1) return l - r;
  else if constexpr (root == 2) return l * r;
  else return l / r;
}

// A scaled sum x0 * (x1 op x2) root R (program.hpp): value steps of programs that call nothing.
template <int S, class T, class Registers>
[[gnu::always_inline]] inline T scaled_sum(const Step& s, const Registers& registers) {
  constexpr int root = S / 4, op = (S / 2) % 2, product = S % 2;
  const T sum = inner<op == 0 ? 1 : 2, T>(registers, s.x[1], s.x[2]);
  const T l = registers.load(s.x[0]) * sum;
  const T r = inner<product == 1 ? 3 : 0, T>(registers, s.x[3], s.x[4]);
  if constexpr (root == 0) return l + r;
  else return l - r;
}

// The value of a step x0**E whose exponent has a step of its own (Op::cube .. Op::three_halves)
// as every form computes it: on a double, or on Lanes for those that take no square root.
template <Op O, class T>
[[gnu::always_inline]] inline T power_step(const T& a) {
  if constexpr (O == Op::cube) {
    return a * a * a;
  } else if constexpr (O == Op::fourth) {
    const T q = a * a;
    return q * q;
  } else if constexpr (O == Op::reciprocal) {
    return 1.0 / a;
  } else if constexpr (O == Op::inverse_square) {
    return 1.0 / (a * a);
  } else if constexpr (O == Op::square_root) {
    return std::sqrt(a) + 0.0;
  } else {
    static_assert(O == Op::three_halves);
    return a * std::sqrt(a);
  }
}

// The one-argument math steps (Op::abs_ .. Op::tanh_), each with the std function its table rule
// calls (domain errors come out as NaN or an infinity): X(op, function) for each, so that every
// form's switch lists them from here.
#define FEXPR_UNARY_STEPS(X)                                                                                     \
  X(abs_, std::fabs) X(acos_, std::acos) X(aint_, std::trunc) X(anint_, std::round) X(asin_, std::asin)           \
  X(atan_, std::atan) X(cos_, std::cos) X(cosh_, std::cosh) X(exp_, std::exp) X(log_, std::log)                  \
  X(log10_, std::log10) X(sin_, std::sin) X(sinh_, std::sinh) X(sqrt_, std::sqrt) X(tan_, std::tan)              \
  X(tanh_, std::tanh)

// builtins::value_of for doubles, found here by the templates below (Duals have their own).
[[gnu::always_inline]] inline double value_of(double a) { return a; }

// IMPACT and BISTOP's force, computed as builtins/contact.cpp computes it (the two must stay
// the same; the table's rules serve every call these steps do not): on doubles for the value,
// on Duals for its derivatives in x and xdot. The parameters were checked at compile time.
template <class T>
[[gnu::always_inline]] inline T contact_power(const T& u, double e) {
  if constexpr (kIsDual<T>) {
    const double f1 = e == 1.0 ? 1.0 : e * power_value(u.v, e - 1.0);
    double f2 = 0.0;
    if constexpr (DualTraits<T>::order == 2) f2 = e == 1.0 ? 0.0 : e * (e - 1.0) * power_value(u.v, e - 2.0);
    return chain(u, power_value(u.v, e), f1, f2);
  } else {
    return power_value(u, e);  // u, u*sqrt(u), u*u or pow, as contact.cpp's power()
  }
}
template <class T>
[[gnu::always_inline]] inline T contact_force(const T& u, const T& damping, const T& xdot, double k, double e, double sense) {
  const T f = sense * k * contact_power(u, e) - damping * xdot;
  return sense * value_of(f) > 0.0 ? f : T(0.0);
}
template <class T>
[[gnu::always_inline]] inline T impact_force(const T& x, const T& xdot, const double* c) {
  const double x1 = c[0], k = c[1], e = c[2], cmax = c[3], d = c[4];
  if (!(value_of(x) < x1)) return T(0.0);
  return contact_force(T(x1) - x, builtins::smooth_step(x, T(x1) - T(d), T(cmax), T(x1), T(0.0), builtins::cubic),
                       xdot, k, e, 1.0);
}
template <class T>
[[gnu::always_inline]] inline T bistop_force(const T& x, const T& xdot, const double* c) {
  const double x1 = c[0], x2 = c[1], k = c[2], e = c[3], cmax = c[4], d = c[5];
  if (value_of(x) < x1)
    return contact_force(T(x1) - x, builtins::smooth_step(x, T(x1) - T(d), T(cmax), T(x1), T(0.0), builtins::cubic),
                         xdot, k, e, 1.0);
  if (value_of(x) > x2)
    return contact_force(x - T(x2), builtins::smooth_step(x, T(x2), T(0.0), T(x2) + T(d), T(cmax), builtins::cubic),
                         xdot, k, e, -1.0);
  return T(0.0);
}

// STEP, STEP5, HAVSIN of x with constant ends c (Op::step_cubic): builtins::smooth_step with
// its constants worked out once (same operations, same result). Ends with x0 > x1 are the
// rule's error, which the reference form reports.
template <class T, class Curve>
[[gnu::always_inline]] inline bool smooth_step(const double* c, const T& x, Curve curve, T& v) {
  const double x0 = c[0], h0 = c[1], h1 = c[3], span = c[4], rise = c[5], reciprocal = c[6];
  if (!(span > 0.0)) return false;
  const T offset = x - T(x0);
  const T delta = reciprocal != 0.0 ? offset * T(reciprocal) : offset / T(span);
  if (value_of(delta) <= 0.0) v = T(h0);
  else if (value_of(delta) >= 1.0) v = T(h1);
  else v = T(h0) + T(rise) * curve(delta);
  return true;
}
}  // namespace fexpr::detail
