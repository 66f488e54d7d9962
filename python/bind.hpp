// The Python module fexpr._fexpr: a thin front end over the library, so that `import fexpr`
// compiles, evaluates and differentiates with the same compiler, checker and model as the
// `fexpr` program. Its parts, each in its own file:
//
//   errors       every failure as a fexpr.Error subclass carrying code, line and column;
//   diagnostic   a diagnostic with its span turned into line and column (fexpr.Diagnostic);
//   model        a dataset's parts and markers (fexpr.load_model), whose part states Python sets;
//   expression   a compiled expression: its inputs matched to keyword names, one evaluation at
//                a point, and the loop over NumPy columns that runs without the GIL;
//   loads        a force element's 12 loads (fexpr.loads), compiled expressions over the model;
//   check        dataset validation (fexpr.check), diagnostics as objects.
//
// The package python/fexpr/ wraps this module: it checks the types of what the public functions
// are given (fexpr/_inputs.py), shapes NumPy arrays into the columns the loop reads and names the
// derivatives; fexpr/_fexpr.pyi gives this module's types. Nothing here knows a builtin, a rule
// or a message of its own.
#pragma once

#include <pybind11/pybind11.h>

namespace fexpr::python {

void bind_errors(pybind11::module_& m);
void bind_diagnostic(pybind11::module_& m);
void bind_model(pybind11::module_& m);
void bind_expression(pybind11::module_& m);
void bind_loads(pybind11::module_& m);
void bind_check(pybind11::module_& m);

}  // namespace fexpr::python
