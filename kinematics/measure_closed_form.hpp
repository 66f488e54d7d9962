// The translational measures DX, DY, DZ, DM, VX, VY, VZ, VM and VR with their gradient and
// Hessian in closed form (vector_derivatives.hpp), the measures a spring, damper or contact force
// reads. The general path (dual numbers over every state, measure_gradient.cpp and
// measure_hessian.cpp) computes the same derivatives and is the tests' reference for these.
// Values are computed with the general value path's own operations (marker_values.hpp, the same
// formulas), so that a value is the same bits at every order.
#pragma once

#include "kinematics/measure.hpp"

#include <fexpr/bindings.hpp>

namespace fexpr::kinematics::detail {

constexpr bool has_closed_form(Measure m) {
  switch (m) {
    case Measure::DX: case Measure::DY: case Measure::DZ: case Measure::DM:
    case Measure::VX: case Measure::VY: case Measure::VZ: case Measure::VM: case Measure::VR:
      return true;
    default:
      return false;
  }
}

// As kinematics::evaluate, for a measure that has_closed_form: order 0, or any order for a call
// that reads no part state.
const char* closed_form_value(const MeasureCall& call, const Model& model, const State& state, double* value);
// A bound call and the model it was bound in: what a direct value function reads.
struct DirectMeasure {
  MeasureCall call;
  const Model* model;
};
// The order-0 value of a DirectMeasure of measure m as one function with the measure fixed, for
// the evaluator to call with no dispatch in between (Bindings::value_function):
// closed_form_value's bits, or NaN where kinematics::evaluate reports an error. nullptr for a
// measure without a closed form.
Bindings::ValueFunction::Function direct_value(Measure m);

// Order 1 or 2 for a call that reads a part (part_count > 0).
const char* closed_form_derivatives(const MeasureCall& call, const Model& model, const State& state, int order,
                                    double* value, double* grad, double* hess);

// The general path for every measure, those with a closed form included: their reference.
const char* evaluate_general(const MeasureCall& call, const Model& model, const State& state, int order,
                             double* value, double* grad, double* hess);

}  // namespace fexpr::kinematics::detail
