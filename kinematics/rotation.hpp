// Rotation matrices from body-fixed 3-1-3 Euler angles, on any scalar (double or a dual number),
// so that part orientations are differentiated with everything else.
#pragma once

#include <Eigen/Core>

#include <cmath>

namespace fexpr::kinematics {

template <class T>
using Vec3 = Eigen::Matrix<T, 3, 1>;
template <class T>
using Mat3 = Eigen::Matrix<T, 3, 3>;

// R = Rz(psi)·Rx(theta)·Rz(phi) from the cosines and sines of psi (c1, s1), theta (c2, s2) and
// phi (c3, s3). One formula for rotation_313 and PartRotation, so that both give the same bits.
template <class T>
Mat3<T> rotation_313_from(const T& c1, const T& s1, const T& c2, const T& s2, const T& c3, const T& s3) {
  Mat3<T> r;
  r << c1 * c3 - s1 * c2 * s3, -c1 * s3 - s1 * c2 * c3, s1 * s2,
       s1 * c3 + c1 * c2 * s3, -s1 * s3 + c1 * c2 * c3, -c1 * s2,
       s2 * s3, s2 * c3, c2;
  return r;
}

// R = Rz(psi)·Rx(theta)·Rz(phi): columns are the rotated frame's axes in the reference frame.
template <class T>
Mat3<T> rotation_313(const T& psi, const T& theta, const T& phi) {
  using std::cos;
  using std::sin;
  return rotation_313_from<T>(cos(psi), sin(psi), cos(theta), sin(theta), cos(phi), sin(phi));
}

// A part's rotation and the lines its three Euler angles turn about, in ground: psi about z,
// theta about the line of nodes Rz(psi)·x, phi about the part's own z axis R·z. A vector q fixed
// in the part turns as R·q; its derivative along angle a is axis_a × R·q and its second
// derivative along angles a <= b is axis_a × (axis_b × R·q), which is how the measures'
// closed-form derivatives use it.
struct PartRotation {
  Eigen::Matrix3d matrix = Eigen::Matrix3d::Identity();
  Eigen::Vector3d line_of_nodes = Eigen::Vector3d::UnitX();

  PartRotation() = default;
  explicit PartRotation(const Eigen::Vector3d& euler) {
    const double c1 = std::cos(euler[0]), s1 = std::sin(euler[0]);
    matrix = rotation_313_from(c1, s1, std::cos(euler[1]), std::sin(euler[1]), std::cos(euler[2]), std::sin(euler[2]));
    line_of_nodes = {c1, s1, 0.0};
  }

  // The line angle a (0 psi, 1 theta, 2 phi) turns about.
  Eigen::Vector3d axis(int a) const {
    return a == 0 ? Eigen::Vector3d::UnitZ() : a == 1 ? line_of_nodes : Eigen::Vector3d(matrix.col(2));
  }
};

}  // namespace fexpr::kinematics
