// The array evaluation behind fexpr.Expression over NumPy inputs: one C++ loop over the points
// with the GIL released, so a million points cost no Python per point and other Python threads
// run meanwhile. Values alone go through the batch entry over columns (Expression::values), which
// reads the arrays in place. Large arrays are shared among fexpr.set_num_threads() threads, each
// point evaluated as alone, so the results are the same bits however many there are.
#include "python/errors.hpp"
#include "python/expression.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <optional>
#include <span>
#include <thread>
#include <vector>

namespace py = pybind11;

namespace fexpr::python {

namespace {

// Fewer points than this per thread are not worth a thread's start (tens of microseconds).
constexpr std::size_t kPointsPerThread = 16384;
std::atomic<int> threads_for_arrays{1};

}  // namespace

int num_threads() { return threads_for_arrays.load(); }

int set_num_threads(int n) {
  if (n < 1) throw input_failure("set_num_threads takes a number of threads of at least 1, not " + std::to_string(n));
  return threads_for_arrays.exchange(n);
}

// The columns in place, through the batch entry over Columns (its lanes form where the
// expression calls no model function).
std::size_t CompiledExpression::values_by_column(const std::vector<const double*>& data,
                                                 const std::vector<std::size_t>& step, std::size_t begin,
                                                 std::size_t end, const void* state, double* out,
                                                 std::optional<EvaluationError>& error) const {
  auto column = [&](std::size_t c) { return fexpr::Column{data[c] + begin * step[c], step[c]}; };
  std::vector<fexpr::Column> variables;
  for (std::size_t c = kFirstVariable; c < data.size(); ++c) variables.push_back(column(c));
  Columns columns;
  columns.points = end - begin;
  columns.time = column(kTime);
  columns.mode = column(kMode);
  columns.variables = variables;
  columns.state = state;
  Workspace ws;
  try {
    expression_->values(columns, ws, std::span<double>(out + begin, end - begin));
  } catch (const BatchEvaluationError& failure) {
    error = failure;
    return begin + failure.point;
  }
  return end;
}

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

  // The points [begin, end): returns the first that failed, with its error, or end.
  auto evaluate = [&](std::size_t begin, std::size_t end, std::optional<EvaluationError>& error) -> std::size_t {
    if (order == 0) return values_by_column(data, step, begin, end, state ? &*state : nullptr, value_out, error);
    Workspace ws;
    std::vector<double> variables(count - kFirstVariable), grad(d), hess(d * d);
    Inputs in;
    in.variables = variables;
    if (state) in.state = &*state;
    for (std::size_t k = begin; k < end; ++k) {
      in.time = data[kTime][k * step[kTime]];
      in.mode = data[kMode][k * step[kMode]];
      for (std::size_t c = kFirstVariable; c < count; ++c) variables[c - kFirstVariable] = data[c][k * step[c]];
      try {
        if (order == 1) value_out[k] = expression_->gradient(in, ws, grad);
        else value_out[k] = expression_->hessian(in, ws, grad, hess);
      } catch (const EvaluationError& e) {
        error = e;
        return k;
      }
      for (std::size_t i = 0; grad_out && i < d; ++i) grad_out[i * n + k] = grad[i];
      for (std::size_t i = 0; hess_out && i < d * d; ++i) hess_out[i * n + k] = hess[i];
    }
    return end;
  };
  // Each thread takes a contiguous share of the points; the error reported is that of the first
  // point that fails, as with one thread.
  const std::size_t threads = std::clamp<std::size_t>(n / kPointsPerThread, 1, num_threads());
  std::vector<std::optional<EvaluationError>> errors(threads);
  std::vector<std::size_t> failed(threads);
  // Anything else a share throws (out of memory) is rethrown here, as one thread would throw it.
  std::vector<std::exception_ptr> thrown(threads);
  {
    py::gil_scoped_release release;
    auto share = [&](std::size_t t) {
      try {
        failed[t] = evaluate(n * t / threads, n * (t + 1) / threads, errors[t]);
      } catch (...) {
        thrown[t] = std::current_exception();
      }
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t + 1 < threads; ++t) pool.emplace_back(share, t);
    share(threads - 1);
    for (std::thread& thread : pool) thread.join();
  }
  for (const std::exception_ptr& e : thrown) {
    if (e) std::rethrow_exception(e);
  }
  std::optional<EvaluationError> error;
  std::size_t failed_point = 0;
  for (std::size_t t = 0; t < threads && !error; ++t) {
    if (errors[t]) {
      error = std::move(errors[t]);
      failed_point = failed[t];
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
