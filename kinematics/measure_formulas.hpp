// The measures, written once on a scalar type T: double for values, dual numbers for exact
// first and second derivatives. Private to the kinematics layer: include only from its .cpp
// files, since every scalar type instantiates all of it.
#pragma once

#include "kinematics/dual.hpp"
#include "kinematics/marker_values.hpp"
#include "kinematics/measure.hpp"
#include "kinematics/orientation_formulas.hpp"
#include "kinematics/rotation.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fexpr::kinematics::detail {

// What a measure reads, so that only that is computed (dual arithmetic is not cheap).
struct Reads {
  bool velocity_states;      // part velocities and angular velocities are inputs (12 states, else 6)
  bool origins;              // origins of i and j
  bool origin_velocities;    // their velocities
  bool origin_accelerations; // their accelerations
  bool axes_of_i_and_j;      // angle measures
  bool k_is_a_point;         // INCANG: k's origin is read, not its axes (otherwise read whenever k is given)
};

constexpr Reads reads(Measure m) {
  switch (m) {
    case Measure::DX: case Measure::DY: case Measure::DZ: case Measure::DM:
      return {false, true, false, false, false, false};
    case Measure::VX: case Measure::VY: case Measure::VZ: case Measure::VM: case Measure::VR:
      return {true, true, true, false, false, false};
    case Measure::WX: case Measure::WY: case Measure::WZ: case Measure::WM:
    case Measure::WDTX: case Measure::WDTY: case Measure::WDTZ: case Measure::WDTM:
      return {true, false, false, false, false, false};
    case Measure::ACCX: case Measure::ACCY: case Measure::ACCZ: case Measure::ACCM:
      return {true, true, true, true, false, false};
    case Measure::INCANG:
      return {false, true, false, false, false, true};
    default:
      return {false, false, false, false, true, false};
  }
}

constexpr int active_states_per_part(Measure m) { return reads(m).velocity_states ? kStatesPerPart : 6; }

// How many states of its part a local scalar carries: the width of the innermost derivative.
template <class L>
struct LocalStates;
template <int A>
struct LocalStates<Dual<double, A>> {
  static constexpr int value = A;
};
template <int A>
struct LocalStates<Dual<Dual<double, A>, 1>> {
  static constexpr int value = A;
};

// What the formula reads of marker argument `slot` (0 i, 1 j, 2 k, 3 l).
struct SlotReads {
  bool origin;  // position, and velocity and acceleration as Reads says
  bool axes;
  bool motion;  // angular velocity and acceleration of the marker's part
};

constexpr SlotReads slot_reads(std::size_t slot, Reads r) {
  const bool i_or_j = slot < 2, k = slot == 2;
  return {(i_or_j && r.origins) || (k && r.k_is_a_point), (k && !r.k_is_a_point) || (i_or_j && r.axes_of_i_and_j),
          !k && r.velocity_states};
}

// One part's pose and motion, differentiated by that part's own states only (scalar L), which
// keeps the bulk of the work (rotations, offsets) at width 6 or 12 whatever the call's width.
// Members are left uninitialised: dual numbers are wide, and each is written before it is read.
template <class L>
struct PartFrame {
  Mat3<L> rotation;
  Vec3<L> position, velocity, omega;
  // Accelerations are inputs, not differentiated states.
  Eigen::Vector3d acceleration, alpha;
};

template <class L>
PartFrame<L> ground_frame() {
  return {Mat3<L>::Identity(), Vec3<L>::Zero(), Vec3<L>::Zero(), Vec3<L>::Zero(), Eigen::Vector3d::Zero(),
          Eigen::Vector3d::Zero()};
}

// What the formula reads of one marker argument, on the call's full-width scalar T; members
// are written as SlotReads says.
template <class T>
struct MarkerFrame {
  Mat3<T> axes;
  Vec3<T> position, velocity, acceleration;
  Vec3<T> omega;  // of the marker's part
  Eigen::Vector3d alpha;
};

