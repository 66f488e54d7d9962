// What `fexpr check` learns from the force elements it had no reading of before (SPRINGDAMPER,
// BUSHING, FIELD, BEAM): each read and evaluated at the initial state, with its errors and notes at
// their places, unless a bound shows its loads finite there (linear_loads_bound.hpp). VFORCE,
// VTORQUE and GFORCE are not repeated here: the checker already checks their markers and
// evaluates their component expressions.
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/statement.hpp"
#include "kinematics/model.hpp"

#include <fexpr/diagnostic.hpp>

#include <optional>

namespace fexpr::dataset {

// The problem of statement s if it is one of those elements, else nothing.
std::optional<Diagnostic> check_force_element(const Statement& s, ElementBindings& elements, const SourceText& source,
                                              const kinematics::State& state, Workspace& ws);

}  // namespace fexpr::dataset
