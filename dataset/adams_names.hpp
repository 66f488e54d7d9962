// The names Adams itself knows: every statement of the Adams Solver dataset language and every
// command of its command files (.acf). fexpr interprets a few of them (keywords.hpp); the rest
// are read and passed over. A name that is neither is most likely a misspelling, which the
// reader reports with the nearest known name.
#pragma once

#include <span>
#include <string_view>

namespace fexpr::dataset {

// Statement names of a dataset (.adm), upper case.
std::span<const std::string_view> adams_statements();
// Command names of a command file (.acf), upper case; they include the statements a command
// file may redefine (VARIABLE/1, FUNCTION=...).
std::span<const std::string_view> adams_commands();

// The name in `names` that `written` is or abbreviates (down to three letters, as Adams
// accepts), or empty when there is none or the abbreviation names two.
std::string_view find_adams_name(std::span<const std::string_view> names, std::string_view written);

}  // namespace fexpr::dataset