// An omitted marker: the ground origin and axes.
template <class T>
void ground_marker(MarkerFrame<T>& m, SlotReads s, Reads r) {
  if (s.axes) m.axes = Mat3<T>::Identity();
  if (s.motion) {
    m.omega = Vec3<T>::Zero();
    m.alpha = Eigen::Vector3d::Zero();
  }
  if (!s.origin) return;
  m.position = Vec3<T>::Zero();
  if (r.origin_velocities) m.velocity = Vec3<T>::Zero();
  if (r.origin_accelerations) m.acceleration = Vec3<T>::Zero();
}

// seed(value, k) gives the local variable for state k of the part.
template <class L, class Seed>
void build_part(PartFrame<L>& f, const PartState& s, Reads r, const Seed& seed) {
  auto state = [&](int k) { return seed(state_value(s, k), k); };
  f.position << state(0), state(1), state(2);
  f.rotation = rotation_313(state(3), state(4), state(5));
  if constexpr (LocalStates<L>::value == kStatesPerPart) {
    if (!r.velocity_states) return;
    f.velocity << state(6), state(7), state(8);
    f.omega << state(9), state(10), state(11);
    f.acceleration = s.acceleration;
    f.alpha = s.alpha;
  }
}

// widen(x) places a local scalar's derivatives at the part's position in the full width.
template <class T, class L, class Widen>
void build_marker(MarkerFrame<T>& m, const Marker& marker, const PartFrame<L>& part, SlotReads s, Reads r,
                  const Widen& widen) {
  auto wide = [&](const auto& local) { return local.unaryExpr([&](const L& x) { return T(widen(x)); }).eval(); };
  if (s.axes) m.axes = wide((part.rotation * marker.orientation).eval());
  if (s.motion) {
    m.omega = wide(part.omega);
    m.alpha = part.alpha;
  }
  if (!s.origin) return;
  const Vec3<L> rho = part.rotation * marker.qp;
  m.position = wide((part.position + rho).eval());
  if (r.origin_velocities) m.velocity = wide((part.velocity + part.omega.cross(rho)).eval());
  if (r.origin_accelerations)
    m.acceleration =
        wide((part.alpha.cross(rho) + part.omega.cross(part.omega.cross(rho)) + part.acceleration).eval());
}

// |v|. A zero vector (squared length below the smallest normal double, where v/|v| stops being
// computable) has length 0 but no derivative.
template <class T>
const char* magnitude(const Vec3<T>& v, const char* no_derivative, T& out) {
  const T n2 = v.dot(v);
  if (value_of(n2) < std::numeric_limits<double>::min()) {
    out = T(0.0);
    return kDifferentiating<T> ? no_derivative : nullptr;
  }
  using std::sqrt;
  out = sqrt(n2);
  return nullptr;
}

// x, y or z component: DX, VX, WX, ACCX, WDTX -> 0 and so on.
constexpr int component(Measure m) {
  switch (m) {
    case Measure::DY: case Measure::VY: case Measure::WY: case Measure::ACCY: case Measure::WDTY: return 1;
    case Measure::DZ: case Measure::VZ: case Measure::WZ: case Measure::ACCZ: case Measure::WDTZ: return 2;
    default: return 0;
  }
}

