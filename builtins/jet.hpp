// Second-order forward-mode numbers, private to builtins/. The builtins with several arguments
// (STEP, SHF, SWEEP, IMPACT, ...) are written once as templates: run on double they are the
// value rule, run on Jet they give exact partials with respect to every argument, parameters
// included, so the value and its derivatives cannot drift apart.
#pragma once

#include "builtins/builtin.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace fexpr::builtins {

// A value with its gradient (and, for Order 2, its Hessian, row-major) over N arguments.
template <int N, int Order>
struct Jet {
  static_assert(Order == 1 || Order == 2);
  double v = 0.0;
  std::array<double, N> g{};
  std::array<double, Order == 2 ? N * N : 0> h{};

  Jet() = default;
  // Implicit, so that constants mix with jets in the templates exactly as they do with doubles.
  Jet(double value) : v(value) {}  // NOLINT(google-explicit-constructor)

  static Jet variable(double value, int i) {
    Jet j(value);
    j.g[i] = 1.0;
    return j;
  }

  // f(u), given f, f' and f'' at u.v.
  friend Jet chain(const Jet& u, double f, double f1, double f2) {
    Jet r(f);
    r.add(u, f1);
    r.add_outer(u, u, f2);
    return r;
  }
  // f(u, w), given f and its first (fu, fw) and second (fuu, fuw, fww) partials at (u.v, w.v).
  friend Jet chain(const Jet& u, const Jet& w, double f, double fu, double fw, double fuu, double fuw, double fww) {
    Jet r(f);
    r.add(u, fu);
    r.add(w, fw);
    r.add_outer(u, u, fuu);
    r.add_outer(u, w, fuw);
    r.add_outer(w, u, fuw);
    r.add_outer(w, w, fww);
    return r;
  }

  friend Jet operator+(const Jet& a, const Jet& b) { return chain(a, b, a.v + b.v, 1.0, 1.0, 0.0, 0.0, 0.0); }
  friend Jet operator-(const Jet& a, const Jet& b) { return chain(a, b, a.v - b.v, 1.0, -1.0, 0.0, 0.0, 0.0); }
  friend Jet operator-(const Jet& a) { return chain(a, -a.v, -1.0, 0.0); }
  friend Jet operator*(const Jet& a, const Jet& b) { return chain(a, b, a.v * b.v, b.v, a.v, 0.0, 1.0, 0.0); }
  friend Jet operator/(const Jet& a, const Jet& b) {
    const double q = a.v / b.v;
    return chain(a, b, q, 1.0 / b.v, -q / b.v, 0.0, -1.0 / (b.v * b.v), 2.0 * q / (b.v * b.v));
  }
  friend Jet sin(const Jet& u) { return chain(u, std::sin(u.v), std::cos(u.v), -std::sin(u.v)); }
  friend Jet cos(const Jet& u) { return chain(u, std::cos(u.v), -std::sin(u.v), -std::cos(u.v)); }
  // u^e for u > 0.
  friend Jet pow(const Jet& u, const Jet& e) {
    const double p = std::pow(u.v, e.v), l = std::log(u.v), pu = p / u.v;
    return chain(u, e, p, e.v * pu, p * l, e.v * (e.v - 1.0) * pu / u.v, pu * (1.0 + e.v * l), p * l * l);
  }
  friend double value_of(const Jet& a) { return a.v; }

 private:
  void add(const Jet& u, double c) {
    for (int i = 0; i < N; ++i) g[i] += c * u.g[i];
    if constexpr (Order == 2) {
      for (int i = 0; i < N * N; ++i) h[i] += c * u.h[i];
    }
  }
  void add_outer(const Jet& u, const Jet& w, double c) {
    if constexpr (Order == 2) {
      if (c == 0.0) return;
      for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) h[i * N + j] += c * u.g[i] * w.g[j];
    }
  }
};

inline double value_of(double a) { return a; }

// Rules of a formula F written once for double and Jet: F(args, out) writes the function into out
// and returns nullptr, or returns the domain error.
template <auto F>
const char* formula_value(const double* args, int, double* value) {
  return F(args, *value);
}

// The rule on Jets with lanes for the M arguments listed in vary (all N in order when vary is
// null), the others plain constants. A Jet's arithmetic is lane by lane (lane i of a result
// reads lane i of its operands, entry (i, j) lanes i and j), so the partials in some arguments
// are the same bits as the N-lane rule's entries for those arguments.
template <int M, int Order, int N, auto F>
const char* formula_jet(const double* args, const int* vary, double* value, double* d, double* dd) {
  using J = Jet<M, Order>;
  std::array<J, N> a;
  for (int i = 0; i < N; ++i) a[i] = J(args[i]);
  for (int k = 0; k < M; ++k) {
    const int i = vary ? vary[k] : k;
    a[i] = J::variable(args[i], k);
  }
  J out;
  if (const char* error = F(a.data(), out)) return error;
  *value = out.v;
  std::copy(out.g.begin(), out.g.end(), d);
  if constexpr (Order == 2) std::copy(out.h.begin(), out.h.end(), dd);
  return nullptr;
}

template <int N, auto F>
const char* formula_derivatives(const double* args, int, int order, double* value, double* d, double* dd) {
  return order == 2 ? formula_jet<N, 2, N, F>(args, nullptr, value, d, dd)
                    : formula_jet<N, 1, N, F>(args, nullptr, value, d, dd);
}

// One or two varying arguments (x in STEP, x and xdot in IMPACT) have lanes of their own;
// more take the full rule, whose partials are then gathered.
template <int N, auto F>
const char* formula_some_derivatives(const double* args, int n, int order, const int* vary, int m, double* value,
                                     double* d, double* dd) {
  if (m == 1)
    return order == 2 ? formula_jet<1, 2, N, F>(args, vary, value, d, dd)
                      : formula_jet<1, 1, N, F>(args, vary, value, d, dd);
  if (m == 2)
    return order == 2 ? formula_jet<2, 2, N, F>(args, vary, value, d, dd)
                      : formula_jet<2, 1, N, F>(args, vary, value, d, dd);
  double all_d[N] = {};
  double all_dd[N * N] = {};
  if (const char* error = formula_derivatives<N, F>(args, n, order, value, all_d, all_dd)) return error;
  for (int i = 0; i < m; ++i) {
    d[i] = all_d[vary[i]];
    if (order == 2)
      for (int j = 0; j < m; ++j) dd[i * m + j] = all_dd[vary[i] * N + vary[j]];
  }
  return nullptr;
}

// The table entry of a general function of exactly N arguments written as such a formula.
template <int N, auto F>
constexpr Builtin formula_entry(std::string_view name, Smoothness smoothness, std::string_view signature,
                                std::string_view formula, std::string_view example,
                                DimensionRule dimension_rule = DimensionRule::unknown) {
  return {name,    N, N, Category::general, smoothness, signature, formula, example, formula_value<F>,
          formula_derivatives<N, F>, Shape::scalar, Shape::scalar, {}, formula_some_derivatives<N, F>, dimension_rule};
}

}  // namespace fexpr::builtins
