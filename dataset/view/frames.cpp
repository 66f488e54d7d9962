// The rotation sequences are those of `defaults units orientation_type`
// (adams.thisaray.com/adams_view_cmd/def_uni.html): body-fixed turns are about the axes as they
// have turned (R = R_a1·R_a2·R_a3), space-fixed ones about the reference's axes, so the last
// turn is applied first in the product (R = R_a3·R_a2·R_a1). body313 is REULER=: the Adams
// Solver MARKER statement turns about z, then the new x, then the new z.
#include "dataset/view/frames.hpp"

#include "kinematics/rotation.hpp"
#include "support/text.hpp"

#include <Eigen/Geometry>

#include <cmath>

namespace fexpr::dataset::view {
namespace {

Eigen::Matrix3d elementary(int axis, double angle) {
  return Eigen::AngleAxisd(angle, Eigen::Vector3d::Unit(axis)).toRotationMatrix();
}

// Below this a direction, or the part of one square to another, counts as zero: the inputs
// are coordinates of a model, whose sizes are far above it.
constexpr double kTiny = 1e-12;

}  // namespace

std::optional<Sequence> sequence(std::string_view orientation_type) {
  const std::string name = text::lower(orientation_type);
  const bool body = name.starts_with("body");
  if (!body && !name.starts_with("space")) return std::nullopt;
  const std::string_view digits = std::string_view(name).substr(body ? 4 : 5);
  if (digits.size() != 3) return std::nullopt;
  Sequence s{{0, 0, 0}, body};
  for (int i = 0; i < 3; ++i) {
    if (digits[i] < '1' || digits[i] > '3') return std::nullopt;
    s.axes[i] = digits[i] - '1';
  }
  // Two turns in a row about one axis are one turn: not a sequence.
  if (s.axes[0] == s.axes[1] || s.axes[1] == s.axes[2]) return std::nullopt;
  return s;
}

Eigen::Matrix3d rotation(const Sequence& sequence, const Eigen::Vector3d& angles) {
  // Body 3-1-3 through the kinematics' own formula, so that a marker placed here and one read
  // from REULER= have the same bits.
  if (sequence.body && sequence.axes[0] == 2 && sequence.axes[1] == 0 && sequence.axes[2] == 2) {
    return kinematics::rotation_313(angles[0], angles[1], angles[2]);
  }
  const Eigen::Matrix3d r1 = elementary(sequence.axes[0], angles[0]);
  const Eigen::Matrix3d r2 = elementary(sequence.axes[1], angles[1]);
  const Eigen::Matrix3d r3 = elementary(sequence.axes[2], angles[2]);
  return sequence.body ? Eigen::Matrix3d(r1 * r2 * r3) : Eigen::Matrix3d(r3 * r2 * r1);
}

Eigen::Vector3d body313(const Eigen::Matrix3d& r) {
  // rotation_313 has r(0,2) = sin psi sin theta, r(1,2) = -cos psi sin theta, r(2,0) =
  // sin theta sin phi, r(2,1) = sin theta cos phi; theta from both its sine and cosine keeps
  // its precision near 0 and pi, where the cosine alone loses half the digits.
  const double s2 = std::hypot(r(0, 2), r(1, 2));
  const double theta = std::atan2(s2, r(2, 2));
  if (s2 < kTiny) {
    // psi and phi turn about one line: psi takes the whole turn. With theta 0, r is Rz(psi);
    // with theta pi, r = Rz(psi)·Rx(pi), whose first column is (cos psi, sin psi, 0) as well.
    return {std::atan2(r(1, 0), r(0, 0)), theta, 0.0};
  }
  return {std::atan2(r(0, 2), -r(1, 2)), theta, std::atan2(r(2, 0), r(2, 1))};
}

std::optional<Eigen::Matrix3d> two_axes(int first, const Eigen::Vector3d& along, int second,
                                        const Eigen::Vector3d& toward) {
  if (first == second || along.norm() < kTiny) return std::nullopt;
  const Eigen::Vector3d u = along.normalized();
  const Eigen::Vector3d square = toward - toward.dot(u) * u;
  if (square.norm() < kTiny * std::max(1.0, toward.norm())) return std::nullopt;
  const Eigen::Vector3d v = square.normalized();
  const int third = 3 - first - second;
  Eigen::Matrix3d axes;
  axes.col(first) = u;
  axes.col(second) = v;
  // x × y = z, y × z = x, z × x = y: the third follows the two in cyclic order.
  axes.col(third) = (second - first + 3) % 3 == 1 ? u.cross(v) : v.cross(u);
  return axes;
}

std::optional<Eigen::Matrix3d> one_axis(int axis, const Eigen::Vector3d& direction) {
  if (direction.norm() < kTiny) return std::nullopt;
  // The axis kept near its own, then the one kept when that is parallel to the direction.
  static constexpr int kKept[3][2] = {{1, 2}, {2, 0}, {1, 0}};
  for (const int kept : kKept[axis]) {
    if (auto axes = two_axes(axis, direction, kept, Eigen::Vector3d::Unit(kept))) return axes;
  }
  return std::nullopt;
}

std::optional<Eigen::Matrix3d> along_axis(const Eigen::Vector3d& origin, const Eigen::Vector3d& point) {
  return one_axis(2, point - origin);
}

std::optional<Eigen::Matrix3d> in_plane(const Eigen::Vector3d& origin, const Eigen::Vector3d& z_point,
                                        const Eigen::Vector3d& x_point) {
  return two_axes(2, z_point - origin, 0, x_point - origin);
}

}  // namespace fexpr::dataset::view
