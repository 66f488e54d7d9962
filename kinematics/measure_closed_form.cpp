// Each measure as f(input vectors): its value with the general value path's operations, then
// the gradient J^T g and the Hessian J^T F J + sum g · d²(input) from the inputs' jets, where g
// and F are f's derivatives with respect to its input vectors, worked out by hand below.
#include "kinematics/measure_closed_form.hpp"

#include "kinematics/vector_jet.hpp"

#include <cmath>
#include <limits>

namespace fexpr::kinematics::detail {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

// Below this squared length (the smallest normal double) v/|v| cannot be computed.
constexpr double kZeroSquared = std::numeric_limits<double>::min();

CallMarker call_marker(const MeasureCall& call, const Model& model, const State& state, std::size_t slot) {
  CallMarker m;
  if (call.markers[slot] < 0) return m;
  m.marker = &model.markers()[static_cast<std::size_t>(call.markers[slot])];
  const int part = m.marker->part;
  m.part = &state.part(part);
  m.rotation = &state.rotation(part);
  if (part == 0) return m;
  for (int p = 0; p < call.part_count; ++p)
    if (call.parts[static_cast<std::size_t>(p)] == part) m.base = p * kStatesPerPart;
  m.offset = marker_offset(*m.marker, *m.rotation);
  return m;
}

// The values, as the general path's value_marker and ground_marker give them.
Vector3d origin(const CallMarker& m) { return m.marker ? marker_origin(*m.marker, *m.part, m.offset) : Vector3d::Zero(); }
Vector3d velocity(const CallMarker& m) {
  return m.marker ? marker_velocity(*m.marker, *m.part, m.offset) : Vector3d::Zero();
}
Vector3d axis(const CallMarker& m, int c) { return m.marker ? marker_axis(*m.marker, *m.rotation, c) : Vector3d::Unit(c); }
Vector3d omega(const CallMarker& m) { return m.moves() ? m.part->omega : Vector3d::Zero(); }

// What one evaluation writes: the value and, from order 1, the gradient, at order 2 the Hessian.
struct Out {
  int order;
  int width;
  double* value;
  double* grad;
  double* hess;
};

// r = origin of i - origin of j.
VectorJet separation_jet(const CallMarker& i, const CallMarker& j, const Vector3d& r, int width) {
  VectorJet jet(r, width);
  add_origin_derivatives(jet, 1.0, i);
  add_origin_derivatives(jet, -1.0, j);
  return jet;
}

// |x| into *out.value. A zero vector has length 0 and no derivative: an error from order 1.
const char* magnitude_value(const Vector3d& x, const char* no_derivative, const Out& out) {
  const double n2 = x.dot(x);
  if (n2 < kZeroSquared) {
    *out.value = 0.0;
    return out.order == 0 ? nullptr : no_derivative;
  }
  *out.value = std::sqrt(n2);
  return nullptr;
}

// f = u · x for u = axis c of marker k (ground's when k is omitted): g_x = u, g_u = x, F_xu = I.
// second(h, c) adds c · d²x.
template <class Second>
const char* component_derivatives(const VectorJet& x, const CallMarker& k, const Vector3d& u, const Second& second,
                                  const Out& out) {
  VectorJet uj(u, out.width);
  add_axis_derivatives(uj, k, u);
  add_gradient(out.grad, x, u);
  add_gradient(out.grad, uj, x.value);
  if (out.order == 1) return nullptr;
  LowerHessian h{out.hess, out.width};
  add_coupling(h, x, Matrix3d::Identity(), uj);
  second(h, u);
  add_axis_second(h, x.value, k, u);
  h.mirror(x.columns | uj.columns);
  return nullptr;
}

// f = |x| = n: g = x/n, F = (I - g gᵀ)/n.
template <class Second>
const char* magnitude_derivatives(const VectorJet& x, double n, const Second& second, const Out& out) {
  const Vector3d g = x.value / n;
  add_gradient(out.grad, x, g);
  if (out.order == 1) return nullptr;
  LowerHessian h{out.hess, out.width};
  add_quadratic(h, x, (Matrix3d::Identity() - g * g.transpose()) / n);
  second(h, g);
  h.mirror(x.columns);
  return nullptr;
}

// DX, DY, DZ, DM: of r.
const char* displacement(Measure m, const CallMarker (&mk)[4], const Out& out) {
  const CallMarker &i = mk[0], &j = mk[1], &k = mk[2];
  const Vector3d r = origin(i) - origin(j);
  const bool distance = m == Measure::DM;
  const Vector3d u = distance ? Vector3d::Zero() : axis(k, static_cast<int>(m) - static_cast<int>(Measure::DX));
  if (distance) {
    if (const char* error = magnitude_value(r, "DM has no derivative when markers coincide", out)) return error;
  } else {
    *out.value = u.dot(r);
  }
  if (out.order == 0) return nullptr;
  const VectorJet rj = separation_jet(i, j, r, out.width);
  auto second = [&](LowerHessian& h, const Vector3d& c) {
    add_origin_second(h, 1.0, c, i);
    add_origin_second(h, -1.0, c, j);
  };
  return distance ? magnitude_derivatives(rj, *out.value, second, out) : component_derivatives(rj, k, u, second, out);
}

// VX, VY, VZ, VM: of w = v_i - v_j - omega_l × r, the velocity of i relative to j seen in l.
// Through omega_l × r, w depends on positions and on l's angular velocity too.
const char* velocity_in_frame(Measure m, const CallMarker (&mk)[4], const Out& out) {
  const CallMarker &i = mk[0], &j = mk[1], &k = mk[2], &l = mk[3];
  const Vector3d r = origin(i) - origin(j);
  const Vector3d omega_l = omega(l);
  const Vector3d w_value = velocity(i) - velocity(j) - omega_l.cross(r);
  const bool speed = m == Measure::VM;
  const Vector3d u = speed ? Vector3d::Zero() : axis(k, static_cast<int>(m) - static_cast<int>(Measure::VX));
  if (speed) {
    if (const char* error = magnitude_value(w_value, "VM has no derivative at zero velocity", out)) return error;
  } else {
    *out.value = u.dot(w_value);
  }
  if (out.order == 0) return nullptr;
  const VectorJet rj = separation_jet(i, j, r, out.width);
  VectorJet w(w_value, out.width);
  add_velocity_derivatives(w, 1.0, i);
  add_velocity_derivatives(w, -1.0, j);
  if (l.moves()) {
    for_each_column(rj.columns, [&](int s) { w.add(s, -omega_l.cross(rj.d[static_cast<std::size_t>(s)])); });
    for (int c = 0; c < 3; ++c) w.add(l.base + kOmega + c, -Vector3d::Unit(c).cross(r));
  }
  // c · d²w: the velocities' own terms; -c · (omega_l × d²r) = d²r · (omega_l × c); and, between
  // omega_l's component n and a state s that moves r, -c · (e_n × dr/ds) = (c × dr/ds)_n.
  auto second = [&](LowerHessian& h, const Vector3d& c) {
    add_velocity_second(h, 1.0, c, i);
    add_velocity_second(h, -1.0, c, j);
    if (!l.moves()) return;
    const Vector3d c_r = omega_l.cross(c);
    add_origin_second(h, 1.0, c_r, i);
    add_origin_second(h, -1.0, c_r, j);
    for_each_column(rj.columns, [&](int s) {
      const Vector3d t = c.cross(rj.d[static_cast<std::size_t>(s)]);
      for (int n = 0; n < 3; ++n) h.add(l.base + kOmega + n, s, t[n]);
    });
  };
  return speed ? magnitude_derivatives(w, *out.value, second, out) : component_derivatives(w, k, u, second, out);
}

// VR = rd · r / |r| with rd = v_i - v_j, the same in every frame. With n = |r|, e = r/n,
// s = rd · e and t = rd - s e: g_r = t/n, g_rd = e, F_rr = -(e tᵀ + t eᵀ + s (I - e eᵀ))/n²,
// F_r,rd = (I - e eᵀ)/n, F_rd,rd = 0.
const char* radial_velocity(const CallMarker (&mk)[4], const Out& out) {
  const CallMarker &i = mk[0], &j = mk[1];
  const Vector3d r = origin(i) - origin(j);
  const double n2 = r.dot(r);
  if (n2 < kZeroSquared) return "VR is undefined when markers coincide";
  const double n = std::sqrt(n2);
  const Vector3d rd_value = velocity(i) - velocity(j);
  *out.value = rd_value.dot(r) / n;
  if (out.order == 0) return nullptr;
  const VectorJet rj = separation_jet(i, j, r, out.width);
  VectorJet rd(rd_value, out.width);
  add_velocity_derivatives(rd, 1.0, i);
  add_velocity_derivatives(rd, -1.0, j);
  const Vector3d e = r / n;
  const double s = rd_value.dot(e);
  const Vector3d t = rd_value - s * e;
  const Vector3d g_r = t / n;
  add_gradient(out.grad, rj, g_r);
  add_gradient(out.grad, rd, e);
  if (out.order == 1) return nullptr;
  LowerHessian h{out.hess, out.width};
  const Matrix3d across = Matrix3d::Identity() - e * e.transpose();
  add_quadratic(h, rj, -(e * t.transpose() + t * e.transpose() + s * across) / n2);
  add_coupling(h, rj, across / n, rd);
  add_origin_second(h, 1.0, g_r, i);
  add_origin_second(h, -1.0, g_r, j);
  add_velocity_second(h, 1.0, e, i);
  add_velocity_second(h, -1.0, e, j);
  h.mirror(rj.columns | rd.columns);
  return nullptr;
}

}  // namespace

const char* evaluate_closed_form(const MeasureCall& call, const Model& model, const State& state, int order,
                                 double* value, double* grad, double* hess) {
  CallMarker mk[4];
  for (std::size_t slot = 0; slot < 4; ++slot) mk[slot] = call_marker(call, model, state, slot);
  // A call whose markers are all on ground reads no state: it has a value only.
  const Out out{call.part_count == 0 ? 0 : order, kStatesPerPart * call.part_count, value, grad, hess};
  switch (call.measure) {
    case Measure::DX: case Measure::DY: case Measure::DZ: case Measure::DM:
      return displacement(call.measure, mk, out);
    case Measure::VX: case Measure::VY: case Measure::VZ: case Measure::VM:
      return velocity_in_frame(call.measure, mk, out);
    case Measure::VR:
      return radial_velocity(mk, out);
    default:
      return "kinematic measure has no closed form";
  }
}

}  // namespace fexpr::kinematics::detail
