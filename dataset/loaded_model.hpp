// A dataset read, its model built and its elements bound: what every front end that evaluates
// against a dataset stands on (fexpr eval --model, fexpr sforce, the REPL's :load and the
// statements typed into it, the C API). Here, on the floor every one of them stands on, rather
// than in cli/, so that the REPL and the C API need nothing from the command line's files.
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/formats.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "kinematics/model_bindings.hpp"

#include <fexpr/diagnostic.hpp>
#include <fexpr/expression.hpp>

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace fexpr::dataset {

// Held by pointers, since the bindings keep references to the text, the dataset and the model.
struct LoadedModel {
  std::unique_ptr<SourceText> source;
  Dataset dataset;
  ModelBuild build;
  std::unique_ptr<kinematics::State> state;  // starts at the dataset's initial conditions
  std::unique_ptr<kinematics::ModelBindings> bindings;
  // What expressions compile against: the measures and the dataset's elements (VARVAL, ...).
  std::unique_ptr<ElementBindings> elements;
};

// Why a dataset did not load: the errors of reading and building it, in its text.
struct LoadFailure {
  std::unique_ptr<SourceText> source;
  std::vector<Diagnostic> errors;
};

// Reads the dataset and builds its model.
std::variant<std::unique_ptr<LoadedModel>, LoadFailure> load_model(
    SourceText source, DiffValues diffs = DiffValues::initial_conditions, const Context& base = {});

// Builds the model of a dataset whatever its errors: the elements and markers that are sound
// can be evaluated (the editor server hovers over a dataset being edited). The format is the
// name's unless given (an editor's language id for a buffer without a file name).
std::unique_ptr<LoadedModel> build_loaded_model(SourceText source, std::optional<Format> format = std::nullopt);
// The same from a dataset already read from source and its model already built.
std::unique_ptr<LoadedModel> loaded_model(SourceText source, Dataset dataset, ModelBuild build);

// For the programs' front ends: on failure prints the diagnostics to `errors` and returns
// nothing.
std::optional<std::unique_ptr<LoadedModel>> load_model(const std::string& path, std::ostream& errors,
                                                       DiffValues diffs = DiffValues::initial_conditions);
// The same for a dataset's text, called `name` in messages.
std::optional<std::unique_ptr<LoadedModel>> load_model_text(const std::string& name, std::string text,
                                                            std::ostream& errors,
                                                            DiffValues diffs = DiffValues::initial_conditions);

// The file's bytes; "-" reads standard input. Empty when the file cannot be read.
std::optional<std::string> read_file(const std::string& path);

}  // namespace fexpr::dataset
