// The REPL's help texts for what the language defines: functions, IF and the operators,
// constants and the topics they are grouped under. All of it is read from the builtin table,
// its help index and the compiler's constant names; the commands' help stays with the commands.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::repl {

// What `help NAME` prints for a function, operator, constant or topic; nullopt when NAME is
// none of them. NAME is matched case-insensitively.
std::optional<std::string> describe(std::string_view name);

// One line per topic, "Math: ABS ACOS ...", wrapped to 80 columns, then the constants.
std::string topic_overview();

// Every name describe() knows, for suggestions.
std::vector<std::string_view> described_names();

}  // namespace fexpr::repl
