#include "repl/sampling.hpp"

#include "support/text.hpp"

#include <cmath>
#include <limits>
#include <utility>

namespace fexpr::repl {
namespace {

// The index of the swept input among the expression's derivatives.
std::optional<std::size_t> derivative_index(const Expression& expression, const std::string& variable) {
  const auto& names = expression.derivative_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (text::iequals(names[i], variable)) return i;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> range_problem(double from, double to, std::size_t count) {
  if (!std::isfinite(from) || !std::isfinite(to)) {
    return "the range's ends must be finite numbers, not " + label(from) + ".." + label(to);
  }
  if (!(from < to)) return "the range must increase: " + label(from) + ".." + label(to);
  if (!std::isfinite(to - from)) return "the range is wider than a double can hold; make it narrower";
  std::vector<double> x = sample_points(from, to, count);
  for (std::size_t i = 1; i < x.size(); ++i) {
    if (!(x[i - 1] < x[i])) {
      return "the range is too narrow for " + std::to_string(count) + " distinct points at this magnitude; widen it";
    }
  }
  return std::nullopt;
}

Samples sample(std::span<const Graph> graphs, const Sweep& sweep, const Inputs& inputs, Workspace& workspace,
               std::size_t count) {
  Samples out;
  const std::vector<double> x = sample_points(sweep.from, sweep.to, count);
  std::vector<double> variables(inputs.variables.begin(), inputs.variables.end());
  Inputs in = inputs;
  in.variables = variables;
  for (std::size_t g = 0; g < graphs.size(); ++g) {
    const Expression& expression = *graphs[g].expression;
    const auto index = derivative_index(expression, sweep.variable);
    std::vector<double> grad(expression.derivative_count());
    Curve curve{graphs[g].title, sweep.variable, x, {}};
    std::optional<Gap> gap;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (sweep.slot)
        variables[*sweep.slot] = x[i];
      else
        in.time = x[i];
      double y = std::numeric_limits<double>::quiet_NaN();
      std::string reason;
      try {
        if (graphs[g].derivative) {
          expression.gradient(in, workspace, grad);
          y = index ? grad[*index] : 0.0;
        } else {
          y = expression.value(in, workspace);
        }
        if (!std::isfinite(y)) reason = "the value is not a finite number";
      } catch (const EvaluationError& err) {
        reason = err.diagnostic.message;
        y = std::numeric_limits<double>::quiet_NaN();
      }
      if (reason.empty()) {
        if (gap) out.gaps.push_back(*std::exchange(gap, std::nullopt));
      } else if (gap) {
        gap->last = i;
      } else {
        gap = Gap{g, i, i, reason};
      }
      curve.y.push_back(std::isfinite(y) ? y : std::numeric_limits<double>::quiet_NaN());
    }
    if (gap) out.gaps.push_back(*gap);
    out.curves.push_back(std::move(curve));
  }
  return out;
}

std::string gap_note(const Samples& samples, const Gap& gap) {
  const Curve& c = samples.curves[gap.curve];
  std::string where = gap.first == gap.last ? "at " + c.variable + " = " + label(c.x[gap.first])
                                            : "from " + c.variable + " = " + label(c.x[gap.first]) + " to " +
                                                  label(c.x[gap.last]);
  return c.title + " is undefined " + where + ": " + gap.reason;
}

}  // namespace fexpr::repl
