// Whether the loads and the power of a BUSHING, FIELD or BEAM are certainly finite at a state,
// from a bound on the magnitude of every value their evaluation computes. The texts of its loads
// (write_linear_loads) are sums of products of the law's numbers, the measures of j_frame,
// J's axes, DXYZ(I,J) and the markers' velocities; whatever order the evaluator takes them in,
// no value it computes exceeds the sum of the magnitudes of the products it adds. When that
// bound is far below the largest double, no operation overflows, and with finite measures none
// gives a NaN: the element evaluates without error, which is all `check` asks of it, and its
// texts (about a million instructions to compile) need not be written or compiled.
#pragma once

#include "dataset/forces/force_element.hpp"
#include "kinematics/model.hpp"

namespace fexpr::dataset {

// False when the bound says nothing: e has no linear law, a measure cannot be evaluated, or a
// value may come near overflow; the element is then evaluated.
bool loads_certainly_finite(const ForceElement& e, const kinematics::Model& model, const kinematics::State& state);

}  // namespace fexpr::dataset
