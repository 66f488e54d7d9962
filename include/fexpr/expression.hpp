// Compiling and evaluating one function expression: the library's main entry point.
//
//   fexpr::Context ctx;
//   auto x = ctx.declare_variable("x");
//   auto compiled = fexpr::compile("-1E4*(x-0.5)", ctx);
//   if (!compiled) { for (auto& d : compiled.diagnostics) ...; }
//   fexpr::Workspace ws;                       // one per thread
//   double vars[1] = {0.6};
//   fexpr::Inputs in; in.variables = vars;
//   double f = compiled.expression->value(in, ws);
#pragma once

#include <fexpr/diagnostic.hpp>

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr {

namespace detail {
struct Program;
}
class Bindings;

// What names mean when an expression is compiled: the user variables a host binds, and
// (through Bindings) the model and dataset elements that kinematic and element functions refer to.
class Context {
 public:
  Context();
  ~Context();
  Context(const Context&);
  Context& operator=(const Context&);

  // Declares a user variable (names are case-insensitive) and returns its slot in
  // Inputs::variables. Declaring a name twice returns the first slot. Throws
  // std::invalid_argument for a reserved name (TIME, PI, ...) or one the grammar cannot read.
  std::size_t declare_variable(std::string_view name);
  // Declares an input no expression can name, read only through the bindings (a dataset's DIFF
  // states, which DIF(id) reads); `label` ("DIFF/3") names it in derivative_names(). Declaring
  // a label twice returns the first slot.
  std::size_t declare_bound_input(std::string_view label);
  std::optional<std::size_t> variable_slot(std::string_view name) const;
  const std::vector<std::string>& variables() const { return variables_; }

  // Gives meaning to kinematic and element functions (DX, VARVAL, ...). Without bindings
  // they are compile errors "needs a model". The bindings must outlive every expression
  // compiled against this context.
  void set_bindings(const Bindings* bindings) { bindings_ = bindings; }
  const Bindings* bindings() const { return bindings_; }

 private:
  std::vector<std::string> variables_;
  const Bindings* bindings_ = nullptr;
};

// The values an expression reads when it is evaluated.
struct Inputs {
  double time = 0.0;
  // Analysis mode read by MODE; Adams codes 1 kinematic, 3 initial conditions, 4 dynamic,
  // 5 static, 6 quasi-static, 7 linear.
  double mode = 4.0;
  std::span<const double> variables;  // indexed by Context::declare_variable slots
  const void* state = nullptr;        // model state, read by the Bindings that compiled it
};

// One input of many points, as an array holds it: point k's value is data[k * stride]. A stride
// of 0 gives every point data[0].
struct Column {
  const double* data = nullptr;
  std::size_t stride = 1;
};

// The inputs of many points by column (NumPy arrays, a sweep's samples), for
// Expression::values: each column the Inputs member of the same name, with its default (TIME 0,
// MODE 4) where it has no data; `variables` by Context slot, each with data.
struct Columns {
  std::size_t points = 0;
  Column time, mode;
  std::span<const Column> variables;
  const void* state = nullptr;  // every point's model state
};

// Per-thread scratch memory for evaluation. It grows to fit the largest expression it has
// evaluated, so evaluation allocates only the first time.
class Workspace {
 public:
  Workspace();
  ~Workspace();
  Workspace(Workspace&&) noexcept;
  Workspace& operator=(Workspace&&) noexcept;

  struct Buffers;
  Buffers& buffers() { return *buffers_; }

 private:
  friend class Expression;
  // With a flag set while an evaluation runs with this workspace, so that one started meanwhile
  // (another thread sharing it) is an error instead of corrupted scratch memory.
  std::unique_ptr<Buffers> buffers_;
};

// A caller's mistake detected by the library: fewer variables than the expression was
// compiled with, a gradient or Hessian span too short for derivative_count(), a workspace
// in use by an evaluation that another thread started. The message says which and by how much.
class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class EvaluationError : public std::runtime_error {
 public:
  explicit EvaluationError(Diagnostic d) : std::runtime_error(d.message), diagnostic(std::move(d)) {}
  Diagnostic diagnostic;

 protected:
  EvaluationError(Diagnostic d, const std::string& what) : std::runtime_error(what), diagnostic(std::move(d)) {}
};

// The evaluation error of one point of Expression::values: `point` is its index in the batch,
// `diagnostic` is exactly what value() throws at that point, and what() is its message after
// "point <index>: ".
class BatchEvaluationError : public EvaluationError {
 public:
  BatchEvaluationError(Diagnostic d, std::size_t index)
      : EvaluationError(d, "point " + std::to_string(index) + ": " + d.message), point(index) {}
  std::size_t point;
};

// A compiled expression: immutable, cheap to copy, safe to evaluate from several threads
// at once as long as each thread has its own Workspace.
class Expression {
 public:
  explicit Expression(std::shared_ptr<const detail::Program> program);

  // The independent inputs of the derivatives, in gradient order: TIME, each declared
  // variable, then model states the expression reads (named like "PART/2.x").
  const std::vector<std::string>& derivative_names() const;
  std::size_t derivative_count() const;

  // How many Inputs::variables the expression reads: the variables of its context when it
  // was compiled. Fewer is a UsageError; more are ignored.
  std::size_t variable_count() const;

  // Each throws EvaluationError when the expression cannot be evaluated at these inputs and
  // UsageError when the inputs, spans or workspace are wrong.
  double value(const Inputs& in, Workspace& ws) const;
  // Returns the value; writes d/d(input) for each derivative input into grad, which must hold
  // derivative_count() values (more are left as they were).
  double gradient(const Inputs& in, Workspace& ws, std::span<double> grad) const;
  // Also writes the full symmetric Hessian, row-major n*n, into hess (at least n*n long).
  double hessian(const Inputs& in, Workspace& ws, std::span<double> grad, std::span<double> hess) const;

  // The value at every point, out[k] = value(points[k], ws) bit for bit, for sweeps, plots and
  // checkers: the checks, the hold on the workspace and the choice of run are paid once per
  // batch instead of once per point. out must hold points.size() values (more are left as they
  // were). A caller's mistake is a UsageError thrown before anything is evaluated: out too
  // short (naming both sizes), a point with too few variables (naming the point), a workspace
  // in use. At the first point k that cannot be evaluated it throws BatchEvaluationError with
  // point == k, having written out[0..k) and left out[k..] as they were; to go on past it
  // (a plot leaving a gap, a checker listing every failing point), call values again on
  // points.subspan(k + 1) and out.subspan(k + 1).
  void values(std::span<const Inputs> points, Workspace& ws, std::span<double> out) const;
  // The same over columns.points points read from columns, without an Inputs per point; the
  // same errors (a variable column without data is a UsageError naming its slot).
  void values(const Columns& columns, Workspace& ws, std::span<double> out) const;

  const detail::Program& program() const { return *program_; }

 private:
  std::shared_ptr<const detail::Program> program_;
};

struct CompileResult {
  std::optional<Expression> expression;
  std::vector<Diagnostic> diagnostics;  // errors when expression is empty; warnings otherwise
  explicit operator bool() const { return expression.has_value(); }
};

// What the user of a front end does to supply what an expression lacks, appended after "; " to
// the error that finds it missing, so that each front end names its own option or call rather
// than another's. Empty: the error alone.
struct CompileHints {
  // After "unknown name 'x'" (when no known name is near): "define it with --var NAME=VALUE".
  std::string_view variable = {};
  // After "DX needs a model": "add --model FILE.adm", "pass model=fexpr.load_model(PATH)".
  std::string_view model = {};
};

struct CompileOptions {
  // Added to every span, so that an expression taken from inside a larger file reports
  // offsets into that file.
  std::uint32_t offset = 0;
  // The larger file, for positions quoted inside messages ("'(' opened at 41:23").
  const SourceText* source = nullptr;
  // -1: the expression is a scalar, as FUNCTION= is. 0, 1, 2: it is a vector (Adams Solver
  // C++: FXYZ=, TXYZ=), and the Expression is its x, y or z component.
  int component = -1;
  // When value() and gradient() start running the expression as machine code (x86-64 Linux;
  // the same results either way): each on its own 1000th call, so that an expression evaluated
  // a few times never pays for the making (about 30 us); now, at compile time, so that no
  // evaluation ever makes it (no allocation or system call in any evaluation); or never (the
  // interpreter only). Gradients of more than 4 partials read, and of expressions calling a
  // model's or dataset's functions, stay on the interpreter.
  enum class MachineCode { after_1000_values, now, never } machine_code = MachineCode::after_1000_values;
  // The hints of this front end's errors; compile() copies what it uses into its messages.
  CompileHints hints = {};
};

CompileResult compile(std::string_view text, const Context& context, CompileOptions options = {});

}  // namespace fexpr
