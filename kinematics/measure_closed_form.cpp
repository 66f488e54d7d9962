// Each measure as f(input vectors): its value with the general value path's operations, then
// the gradient J^T g and the Hessian J^T F J + sum g · d²(input) from the inputs' jets, where g
// and F are f's derivatives with respect to its input vectors, worked out by hand below.
#include "kinematics/measure_closed_form.hpp"

#include "kinematics/vector_derivatives.hpp"

#include <cmath>
#include <limits>

namespace fexpr::kinematics::detail {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

// Below this squared length (the smallest normal double) v/|v| cannot be computed.
constexpr double kZeroSquared = std::numeric_limits<double>::min();

// The marker arguments (bit 0 i, 1 j, 2 k, 3 l) a measure reads.
constexpr unsigned slots_read(Measure m) {
  switch (m) {
    case Measure::DM: case Measure::VR: return 0b0011;
    case Measure::DX: case Measure::DY: case Measure::DZ: return 0b0111;
    case Measure::VM: return 0b1011;
    default: return 0b1111;
  }
}

void call_markers(const MeasureCall& call, const Model& model, const State& state, CallMarker (&mk)[4]) {
  const unsigned read = slots_read(call.measure);
  for (std::size_t slot = 0; slot < 4; ++slot) {
    if (!(read >> slot & 1) || call.markers[slot] < 0) continue;
    CallMarker& m = mk[slot];
    m.marker = &model.markers()[static_cast<std::size_t>(call.markers[slot])];
    const int part = m.marker->part;
    m.part = &state.part(part);
    m.rotation = &state.rotation(part);
    if (part == 0) continue;
    m.offset = marker_offset(*m.marker, *m.rotation);
    m.base = call.slot_parts[slot] * kStatesPerPart;
  }
}

// The values, as the general path's value_marker and ground_marker give them.
Vector3d origin(const CallMarker& m) { return m.marker ? marker_origin(*m.marker, *m.part, m.offset) : Vector3d::Zero(); }
Vector3d velocity(const CallMarker& m) {
  return m.marker ? marker_velocity(*m.marker, *m.part, m.offset) : Vector3d::Zero();
}
Vector3d axis(const CallMarker& m, int c) { return m.marker ? marker_axis(*m.marker, *m.rotation, c) : Vector3d::Unit(c); }
Vector3d omega(const CallMarker& m) { return m.marker && m.marker->part != 0 ? m.part->omega : Vector3d::Zero(); }

// r = origin of i - origin of j.
Vector3d separation(const CallMarker (&mk)[4]) { return origin(mk[0]) - origin(mk[1]); }
// w = v_i - v_j - omega_l × r, the velocity of i relative to j seen in l, in the operations of
// Eigen's cross product and difference (the general path's bits), written per component: GCC
// built Eigen's form's x and y through the stack, two 8-byte stores read back as one 16-byte
// load, which waits for both stores.
Vector3d velocity_in_frame(const Vector3d& vi, const Vector3d& vj, const Vector3d& omega_l, const Vector3d& r) {
  return {vi.x() - vj.x() - (omega_l.y() * r.z() - omega_l.z() * r.y()),
          vi.y() - vj.y() - (omega_l.z() * r.x() - omega_l.x() * r.z()),
          vi.z() - vj.z() - (omega_l.x() * r.y() - omega_l.y() * r.x())};
}
Vector3d velocity_in_frame(const CallMarker (&mk)[4], const Vector3d& r) {
  return velocity_in_frame(velocity(mk[0]), velocity(mk[1]), omega(mk[3]), r);
}
// x, y or z: the axis of k a component measure reads.
constexpr int component(Measure m) {
  return m <= Measure::DZ ? static_cast<int>(m) - static_cast<int>(Measure::DX)
                          : static_cast<int>(m) - static_cast<int>(Measure::VX);
}

// Each measure's value from its vectors, one formula for the value path and the derivatives.
constexpr const char* kCoincident = "DM has no derivative when markers coincide";
constexpr const char* kZeroVelocity = "VM has no derivative at zero velocity";
constexpr const char* kRadialUndefined = "VR is undefined when markers coincide";

// |x|. A zero vector has length 0 and no derivative.
const char* magnitude(const Vector3d& x, const char* no_derivative, bool differentiating, double& out) {
  const double n2 = x.dot(x);
  if (n2 < kZeroSquared) {
    out = 0.0;
    return differentiating ? no_derivative : nullptr;
  }
  out = std::sqrt(n2);
  return nullptr;
}

// rd · r / |r| for r · r = n2 (not below kZeroSquared).
double radial(const Vector3d& rd, const Vector3d& r, double n2) { return rd.dot(r) / std::sqrt(n2); }

// What a derivative evaluation writes: the gradient, and at order 2 the Hessian.
struct Out {
  int order;  // 1 or 2
  int width;
  double* grad;
  double* hess;
};

// The vectors a measure is a function of, each with: gradient(grad, g), adding g · dx;
// jets(), dx (and what second needs); second(h, c, jets), adding c · d²x.

// r = origin of i - origin of j.
struct Separation {
  const CallMarker &i, &j;
  Vector3d value;

