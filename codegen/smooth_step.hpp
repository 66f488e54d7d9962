// The smooth steps of builtins/steps.hpp (STEP, STEP5, HAVSIN, and the ramps inside IMPACT,
// BISTOP and SWEEP), written once over the arithmetic of Duals or Jets as the templates are.
#pragma once

#include "codegen/arithmetic.hpp"

#include <functional>

namespace fexpr::codegen {

enum class Curve { cubic, quintic, haversine };

// h0 + (h1 - h0)·curve(Δ) with Δ clamped to [0, 1] (the constant side at its ends), into a
// Dual the branches set. `delta` computes Δ; it is called twice, before the branches and in the
// curve's, where Δ's bounds fold its derivative terms.
Dual clamped(Arithmetic& m, Curve c, const std::function<Dual()>& delta, const Dual& h0, const Dual& h1,
             const Dual& rise);
// builtins::smooth_step: Δ = (x - x0)/(x1 - x0).
Dual smooth_step(Arithmetic& m, const Dual& x, const Dual& x0, const Dual& h0, const Dual& x1, const Dual& h1, Curve c);

}  // namespace fexpr::codegen
