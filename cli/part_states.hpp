// --set PART/ID NAME=VALUE: a part state of the loaded model changed from the command line, as
// the REPL's :set changes it, before anything is evaluated.
#pragma once

#include "dataset/loaded_model.hpp"

#include <optional>
#include <string>
#include <vector>

namespace fexpr::cli {

// Sets each (PART/ID, NAME=VALUE) pair of `sets` in order. Returns the first bad one's message,
// naming the option and what to write instead, and leaves the states set before it.
std::optional<std::string> apply_sets(dataset::LoadedModel& model, const std::vector<std::string>& sets);

}  // namespace fexpr::cli
