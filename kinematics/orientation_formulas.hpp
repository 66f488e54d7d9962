// The rotation A = [axes of j]^T [axes of i] (axis col of i in j's coordinates) taken apart
// into the angles of AX ... ROLL and the numbers of ORIENT's systems (orientation.hpp), written
// once on a scalar type T: double for values, dual numbers for derivatives. Private to the
// kinematics layer, like measure_formulas.hpp, which builds on it.
#pragma once

#include "kinematics/dual.hpp"
#include "kinematics/orientation.hpp"
#include "kinematics/rotation.hpp"
#include "kinematics/singular_points.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <type_traits>

namespace fexpr::kinematics::detail {

template <class T>
inline constexpr bool kDifferentiating = !std::is_same_v<T, double>;

// Only for a MeasureCall made without bind(), which checks the codes.
inline constexpr const char* kUncheckedSystem = "ORIENT system or component is not defined (the call was not bound)";

// atan2 mapped to (-pi, pi]: atan2(-0, x < 0) would give -pi.
template <class T>
T principal_atan2(const T& y, const T& x) {
  using std::atan2;
  T a = atan2(y, x);
  if (value_of(a) <= -std::numbers::pi) a = a + 2.0 * std::numbers::pi;
  return a;
}

template <class T>
double value_hypot(const T& a, const T& b) {
  return std::hypot(value_of(a), value_of(b));
}

// AX, AY, AZ (axis 0, 1, 2): the turn of i about that axis of j, from the one axis of i that
// stays in the plane across it.
template <class T>
const char* axis_angle(int axis, const Mat3<T>& a, T& out) {
  // AX = atan2(-A23, A33), AY = atan2(A13, A33), AZ = atan2(A21, A11).
  const T y = axis == 0 ? T(-a(1, 2)) : axis == 1 ? a(0, 2) : a(1, 0);
  const T x = axis == 2 ? a(0, 0) : a(2, 2);
  if (value_hypot(y, x) <= kSingularTolerance) return kAxisAngleUndefined[axis];
  out = principal_atan2(y, x);
  return nullptr;
}

// Angle `which` (0, 1, 2) of the body-fixed sequence axes = (a, b, c): A = R_a(t1)·R_b(t2)·R_c(t3).
// t1 and t3 lie in (-pi, pi]; t2 in [-pi/2, pi/2] when the three axes differ, in [0, pi] when
// c = a. Where t1 and t3 turn about one line, t3 = 0 and t1 takes the whole rotation; their
// derivatives are then `singular`, an error.
template <class T>
const char* body_fixed_angle(const std::array<int, 3>& axes, int which, const Mat3<T>& r, const char* singular,
                             T& out) {
  const int a = axes[0], b = axes[1];
  const bool repeated = axes[2] == a;
  const int c = repeated ? 3 - a - b : axes[2];
  // +1 when (a, b, c) is a cyclic order of (x, y, z), so that e_a x e_b = e * e_c.
  const double e = b == (a + 1) % 3 ? 1.0 : -1.0;
  const bool at_singular = repeated
                               ? std::min(value_hypot(r(a, b), r(a, c)), value_hypot(r(b, a), r(c, a))) <= kSingularTolerance
                               : std::min(value_hypot(r(a, b), r(a, a)), value_hypot(r(b, c), r(c, c))) <= kSingularTolerance;
  if (at_singular && kDifferentiating<T>) return singular;
  using std::atan2;
  using std::sqrt;
  if (which == 1) {
    // atan2 of (sin, cos) keeps full accuracy where asin or acos would lose half.
    if (repeated) out = atan2(sqrt(r(a, b) * r(a, b) + r(a, c) * r(a, c)), r(a, a));
    else out = atan2(T(e * r(a, c)), sqrt(r(a, b) * r(a, b) + r(a, a) * r(a, a)));
  } else if (at_singular) {
    // With t3 = 0, column b of A is R_a(t1) e_b = cos(t1) e_b + e sin(t1) e_c.
    out = which == 0 ? principal_atan2(T(e * r(c, b)), r(b, b)) : T(0.0);
  } else if (which == 0) {
    out = repeated ? principal_atan2(r(b, a), T(-e * r(c, a))) : principal_atan2(T(-e * r(b, c)), r(c, c));
  } else {
    out = repeated ? principal_atan2(r(a, b), T(e * r(a, c))) : principal_atan2(T(-e * r(a, b)), r(a, a));
  }
  return nullptr;
}

// YAW, PITCH, ROLL (which 0, 1, 2): body 3-2-1 angles, PITCH with Adams' sign (the negative of
// the second angle).
template <class T>
const char* yaw_pitch_roll(int which, const Mat3<T>& r, T& out) {
  const char* error = body_fixed_angle({2, 1, 0}, which, r, kYawPitchRollSingular, out);
  if (!error && which == 1) out = -out;
  return error;
}

// Euler parameters e0..e3 of A, e0 >= 0; `half_turn` when e0 is within the tolerance of 0,
// where the largest of e1, e2, e3 is made positive instead. Shepperd's method: the largest of
// the four is found from the diagonal and the others are divided by it, which keeps full
// accuracy at every rotation.
template <class T>
void euler_parameters(const Mat3<T>& r, std::array<T, 4>& q, bool& half_turn) {
  using std::sqrt;
  const T trace = r(0, 0) + r(1, 1) + r(2, 2);
  int pivot = 0;  // 0: e0; 1 + k: the component along axis k
  double largest = value_of(trace);
  for (int k = 0; k < 3; ++k)
    if (value_of(r(k, k)) > largest) {
      largest = value_of(r(k, k));
      pivot = 1 + k;
    }
  if (pivot == 0) {
    q[0] = 0.5 * sqrt(T(trace + 1.0));
    const T f = 0.25 / q[0];
    for (int m = 0; m < 3; ++m) {
      const int m1 = (m + 1) % 3, m2 = (m + 2) % 3;
      q[static_cast<std::size_t>(1 + m)] = (r(m2, m1) - r(m1, m2)) * f;
    }
  } else {
    const int k = pivot - 1, k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    const T qk = 0.5 * sqrt(T(T(r(k, k) - r(k1, k1) - r(k2, k2)) + 1.0));
    const T f = 0.25 / qk;
    q[static_cast<std::size_t>(1 + k)] = qk;
    q[0] = (r(k2, k1) - r(k1, k2)) * f;
    q[static_cast<std::size_t>(1 + k1)] = (r(k, k1) + r(k1, k)) * f;
    q[static_cast<std::size_t>(1 + k2)] = (r(k, k2) + r(k2, k)) * f;
  }
  // The pivot is the largest of the four in size and is positive, so at a half turn (e0 near 0)
  // leaving the signs as they are makes the largest of e1, e2, e3 positive.
  half_turn = std::abs(value_of(q[0])) <= kSingularTolerance;
  if (!half_turn && value_of(q[0]) < 0.0)
    for (T& x : q) x = -x;
}

// Component `component` (1-based) of ORIENT system `system` (checked by check_orientation).
template <class T>
const char* orientation(int system, int component, const Mat3<T>& r, T& out) {
  const std::optional<OrientationSystem> s = orientation_system(system);
  if (!s || component < 1 || component > s->components) return kUncheckedSystem;
  const int n = component - 1;
  const std::array<int, 3>& axes = s->axes;
  switch (s->kind) {
    case OrientationKind::body_fixed: return body_fixed_angle(axes, n, r, kOrientEulerSingular, out);
    // R_c(t3)·R_b(t2)·R_a(t1) is the body-fixed sequence c-b-a with the angles in reverse.
    case OrientationKind::space_fixed:
      return body_fixed_angle({axes[2], axes[1], axes[0]}, 2 - n, r, kOrientEulerSingular, out);
    case OrientationKind::ax_ay_az: return axis_angle(n, r, out);
    case OrientationKind::yaw_pitch_roll: return yaw_pitch_roll(n, r, out);
    case OrientationKind::euler_parameters:
    case OrientationKind::rodriguez: {
      std::array<T, 4> q;
      bool half_turn = false;
      euler_parameters(r, q, half_turn);
      if (s->kind == OrientationKind::rodriguez) {
        if (half_turn) return kRodriguezHalfTurn;
        out = q[static_cast<std::size_t>(component)] / q[0];
        return nullptr;
      }
      if (half_turn && kDifferentiating<T>) return kEulerParametersHalfTurn;
      out = q[static_cast<std::size_t>(n)];
      return nullptr;
    }
    case OrientationKind::direction_cosines: out = r(n % 3, n / 3); return nullptr;
  }
  return kUncheckedSystem;
}

}  // namespace fexpr::kinematics::detail
