// Failures on their way to Python. C++ code throws a Failure; the translator registered by
// bind_errors raises it as the fexpr.Error subclass of its kind, with the diagnostic's fields as
// attributes, so that no error reaches Python as a bare message or a NaN.
#pragma once

#include "python/diagnostic.hpp"

#include <optional>
#include <stdexcept>
#include <vector>

namespace fexpr::python {

enum class ErrorKind {
  compile,     // fexpr.CompileError: the text does not compile (syntax, unknown name, ...)
  evaluation,  // fexpr.EvaluationError: SQRT(-1), division by zero, a NaN input, ...
  model,       // fexpr.ModelError: the dataset cannot be read or built into a model
  input,       // fexpr.InputError: unknown or missing variables, a part that is not there
};

struct Failure : std::runtime_error {
  // text is str(exception): for a diagnostic, the rendered message with its source line and caret.
  Failure(ErrorKind kind, std::string text, PlacedDiagnostic where);

  ErrorKind kind;
  PlacedDiagnostic where;
  std::optional<std::size_t> point;       // the flat index of the failing point of an array evaluation
  std::vector<PlacedDiagnostic> related;  // every error of a model that failed to load
};

Failure diagnostic_failure(ErrorKind kind, const Diagnostic& d, const SourceText& source);
// A misuse of the Python API, which has no place in any text.
Failure input_failure(std::string message);

}  // namespace fexpr::python
