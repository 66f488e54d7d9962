#include "python/expression.hpp"

#include "python/bind.hpp"
#include "python/errors.hpp"
#include "support/text.hpp"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace fexpr::python {
namespace {

std::string listed(const std::vector<std::string>& names) {
  if (names.empty()) return "none";
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

CompiledExpression::CompiledExpression(std::string text, const std::vector<std::string>& variables,
                                       std::shared_ptr<Model> model)
    : source_("<expression>", std::move(text)), model_(std::move(model)) {
  for (const std::string& name : variables) {
    if (context_.variable_slot(name)) throw input_failure("variable '" + name + "' is given twice");
    try {
      context_.declare_variable(name);
    } catch (const std::invalid_argument& e) {
      throw input_failure(std::string("variable ") + e.what());
    }
  }
  if (model_) context_.set_bindings(&model_->bindings());
  CompileOptions options;
  options.hints = {"name it in variables= of fexpr.compile", "pass model=fexpr.load_model(PATH) to fexpr.compile"};
  CompileResult compiled = compile(source_.text(), context_, options);
  if (!compiled) throw diagnostic_failure(ErrorKind::compile, compiled.diagnostics.front(), source_);
  expression_ = std::move(compiled.expression);
}

CompiledExpression::CompiledExpression(SourceText source, Expression expression, std::shared_ptr<Model> model)
    : source_(std::move(source)), model_(std::move(model)), expression_(std::move(expression)) {}

py::list CompiledExpression::arrange(const py::dict& keywords) const {
  const std::size_t count = kFirstVariable + variables().size();
  std::vector<py::object> inputs(count);
  for (const auto& [key, value] : keywords) {
    const std::string name = py::cast<std::string>(key);
    std::size_t slot;
    if (text::iequals(name, "TIME")) slot = kTime;
    else if (text::iequals(name, "MODE")) slot = kMode;
    else if (auto variable = context_.variable_slot(name)) slot = kFirstVariable + *variable;
    else throw input_failure("unknown variable '" + name + "'; the expression was compiled with variables " +
                             listed(variables()) + " (and TIME, MODE)");
    if (inputs[slot]) throw input_failure("'" + name + "' is given twice");
    inputs[slot] = py::reinterpret_borrow<py::object>(value);
  }
  if (!inputs[kTime]) inputs[kTime] = py::float_(0.0);
  if (!inputs[kMode]) inputs[kMode] = py::float_(4.0);
  py::list out;
  for (std::size_t i = 0; i < count; ++i) {
    if (!inputs[i]) throw input_failure("missing variable '" + variables()[i - kFirstVariable] + "'");
    out.append(inputs[i]);
  }
  return out;
}

Inputs CompiledExpression::inputs_at(const double* values, std::vector<double>& variables) const {
  Inputs in;
  in.time = values[kTime];
  in.mode = values[kMode];
  in.variables = variables;
  if (model_) in.state = &model_->state();
  return in;
}

Failure CompiledExpression::evaluation_failure(const EvaluationError& e) const {
  return diagnostic_failure(ErrorKind::evaluation, e.diagnostic, source_);
}

void CompiledExpression::require(int order, std::size_t inputs) const {
  if (order < 0 || order > 2) throw input_failure("the derivative order is 0, 1 or 2, not " + std::to_string(order));
  if (inputs != kFirstVariable + variables().size())
    throw input_failure(std::to_string(inputs) + " inputs for TIME, MODE and " + std::to_string(variables().size()) +
                        " variables");
}

py::tuple CompiledExpression::at_point(int order, const std::vector<double>& inputs) {
  require(order, inputs.size());
  std::vector<double> variables(inputs.begin() + kFirstVariable, inputs.end());
  const Inputs in = inputs_at(inputs.data(), variables);
  const std::size_t d = expression_->derivative_count();
  std::vector<double> grad(d), hess(d * d);
  double value;
  try {
    if (order == 0) value = expression_->value(in, workspace_);
    else if (order == 1) value = expression_->gradient(in, workspace_, grad);
    else value = expression_->hessian(in, workspace_, grad, hess);
  } catch (const EvaluationError& e) {
    throw evaluation_failure(e);
  }
  py::object gradient = py::none(), hessian = py::none();
  if (order >= 1) gradient = py::cast(grad);
  if (order == 2) {
    py::list rows;
    for (std::size_t i = 0; i < d; ++i) rows.append(py::cast(std::vector<double>(hess.begin() + i * d, hess.begin() + (i + 1) * d)));
    hessian = rows;
  }
  return py::make_tuple(value, gradient, hessian);
}

py::object CompiledExpression::at_numbers(int order, const py::dict& keywords) {
  const py::list inputs = arrange(keywords);
  std::vector<double> values;
  values.reserve(inputs.size());
  for (const py::handle input : inputs) {
    // A bool is a Python int, but as an input it is a mistake the package reports.
    if (!PyFloat_Check(input.ptr()) && (!PyLong_Check(input.ptr()) || PyBool_Check(input.ptr()))) return py::none();
    values.push_back(py::cast<double>(input));
  }
  return at_point(order, values);
}

void bind_expression(py::module_& m) {
  py::class_<CompiledExpression>(m, "CompiledExpression", "The C++ side of fexpr.Expression.")
      .def(py::init<std::string, const std::vector<std::string>&, std::shared_ptr<Model>>(), py::arg("text"),
           py::arg("variables"), py::arg("model").none(true))
      .def_property_readonly("text", &CompiledExpression::text)
      .def_property_readonly("variables", &CompiledExpression::variables)
      .def_property_readonly("derivative_names", &CompiledExpression::derivative_names)
      .def("arrange", &CompiledExpression::arrange, py::arg("keywords"))
      .def("at_point", &CompiledExpression::at_point, py::arg("order"), py::arg("inputs"))
      .def("at_numbers", &CompiledExpression::at_numbers, py::arg("order"), py::arg("keywords"))
      .def("over_columns", &CompiledExpression::over_columns, py::arg("order"), py::arg("columns"), py::arg("n"));
  m.def("set_num_threads", &set_num_threads, py::arg("n"), "fexpr.set_num_threads without the checks of its argument's type.");
  m.def("num_threads", &num_threads, "The threads an array evaluation may use.");
}

}  // namespace fexpr::python