// mk holds the frames of markers i, j, k, l (ground where not given).
template <class T>
const char* formula(const MeasureCall& call, const MarkerFrame<T> (&mk)[4], T& out) {
  const Measure m = call.measure;
  const MarkerFrame<T>& i = mk[0];
  const MarkerFrame<T>& j = mk[1];
  const MarkerFrame<T>& k = mk[2];
  const MarkerFrame<T>& l = mk[3];
  const int c = component(m);
  // A = [axes of j]^T [axes of i]: entry (row, col) is axis col of i in j coordinates.
  auto relative = [&] { return Mat3<T>(j.axes.transpose() * i.axes); };

  switch (m) {
    case Measure::DX: case Measure::DY: case Measure::DZ:
      out = k.axes.col(c).dot(i.position - j.position);
      return nullptr;
    case Measure::DM:
      return magnitude<T>(i.position - j.position, "DM has no derivative when markers coincide", out);

    case Measure::AX: case Measure::AY: case Measure::AZ:
      return axis_angle(static_cast<int>(m) - static_cast<int>(Measure::AX), relative(), out);
    case Measure::PSI: case Measure::THETA: case Measure::PHI:
      return body_fixed_angle({2, 0, 2}, static_cast<int>(m) - static_cast<int>(Measure::PSI), relative(),
                              kEulerSingular, out);
    case Measure::YAW: case Measure::PITCH: case Measure::ROLL:
      return yaw_pitch_roll(static_cast<int>(m) - static_cast<int>(Measure::YAW), relative(), out);
    case Measure::ORIENT:
      return orientation(call.parameters[0], call.parameters[1], relative(), out);

    case Measure::VX: case Measure::VY: case Measure::VZ: case Measure::VM: {
      const Vec3<T> r = i.position - j.position;
      const Vec3<T> in_l = i.velocity - j.velocity - l.omega.cross(r);
      if (m == Measure::VM) return magnitude(in_l, "VM has no derivative at zero velocity", out);
      out = k.axes.col(c).dot(in_l);
      return nullptr;
    }
    case Measure::VR: {
      const Vec3<T> r = i.position - j.position;
      const T n2 = r.dot(r);
      if (value_of(n2) < std::numeric_limits<double>::min()) return "VR is undefined when markers coincide";
      using std::sqrt;
      out = (i.velocity - j.velocity).dot(r) / sqrt(n2);
      return nullptr;
    }

    case Measure::WX: case Measure::WY: case Measure::WZ: case Measure::WM: {
      const Vec3<T> w = i.omega - j.omega;
      if (m == Measure::WM) return magnitude(w, "WM has no derivative at zero angular velocity", out);
      out = k.axes.col(c).dot(w);
      return nullptr;
    }

    case Measure::ACCX: case Measure::ACCY: case Measure::ACCZ: case Measure::ACCM: {
      const Vec3<T> r = i.position - j.position;
      const Vec3<T> rd = i.velocity - j.velocity;
      const Vec3<T> in_l = i.acceleration - j.acceleration - l.alpha.cross(r) - 2.0 * l.omega.cross(rd) +
                           l.omega.cross(l.omega.cross(r));
      if (m == Measure::ACCM) return magnitude(in_l, "ACCM has no derivative at zero acceleration", out);
      out = k.axes.col(c).dot(in_l);
      return nullptr;
    }

    case Measure::WDTX: case Measure::WDTY: case Measure::WDTZ: case Measure::WDTM: {
      const Vec3<T> in_l = (i.alpha - j.alpha) - l.omega.cross(i.omega - j.omega);
      if (m == Measure::WDTM) return magnitude(in_l, "WDTM has no derivative at zero angular acceleration", out);
      out = k.axes.col(c).dot(in_l);
      return nullptr;
    }

    case Measure::INCANG: {
      const Vec3<T> u = i.position - j.position, v = k.position - j.position;
      const T uu = u.dot(u), vv = v.dot(v);
      // Two positions that agree to 1e-8 of their distance from the origin differ by rounding:
      // the line through them has no direction.
      auto coincide = [](const MarkerFrame<T>& p, const MarkerFrame<T>& q, const T& squared_distance) {
        const double scale = std::max(value_of(p.position.dot(p.position)), value_of(q.position.dot(q.position)));
        return value_of(squared_distance) < std::numeric_limits<double>::min() ||
               value_of(squared_distance) <= kSingularTolerance * kSingularTolerance * scale;
      };
      if (coincide(i, j, uu)) return kIncludedAngleCoincidentIJ;
      if (coincide(k, j, vv)) return kIncludedAngleCoincidentJK;
      // atan2(|u x v|, u.v) keeps full accuracy near 0 and pi, where acos of the cosine loses half.
      const Vec3<T> w = u.cross(v);
      const T ww = w.dot(w);
      const bool in_line = value_of(ww) <= kSingularTolerance * kSingularTolerance * value_of(uu) * value_of(vv);
      if (in_line && kDifferentiating<T>) return kIncludedAngleInLine;
      using std::atan2;
      using std::sqrt;
      out = atan2(sqrt(ww), u.dot(v));
      return nullptr;
    }

    case Measure::UVX_X: case Measure::UVX_Y: case Measure::UVX_Z:
    case Measure::UVY_X: case Measure::UVY_Y: case Measure::UVY_Z:
    case Measure::UVZ_X: case Measure::UVZ_Y: case Measure::UVZ_Z: {
      // Measure order: axis of i major, axis of k minor.
      const int n = static_cast<int>(m) - static_cast<int>(Measure::UVX_X);
      out = k.axes.col(n % 3).dot(i.axes.col(n / 3));
      return nullptr;
    }
  }
  return "unknown kinematic measure";
}

