// A marker's origin, origin velocity and axes in ground, in doubles, at a State: what the general
// value path and the closed-form measures start from, written once so that both give the same
// bits. A marker at its part's origin costs no rotation for its origin and velocity, one along
// its part's axes none for its axes; a marker on ground reads no part state at all.
#pragma once

#include "kinematics/model.hpp"

#include <Eigen/Geometry>

namespace fexpr::kinematics::detail {

// The marker's origin relative to its part's origin, in ground (rho = R·qp). Not for ground markers.
inline Eigen::Vector3d marker_offset(const Marker& marker, const PartRotation& rotation) {
  if (marker.at_part_origin) return Eigen::Vector3d::Zero();
  return rotation.matrix * marker.qp;
}

inline Eigen::Vector3d marker_origin(const Marker& marker, const PartState& part, const Eigen::Vector3d& offset) {
  if (marker.part == 0) return marker.qp;
  if (marker.at_part_origin) return part.position;
  return part.position + offset;
}

inline Eigen::Vector3d marker_velocity(const Marker& marker, const PartState& part, const Eigen::Vector3d& offset) {
  if (marker.part == 0) return Eigen::Vector3d::Zero();
  if (marker.at_part_origin) return part.velocity;
  return part.velocity + part.omega.cross(offset);
}

// Axis c (0 x, 1 y, 2 z) of the marker in ground.
inline Eigen::Vector3d marker_axis(const Marker& marker, const PartRotation& rotation, int c) {
  if (marker.part == 0) return marker.orientation.col(c);
  if (marker.along_part_axes) return rotation.matrix.col(c);
  return rotation.matrix * Eigen::Vector3d(marker.orientation.col(c));
}

inline Eigen::Matrix3d marker_axes(const Marker& marker, const PartRotation& rotation) {
  Eigen::Matrix3d axes;
  for (int c = 0; c < 3; ++c) axes.col(c) = marker_axis(marker, rotation, c);
  return axes;
}

}  // namespace fexpr::kinematics::detail
