// The rigid-body model that kinematic measures read: ground, parts and the markers fixed to them,
// plus the state (pose and motion of every part) they are evaluated at.
#pragma once

#include "kinematics/rotation.hpp"

#include <Eigen/Core>

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fexpr::kinematics {

// Where a part is and how it moves, all in ground. Orientation is body-fixed 3-1-3 Euler angles
// (R = Rz(psi)·Rx(theta)·Rz(phi)); omega is the angular velocity in ground coordinates, an
// independent state (not derived from Euler angle rates). Accelerations default to zero.
struct PartState {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  Eigen::Vector3d euler = Eigen::Vector3d::Zero();
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();
  Eigen::Vector3d acceleration = Eigen::Vector3d::Zero();
  Eigen::Vector3d alpha = Eigen::Vector3d::Zero();
};

// The 12 differentiable states of a part, in this order:
// x y z (position), psi theta phi (euler), vx vy vz (velocity), wx wy wz (omega).
// Gradients and Hessians are laid out in this order, part by part.
inline constexpr int kStatesPerPart = 12;
std::string_view state_name(int k);
double state_value(const PartState& state, int k);
double& state_value(PartState& state, int k);

// A part as the dataset declares it: design pose (PART/id, QG=, REULER=) and initial motion.
struct Part {
  long id = 0;
  Eigen::Vector3d qg = Eigen::Vector3d::Zero();
  Eigen::Vector3d reuler = Eigen::Vector3d::Zero();
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();
  Eigen::Vector3d omega = Eigen::Vector3d::Zero();
  Eigen::Vector3d acceleration = Eigen::Vector3d::Zero();
  Eigen::Vector3d alpha = Eigen::Vector3d::Zero();
};

// A frame fixed to a part: origin qp and axes (columns of orientation), both in the part frame.
struct Marker {
  long id = 0;
  int part = 0;  // index into Model::parts()
  Eigen::Vector3d qp = Eigen::Vector3d::Zero();
  Eigen::Matrix3d orientation = Eigen::Matrix3d::Identity();
  // Set by Model::add_marker, so that measures skip the rotation of what is zero or unturned
  // (a CM marker has both): qp is zero; orientation is the identity.
  bool at_part_origin = false;
  bool along_part_axes = false;
};

// Marker axes from REULER=psi,theta,phi (body 3-1-3 relative to the part frame, radians).
Eigen::Matrix3d orientation_from_reuler(double psi, double theta, double phi);
// Marker axes from ZP=/XP= (points in the part frame): z towards zp, x in the half plane of xp.
// Throws std::invalid_argument when zp coincides with qp or xp lies on the z axis.
Eigen::Matrix3d orientation_from_zp_xp(const Eigen::Vector3d& qp, const Eigen::Vector3d& zp,
                                       const Eigen::Vector3d& xp);

class Model {
 public:
  Model();  // holds ground: part index 0, id 0

  // Errors throw std::invalid_argument with a message naming the offending id.
  int add_part(long id, const PartState& initial);
  int add_marker(long id, long part_id, Eigen::Vector3d qp, Eigen::Matrix3d orientation);
  // Datasets may give ground any id (PART/1, GROUND); markers then name it by that id.
  void set_ground_id(long id);

  int find_part(long id) const;    // -1 if none
  int find_marker(long id) const;  // -1 if none
  std::vector<long> markers_on_part(int part_index) const;  // ascending ids

  const std::vector<Part>& parts() const { return parts_; }
  const std::vector<Marker>& markers() const { return markers_; }

 private:
  std::vector<Part> parts_;
  std::vector<Marker> markers_;
  std::unordered_map<long, int> part_index_;
  std::unordered_map<long, int> marker_index_;
};

// How derivatives name a state: "PART/2.psi" for state k of the part at part_index.
std::string state_label(const Model& model, int part_index, int k);

// One PartState per model part, indexed like Model::parts(), with each part's rotation, derived
// when its state is set: every measure of every expression evaluated at this state reads it, none
// recomputes it. Evaluation only reads a State, so threads may share one that none is setting.
// Ground's entry is never read: ground is the fixed reference frame whatever is stored there.
class State {
 public:
  explicit State(const Model& model);  // initial states from the model

  const PartState& part(int index) const { return parts_[static_cast<std::size_t>(index)]; }
  const PartRotation& rotation(int index) const { return rotations_[static_cast<std::size_t>(index)]; }
  int size() const { return static_cast<int>(parts_.size()); }
  // False once parts were added to the model after this state was made: reading it then would
  // run past its parts.
  bool made_for(const Model& model) const { return parts_.size() == model.parts().size(); }

  void set_part(int index, const PartState& state);
  // State k of the part, in the order of state_value.
  void set_value(int index, int k, double value);

 private:
  std::vector<PartState> parts_;
  std::vector<PartRotation> rotations_;
};

}  // namespace fexpr::kinematics
