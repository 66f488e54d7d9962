#include "kinematics/model.hpp"

#include <Eigen/Geometry>
#include <Eigen/LU>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fexpr::kinematics {

namespace {

constexpr std::array<std::string_view, kStatesPerPart> kStateNames = {
    "x", "y", "z", "psi", "theta", "phi", "vx", "vy", "vz", "wx", "wy", "wz"};

// Orientations come from REULER or ZP/XP through the helpers below, exact to rounding; anything
// further from a rotation than this was typed by hand and is a mistake, not rounding.
constexpr double kRotationTolerance = 1e-9;

// Shared by the const and mutable state_value.
template <class S>
auto& state_vector(S& state, int k) {
  switch (k / 3) {
    case 0: return state.position;
    case 1: return state.euler;
    case 2: return state.velocity;
    case 3: return state.omega;
  }
  throw std::out_of_range("part state " + std::to_string(k) + " does not exist (0 to 11)");
}

}  // namespace

std::string_view state_name(int k) {
  return k >= 0 && k < kStatesPerPart ? kStateNames[static_cast<std::size_t>(k)] : std::string_view{};
}

double& state_value(PartState& state, int k) { return state_vector(state, k)[k % 3]; }

double state_value(const PartState& state, int k) { return state_vector(state, k)[k % 3]; }

std::string state_label(const Model& model, int part_index, int k) {
  return "PART/" + std::to_string(model.parts()[static_cast<std::size_t>(part_index)].id) + "." +
         std::string(state_name(k));
}

Eigen::Matrix3d orientation_from_reuler(double psi, double theta, double phi) {
  return rotation_313(psi, theta, phi);
}

Eigen::Matrix3d orientation_from_zp_xp(const Eigen::Vector3d& qp, const Eigen::Vector3d& zp,
                                       const Eigen::Vector3d& xp) {
  const Eigen::Vector3d to_z = zp - qp;
  if (to_z.norm() == 0.0) throw std::invalid_argument("ZP coincides with QP: the z axis has no direction");
  const Eigen::Vector3d z = to_z.normalized();
  const Eigen::Vector3d to_x = xp - qp;
  const Eigen::Vector3d x_part = to_x - to_x.dot(z) * z;
  // Relative test: XP a hair off the z axis leaves an x direction made of rounding error.
  if (x_part.norm() <= 1e-12 * to_x.norm() || to_x.norm() == 0.0)
    throw std::invalid_argument("XP lies on the marker's z axis: the x axis has no direction");
  const Eigen::Vector3d x = x_part.normalized();
  Eigen::Matrix3d r;
  r << x, z.cross(x), z;
  return r;
}

Model::Model() {
  parts_.push_back(Part{});
  part_index_.emplace(0, 0);
}

int Model::add_part(long id, const PartState& initial) {
  if (find_part(id) == 0) throw std::invalid_argument("part " + std::to_string(id) + " is ground, already defined");
  if (find_part(id) >= 0) throw std::invalid_argument("part " + std::to_string(id) + " is already defined");
  if (id <= 0) throw std::invalid_argument("part ids are positive integers, not " + std::to_string(id));
  const int index = static_cast<int>(parts_.size());
  parts_.push_back(Part{id, initial.position, initial.euler, initial.velocity, initial.omega,
                        initial.acceleration, initial.alpha});
  part_index_.emplace(id, index);
  return index;
}

int Model::add_marker(long id, long part_id, Eigen::Vector3d qp, Eigen::Matrix3d orientation) {
  const std::string name = "marker " + std::to_string(id);
  // Datasets write positive ids; negative ones are left to helper markers a loader adds.
  if (id == 0) throw std::invalid_argument("marker id 0 is the ground origin, not a marker");
  if (find_marker(id) >= 0) throw std::invalid_argument(name + " is already defined");
  const int part = find_part(part_id);
  if (part < 0) throw std::invalid_argument(name + " is on part " + std::to_string(part_id) + ", which is not defined");
  const double off_orthonormal = (orientation.transpose() * orientation - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
  if (!(off_orthonormal <= kRotationTolerance) || orientation.determinant() < 0.0)
    throw std::invalid_argument(name + ": orientation is not a rotation (orthonormal columns, right-handed)");
  const int index = static_cast<int>(markers_.size());
  markers_.push_back(Marker{id, part, qp, orientation, qp.isZero(0.0), orientation == Eigen::Matrix3d::Identity()});
  marker_index_.emplace(id, index);
  return index;
}

void Model::set_ground_id(long id) {
  if (id == parts_[0].id) return;
  if (find_part(id) >= 0) throw std::invalid_argument("part " + std::to_string(id) + " is already defined");
  part_index_.erase(parts_[0].id);
  parts_[0].id = id;
  part_index_.emplace(id, 0);
}

int Model::find_part(long id) const {
  auto it = part_index_.find(id);
  return it == part_index_.end() ? -1 : it->second;
}

int Model::find_marker(long id) const {
  auto it = marker_index_.find(id);
  return it == marker_index_.end() ? -1 : it->second;
}

std::vector<long> Model::markers_on_part(int part_index) const {
  std::vector<long> ids;
  for (const Marker& m : markers_)
    if (m.part == part_index) ids.push_back(m.id);
  std::sort(ids.begin(), ids.end());
  return ids;
}

State::State(const Model& model) {
  parts_.reserve(model.parts().size());
  rotations_.reserve(model.parts().size());
  for (const Part& p : model.parts()) {
    parts_.push_back(PartState{p.qg, p.reuler, p.velocity, p.omega, p.acceleration, p.alpha});
    rotations_.emplace_back(p.reuler);
  }
}

namespace {

// Writes a rotation in the pieces the measures read it in: each column's x, y as one 16-byte
// store and its z as one 8-byte store. A load the processor can forward from one store is served
// at once; the measures' 16-byte load of a column that straddled two of the compiler's stores
// waited for both to reach the cache, which cost a measure evaluated right after a new state
// about as much as the measure itself.
void store_by_columns(const PartRotation& from, PartRotation& to) {
  for (int c = 0; c < 3; ++c) {
    std::memcpy(&to.matrix(0, c), &from.matrix(0, c), 2 * sizeof(double));
    to.matrix(2, c) = from.matrix(2, c);
  }
  to.line_of_nodes = from.line_of_nodes;
}

}  // namespace

void State::set_part(int index, const PartState& state) {
  parts_[static_cast<std::size_t>(index)] = state;
  store_by_columns(PartRotation(state.euler), rotations_[static_cast<std::size_t>(index)]);
}

void State::set_value(int index, int k, double value) {
  PartState& part = parts_[static_cast<std::size_t>(index)];
  state_value(part, k) = value;
  if (k / 3 == 1) rotations_[static_cast<std::size_t>(index)] = PartRotation(part.euler);
}

}  // namespace fexpr::kinematics
