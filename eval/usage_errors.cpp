#include "eval/usage_errors.hpp"

#include <fexpr/expression.hpp>

#include <string>

namespace fexpr::detail {

void too_few_variables(std::size_t needed, std::size_t given) {
  throw UsageError("the expression was compiled with " + std::to_string(needed) +
                   " variables; Inputs::variables holds " + std::to_string(given));
}

void too_short(const char* what, std::size_t n, std::size_t needed, std::size_t given) {
  const std::string entries = std::string(what) == "Hessian" ? std::to_string(n) + "x" + std::to_string(n) + " = " : "";
  throw UsageError("the " + std::string(what) + " has " + entries + std::to_string(needed) + " entries; the span holds " +
                   std::to_string(given));
}

}  // namespace fexpr::detail
