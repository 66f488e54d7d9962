// Dataset validation for Python (fexpr.check): the checker of `fexpr check`, its diagnostics
// turned into fexpr.Diagnostic objects; the package makes fexpr.CheckResult, a sequence of them.
#include "dataset/checker.hpp"
#include "python/bind.hpp"
#include "python/diagnostic.hpp"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace fexpr::python {
namespace {

struct CheckedFile {
  std::string path;
  std::vector<PlacedDiagnostic> diagnostics;  // sorted by position, notes included
  int errors = 0;
  int warnings = 0;
  int functions = 0;  // expressions checked
};

CheckedFile result(const dataset::CheckedFile& f) {
  CheckedFile r{f.path, {}, f.errors(), f.warnings(), f.functions};
  for (const Diagnostic& d : f.diagnostics) r.diagnostics.push_back(place(d, f.source.get(), f.path));
  return r;
}

}  // namespace

void bind_check(py::module_& m) {
  py::class_<CheckedFile>(m, "CheckedFile", "What fexpr.CheckResult is made from.")
      .def_readonly("path", &CheckedFile::path)
      .def_readonly("diagnostics", &CheckedFile::diagnostics)
      .def_readonly("errors", &CheckedFile::errors)
      .def_readonly("warnings", &CheckedFile::warnings)
      .def_readonly("functions", &CheckedFile::functions);
  m.def("check", [](const std::string& path) { return result(dataset::check_file(path)); }, py::arg("path"),
        "fexpr.check without the checks of its argument.");
  m.def("check_text", [](std::string text, std::string name) { return result(dataset::check_text(name, std::move(text))); },
        py::arg("text"), py::arg("name"), "fexpr.check_text without the checks of its arguments.");
}

}  // namespace fexpr::python
