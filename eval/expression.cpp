// The public API over the parser, the compiler and the runner.
#include "eval/compile.hpp"
#include "eval/machine_gradient.hpp"
#include "eval/machine_value.hpp"
#include "eval/run.hpp"
#include "eval/run_lanes.hpp"
#include "eval/usage_errors.hpp"
#include "grammar/parse.hpp"
#include "support/text.hpp"

#include <fexpr/expression.hpp>

#include <algorithm>
#include <array>

namespace fexpr {

Context::Context() = default;
Context::~Context() = default;
Context::Context(const Context&) = default;
Context& Context::operator=(const Context&) = default;

std::size_t Context::declare_variable(std::string_view name) {
  if (!text::is_name(name)) {
    throw std::invalid_argument("'" + std::string(name) +
                                "' is not a name: letters, digits and '_', not starting with a digit");
  }
  if (auto slot = variable_slot(name)) return *slot;
  for (const auto& c : detail::constant_names()) {
    if (text::iequals(c.name, name))
      throw std::invalid_argument("'" + std::string(name) + "' is a reserved name (" + std::string(c.meaning) +
                                  "); choose another");
  }
  variables_.emplace_back(name);
  return variables_.size() - 1;
}

std::size_t Context::declare_bound_input(std::string_view label) {
  if (auto slot = variable_slot(label)) return *slot;
  variables_.emplace_back(label);
  return variables_.size() - 1;
}

std::optional<std::size_t> Context::variable_slot(std::string_view name) const {
  for (std::size_t i = 0; i < variables_.size(); ++i) {
    if (text::iequals(variables_[i], name)) return i;
  }
  return std::nullopt;
}

Workspace::Workspace() : buffers_(std::make_unique<Buffers>()) {}
Workspace::~Workspace() = default;
Workspace::Workspace(Workspace&& other) noexcept : buffers_(std::move(other.buffers_)) {}
Workspace& Workspace::operator=(Workspace&& other) noexcept {
  buffers_ = std::move(other.buffers_);
  return *this;
}

Expression::Expression(std::shared_ptr<const detail::Program> program) : program_(std::move(program)) {}

const std::vector<std::string>& Expression::derivative_names() const { return program_->derivative_names; }
std::size_t Expression::derivative_count() const { return program_->derivative_names.size(); }
std::size_t Expression::variable_count() const { return program_->variable_count; }

namespace {

[[noreturn]] void fail(const detail::Program& p, const detail::RunError& e) {
  Span span = e.input || p.spans.empty() ? p.whole : p.spans[e.pc];
  std::string message = e.message;
  Code code = Code::domain;
  if (!e.input && !p.code.empty()) {
    const detail::Instruction& i = p.code[e.pc];
    // DELAY once its delay has elapsed needs the solver's history: not interpreted, rather than
    // a domain error.
    if (i.op == detail::OpCode::call && p.functions[i.b]->category == builtins::Category::history)
      code = Code::not_interpreted;
    // A function's own message already names it; an operator's gets its symbol.
    switch (i.op) {
      case detail::OpCode::divide: message = "'/': " + message; break;
      case detail::OpCode::power:
      case detail::OpCode::square: message = "'**': " + message; break;
      case detail::OpCode::add: message = "'+': " + message; break;
      case detail::OpCode::subtract: message = "'-': " + message; break;
      case detail::OpCode::multiply: message = "'*': " + message; break;
      default: break;
    }
  }
  throw EvaluationError(Diagnostic{Severity::error, code, span, message});
}

}  // namespace

namespace {

// The caller's side of an evaluation is checked before it runs, since the evaluator trusts
// every span and count it is given; the messages are built out of the way of the checks.
[[noreturn, gnu::noinline, gnu::cold]] void workspace_in_use() {
  throw UsageError("the workspace is in use by another evaluation: each thread needs its own Workspace");
}

void check(const detail::Program& p, const Inputs& in, std::size_t grad, std::size_t hess, int order) {
  if (in.variables.size() < p.variable_count) [[unlikely]]
    detail::too_few_variables(p.variable_count, in.variables.size());
  if (order == 0) return;
  const std::size_t n = p.derivative_names.size();
  if (grad < n) [[unlikely]]
    detail::too_short("gradient", n, n, grad);
  if (order == 2 && hess < n * n) [[unlikely]]
    detail::too_short("Hessian", n, n * n, hess);
}

// Holds the workspace while an evaluation runs with it. The flag is read and set without a
// locked instruction, which would cost as much as a small expression's evaluation: two threads
// starting at the very same moment may both pass, but one that starts while another runs sees
// the flag.
class Hold {
 public:
  explicit Hold(std::atomic<bool>& busy) : busy_(busy) {
    if (busy_.load(std::memory_order_relaxed)) [[unlikely]]
      workspace_in_use();
    busy_.store(true, std::memory_order_relaxed);
  }
  ~Hold() { busy_.store(false, std::memory_order_relaxed); }
  Hold(const Hold&) = delete;
  Hold& operator=(const Hold&) = delete;

