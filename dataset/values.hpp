// Converting the values of dataset arguments: reals with the degree suffix, integer ids.
#pragma once

#include "dataset/statement.hpp"

#include <optional>
#include <string>

namespace fexpr::dataset {

// "1.5E-3", "90D" (degrees, converted to radians), "-2."; empty when the text is not a number.
std::optional<double> real(const Value& v);
// Why real(v) is empty, for a message: "'1E400' is out of the range of double precision".
std::string not_real(const Value& v);
// "31", "0031"; empty when the text is not an integer.
std::optional<long> integer(const Value& v);

// The first argument of a statement with this canonical keyword, or null.
const Argument* find_argument(const Statement& s, std::string_view keyword);
// The first statement NAME/id of a dataset (canonical name), or null.
const Statement* find_statement(const Dataset& dataset, std::string_view name, long id);

}  // namespace fexpr::dataset
