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

// R = Rz(psi)·Rx(theta)·Rz(phi): columns are the rotated frame's axes in the reference frame.
template <class T>
Mat3<T> rotation_313(const T& psi, const T& theta, const T& phi) {
  using std::cos;
  using std::sin;
  const T c1 = cos(psi), s1 = sin(psi), c2 = cos(theta), s2 = sin(theta), c3 = cos(phi), s3 = sin(phi);
  Mat3<T> r;
  r << c1 * c3 - s1 * c2 * s3, -c1 * s3 - s1 * c2 * c3, s1 * s2,
       s1 * c3 + c1 * c2 * s3, -s1 * s3 + c1 * c2 * c3, -c1 * s2,
       s2 * s3, s2 * c3, c2;
  return r;
}

}  // namespace fexpr::kinematics
