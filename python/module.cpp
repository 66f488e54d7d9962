// The entry point Python calls on `import fexpr._fexpr`; the parts are described in bind.hpp.
#include "python/bind.hpp"

#include <fexpr/version.hpp>

PYBIND11_MODULE(_fexpr, m) {
  m.doc() = "fexpr: Adams function expressions compiled, evaluated and differentiated in C++";
  m.attr("__version__") = fexpr::version();
  fexpr::python::bind_errors(m);
  fexpr::python::bind_diagnostic(m);
  fexpr::python::bind_model(m);
  fexpr::python::bind_expression(m);
  fexpr::python::bind_loads(m);
  fexpr::python::bind_check(m);
}
