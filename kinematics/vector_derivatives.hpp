// First and second derivatives, in closed form, of the vectors the translational measures are
// made of: a marker's origin, its velocity, one of its axes, with respect to the states of the
// parts a measure call reads. They follow from PartRotation: a vector q fixed in a part turns as
// rho = R·q, d rho/d angle_a = axis_a × rho and d² rho/d angle_a d angle_b = axis_a × (axis_b ×
// rho) for a <= b. Private to the kinematics layer (measure_closed_form.cpp).
//
// Columns: state k of call.parts[p] is column 12 p + k, the layout of the gradient a measure
// returns; states come in groups of three (position, Euler angles, velocity, angular velocity),
// group g holding columns 3 g ... 3 g + 2. A gradient is g · d(vector) for the measure's
// derivative g with respect to the vector, added straight into the gradient (add_*_gradient). A
// Hessian needs the vectors' Jacobians (VectorJet, a 3×3 block per group) for its J^T F J terms;
// every term is added to entries (a, b) and (b, a) alike, so that it comes out exactly symmetric.
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
inline constexpr int kMaxGroups = 4 * kStatesPerPart / 3;

// Calls f(g) for each group g in the bit set `groups`, lowest first.
template <class F>
void for_each_group(std::uint32_t groups, const F& f) {
  for (; groups != 0; groups &= groups - 1) f(std::countr_zero(groups));
}

// [v]×: the matrix of v × ·.
inline Eigen::Matrix3d cross_matrix(const Eigen::Vector3d& v) {
  Eigen::Matrix3d m;
  m << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return m;
}

// A vector and its derivatives with respect to the call's states: block[g] is d(vector)/d(group
// g's three states) for the groups in `groups`; the others are zero (and left unwritten).
struct VectorJet {
  Eigen::Vector3d value;
  std::array<Eigen::Matrix3d, kMaxGroups> block;
  std::uint32_t groups = 0;

  explicit VectorJet(const Eigen::Vector3d& v) : value(v) {}
  void add(int g, const Eigen::Matrix3d& b) {
    const std::uint32_t bit = std::uint32_t{1} << g;
    if (groups & bit) {
      block[static_cast<std::size_t>(g)] += b;
    } else {
      block[static_cast<std::size_t>(g)] = b;
      groups |= bit;
    }
  }
  const Eigen::Matrix3d& of(int g) const { return block[static_cast<std::size_t>(g)]; }
};

// A marker argument of a call as its derivatives need it.
struct CallMarker {
  const Marker* marker = nullptr;  // null: the ground origin (an omitted or 0 argument)
  const PartState* part = nullptr;
  const PartRotation* rotation = nullptr;
  int base = -1;                                        // column of its part's first state; -1 on ground
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();     // rho = R·qp, zero on ground

  bool moves() const { return base >= 0; }
  // The group of the part's position (kPosition) ... angular velocity (kOmega).
  int group(int first_state) const { return (base + first_state) / 3; }
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
  // Block (g, k) += m and block (k, g) += mᵀ; m symmetric when g = k.
  void add_block(int g, int k, const Eigen::Matrix3d& m) {
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) h[(3 * g + a) * width + 3 * k + b] += m(a, b);
    if (g == k) return;
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) h[(3 * k + b) * width + 3 * g + a] += m(a, b);
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

// The columns axis_a × v, a = 0, 1, 2: d v/d(angles) of a vector v turning with the part.
inline Eigen::Matrix3d turned(const CallMarker& m, const Eigen::Vector3d& v) {
  Eigen::Matrix3d t;
  for (int a = 0; a < 3; ++a) t.col(a) = m.axis(a).cross(v);
  return t;
}

// d(origin)/d(states), times sign: the part's position, and its Euler angles turning rho.
inline void add_origin_derivatives(VectorJet& jet, double sign, const CallMarker& m) {
  if (!m.moves()) return;
  jet.add(m.group(kPosition), sign * Eigen::Matrix3d::Identity());
  if (m.turns()) jet.add(m.group(kEuler), sign * turned(m, m.offset));
}

// d(velocity)/d(states), times sign, of v = velocity + omega × rho: omega × d rho/d angle for
// the angles, e_k × rho = -[rho]× e_k for omega.
inline void add_velocity_derivatives(VectorJet& jet, double sign, const CallMarker& m) {
  if (!m.moves()) return;
  jet.add(m.group(kVelocity), sign * Eigen::Matrix3d::Identity());
  if (!m.turns()) return;
  jet.add(m.group(kEuler), sign * cross_matrix(m.part->omega) * turned(m, m.offset));
  jet.add(m.group(kOmega), -sign * cross_matrix(m.offset));
}

// d(axis)/d(states) of a marker axis u (fixed in the part, u = R·o).
inline void add_axis_derivatives(VectorJet& jet, const CallMarker& m, const Eigen::Vector3d& u) {
  if (m.moves()) jet.add(m.group(kEuler), turned(m, u));
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

// H += Jᵀ F J for a symmetric F: block (g, k) = B_gᵀ F B_k; a diagonal block is made exactly
// symmetric.
inline void add_quadratic(SymmetricHessian& h, const VectorJet& j, const Eigen::Matrix3d& f) {
  std::array<Eigen::Matrix3d, kMaxGroups> fj;
  for_each_group(j.groups, [&](int k) { fj[static_cast<std::size_t>(k)] = f * j.of(k); });
  for_each_group(j.groups, [&](int g) {
    for_each_group(j.groups & ((std::uint32_t{2} << g) - 1), [&](int k) {
      const Eigen::Matrix3d q = j.of(g).transpose() * fj[static_cast<std::size_t>(k)];
      h.add_block(g, k, g == k ? Eigen::Matrix3d(0.5 * (q + q.transpose())) : q);
    });
  });
}

// H += C + Cᵀ with C = J1ᵀ M J2, the part of a Hessian that couples two input vectors.
inline void add_coupling(SymmetricHessian& h, const VectorJet& j1, const Eigen::Matrix3d& m, const VectorJet& j2) {
  std::array<Eigen::Matrix3d, kMaxGroups> m_j2;
  for_each_group(j2.groups, [&](int k) { m_j2[static_cast<std::size_t>(k)] = m * j2.of(k); });
  for_each_group(j1.groups, [&](int g) {
    for_each_group(j2.groups, [&](int k) {
      const Eigen::Matrix3d c = j1.of(g).transpose() * m_j2[static_cast<std::size_t>(k)];
      h.add_block(g, k, g == k ? Eigen::Matrix3d(c + c.transpose()) : c);
    });
  });
}

}  // namespace fexpr::kinematics::detail
