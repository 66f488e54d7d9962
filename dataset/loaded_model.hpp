// A dataset loaded for evaluating against a model: `fexpr eval --model FILE.adm`, `fexpr sforce`,
// and the REPL's :load and the statements typed into it. Here, on the floor every one of them
// stands on, rather than in cli/, so that the REPL needs nothing from the command line's files.
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "kinematics/model_bindings.hpp"

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

namespace fexpr::dataset {

struct LoadedModel {
  std::unique_ptr<SourceText> source;
  Dataset dataset;
  ModelBuild build;
  std::unique_ptr<kinematics::State> state;
  std::unique_ptr<kinematics::ModelBindings> bindings;
  // What expressions compile against: the measures and the dataset's elements (VARVAL, ...).
  std::unique_ptr<ElementBindings> elements;
};

// Reads and builds the model; on failure prints the diagnostics to `errors` and returns
// nothing.
std::optional<std::unique_ptr<LoadedModel>> load_model(const std::string& path, std::ostream& errors);
// The same for a dataset's text, called `name` in messages.
std::optional<std::unique_ptr<LoadedModel>> load_model_text(const std::string& name, std::string text,
                                                            std::ostream& errors);

// The file's bytes; "-" reads standard input. Empty when the file cannot be read.
std::optional<std::string> read_file(const std::string& path);

}  // namespace fexpr::dataset