  explicit Separation(const CallMarker (&mk)[4]) : i(mk[0]), j(mk[1]), value(separation(mk)) {}
  void gradient(double* grad, const Vector3d& g) const {
    add_origin_gradient(grad, 1.0, g, i);
    add_origin_gradient(grad, -1.0, g, j);
  }
  struct Jets {
    VectorJet x;
  };
  Jets jets() const {
    Jets jets{VectorJet(value)};
    add_origin_derivatives(jets.x, 1.0, i);
    add_origin_derivatives(jets.x, -1.0, j);
    return jets;
  }
  void second(SymmetricHessian& h, const Vector3d& c) const {
    add_origin_second(h, 1.0, c, i);
    add_origin_second(h, -1.0, c, j);
  }
  void second(SymmetricHessian& h, const Vector3d& c, const Jets&) const { second(h, c); }
};

// w = v_i - v_j - omega_l × r. Through omega_l × r it depends on positions and on l's angular
// velocity too: g · d(-omega_l × r) = (omega_l × g) · dr for the states moving r, and
// -g · (e_n × r) = (g × r)_n for omega_l's component n.
struct FrameVelocity {
  const CallMarker &i, &j, &l;
  Separation r;
  Vector3d omega_l, value;

  explicit FrameVelocity(const CallMarker (&mk)[4])
      : i(mk[0]), j(mk[1]), l(mk[3]), r(mk), omega_l(omega(mk[3])), value(velocity_in_frame(mk, r.value)) {}
  void gradient(double* grad, const Vector3d& g) const {
    add_velocity_gradient(grad, 1.0, g, i);
    add_velocity_gradient(grad, -1.0, g, j);
    if (!l.moves()) return;
    r.gradient(grad, omega_l.cross(g));
    const Vector3d t = g.cross(r.value);
    for (int n = 0; n < 3; ++n) grad[l.base + kOmega + n] += t[n];
  }
  struct Jets {
    VectorJet r, x;
  };
  Jets jets() const {
    Jets jets{r.jets().x, VectorJet(value)};
    add_velocity_derivatives(jets.x, 1.0, i);
    add_velocity_derivatives(jets.x, -1.0, j);
    if (l.moves()) {
      const Matrix3d turn_l = cross_matrix(omega_l);
      for_each_group(jets.r.groups, [&](int g) { jets.x.add(g, -turn_l * jets.r.of(g)); });
      jets.x.add(l.group(kOmega), cross_matrix(r.value));
    }
    return jets;
  }
  // c · d²w: the velocities' own terms; -c · (omega_l × d²r) = d²r · (omega_l × c); and, between
  // omega_l's component n and a state s that moves r, -c · (e_n × dr/ds) = (c × dr/ds)_n, the
  // block [c]× B_g.
  void second(SymmetricHessian& h, const Vector3d& c, const Jets& jets) const {
    add_velocity_second(h, 1.0, c, i);
    add_velocity_second(h, -1.0, c, j);
    if (!l.moves()) return;
    r.second(h, omega_l.cross(c));
    const Matrix3d turn_c = cross_matrix(c);
    for_each_group(jets.r.groups, [&](int g) { h.add_block(l.group(kOmega), g, turn_c * jets.r.of(g)); });
  }
};

// f = u · x for u = axis c of marker k (ground's when k is omitted): g_x = u, g_u = x, F_xu = I.
template <class X>
void component_derivatives(const X& x, const CallMarker& k, int c, double* value, const Out& out) {
  const Vector3d u = axis(k, c);
  *value = u.dot(x.value);
  x.gradient(out.grad, u);
  add_axis_gradient(out.grad, x.value, k, u);
  if (out.order == 1) return;
  const auto jets = x.jets();
  VectorJet uj(u);
  add_axis_derivatives(uj, k, u);
  SymmetricHessian h{out.hess, out.width};
  add_coupling(h, jets.x, Matrix3d::Identity(), uj);
  x.second(h, u, jets);
  add_axis_second(h, x.value, k, u);
}

// f = |x| = n: g = x/n, F = (I - g gᵀ)/n.
template <class X>
const char* magnitude_derivatives(const X& x, const char* no_derivative, double* value, const Out& out) {
  if (const char* error = magnitude(x.value, no_derivative, true, *value)) return error;
  const double n = *value;
  const Vector3d g = x.value / n;
  x.gradient(out.grad, g);
  if (out.order == 1) return nullptr;
  const auto jets = x.jets();
  SymmetricHessian h{out.hess, out.width};
  add_quadratic(h, jets.x, (Matrix3d::Identity() - g * g.transpose()) / n);
  x.second(h, g, jets);
  return nullptr;
}

// VR = rd · r / |r| with rd = v_i - v_j, the same in every frame. With n = |r|, e = r/n,
// s = rd · e and t = rd - s e: g_r = t/n, g_rd = e, F_rr = -(e tᵀ + t eᵀ + s (I - e eᵀ))/n²,
// F_r,rd = (I - e eᵀ)/n, F_rd,rd = 0.
const char* radial_velocity_derivatives(const CallMarker (&mk)[4], double* value, const Out& out) {
  const CallMarker &i = mk[0], &j = mk[1];
  const Separation r(mk);
  const double n2 = r.value.dot(r.value);
  if (n2 < kZeroSquared) return kRadialUndefined;
  const Vector3d rd = velocity(i) - velocity(j);
  *value = radial(rd, r.value, n2);
  const double n = std::sqrt(n2);
  const Vector3d e = r.value / n;
  const double s = rd.dot(e);
  const Vector3d t = rd - s * e;
  const Vector3d g_r = t / n;
  r.gradient(out.grad, g_r);
  add_velocity_gradient(out.grad, 1.0, e, i);
  add_velocity_gradient(out.grad, -1.0, e, j);
  if (out.order == 1) return nullptr;
  const VectorJet rj = r.jets().x;
  VectorJet rdj(rd);
  add_velocity_derivatives(rdj, 1.0, i);
  add_velocity_derivatives(rdj, -1.0, j);
  SymmetricHessian h{out.hess, out.width};
  const Matrix3d across = Matrix3d::Identity() - e * e.transpose();
  add_quadratic(h, rj, -(e * t.transpose() + t * e.transpose() + s * across) / n2);
  add_coupling(h, rj, across / n, rdj);
  r.second(h, g_r);
  add_velocity_second(h, 1.0, e, i);
  add_velocity_second(h, -1.0, e, j);
  return nullptr;
}

}  // namespace

