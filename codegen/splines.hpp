// CUBSPL and AKISPL over a dataset's SPLINE, written as the interpreter evaluates them
// (dataset/spline.cpp, then ElementBindings::evaluate): the knots and the cubics between them,
// the interpreter's own numbers, become static arrays of the generated function; the constants
// of the end rule (a line or a parabola) are computed here with the interpreter's operations;
// the interval search and the cubic are C. The spline's partials by x (and z) then enter
// through the fast form's chain rule, so the call agrees to the bit with the interpreter's fast
// form when its arguments do.
#pragma once

#include "codegen/writer.hpp"
#include "dataset/element_bindings.hpp"

#include <span>

namespace fexpr::codegen {

// The call at its runtime arguments: x, then z when the call reads it at run time.
Dual write_spline(Writer& w, const dataset::ElementBindings::SplineCall& call, std::span<const Dual> arguments);

}  // namespace fexpr::codegen
