// The array evaluation behind fexpr.Expression over NumPy inputs: one C++ loop over the points
// with the GIL released, so a million points cost no Python per point and other Python threads
// run meanwhile.
#include "python/errors.hpp"
#include "python/expression.hpp"

#include <optional>

namespace py = pybind11;

namespace fexpr::python {

py::tuple CompiledExpression::over_columns(int order, const std::vector<Column>& columns, std::size_t n) const {
  require(order, columns.size());
  const std::size_t count = columns.size();
  std::vector<const double*> data(count);
  std::vector<std::size_t> step(count);  // 0 for a value shared by every point
  for (std::size_t c = 0; c < count; ++c) {
    const auto size = static_cast<std::size_t>(columns[c].size());
    if (size != n && size != 1) throw input_failure("a column has " + std::to_string(size) + " points, not " + std::to_string(n));
    data[c] = columns[c].data();
    step[c] = size == 1 ? 0 : 1;
  }
  const std::size_t d = expression_->derivative_count();
  py::array_t<double> value(static_cast<py::ssize_t>(n));
  py::object gradient = py::none(), hessian = py::none();
  double* grad_out = nullptr;
  double* hess_out = nullptr;
  if (order >= 1) {
    py::array_t<double> g({d, n});
    grad_out = g.mutable_data();
    gradient = g;
  }
  if (order == 2) {
    py::array_t<double> h({d, d, n});
    hess_out = h.mutable_data();
    hessian = h;
  }
  double* value_out = value.mutable_data();
  // A copy, so that the loop reads one state even if another thread sets a part meanwhile.
  std::optional<kinematics::State> state;
  if (model_) state.emplace(model_->state());

  std::optional<EvaluationError> error;
  std::size_t failed_point = 0;
  {
    py::gil_scoped_release release;
    Workspace ws;
    std::vector<double> variables(count - kFirstVariable), grad(d), hess(d * d);
    Inputs in;
    in.variables = variables;
    if (state) in.state = &*state;
    for (std::size_t k = 0; k < n; ++k) {
      in.time = data[kTime][k * step[kTime]];
      in.mode = data[kMode][k * step[kMode]];
      for (std::size_t c = kFirstVariable; c < count; ++c) variables[c - kFirstVariable] = data[c][k * step[c]];
      try {
        if (order == 0) value_out[k] = expression_->value(in, ws);
        else if (order == 1) value_out[k] = expression_->gradient(in, ws, grad);
        else value_out[k] = expression_->hessian(in, ws, grad, hess);
      } catch (const EvaluationError& e) {
        error = e;
        failed_point = k;
        break;
      }
      for (std::size_t i = 0; grad_out && i < d; ++i) grad_out[i * n + k] = grad[i];
      for (std::size_t i = 0; hess_out && i < d * d; ++i) hess_out[i * n + k] = hess[i];
    }
  }
  if (error) {
    Failure f = evaluation_failure(*error);
    f.point = failed_point;
    throw f;
  }
  return py::make_tuple(value, gradient, hessian);
}

}  // namespace fexpr::python
