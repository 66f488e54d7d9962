#include "python/diagnostic.hpp"

#include "python/bind.hpp"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace fexpr::python {

std::string PlacedDiagnostic::summary() const {
  std::string where = path;
  if (line) where += ":" + std::to_string(*line) + ":" + std::to_string(*column);
  return where + ": " + severity + ": " + message;
}

PlacedDiagnostic place(const Diagnostic& d, const SourceText* source, const std::string& path) {
  PlacedDiagnostic p = unplaced(path, std::string(code_name(d.code)), d.message);
  p.severity = severity_name(d.severity);
  if (source) {
    const Position begin = source->position(d.span.begin), end = source->position(d.span.end);
    p.line = begin.line;
    p.column = begin.column;
    p.end_line = end.line;
    p.end_column = end.column;
    if (d.fix) {
      const Position from = source->position(d.fix->span.begin), to = source->position(d.fix->span.end);
      p.fix = PlacedFix{d.fix->replacement, d.fix->safe, from.line, from.column, to.line, to.column};
    }
  }
  return p;
}

PlacedDiagnostic unplaced(std::string path, std::string code, std::string message) {
  PlacedDiagnostic p;
  p.path = std::move(path);
  p.severity = "error";
  p.code = std::move(code);
  p.message = std::move(message);
  return p;
}

void bind_diagnostic(py::module_& m) {
  py::class_<PlacedFix>(m, "Fix", "A correction of a diagnostic: the text from (line, column) to (end_line, end_column) "
                                  "becomes replacement.")
      .def_readonly("replacement", &PlacedFix::replacement)
      .def_readonly("safe", &PlacedFix::safe,
                    "False where the fix changes what the model does (STEP to STEP5 in a MOTION), as `fexpr check "
                    "--fix` applies only safe ones")
      .def_readonly("line", &PlacedFix::line)
      .def_readonly("column", &PlacedFix::column, "1-based, in characters")
      .def_readonly("end_line", &PlacedFix::end_line)
      .def_readonly("end_column", &PlacedFix::end_column, "one past the last character replaced")
      .def("__repr__", [](const PlacedFix& f) {
        return "<fexpr.Fix " + std::to_string(f.line) + ":" + std::to_string(f.column) + "-" +
               std::to_string(f.end_line) + ":" + std::to_string(f.end_column) + " -> '" + f.replacement + "'" +
               (f.safe ? "" : " (unsafe)") + ">";
      });
  py::class_<PlacedDiagnostic>(m, "Diagnostic", "One finding of the checker or the compiler, with its place.")
      .def_readonly("path", &PlacedDiagnostic::path)
      .def_readonly("severity", &PlacedDiagnostic::severity, "'error', 'warning' or 'info'")
      .def_readonly("code", &PlacedDiagnostic::code, "stable machine-readable code, as in `fexpr check --format json`")
      .def_readonly("message", &PlacedDiagnostic::message)
      .def_readonly("line", &PlacedDiagnostic::line)
      .def_readonly("column", &PlacedDiagnostic::column, "1-based, in characters")
      .def_readonly("end_line", &PlacedDiagnostic::end_line)
      .def_readonly("end_column", &PlacedDiagnostic::end_column)
      .def_readonly("fix", &PlacedDiagnostic::fix, "a Fix where the correction is certain, else None")
      .def("__str__", &PlacedDiagnostic::summary)
      .def("__repr__", [](const PlacedDiagnostic& d) { return "<fexpr.Diagnostic " + d.summary() + ">"; });
}

}  // namespace fexpr::python
