#include "eval/usage_errors.hpp"

#include <fexpr/expression.hpp>

#include <string>

namespace fexpr::detail {

namespace {

std::string variables_message(std::size_t needed, std::size_t given, const char* holder = "Inputs::variables") {
  return "the expression was compiled with " + std::to_string(needed) + " variables; " + holder + " holds " +
         std::to_string(given);
}

}  // namespace

void too_few_variables(std::size_t needed, std::size_t given) { throw UsageError(variables_message(needed, given)); }

void too_few_variables_at(std::size_t point, std::size_t needed, std::size_t given) {
  throw UsageError("point " + std::to_string(point) + ": " + variables_message(needed, given));
}

void too_few_variable_columns(std::size_t needed, std::size_t given) {
  throw UsageError(variables_message(needed, given, "Columns::variables"));
}

void column_without_data(std::size_t slot) {
  throw UsageError("Columns::variables[" + std::to_string(slot) + "] has no data; give every variable's column");
}

void too_few_outputs(std::size_t points, std::size_t given) {
  throw UsageError("the batch has " + std::to_string(points) + " points; the output span holds " +
                   std::to_string(given));
}

void too_short(const char* what, std::size_t n, std::size_t needed, std::size_t given) {
  const std::string entries = std::string(what) == "Hessian" ? std::to_string(n) + "x" + std::to_string(n) + " = " : "";
  throw UsageError("the " + std::string(what) + " has " + entries + std::to_string(needed) + " entries; the span holds " +
                   std::to_string(given));
}

}  // namespace fexpr::detail
