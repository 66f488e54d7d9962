// Each builtins/ file keeps its functions' entries beside their rules and hands them to table.cpp
// through one of these, so adding a function touches only its own file.
#pragma once

#include "builtins/builtin.hpp"

#include <span>

namespace fexpr::builtins {

std::span<const Builtin> math_entries();
std::span<const Builtin> step_entries();
std::span<const Builtin> series_entries();
std::span<const Builtin> contact_entries();
std::span<const Builtin> measure_entries();
std::span<const Builtin> vector_entries();

}  // namespace fexpr::builtins
