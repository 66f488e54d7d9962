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
  py::class_<PlacedDiagnostic>(m, "Diagnostic", "One finding of the checker or the compiler, with its place.")
      .def_readonly("path", &PlacedDiagnostic::path)
      .def_readonly("severity", &PlacedDiagnostic::severity, "'error', 'warning' or 'info'")
      .def_readonly("code", &PlacedDiagnostic::code, "stable machine-readable code, as in `fexpr check --format json`")
      .def_readonly("message", &PlacedDiagnostic::message)
      .def_readonly("line", &PlacedDiagnostic::line)
      .def_readonly("column", &PlacedDiagnostic::column, "1-based, in characters")
      .def_readonly("end_line", &PlacedDiagnostic::end_line)
      .def_readonly("end_column", &PlacedDiagnostic::end_column)
      .def("__str__", &PlacedDiagnostic::summary)
      .def("__repr__", [](const PlacedDiagnostic& d) { return "<fexpr.Diagnostic " + d.summary() + ">"; });
}

}  // namespace fexpr::python
