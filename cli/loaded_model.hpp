// A dataset loaded for the commands that evaluate against a model (--model FILE.adm).
#pragma once

#include "dataset/element_bindings.hpp"
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
  // What expressions compile against: the measures and the dataset's elements (VARVAL, ...).
  std::unique_ptr<dataset::ElementBindings> elements;
};

// Builds the model of a dataset whatever its errors: the elements and markers that are sound
// can be evaluated (the editor server hovers over a dataset being edited).
std::unique_ptr<LoadedModel> build_loaded_model(std::unique_ptr<SourceText> source);

// Reads and builds the model; on failure prints the diagnostics to `errors` and returns
// nothing.
std::optional<std::unique_ptr<LoadedModel>> load_model(const std::string& path, std::ostream& errors);

std::optional<std::string> read_file(const std::string& path);

}  // namespace fexpr::cli
