// Dataset validation for Python (fexpr.check): the checker of `fexpr check`, its diagnostics
// turned into fexpr.Diagnostic objects.
#include "dataset/checker.hpp"
#include "python/bind.hpp"
#include "python/diagnostic.hpp"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace fexpr::python {
namespace {

struct CheckResult {
  std::string path;
  std::vector<PlacedDiagnostic> diagnostics;  // sorted by position, notes included
  int errors = 0;
  int warnings = 0;
  int functions = 0;  // expressions checked
};

CheckResult result(const dataset::CheckedFile& f) {
  CheckResult r{f.path, {}, f.errors(), f.warnings(), f.functions};
  for (const Diagnostic& d : f.diagnostics) r.diagnostics.push_back(place(d, f.source.get(), f.path));
  return r;
}

}  // namespace

void bind_check(py::module_& m) {
  py::class_<CheckResult>(m, "CheckResult", "The diagnostics of one checked dataset; iterating gives them in order.")
      .def_readonly("path", &CheckResult::path)
      .def_readonly("diagnostics", &CheckResult::diagnostics)
      .def_readonly("errors", &CheckResult::errors)
      .def_readonly("warnings", &CheckResult::warnings)
      .def_readonly("functions", &CheckResult::functions, "how many expressions were checked")
      .def("__len__", [](const CheckResult& r) { return r.diagnostics.size(); })
      .def("__iter__", [](const CheckResult& r) { return py::make_iterator(r.diagnostics.begin(), r.diagnostics.end()); },
           py::keep_alive<0, 1>())
      .def("__repr__", [](const CheckResult& r) {
        return "<fexpr.CheckResult " + r.path + ": " + std::to_string(r.errors) + " error(s), " +
               std::to_string(r.warnings) + " warning(s), " + std::to_string(r.functions) + " function(s)>";
      });
  m.def("check", [](const std::string& path) { return result(dataset::check_file(path)); }, py::arg("path"),
        "Checks a dataset (.adm) or command file (.acf) as `fexpr check` does. An unreadable file gives one "
        "'io' error without a line.");
  m.def("check_text", [](std::string text, std::string name) { return result(dataset::check_text(name, std::move(text))); },
        py::arg("text"), py::arg("name") = "<text>", "Checks text as the dataset called name.");
}

}  // namespace fexpr::python
