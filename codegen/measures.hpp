// The kinematic measures written out as C in terms of the part states they read, for
// `fexpr codegen FILE.adm --id ...`: each part's rotation from its Euler angles, the markers'
// origins, axes, velocities and accelerations with their constant offsets and orientations
// folded in (a part's acceleration and angular acceleration are not states: the interpreter
// holds them constant at the model's, and so does the code), then
// the measure's formula, all on Duals over the function's lanes (forward differentiation). The
// formulas are those of kinematics/measure_formulas.hpp and marker_values.hpp, in the same
// order of operations; the derivatives are forward differences of them, not the closed forms
// of kinematics/measure_closed_form.cpp, so they agree with the interpreter to rounding.
#pragma once

#include "codegen/writer.hpp"
#include "kinematics/measure.hpp"
#include "kinematics/model.hpp"

#include <span>
#include <string>

namespace fexpr::codegen {

// The measures it writes, every one, for messages: "DX, DY, ..., UVX, UVY, UVZ" (the vector
// functions whose components are the measures UVX.X ... UVZ.Z).
std::string written_measures();

// The measure's value (and gradient, and Hessian, at w's order 1 and 2) over w's lanes. `states` holds the 12
// states of each part of call.parts, in that order: the call's Bindings::Resolved inputs.
// Where the interpreter reports an error (coincident markers for VR, ...), the code fails
// with its message.
Dual write_measure(Writer& w, const kinematics::MeasureCall& call, const kinematics::Model& model,
                   std::span<const Dual> states);

}  // namespace fexpr::codegen
