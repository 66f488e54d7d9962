// Orientations as Adams View writes them: three angles in the sequence `defaults units
// orientation_type` sets (body313, the default, ... space123), an axis to point along
// (along_axis_orientation), or a plane (in_plane_orientation); and the 3-1-3 body angles that
// the dataset's REULER= and the design functions' results are.
#pragma once

#include <Eigen/Core>

#include <optional>
#include <string>
#include <string_view>

namespace fexpr::dataset::view {

// A coordinate system in ground: its origin and its axes as the columns of a rotation.
struct Frame {
  Eigen::Vector3d origin = Eigen::Vector3d::Zero();
  Eigen::Matrix3d axes = Eigen::Matrix3d::Identity();

  // Where a point given in this frame's coordinates is in ground, and back.
  Eigen::Vector3d to_ground(const Eigen::Vector3d& local) const { return origin + axes * local; }
  Eigen::Vector3d from_ground(const Eigen::Vector3d& global) const { return axes.transpose() * (global - origin); }
  // The frame `local` (given in this frame's coordinates) in ground.
  Frame compose(const Frame& local) const { return {to_ground(local.origin), axes * local.axes}; }
  // This frame in the coordinates of `reference`.
  Frame relative_to(const Frame& reference) const {
    return {reference.from_ground(origin), reference.axes.transpose() * axes};
  }
};

// The rotation sequence of orientation angles: "body313" (Adams View's default), "body123",
// ..., "space321": body-fixed sequences turn about the new axes, space-fixed ones about the
// reference's. Empty for a name that is none of the 24.
struct Sequence {
  int axes[3];  // 0 x, 1 y, 2 z
  bool body;
};
std::optional<Sequence> sequence(std::string_view orientation_type);

// The axes that angles (radians) in the sequence give.
Eigen::Matrix3d rotation(const Sequence& sequence, const Eigen::Vector3d& angles);
// Body 3-1-3 angles (psi, theta, phi in radians) of a rotation, as REULER= takes them; where
// theta is 0 or pi, psi takes the whole turn about z and phi is 0.
Eigen::Vector3d body313(const Eigen::Matrix3d& axes);

// One axis (0 x, 1 y, 2 z) along a direction given in some frame, the other two chosen as Adams
// View chooses them for ALONG_AXIS_ORIENTATION, ORI_ALONG_AXIS and ORI_ONE_AXIS: the y axis stays
// as near that frame's y as it can (the x axis, or the z axis, is square to the direction and
// to the frame's y); when the y axis is the one directed, the z axis stays near the frame's z.
// Where the axis kept near its own is parallel to the direction, the next one is kept instead:
// x for a directed z or y, z for a directed x. The rule is read from the exports: Adams View
// writes a marker's evaluated orientation at `marker create` and the ORI_ALONG_AXIS expression
// later, and the rule gives all 63 of the corpus's to 1e-6 (x, z, and z along -y for the
// fallback), as well as the documented examples of ORI_ALONG_AXIS (y) and ORI_ONE_AXIS (x along
// -x gives 180, 180, 0). The fallbacks for a directed x or y are not seen in any file. Empty for
// a zero direction.
std::optional<Eigen::Matrix3d> one_axis(int axis, const Eigen::Vector3d& direction);
// Two axes: `first` along `along`, `second` square to it in the plane of `along` and `toward`,
// on toward's side; the third completes a right-handed frame (ORI_IN_PLANE, ORI_ALL_AXES and
// IN_PLANE_ORIENTATION; the corpus's 11 ORI_IN_PLANE exports agree). Empty when the two are
// parallel or either is zero.
std::optional<Eigen::Matrix3d> two_axes(int first, const Eigen::Vector3d& along, int second,
                                        const Eigen::Vector3d& toward);

// along_axis_orientation = a point (coordinates of the frame the marker is placed in): the z
// axis points from the origin to it, the others by one_axis's rule in that frame. Empty when
// the point is at the origin.
std::optional<Eigen::Matrix3d> along_axis(const Eigen::Vector3d& origin, const Eigen::Vector3d& point);
// in_plane_orientation = two points: z towards the first, x in the plane of the origin and
// both points, towards the second. Empty when the points are on one line.
std::optional<Eigen::Matrix3d> in_plane(const Eigen::Vector3d& origin, const Eigen::Vector3d& z_point,
                                        const Eigen::Vector3d& x_point);

}  // namespace fexpr::dataset::view
