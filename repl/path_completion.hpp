// File names for Tab after :load and :check: the entries of the directory named so far whose
// names start with what follows its last '/', directories with a '/' after them so that the
// next Tab goes on inside.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fexpr::repl {

// Each candidate is the whole path, `partial` completed; sorted. Hidden entries are offered
// only when the name typed starts with '.'.
std::vector<std::string> complete_path(std::string_view partial);

}  // namespace fexpr::repl
