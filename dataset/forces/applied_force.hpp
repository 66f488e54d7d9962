// An applied force element found by the name a host gives it ("BUSHING/3"), for the C API and
// the Python package, which both compile its loads with force_loads.
#pragma once

#include "dataset/statement.hpp"

#include <string>
#include <string_view>
#include <variant>

namespace fexpr::dataset {

// The statement of the SFORCE or force element named as in the dataset, upper or lower case;
// else why there is none: not such a name, no such element, or an element that is not an
// applied force.
std::variant<const Statement*, std::string> applied_force(const Dataset& dataset, std::string_view element);

}  // namespace fexpr::dataset
