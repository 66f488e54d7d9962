// IMPACT and BISTOP: one- and two-sided contact forces, a stiffness term k·penetration^e with
// damping that ramps in over the first d of penetration.
#include "builtins/contact.hpp"

#include "builtins/entries.hpp"
#include "builtins/power_value.hpp"
#include "builtins/steps.hpp"

#include <cmath>

namespace fexpr::builtins {
namespace {

struct Messages {
  const char* k;
  const char* e;
  const char* cmax;
  const char* d;
};
constexpr Messages kImpact{"IMPACT with k < 0", "IMPACT with e <= 0", "IMPACT with cmax < 0",
                           "IMPACT with d <= 0 (or too small to move x1)"};
constexpr Messages kBistop{"BISTOP with k < 0", "BISTOP with e <= 0", "BISTOP with cmax < 0",
                           "BISTOP with d <= 0 (or too small to move x1 or x2)"};

// The damping ramp runs from the contact point `at` over d, below it (side -1, IMPACT and x1) or
// above it (side +1, x2). Its far end must differ from `at` in floating point, or the ramp's STEP
// would divide by zero; testing that also rejects d <= 0.
template <class T>
const char* check(const T& k, const T& e, const T& cmax, const T& d, const T& at, double side, const Messages& m) {
  if (!(value_of(k) >= 0.0)) return m.k;
  if (!(value_of(e) > 0.0)) return m.e;
  if (!(value_of(cmax) >= 0.0)) return m.cmax;
  if (!(side * (value_of(at) + side * value_of(d)) > side * value_of(at))) return m.d;
  return nullptr;
}

// u^e as the evaluator's `**` and its contact steps compute it (power_value; d/du as e·u^(e-1),
// d²/du² as e(e-1)·u^(e-2)), so that the table's rule and the evaluator's IMPACT and BISTOP
// steps give the same bits; the terms in e only where e's derivatives are not all zero.
double power(double u, double e) { return power_value(u, e); }
template <int N, int Order>
Jet<N, Order> power(const Jet<N, Order>& u, const Jet<N, Order>& e) {
  const double p = power_value(u.v, e.v);
  const double d = e.v == 1.0 ? 1.0 : e.v * power_value(u.v, e.v - 1.0);
  const double dd = e.v == 1.0 ? 0.0 : e.v == 2.0 ? 2.0 : e.v * (e.v - 1.0) * power_value(u.v, e.v - 2.0);
  bool varies = false;
  for (const double g : e.g) varies |= g != 0.0;
  for (const double h : e.h) varies |= h != 0.0;
  if (!varies) return chain(u, p, d, dd);
  const double l = std::log(u.v);
  return chain(u, e, p, d, p * l, dd, power_value(u.v, e.v - 1.0) * (1.0 + e.v * l), p * l * l);
}

// Penetration u > 0 beyond the contact point, damping ramping from 0 at the contact point
// to cmax at depth d; the result is kept on the pushing side of 0 (sign of `sense`).
template <class T>
T contact_force(const T& u, const T& damping, const T& xdot, const T& k, const T& e, double sense) {
  const T f = sense * k * power(u, e) - damping * xdot;
  return sense * value_of(f) > 0.0 ? f : T(0.0);
}

template <class T>
const char* impact_force(const T& x, const T& xdot, const T& x1, const T& k, const T& e, const T& cmax, const T& d,
                         T& out) {
  if (const char* error = check(k, e, cmax, d, x1, -1.0, kImpact)) return error;
  out = 0.0;
  if (value_of(x) < value_of(x1))
    out = contact_force(x1 - x, smooth_step(x, x1 - d, cmax, x1, T(0.0), cubic), xdot, k, e, 1.0);
  return nullptr;
}

template <class T>
const char* bistop_force(const T& x, const T& xdot, const T& x1, const T& x2, const T& k, const T& e, const T& cmax,
                         const T& d, T& out) {
  if (!(value_of(x1) < value_of(x2))) return "BISTOP with x1 >= x2";
  if (const char* error = check(k, e, cmax, d, x1, -1.0, kBistop)) return error;
  if (const char* error = check(k, e, cmax, d, x2, 1.0, kBistop)) return error;
  out = 0.0;
  if (value_of(x) < value_of(x1))
    out = contact_force(x1 - x, smooth_step(x, x1 - d, cmax, x1, T(0.0), cubic), xdot, k, e, 1.0);
  else if (value_of(x) > value_of(x2))
    out = contact_force(x - x2, smooth_step(x, x2, T(0.0), x2 + d, cmax, cubic), xdot, k, e, -1.0);
  return nullptr;
}

constexpr auto kImpactForce = [](auto&&... a) { return impact_force(a...); };
constexpr auto kBistopForce = [](auto&&... a) { return bistop_force(a...); };

// Derivatives in x and xdot only, the other arguments held constant.
template <int Order, class Force, class... Params>
const char* rd_layout(Force force, double value[3], double x, double xdot, Params... params) {
  using J = Jet<2, Order>;
  J out;
  if (const char* error = force(J::variable(x, 0), J::variable(xdot, 1), J(params)..., out)) return error;
  if constexpr (Order == 1) {
    value[0] = out.g[0];
    value[1] = out.g[1];
  } else {
    value[0] = out.h[0];
    value[1] = out.h[1];
    value[2] = out.h[3];
  }
  return nullptr;
}

// In expressions the evaluator rejects a result that is not finite; here, without it, so must
// the function: k·u^e overflows for a large k, and for e < 1 its slope u^(e-1) grows without
// bound as the penetration u goes to 0 (d2F/dx2 overflows already at u = 1E-300 for e = 0.5).
template <class Force, class... Params>
const char* rd_orders(Force force, const char* bad_order, const char* infinite, int order, double value[3],
                      Params... params) {
  value[0] = value[1] = value[2] = 0.0;
  const char* error = nullptr;
  switch (order) {
    case 0: error = force(params..., value[0]); break;
    case 1: error = rd_layout<1>(force, value, params...); break;
    case 2: error = rd_layout<2>(force, value, params...); break;
    default: return bad_order;
  }
  if (!error && !(std::isfinite(value[0]) && std::isfinite(value[1]) && std::isfinite(value[2]))) error = infinite;
  if (error) value[0] = value[1] = value[2] = 0.0;
  return error;
}

constexpr auto kImpactRule = [](const auto* a, auto& out) {
  return impact_force(a[0], a[1], a[2], a[3], a[4], a[5], a[6], out);
};
constexpr auto kBistopRule = [](const auto* a, auto& out) {
  return bistop_force(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], out);
};

constexpr Builtin kEntries[] = {
    formula_entry<8, kBistopRule>("BISTOP", Smoothness::c0, "BISTOP(x, xdot, x1, x2, k, e, cmax, d)",
                                  "x < x1: max(k(x1-x)^e - STEP(x, x1-d, cmax, x1, 0)·xdot, 0); "
                                  "x > x2: min(-k(x-x2)^e - STEP(x, x2, 0, x2+d, cmax)·xdot, 0); else 0; "
                                  "derivatives 0 on [x1, x2] and where clipped",
                                  "BISTOP(-0.1, 0, 0, 1, 100, 2, 10, 0.05) = 1", DimensionRule::contact),
    formula_entry<7, kImpactRule>("IMPACT", Smoothness::c0, "IMPACT(x, xdot, x1, k, e, cmax, d)",
                                  "x < x1: max(k(x1-x)^e - STEP(x, x1-d, cmax, x1, 0)·xdot, 0); x >= x1: 0; "
                                  "derivatives 0 at x >= x1 and where clipped",
                                  "IMPACT(0.9, -2, 1, 1000, 1.5, 10, 0.2) = 41.622777", DimensionRule::contact),
};

}  // namespace

const char* impact(double x, double xdot, double x1, double k, double e, double cmax, double d, int order,
                   double value[3]) {
  return rd_orders(kImpactForce, "IMPACT order must be 0, 1 or 2",
                   "IMPACT is too large for double precision here (for e < 1 its derivatives grow without bound "
                   "near x1)",
                   order, value, x, xdot, x1, k, e, cmax, d);
}

const char* bistop(double x, double xdot, double x1, double x2, double k, double e, double cmax, double d, int order,
                   double value[3]) {
  return rd_orders(kBistopForce, "BISTOP order must be 0, 1 or 2",
                   "BISTOP is too large for double precision here (for e < 1 its derivatives grow without bound "
                   "near x1 and x2)",
                   order, value, x, xdot, x1, x2, k, e, cmax, d);
}

std::span<const Builtin> contact_entries() { return kEntries; }

}  // namespace fexpr::builtins
