// Forward-mode dual numbers of fixed width, usable as an Eigen scalar. Nesting gives second
// derivatives: Dual<Dual<double, N>, 1> carries, along one seeded direction a, the derivative
// of the gradient, i.e. row a of the Hessian. Fixed-size storage only: no heap allocation.
#pragma once

#include <Eigen/Core>

#include <array>
#include <cmath>

namespace fexpr::kinematics::detail {

template <class V, int N>
struct Dual {
  V v;                // value
  std::array<V, N> d; // partial derivatives

  // Uninitialised like a double: every operation writes all of its result, and zero-filling
  // each temporary would cost as much as the arithmetic.
  Dual() = default;
  // Implicit, so that constants mix with duals in Eigen expressions (as with AutoDiffScalar).
  Dual(double x) : v(x) { d.fill(V(0.0)); }
};

inline double value_of(double x) { return x; }
template <class V, int N>
double value_of(const Dual<V, N>& x) {
  return value_of(x.v);
}

// f(a) given f(a.v) and f'(a.v).
template <class V, int N>
Dual<V, N> chain(const Dual<V, N>& a, const V& f, const V& df) {
  Dual<V, N> r;
  r.v = f;
  for (int k = 0; k < N; ++k) r.d[k] = df * a.d[k];
  return r;
}

template <class V, int N>
Dual<V, N> operator-(const Dual<V, N>& a) {
  Dual<V, N> r;
  r.v = -a.v;
  for (int k = 0; k < N; ++k) r.d[k] = -a.d[k];
  return r;
}

template <class V, int N>
Dual<V, N> operator+(const Dual<V, N>& a, const Dual<V, N>& b) {
  Dual<V, N> r;
  r.v = a.v + b.v;
  for (int k = 0; k < N; ++k) r.d[k] = a.d[k] + b.d[k];
  return r;
}

template <class V, int N>
Dual<V, N> operator-(const Dual<V, N>& a, const Dual<V, N>& b) {
  Dual<V, N> r;
  r.v = a.v - b.v;
  for (int k = 0; k < N; ++k) r.d[k] = a.d[k] - b.d[k];
  return r;
}

template <class V, int N>
Dual<V, N> operator*(const Dual<V, N>& a, const Dual<V, N>& b) {
  Dual<V, N> r;
  r.v = a.v * b.v;
  for (int k = 0; k < N; ++k) r.d[k] = a.v * b.d[k] + a.d[k] * b.v;
  return r;
}

template <class V, int N>
Dual<V, N> operator/(const Dual<V, N>& a, const Dual<V, N>& b) {
  Dual<V, N> r;
  r.v = a.v / b.v;
  for (int k = 0; k < N; ++k) r.d[k] = (a.d[k] - r.v * b.d[k]) / b.v;
  return r;
}

template <class V, int N>
Dual<V, N> operator+(const Dual<V, N>& a, double b) {
  Dual<V, N> r = a;
  r.v = r.v + b;
  return r;
}

template <class V, int N>
Dual<V, N> operator*(double a, const Dual<V, N>& b) {
  Dual<V, N> r;
  r.v = a * b.v;
  for (int k = 0; k < N; ++k) r.d[k] = a * b.d[k];
  return r;
}

template <class V, int N>
Dual<V, N> operator/(double a, const Dual<V, N>& b) {
  const V inverse = a / b.v;
  return chain(b, inverse, -inverse / b.v);
}

template <class V, int N>
Dual<V, N> operator*(const Dual<V, N>& a, double b) {
  return b * a;
}
template <class V, int N>
Dual<V, N> operator-(double a, const Dual<V, N>& b) {
  return -b + a;
}

template <class V, int N>
Dual<V, N> sin(const Dual<V, N>& a) {
  using std::cos;
  using std::sin;
  return chain(a, V(sin(a.v)), V(cos(a.v)));
}

template <class V, int N>
Dual<V, N> cos(const Dual<V, N>& a) {
  using std::cos;
  using std::sin;
  return chain(a, V(cos(a.v)), V(-sin(a.v)));
}

// Callers keep a away from 0: magnitudes test for a zero vector first.
template <class V, int N>
Dual<V, N> sqrt(const Dual<V, N>& a) {
  using std::sqrt;
  const V s = sqrt(a.v);
  return chain(a, s, V(0.5 / s));
}

// Callers keep (y, x) away from (0, 0).
template <class V, int N>
Dual<V, N> atan2(const Dual<V, N>& y, const Dual<V, N>& x) {
  using std::atan2;
  Dual<V, N> r;
  r.v = atan2(y.v, x.v);
  const V inverse = 1.0 / (x.v * x.v + y.v * y.v);
  for (int k = 0; k < N; ++k) r.d[k] = (x.v * y.d[k] - y.v * x.d[k]) * inverse;
  return r;
}

}  // namespace fexpr::kinematics::detail

namespace Eigen {
template <class V, int N>
struct NumTraits<fexpr::kinematics::detail::Dual<V, N>> : NumTraits<double> {
  using Real = fexpr::kinematics::detail::Dual<V, N>;
  using NonInteger = Real;
  using Nested = Real;
  using Literal = Real;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = (N + 1) * NumTraits<V>::AddCost,
    MulCost = (2 * N + 1) * NumTraits<V>::MulCost,
  };
};

// Lets constants (marker offsets, accelerations) enter products with dual vectors without first
// being converted to duals full of zero derivatives.
template <class V, int N, class Op>
struct ScalarBinaryOpTraits<fexpr::kinematics::detail::Dual<V, N>, double, Op> {
  using ReturnType = fexpr::kinematics::detail::Dual<V, N>;
};
template <class V, int N, class Op>
struct ScalarBinaryOpTraits<double, fexpr::kinematics::detail::Dual<V, N>, Op> {
  using ReturnType = fexpr::kinematics::detail::Dual<V, N>;
};
}  // namespace Eigen
