// The messages of a caller's mistakes (UsageError), shared by the interpreter and the compiled
// path so that both say the same thing. Out of line and cold: the checks that call them sit on
// every evaluation's path.
#pragma once

#include <cstddef>

namespace fexpr::detail {

[[noreturn, gnu::noinline, gnu::cold]] void too_few_variables(std::size_t needed, std::size_t given);
// The same at one point of a batch (Expression::values).
[[noreturn, gnu::noinline, gnu::cold]] void too_few_variables_at(std::size_t point, std::size_t needed,
                                                                  std::size_t given);
// The same of a batch by column (Expression::values over Columns), and a variable's column
// without data.
[[noreturn, gnu::noinline, gnu::cold]] void too_few_variable_columns(std::size_t needed, std::size_t given);
[[noreturn, gnu::noinline, gnu::cold]] void column_without_data(std::size_t slot);
// A batch of `points` points given an output span of `given` values.
[[noreturn, gnu::noinline, gnu::cold]] void too_few_outputs(std::size_t points, std::size_t given);
// what: "gradient" or "Hessian", of n derivatives, needing `needed` entries.
[[noreturn, gnu::noinline, gnu::cold]] void too_short(const char* what, std::size_t n, std::size_t needed,
                                                       std::size_t given);

}  // namespace fexpr::detail
