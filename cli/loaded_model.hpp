// A dataset loaded for the commands that evaluate against a model (--model FILE.adm).
#pragma once

#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "kinematics/model_bindings.hpp"

#include <memory>
#include <optional>
#include <string>

namespace fexpr::cli {

struct LoadedModel {
  std::unique_ptr<SourceText> source;
  dataset::Dataset dataset;
  dataset::ModelBuild build;
  std::unique_ptr<kinematics::State> state;
  std::unique_ptr<kinematics::ModelBindings> bindings;
};

// Reads and builds the model; on failure prints the diagnostics to standard error and
// returns nothing.
std::optional<std::unique_ptr<LoadedModel>> load_model(const std::string& path);

std::optional<std::string> read_file(const std::string& path);

}  // namespace fexpr::cli
