// First and second derivatives, in closed form, of the vectors the translational measures are
// made of: a marker's origin, its velocity, one of its axes, with respect to the states of the
// parts a measure call reads. They follow from PartRotation: a vector q fixed in a part turns as
// rho = R·q, d rho/d angle_a = axis_a × rho and d² rho/d angle_a d angle_b = axis_a × (axis_b ×
// rho) for a <= b. Private to the kinematics layer (measure_closed_form.cpp).
//
// Columns: state k of call.parts[p] is column 12 p + k, the layout of the gradient a measure
// returns. A gradient is g · d(vector) for the measure's derivative g with respect to the vector,
// added straight into the gradient (add_*_gradient). A Hessian needs the vectors' Jacobians
// (VectorJet) for its J^T F J terms; every term is added to entries (a, b) and (b, a) alike, so
// that it comes out exactly symmetric.
#pragma once

#include "kinematics/marker_values.hpp"
#include "kinematics/model.hpp"

#include <Eigen/Geometry>

#include <array>
#include <bit>
#include <cstdint>

namespace fexpr::kinematics::detail {

// Where each group of three states starts within its part's 12 (model.hpp's order).
inline constexpr int kPosition = 0, kEuler = 3, kVelocity = 6, kOmega = 9;
inline constexpr int kMaxCallStates = 4 * kStatesPerPart;

// The columns of a bit set (bit s for column s), ascending.
struct ColumnList {
  std::array<std::uint8_t, kMaxCallStates> index;
  int count = 0;

  explicit ColumnList(std::uint64_t columns) {
    for (; columns != 0; columns &= columns - 1) index[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(std::countr_zero(columns));
  }
  int operator[](int n) const { return index[static_cast<std::size_t>(n)]; }
};

// A vector and its derivatives with respect to the call's states: d[s] for the columns s in
// `columns`, the others zero (and left unwritten).
struct VectorJet {
  Eigen::Vector3d value;
  std::array<Eigen::Vector3d, kMaxCallStates> d;
  std::uint64_t columns = 0;

  explicit VectorJet(const Eigen::Vector3d& v) : value(v) {}
  void add(int s, const Eigen::Vector3d& v) {
    const std::uint64_t bit = std::uint64_t{1} << s;
    if (columns & bit) {
      d[static_cast<std::size_t>(s)] += v;
    } else {
      d[static_cast<std::size_t>(s)] = v;
      columns |= bit;
    }
  }
  const Eigen::Vector3d& column(int s) const { return d[static_cast<std::size_t>(s)]; }
};

// A marker argument of a call as its derivatives need it.
struct CallMarker {
  const Marker* marker = nullptr;  // null: the ground origin (an omitted or 0 argument)
  const PartState* part = nullptr;
  const PartRotation* rotation = nullptr;
  int base = -1;                                        // column of its part's first state; -1 on ground
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();     // rho = R·qp, zero on ground

  bool moves() const { return base >= 0; }
  // rho turns with the part (a marker off its part's origin).
  bool turns() const { return moves() && !marker->at_part_origin; }
  Eigen::Vector3d axis(int a) const { return rotation->axis(a); }
};

// A row-major Hessian of `width` columns, added to symmetrically.
struct SymmetricHessian {
  double* h;
  int width;

