// A ROTATIONAL SPRINGDAMPER, and a ROTATIONAL SFORCE that is not ACTIONONLY, apply a torque about
// the J marker's z axis to I and its opposite to J. Adams requires the z axes of I and J to be
// parallel and to point the same way (the SFORCE and SPRINGDAMPER statements' pages): with them
// apart, the torque acts about an axis the I marker does not turn about, and the angle a
// SPRINGDAMPER measures (AZ) is not the turn between them.
#pragma once

#include "dataset/statement.hpp"
#include "kinematics/model.hpp"

#include <fexpr/diagnostic.hpp>

#include <optional>

namespace fexpr::dataset {

// A warning at I= when s is such an element whose markers' z axes, at the state (the dataset's
// initial one, before assembly), are further apart than the rounding of written orientations.
std::optional<Diagnostic> check_z_axes(const Statement& s, const kinematics::Model& model, const kinematics::State& state);

}  // namespace fexpr::dataset