 private:
  std::atomic<bool>& busy_;
};

}  // namespace

namespace detail {

double value_the_slow_way(const Program& p, const Inputs& in, Workspace::Buffers& b) {
  check(p, in, 0, 0, 0);
  const Hold hold(b.busy);
  if (auto e = run(p, in, b, 0); e.message) fail(p, e);
  return b.value[p.result];
}

}  // namespace detail

// The checks, the hold on the workspace and the fast run are detail::value's (run.cpp), so
// that this is a jump there.
double Expression::value(const Inputs& in, Workspace& ws) const {
  return detail::value(*program_, in, *ws.buffers_);
}

namespace {

// A point of a batch whose fast run gave no value: the reference form's value, or its error
// with the point's index.
[[gnu::noinline, gnu::cold]] double slow_value_at_point(const detail::Program& p, const Inputs& in,
                                                         Workspace::Buffers& b, std::size_t point) {
  try {
    return detail::value_the_slow_way(p, in, b);
  } catch (EvaluationError& e) {
    throw BatchEvaluationError(std::move(e.diagnostic), point);
  }
}

// A point the lanes form left to value(): its value, or its error with the point's index.
[[gnu::noinline]] double value_at_point(const detail::Program& p, const Inputs& in, Workspace::Buffers& b,
                                        std::size_t point) {
  try {
    return detail::value(p, in, b);
  } catch (EvaluationError& e) {
    throw BatchEvaluationError(std::move(e.diagnostic), point);
  }
}

// The lanes form's loop (run_lanes.hpp) over n points: block(first, size, results, values) runs
// a block as detail::block_values does, point(k) gives point k's Inputs for value(). Each block's
// values are written in order, so that out[k..] is as it was when point k fails. After a block
// that left points (their IFs go many ways, or they fail) the next blocks go to value() point by
// point, where such points cost less, before the lanes are tried again.
template <class Block, class Point>
void in_blocks(const detail::Program& p, Workspace::Buffers& b, std::size_t n, double* out, Block block, Point point) {
  constexpr std::size_t kPointByPoint = 16;  // blocks after one that left points
  double results[detail::kBlockPoints];
  std::size_t pause = 0;
  for (std::size_t first = 0; first < n; first += detail::kBlockPoints) {
    const std::size_t size = std::min(detail::kBlockPoints, n - first);
    if (pause > 0) {
      --pause;
      for (std::size_t k = first; k < first + size; ++k) out[k] = value_at_point(p, point(k), b, k);
      continue;
    }
    std::uint64_t left = 0;
    const double* values = nullptr;
    {
      const Hold hold(b.busy);
      left = block(first, size, results, values);
    }
    if (left == 0) [[likely]] {
      std::copy_n(values, size, out + first);
      continue;
    }
    pause = kPointByPoint;
    for (std::size_t k = 0; k < size; ++k)
      out[first + k] = left >> k & 1 ? value_at_point(p, point(first + k), b, first + k) : values[k];
  }
}

// A batch point by point: detail::values (run.cpp) until a point its fast run gives no value
// for, which goes the slow way, then on after it.
void point_by_point(const detail::Program& p, Workspace::Buffers& b, std::span<const Inputs> points, double* out) {
  std::size_t k = 0;
  while (k < points.size()) {
    {
      const Hold hold(b.busy);
      k += detail::values(p, points.subspan(k), b, out + k);
    }
    if (k == points.size()) break;
    out[k] = slow_value_at_point(p, points[k], b, k);
    ++k;
  }
}

}  // namespace

// The caller's mistakes are all checked before the first point runs, so that a UsageError leaves
// out as it was. The points count towards the value's machine code as value() calls do, and the
// batch then runs on lanes where they are faster (detail::batch_on_lanes), else point by point in
// detail::values (run.cpp), where a point it stops at goes the slow way and, when that gives a
// value, the loop resumes after it.
void Expression::values(std::span<const Inputs> points, Workspace& ws, std::span<double> out) const {
  const detail::Program& p = *program_;
  if (out.size() < points.size()) [[unlikely]]
    detail::too_few_outputs(points.size(), out.size());
  if (p.variable_count > 0) {
    for (std::size_t k = 0; k < points.size(); ++k) {
      if (points[k].variables.size() < p.variable_count) [[unlikely]]
        detail::too_few_variables_at(k, p.variable_count, points[k].variables.size());
    }
  }
  Workspace::Buffers& b = *ws.buffers_;
  if (p.machine.countdown.load(std::memory_order_relaxed) != 0) [[unlikely]]
    detail::machine_count_down(p, points.size());
  if (detail::batch_on_lanes(p, false)) {
    in_blocks(
        p, b, points.size(), out.data(),
        [&](std::size_t first, std::size_t size, double* results, const double*& values) {
          return detail::block_values(p, points, first, size, b, results, values);
        },
        [&](std::size_t k) -> const Inputs& { return points[k]; });
    return;
  }
  point_by_point(p, b, points, out.data());
}

void Expression::values(const Columns& columns, Workspace& ws, std::span<double> out) const {
  const detail::Program& p = *program_;
  const std::size_t n = columns.points;
  if (out.size() < n) [[unlikely]]
    detail::too_few_outputs(n, out.size());
  if (columns.variables.size() < p.variable_count) [[unlikely]]
    detail::too_few_variable_columns(p.variable_count, columns.variables.size());
  for (std::size_t slot = 0; slot < p.variable_count; ++slot) {
    if (!columns.variables[slot].data) [[unlikely]]
      detail::column_without_data(slot);
  }
  Workspace::Buffers& b = *ws.buffers_;
  const std::size_t per_point = p.variable_count;
  // Point k's Inputs, its variables gathered into row.
  auto inputs_at = [&](std::size_t k, double* row) {
    for (std::size_t slot = 0; slot < per_point; ++slot) {
      const Column& c = columns.variables[slot];
      row[slot] = c.data[k * c.stride];
    }
    Inputs in;
    if (columns.time.data) in.time = columns.time.data[k * columns.time.stride];
    if (columns.mode.data) in.mode = columns.mode.data[k * columns.mode.stride];
    in.variables = std::span<const double>(row, per_point);
    in.state = columns.state;
    return in;
  };
  // Point k's alone, for value(), in the workspace.
  auto point = [&](std::size_t k) {
    b.point.resize(std::max(b.point.size(), per_point));
    return inputs_at(k, b.point.data());
  };
  if (p.machine.countdown.load(std::memory_order_relaxed) != 0) [[unlikely]]
    detail::machine_count_down(p, n);
  if (detail::batch_on_lanes(p, true)) {
    in_blocks(
        p, b, n, out.data(),
        [&](std::size_t first, std::size_t size, double* results, const double*& values) {
          return detail::block_values(p, columns, first, size, b, results, values);
        },
        point);
    return;
  }
  // A program calling a model's or dataset's functions, point by point: a block's points
  // gathered into Inputs at a time.
  std::array<Inputs, detail::kBlockPoints> chunk;
  b.point.resize(std::max(b.point.size(), chunk.size() * per_point));
  for (std::size_t first = 0; first < n; first += chunk.size()) {
    const std::size_t size = std::min(chunk.size(), n - first);
    for (std::size_t k = 0; k < size; ++k) chunk[k] = inputs_at(first + k, b.point.data() + k * per_point);
    try {
      point_by_point(p, b, std::span<const Inputs>(chunk.data(), size), out.data() + first);
    } catch (BatchEvaluationError& e) {
      throw BatchEvaluationError(std::move(e.diagnostic), first + e.point);
    }
  }
}

namespace {

// The gradient and Hessian when the fast run did not give them, from the reference form.
[[gnu::noinline]] double derivatives_the_slow_way(const detail::Program& p, const Inputs& in, Workspace::Buffers& b,
                                                  int order, std::span<double> grad, std::span<double> hess) {
  if (auto e = detail::run(p, in, b, order); e.message) fail(p, e);
  const std::size_t n = p.derivative_names.size();
  std::copy_n(b.grad.begin() + static_cast<std::ptrdiff_t>(p.result * n), n, grad.begin());
  if (order == 2) std::copy_n(b.hess.begin() + static_cast<std::ptrdiff_t>(p.result * n * n), n * n, hess.begin());
  return b.value[p.result];
}

}  // namespace

namespace detail {

double gradient_the_slow_way(const Program& p, const Inputs& in, Workspace::Buffers& b, std::span<double> grad) {
  check(p, in, grad.size(), 0, 1);
  const Hold hold(b.busy);
  return derivatives_the_slow_way(p, in, b, 1, grad, {});
}

double gradient_given_up(const Program& p, const Inputs& in, Workspace::Buffers& b, double* grad) {
  return gradient_the_slow_way(p, in, b, {grad, p.derivative_names.size()});
}

}  // namespace detail

// The checks, the hold on the workspace and the fast run are detail::gradient's (run.cpp), so
// that this is a jump there.
double Expression::gradient(const Inputs& in, Workspace& ws, std::span<double> grad) const {
  return detail::gradient(*program_, in, *ws.buffers_, grad);
}

double Expression::hessian(const Inputs& in, Workspace& ws, std::span<double> grad, std::span<double> hess) const {
  check(*program_, in, grad.size(), hess.size(), 2);
  const Hold hold(ws.buffers_->busy);
  const double v = detail::hessian(*program_, in, ws.buffers(), grad, hess);
  if (v == v) [[likely]]
    return v;
  return derivatives_the_slow_way(*program_, in, ws.buffers(), 2, grad, hess);
}

CompileResult compile(std::string_view text, const Context& context, CompileOptions options) {
  if (options.component < -1 || options.component > 2)
    throw std::invalid_argument("CompileOptions::component is -1 (a scalar) or 0, 1, 2 (a vector's x, y, z), not " +
                                std::to_string(options.component));
  return detail::compile_parsed(grammar::parse(text, {options.offset, options.source}), context, options);
}

CompileResult detail::compile_parsed(const std::variant<ast::Tree, Diagnostic>& parsed, const Context& context,
                                     const CompileOptions& options) {
  if (const auto* d = std::get_if<Diagnostic>(&parsed)) {
    CompileResult out;
    out.diagnostics.push_back(*d);
    return out;
  }
  return compile_parsed(std::get<ast::Tree>(parsed), context, options);
}

CompileResult detail::compile_parsed(const ast::Tree& tree, const Context& context, const CompileOptions& options) {
  CompileResult out;
  auto compiled = detail::compile_tree(tree, context, options.component, options.hints);
  out.diagnostics = std::move(compiled.diagnostics);
  if (!compiled.program) return out;
  static_assert(detail::kMachineAfter == 1000, "CompileOptions::MachineCode::after_1000_values says so");
  switch (options.machine_code) {
    case CompileOptions::MachineCode::after_1000_values: break;  // the compiler set the countdown
    case CompileOptions::MachineCode::now:
      detail::make_machine_value(*compiled.program);
      detail::make_machine_gradient(*compiled.program);
      break;
    case CompileOptions::MachineCode::never:
      compiled.program->machine.countdown.store(0);
      compiled.program->machine.gradient_countdown.store(0);
      break;
  }
  out.expression.emplace(std::move(compiled.program));
  return out;
}

}  // namespace fexpr
