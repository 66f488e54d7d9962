// GFORCE, VFORCE and VTORQUE apply their reaction at a floating marker, JFLOAT=, where SFORCE and
// the spring elements name a fixed J=. A J= written on one of them (as the example on Adams'
// own GFORCE function page does) is the likely reason its JFLOAT= is missing, so the error
// that it is missing says so where J= stands.
#pragma once

#include "dataset/statement.hpp"

#include <fexpr/diagnostic.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace fexpr::dataset {

struct MissingArgumentHint {
  Span span;         // the J= argument
  std::string text;  // to append to the message that `missing` is missing
};

// The hint when `missing` is JFLOAT and s has a J= argument, else nothing.
std::optional<MissingArgumentHint> missing_argument_hint(const Statement& s, std::string_view missing);

}  // namespace fexpr::dataset