// The order-0 path solvers call most: each marker argument looked up once, its origin and
// velocity from the same helpers and in the same operations as origin() and velocity() above
// (so every bit agrees with the derivative and general paths), and nothing else: no CallMarker,
// no offset for a marker the measure reads no vector of.
namespace {

// The origin of marker argument `slot`, and with Moving its velocity, in ground; the ground
// origin for an omitted or 0 argument.
template <bool Moving>
[[gnu::always_inline]] inline void locate(const MeasureCall& call, const Model& model, const State& state, int slot,
                                          Vector3d& origin, Vector3d& velocity) {
  const int index = call.markers[static_cast<std::size_t>(slot)];
  if (index < 0) {
    origin.setZero();
    if constexpr (Moving) velocity.setZero();
    return;
  }
  const Marker& m = model.markers()[static_cast<std::size_t>(index)];
  const PartState& part = state.part(m.part);
  const Vector3d offset = m.part == 0 ? Vector3d::Zero() : marker_offset(m, state.rotation(m.part));
  origin = marker_origin(m, part, offset);
  if constexpr (Moving) velocity = marker_velocity(m, part, offset);
}

// Marker argument `slot`, null for the ground origin.
const Marker* argument(const MeasureCall& call, const Model& model, int slot) {
  const int m = call.markers[static_cast<std::size_t>(slot)];
  return m < 0 ? nullptr : &model.markers()[static_cast<std::size_t>(m)];
}

// The component a measure M reads of x, in the axes of its marker argument k (ground's when
// omitted).
template <Measure M>
double component_in_k(const MeasureCall& call, const Model& model, const State& state, const Vector3d& x) {
  const Marker* k = argument(call, model, 2);
  constexpr int c = component(M);
  return (k ? marker_axis(*k, state.rotation(k->part), c) : Vector3d(Vector3d::Unit(c))).dot(x);
}

// The measures of positions only: DX, DY, DZ, DM. The measure is a template argument so that
// the direct value functions below carry no dispatch.
template <Measure M>
const char* position_value(const MeasureCall& call, const Model& model, const State& state, double* value) {
  Vector3d oi, oj, unused;
  locate<false>(call, model, state, 0, oi, unused);
  locate<false>(call, model, state, 1, oj, unused);
  const Vector3d r = oi - oj;
  if constexpr (M == Measure::DM) {
    return magnitude(r, kCoincident, false, *value);
  } else {
    *value = component_in_k<M>(call, model, state, r);
    return nullptr;
  }
}

// The measures of velocities: VX, VY, VZ, VM, VR.
template <Measure M>
const char* velocity_value(const MeasureCall& call, const Model& model, const State& state, double* value) {
  Vector3d oi, oj, vi, vj;
  locate<true>(call, model, state, 0, oi, vi);
  locate<true>(call, model, state, 1, oj, vj);
  const Vector3d r = oi - oj;
  if constexpr (M == Measure::VR) {
    const double n2 = r.dot(r);
    if (n2 < kZeroSquared) return kRadialUndefined;
    *value = radial(vi - vj, r, n2);
    return nullptr;
  } else {
    const Marker* l = argument(call, model, 3);
    const Vector3d omega_l = l && l->part != 0 ? state.part(l->part).omega : Vector3d::Zero();
    const Vector3d w = velocity_in_frame(vi, vj, omega_l, r);
    if constexpr (M == Measure::VM) {
      return magnitude(w, kZeroVelocity, false, *value);
    } else {
      *value = component_in_k<M>(call, model, state, w);
      return nullptr;
    }
  }
}

template <Measure M>
const char* value_of(const MeasureCall& call, const Model& model, const State& state, double* value) {
  if constexpr (M >= Measure::VX) return velocity_value<M>(call, model, state, value);
  else return position_value<M>(call, model, state, value);
}

// Flattened: everything it calls is inlined, so that a measure called directly after a new
// state is its arithmetic and little else.
template <Measure M>
[[gnu::flatten]] double direct_value_of(const void* direct, const Inputs& in) noexcept {
  const auto& d = *static_cast<const DirectMeasure*>(direct);
  if (!in.state) return std::numeric_limits<double>::quiet_NaN();
  const State& state = *static_cast<const State*>(in.state);
  double v;
  if (!state.made_for(*d.model) || value_of<M>(d.call, *d.model, state, &v))
    return std::numeric_limits<double>::quiet_NaN();
  return v;
}

// Each closed-form measure's order-0 value, as the evaluator's bound call and as a direct function.
struct ValueFunctions {
  const char* (*value)(const MeasureCall&, const Model&, const State&, double*) = nullptr;
  Bindings::ValueFunction::Function direct = nullptr;
};
template <Measure M>
constexpr ValueFunctions kValueFunctions{&value_of<M>, &direct_value_of<M>};

ValueFunctions value_functions(Measure m) {
  switch (m) {
    case Measure::DX: return kValueFunctions<Measure::DX>;
    case Measure::DY: return kValueFunctions<Measure::DY>;
    case Measure::DZ: return kValueFunctions<Measure::DZ>;
    case Measure::DM: return kValueFunctions<Measure::DM>;
    case Measure::VX: return kValueFunctions<Measure::VX>;
    case Measure::VY: return kValueFunctions<Measure::VY>;
    case Measure::VZ: return kValueFunctions<Measure::VZ>;
    case Measure::VM: return kValueFunctions<Measure::VM>;
    case Measure::VR: return kValueFunctions<Measure::VR>;
    default: return {};
  }
}

}  // namespace

const char* closed_form_value(const MeasureCall& call, const Model& model, const State& state, double* value) {
  return value_functions(call.measure).value(call, model, state, value);
}

Bindings::ValueFunction::Function direct_value(Measure m) { return value_functions(m).direct; }

const char* closed_form_derivatives(const MeasureCall& call, const Model& model, const State& state, int order,
                                    double* value, double* grad, double* hess) {
  CallMarker mk[4];
  call_markers(call, model, state, mk);
  const Out out{order, kStatesPerPart * call.part_count, grad, hess};
  switch (call.measure) {
    case Measure::DM:
      return magnitude_derivatives(Separation(mk), kCoincident, value, out);
    case Measure::VM:
      return magnitude_derivatives(FrameVelocity(mk), kZeroVelocity, value, out);
    case Measure::VX: case Measure::VY: case Measure::VZ:
      component_derivatives(FrameVelocity(mk), mk[2], component(call.measure), value, out);
      return nullptr;
    case Measure::VR:
      return radial_velocity_derivatives(mk, value, out);
    default:
      component_derivatives(Separation(mk), mk[2], component(call.measure), value, out);
      return nullptr;
  }
}

}  // namespace fexpr::kinematics::detail
