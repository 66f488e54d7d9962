#include "python/errors.hpp"

#include "python/bind.hpp"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace fexpr::python {

Failure::Failure(ErrorKind k, std::string text, PlacedDiagnostic w)
    : std::runtime_error(std::move(text)), kind(k), where(std::move(w)) {}

Failure diagnostic_failure(ErrorKind kind, const Diagnostic& d, const SourceText& source) {
  std::string text = source.render(d);
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return Failure(kind, std::move(text), place(d, &source, source.name()));
}

Failure input_failure(std::string message) {
  return Failure(ErrorKind::input, message, unplaced("", "input", message));
}

namespace {

const char* class_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::compile: return "CompileError";
    case ErrorKind::evaluation: return "EvaluationError";
    case ErrorKind::model: return "ModelError";
    case ErrorKind::input: return "InputError";
  }
  return "Error";
}

void raise(const Failure& f) {
  const py::object cls = py::module_::import("fexpr._fexpr").attr(class_name(f.kind));
  py::object e = cls(f.what());
  const PlacedDiagnostic& w = f.where;
  e.attr("message") = w.message;
  e.attr("code") = w.code;
  e.attr("path") = w.path.empty() ? py::object(py::none()) : py::str(w.path);
  e.attr("line") = py::cast(w.line);
  e.attr("column") = py::cast(w.column);
  e.attr("end_line") = py::cast(w.end_line);
  e.attr("end_column") = py::cast(w.end_column);
  if (f.kind == ErrorKind::evaluation) e.attr("point") = py::cast(f.point);
  if (f.kind == ErrorKind::model) e.attr("diagnostics") = py::cast(f.related);
  PyErr_SetObject(cls.ptr(), e.ptr());
}

// A new exception class fexpr.<name> deriving from bases, added to the module; attributes holds
// the class's own attributes.
py::object add_class(py::module_& m, const char* name, py::handle bases, const char* doc,
                     const py::dict& attributes = py::dict()) {
  const std::string qualified = std::string("fexpr.") + name;
  py::object cls = py::reinterpret_steal<py::object>(
      PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), attributes.ptr()));
  if (!cls) throw py::error_already_set();
  m.add_object(name, cls);
  return cls;
}

}  // namespace

void bind_errors(py::module_& m) {
  const py::object error = add_class(m, "Error", PyExc_Exception,
                                     "Base of every fexpr error. Attributes: message, code, path, line, column, "
                                     "end_line, end_column (None where the error has no place in a text).");
  add_class(m, "CompileError", error, "The expression does not compile: syntax, unknown name, arity, argument.");
  add_class(m, "EvaluationError", error,
            "Evaluation failed (SQRT of a negative number, division by zero, NaN input). For an array "
            "evaluation, point is the flat index of the failing point and index its position in the "
            "broadcast shape; both are None for an evaluation at one point.",
            // The package sets index where it knows the shape; at one point it stays None.
            py::dict(py::arg("index") = py::none()));
  add_class(m, "ModelError", error,
            "The dataset could not be read or built into a model; diagnostics lists every error.");
  add_class(m, "InputError", py::make_tuple(error, py::handle(PyExc_ValueError)),
            "The inputs do not fit: an unknown or missing variable, a part the model does not have.");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Failure& f) {
      raise(f);
    }
  });
}

}  // namespace fexpr::python
