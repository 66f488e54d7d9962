// The loads of a force element for Python (fexpr.loads): the twelve expressions of
// dataset::force_loads, each a CompiledExpression over the model, so that the package wraps
// them as it wraps fexpr.compile's.
#include "python/bind.hpp"
#include "python/expression.hpp"

namespace py = pybind11;

namespace fexpr::python {
namespace {

py::list compile_loads(const std::shared_ptr<Model>& model, const std::string& element) {
  dataset::ForceLoads loads = model->force_loads(element);
  py::list out;
  for (std::size_t k = 0; k < loads.loads.size(); ++k) {
    out.append(py::cast(std::make_unique<CompiledExpression>(SourceText("<" + element + " load>", loads.texts[k]),
                                                             std::move(*loads.loads[k]), model)));
  }
  return out;
}

}  // namespace

void bind_loads(py::module_& m) {
  m.def("compile_loads", &compile_loads, py::arg("model"), py::arg("element"),
        "The 12 loads of an applied force element as CompiledExpressions; fexpr.loads wraps them.");
}

}  // namespace fexpr::python
