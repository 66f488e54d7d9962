// The design-time functions fexpr evaluates, as one table: name, argument counts and the rule.
// Private to dataset/view/design.cpp and design_functions.cpp. Inside the evaluator numbers are
// in the model's units, angles in its angle unit, as Adams View computes them: SIN(30) in a
// model in degrees is a half, ACOS returns degrees there (the exports of the corpus hold the
// values that these give); evaluate() converts its result to the contract's radians.
#pragma once

#include "dataset/view/design.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::dataset::view::design {

// Why an expression cannot be evaluated; begin and end are positions in the expression's
// text. Thrown inside the evaluator, returned by evaluate() as a DesignFailure.
struct Failure {
  std::uint32_t begin = 0, end = 0;
  std::string message;
  bool certain = false;
};

// One call: its evaluated arguments, where each was written, and what the expression reads.
struct Call {
  std::string_view name;  // as written
  std::span<const DesignValue> arguments;
  std::span<const Span> spans;  // of each argument, in the text
  Span whole;
  const DesignScope& scope;
  const Frame& context;
};

struct Function {
  std::string_view name;  // upper case
  int minimum, maximum;   // argument counts
  DesignValue (*rule)(const Call&);
};

// Values made whole, so that every member is set.
inline DesignValue numbers_value(DesignValue::Kind kind, std::vector<double> numbers, Dimension dimension = kNone) {
  DesignValue v;
  v.kind = kind;
  v.numbers = std::move(numbers);
  v.dimension = dimension;
  return v;
}
inline DesignValue text_value(DesignValue::Kind kind, std::string text) {
  DesignValue v;
  v.kind = kind;
  v.text = std::move(text);
  return v;
}

// The function of this name (any case); nullptr for one fexpr does not evaluate.
const Function* find_function(std::string_view name);

}  // namespace fexpr::dataset::view::design
