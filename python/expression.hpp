// A compiled expression as the Python package drives it (fexpr.compile). Inputs arrive in one
// order, [TIME, MODE, each variable in declaration order], which `arrange` builds from Python
// keywords; evaluation then runs at one point (`at_point`) or over NumPy columns
// (`over_columns`, one C++ loop with the GIL released). Derivatives are laid out
// derivative-major (gradient[i], hessian[i][j]) so that both forms name them the same way.
#pragma once

#include "python/errors.hpp"
#include "python/model.hpp"

#include <fexpr/expression.hpp>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fexpr::python {

// The NumPy columns the loop reads: float64, contiguous, each of the n points' length or of
// length 1 (a value shared by every point), in the order `arrange` gives.
using Column = pybind11::array_t<double, pybind11::array::c_style | pybind11::array::forcecast>;

class CompiledExpression {
 public:
  // Throws a compile Failure at the first error.
  CompiledExpression(std::string text, const std::vector<std::string>& variables, std::shared_ptr<Model> model);
  // An expression fexpr composed, such as a force element's load; `source` is its text.
  CompiledExpression(SourceText source, Expression expression, std::shared_ptr<Model> model);

  const std::string& text() const { return source_.text(); }
  const std::vector<std::string>& variables() const { return context_.variables(); }
  const std::vector<std::string>& derivative_names() const { return expression_->derivative_names(); }

  // The inputs named by keywords (case-insensitive, like every name of the language), in input
  // order, TIME defaulting to 0 and MODE to 4; an unknown, repeated or missing name is an input
  // Failure.
  pybind11::list arrange(const pybind11::dict& keywords) const;

  // (value, gradient, hessian) at one point, for derivative order 0, 1 or 2: a float, and
  // nested lists of floats or None beyond the order asked for.
  pybind11::tuple at_point(int order, const std::vector<double>& inputs);
  // at_point of the keywords when every one is a Python int or float (not a bool), else None: a
  // call at one point then costs one crossing into the module instead of two.
  pybind11::object at_numbers(int order, const pybind11::dict& keywords);
  // The same over n points: arrays of shape (n,), (d, n) and (d, d, n).
  pybind11::tuple over_columns(int order, const std::vector<Column>& columns, std::size_t n) const;

 private:
  // Where TIME and MODE sit among the inputs; the variables follow.
  static constexpr std::size_t kTime = 0, kMode = 1, kFirstVariable = 2;

  // Throws an input Failure unless order is 0, 1 or 2 and there is one input per slot.
  void require(int order, std::size_t inputs) const;
  Inputs inputs_at(const double* values, std::vector<double>& variables) const;
  Failure evaluation_failure(const EvaluationError& e) const;
  // over_columns' values of the points [begin, end) alone, through the batch entry over columns.
  // Returns the index of the point that failed, with its error, or end.
  std::size_t values_by_column(const std::vector<const double*>& data, const std::vector<std::size_t>& step,
                               std::size_t begin, std::size_t end, const void* state, double* out,
                               std::optional<EvaluationError>& error) const;

  SourceText source_;
  Context context_;
  std::shared_ptr<Model> model_;
  std::optional<Expression> expression_;
  // Scratch for evaluation at one point, which holds the GIL; the column loop has its own.
  Workspace workspace_;
};

// The threads an array evaluation may use (fexpr.set_num_threads): set returns the previous
// number and refuses one under 1.
int num_threads();
int set_num_threads(int n);

}  // namespace fexpr::python