// Evaluates the measure on the full-width scalar T. Each part in call.parts is built on local
// scalars L by seed(value, p, k) (state k of call.parts[p]); widen(x, p) moves a local scalar
// of call.parts[p] into the full width, at derivative positions p*active ...
template <class L, class T, class Seed, class Widen>
const char* evaluate_as(const MeasureCall& call, const Model& model, const State& state, const Seed& seed,
                        const Widen& widen, T& out) {
  const Reads r = reads(call.measure);
  PartFrame<L> parts[4];
  for (int p = 0; p < call.part_count; ++p)
    build_part(parts[p], state.part(call.parts[static_cast<std::size_t>(p)]), r,
               [&](double x, int k) { return seed(x, p, k); });
  MarkerFrame<T> markers[4];
  for (std::size_t slot = 0; slot < 4; ++slot) {
    const SlotReads s = slot_reads(slot, r);
    if (call.markers[slot] < 0) {
      ground_marker(markers[slot], s, r);
      continue;
    }
    const Marker& marker = model.markers()[static_cast<std::size_t>(call.markers[slot])];
    const int p = call.slot_parts[slot];
    // Ground's local scalars are constants: any position in the full width will do.
    auto to_wide = [&](const L& x) { return widen(x, std::max(p, 0)); };
    if (p < 0) build_marker(markers[slot], marker, ground_frame<L>(), s, r, to_wide);
    else build_marker(markers[slot], marker, parts[p], s, r, to_wide);
  }
  return formula(call, markers, out);
}

// What the formula reads of one marker argument at order 0, from the State's rotations.
inline void value_marker(MarkerFrame<double>& m, const Marker& marker, const State& state, SlotReads s, Reads r) {
  const PartState& part = state.part(marker.part);
  const PartRotation& rotation = state.rotation(marker.part);
  const bool on_ground = marker.part == 0;
  if (s.axes) m.axes = marker_axes(marker, rotation);
  if (s.motion) {
    m.omega = on_ground ? Eigen::Vector3d::Zero() : part.omega;
    m.alpha = on_ground ? Eigen::Vector3d::Zero() : part.alpha;
  }
  if (!s.origin) return;
  const Eigen::Vector3d rho = on_ground ? Eigen::Vector3d::Zero() : marker_offset(marker, rotation);
  m.position = marker_origin(marker, part, rho);
  if (r.origin_velocities) m.velocity = marker_velocity(marker, part, rho);
  if (r.origin_accelerations) {
    m.acceleration = on_ground ? Eigen::Vector3d::Zero()
                               : Eigen::Vector3d(part.alpha.cross(rho) + part.omega.cross(part.omega.cross(rho)) +
                                                 part.acceleration);
  }
}

// Order 0: doubles throughout.
inline const char* evaluate_value(const MeasureCall& call, const Model& model, const State& state, double* value) {
  const Reads r = reads(call.measure);
  MarkerFrame<double> markers[4];
  for (std::size_t slot = 0; slot < 4; ++slot) {
    const SlotReads s = slot_reads(slot, r);
    if (call.markers[slot] < 0) ground_marker(markers[slot], s, r);
    else value_marker(markers[slot], model.markers()[static_cast<std::size_t>(call.markers[slot])], state, s, r);
  }
  return formula(call, markers, *value);
}

// Order 1 and 2 for the widths a call can need: 6 or 12 states times 1 to 4 parts.
const char* evaluate_gradient(const MeasureCall& call, const Model& model, const State& state, double* value,
                              double* grad);
const char* evaluate_hessian(const MeasureCall& call, const Model& model, const State& state, double* value,
                             double* grad, double* hess);

}  // namespace fexpr::kinematics::detail
