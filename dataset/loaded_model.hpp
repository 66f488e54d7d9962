// A dataset read, its model built and its elements bound: what every front end that evaluates
// against a dataset stands on (fexpr eval --model, fexpr sforce, the REPL, the C API).
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "kinematics/model_bindings.hpp"

#include <fexpr/diagnostic.hpp>
#include <fexpr/expression.hpp>

#include <memory>
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

}  // namespace fexpr::dataset
