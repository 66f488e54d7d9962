// The messages of a caller's mistakes (UsageError), shared by the interpreter and the compiled
// path so that both say the same thing. Out of line and cold: the checks that call them sit on
// every evaluation's path.
#pragma once

#include <cstddef>

namespace fexpr::detail {

[[noreturn, gnu::noinline, gnu::cold]] void too_few_variables(std::size_t needed, std::size_t given);
// what: "gradient" or "Hessian", of n derivatives, needing `needed` entries.
[[noreturn, gnu::noinline, gnu::cold]] void too_short(const char* what, std::size_t n, std::size_t needed,
                                                       std::size_t given);

}  // namespace fexpr::detail