  // H_ab and H_ba (once on the diagonal).
  void add(int a, int b, double v) {
    h[a * width + b] += v;
    if (a != b) h[b * width + a] += v;
  }
  // H_ab and H_ba (twice on the diagonal): a term of C + Cᵀ.
  void add_both(int a, int b, double v) {
    h[a * width + b] += v;
    h[b * width + a] += v;
  }
};

// grad += sign · g · d(origin)/d(states): position, and the angles turning rho
// (g · axis_a × rho = axis_a · (rho × g)).
inline void add_origin_gradient(double* grad, double sign, const Eigen::Vector3d& g, const CallMarker& m) {
  if (!m.moves()) return;
  for (int k = 0; k < 3; ++k) grad[m.base + kPosition + k] += sign * g[k];
  if (!m.turns()) return;
  const Eigen::Vector3d t = m.offset.cross(g);
  for (int a = 0; a < 3; ++a) grad[m.base + kEuler + a] += sign * m.axis(a).dot(t);
}

// grad += sign · g · d(velocity)/d(states) of v = velocity + omega × rho: g · e_k × rho =
// (rho × g)_k for omega, and g · omega × (axis_a × rho) = axis_a · (rho × (g × omega)).
inline void add_velocity_gradient(double* grad, double sign, const Eigen::Vector3d& g, const CallMarker& m) {
  if (!m.moves()) return;
  for (int k = 0; k < 3; ++k) grad[m.base + kVelocity + k] += sign * g[k];
  if (!m.turns()) return;
  const Eigen::Vector3d t = m.offset.cross(g), tw = m.offset.cross(g.cross(m.part->omega));
  for (int k = 0; k < 3; ++k) grad[m.base + kOmega + k] += sign * t[k];
  for (int a = 0; a < 3; ++a) grad[m.base + kEuler + a] += sign * m.axis(a).dot(tw);
}

// grad += g · d(axis)/d(states) of a marker axis u: g · axis_a × u = axis_a · (u × g).
inline void add_axis_gradient(double* grad, const Eigen::Vector3d& g, const CallMarker& m, const Eigen::Vector3d& u) {
  if (!m.moves()) return;
  const Eigen::Vector3d t = u.cross(g);
  for (int a = 0; a < 3; ++a) grad[m.base + kEuler + a] += m.axis(a).dot(t);
}

// d(origin)/d(states), times sign: the part's position, and its Euler angles turning rho.
inline void add_origin_derivatives(VectorJet& jet, double sign, const CallMarker& m) {
  if (!m.moves()) return;
  for (int k = 0; k < 3; ++k) jet.add(m.base + kPosition + k, sign * Eigen::Vector3d::Unit(k));
  if (!m.turns()) return;
  for (int a = 0; a < 3; ++a) jet.add(m.base + kEuler + a, sign * m.axis(a).cross(m.offset));
}

// d(velocity)/d(states), times sign, of v = velocity + omega × rho.
inline void add_velocity_derivatives(VectorJet& jet, double sign, const CallMarker& m) {
  if (!m.moves()) return;
  for (int k = 0; k < 3; ++k) jet.add(m.base + kVelocity + k, sign * Eigen::Vector3d::Unit(k));
  if (!m.turns()) return;
  const Eigen::Vector3d& omega = m.part->omega;
  for (int a = 0; a < 3; ++a) jet.add(m.base + kEuler + a, sign * omega.cross(m.axis(a).cross(m.offset)));
  for (int k = 0; k < 3; ++k) jet.add(m.base + kOmega + k, sign * Eigen::Vector3d::Unit(k).cross(m.offset));
}

// d(axis)/d(states) of a marker axis u (fixed in the part, u = R·o).
inline void add_axis_derivatives(VectorJet& jet, const CallMarker& m, const Eigen::Vector3d& u) {
  if (!m.moves()) return;
  for (int a = 0; a < 3; ++a) jet.add(m.base + kEuler + a, m.axis(a).cross(u));
}

// sign · c · d²(R q)/d angle_a d angle_b for a vector rq = R·q of the marker's part.
inline void add_turn_second(SymmetricHessian& h, double sign, const Eigen::Vector3d& c, const CallMarker& m,
                            const Eigen::Vector3d& rq) {
  std::array<Eigen::Vector3d, 3> turned;  // axis_b × rq
  for (int b = 0; b < 3; ++b) turned[static_cast<std::size_t>(b)] = m.axis(b).cross(rq);
  for (int a = 0; a < 3; ++a)
    for (int b = a; b < 3; ++b)
      h.add(m.base + kEuler + a, m.base + kEuler + b, sign * c.dot(m.axis(a).cross(turned[static_cast<std::size_t>(b)])));
}

// sign · c · d²(origin)/d states²: only the Euler angles, through rho.
inline void add_origin_second(SymmetricHessian& h, double sign, const Eigen::Vector3d& c, const CallMarker& m) {
  if (m.turns()) add_turn_second(h, sign, c, m, m.offset);
}

// sign · c · d²(velocity)/d states² of v = velocity + omega × rho: angle-angle through rho
// (c · omega × x = (c × omega) · x) and angle-omega (c · e_k × (axis_a × rho)).
inline void add_velocity_second(SymmetricHessian& h, double sign, const Eigen::Vector3d& c, const CallMarker& m) {
  if (!m.turns()) return;
  add_turn_second(h, sign, c.cross(m.part->omega), m, m.offset);
  for (int a = 0; a < 3; ++a) {
    const Eigen::Vector3d t = m.axis(a).cross(m.offset).cross(c);
    for (int k = 0; k < 3; ++k) h.add(m.base + kEuler + a, m.base + kOmega + k, sign * t[k]);
  }
}

// c · d²(axis)/d states² of a marker axis u.
inline void add_axis_second(SymmetricHessian& h, const Eigen::Vector3d& c, const CallMarker& m, const Eigen::Vector3d& u) {
  if (m.moves()) add_turn_second(h, 1.0, c, m, u);
}

// H += Jᵀ F J for a symmetric F.
inline void add_quadratic(SymmetricHessian& h, const VectorJet& j, const Eigen::Matrix3d& f) {
  const ColumnList columns(j.columns);
  std::array<Eigen::Vector3d, kMaxCallStates> fj;
  for (int n = 0; n < columns.count; ++n) fj[static_cast<std::size_t>(n)] = f * j.column(columns[n]);
  for (int n = 0; n < columns.count; ++n)
    for (int m = 0; m <= n; ++m) h.add(columns[n], columns[m], j.column(columns[n]).dot(fj[static_cast<std::size_t>(m)]));
}

// H += C + Cᵀ with C = J1ᵀ M J2, the part of a Hessian that couples two input vectors.
inline void add_coupling(SymmetricHessian& h, const VectorJet& j1, const Eigen::Matrix3d& m, const VectorJet& j2) {
  const ColumnList columns1(j1.columns), columns2(j2.columns);
  std::array<Eigen::Vector3d, kMaxCallStates> m_j2;
  for (int n = 0; n < columns2.count; ++n) m_j2[static_cast<std::size_t>(n)] = m * j2.column(columns2[n]);
  for (int n = 0; n < columns1.count; ++n)
    for (int k = 0; k < columns2.count; ++k)
      h.add_both(columns1[n], columns2[k], j1.column(columns1[n]).dot(m_j2[static_cast<std::size_t>(k)]));
}

// The same for M = I.
inline void add_coupling(SymmetricHessian& h, const VectorJet& j1, const VectorJet& j2) {
  const ColumnList columns1(j1.columns), columns2(j2.columns);
  for (int n = 0; n < columns1.count; ++n)
    for (int k = 0; k < columns2.count; ++k)
      h.add_both(columns1[n], columns2[k], j1.column(columns1[n]).dot(j2.column(columns2[k])));
}

}  // namespace fexpr::kinematics::detail
