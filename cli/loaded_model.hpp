// A dataset loaded for the commands that evaluate against a model (--model FILE.adm).
#pragma once

#include "dataset/loaded_model.hpp"

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

namespace fexpr::cli {

using dataset::LoadedModel;

// Reads and builds the model; on failure prints the diagnostics to `errors` and returns
// nothing.
std::optional<std::unique_ptr<LoadedModel>> load_model(const std::string& path, std::ostream& errors);

std::optional<std::string> read_file(const std::string& path);

}  // namespace fexpr::cli
