// Running a program: the value alone, or the value with its gradient and Hessian by forward
// automatic differentiation over the program's derivative inputs.
#pragma once

#include "eval/program.hpp"

#include <fexpr/expression.hpp>

#include <atomic>
#include <span>
#include <vector>

namespace fexpr {

struct Workspace::Buffers {
  // Set while an evaluation runs with these buffers, so that one started meanwhile (another
  // thread sharing the workspace) is an error instead of corrupted scratch memory. Set without
  // a locked instruction, which costs as much as a small evaluation: two evaluations starting
  // in the same nanoseconds may both pass. It moves with the buffers, as a workspace does.
  std::atomic<bool> busy{false};
  std::uint64_t prepared = 0;  // id of the program the buffers are laid out for
  unsigned ready = 0;          // which of the layouts below are loaded for it (run.cpp)
  std::vector<double> value;   // per register; constants loaded once
  // The reference form's derivatives, over every derivative input (n of them).
  std::vector<double> grad;    // per register, n wide
  std::vector<double> hess;    // per register, n*n
  std::vector<double> new_grad, new_hess;
  std::vector<double> local_grad, local_hess;  // one bound call's derivatives
  std::vector<double> units;                   // n x n identity: the gradients of the inputs
  // The fast form's derivatives, over its lanes (width w of 1-4, 8 or 16; Program::kMaxLanes).
  std::vector<double> lane_grad;  // per register, w wide
  std::vector<double> lane_hess;  // per register, w*w
  const Inputs* inputs = nullptr;  // of the evaluation under way, for bound calls
  // The lanes form's registers (run_lanes.cpp): kBlockPoints values each, then the block's
  // finiteness per point; laid out for the program whose id is block_prepared.
  std::vector<double> block;
  std::uint64_t block_prepared = 0;
  std::vector<double> point;  // one point's variables gathered from Columns
  // The gradient run chosen for the program (by its width, and whether it calls anything), so
  // that each gradient jumps straight there (run.cpp).
  double (*gradient_run)(const detail::Program&, Buffers&, double*) = nullptr;
};

}  // namespace fexpr

namespace fexpr::detail {

struct RunError {
  const char* message = nullptr;  // nullptr: success
  std::uint32_t pc = 0;           // failing instruction
  bool input = false;             // a host-supplied input was not finite
};

// Expression::values' loop, once the caller has checked the points and holds the workspace: the
// value of each point from the first into out, as `value` gives it, until a point whose fast
// run gives no value (an error, or a value the reference form must compute). Returns that
// point's index, or points.size() when every value is written.
std::size_t values(const Program& program, std::span<const Inputs> points, Workspace::Buffers& buffers, double* out);
// Out of line (expression.cpp): reports the caller's mistakes, else holds the workspace and
// runs the reference form, which reports the error (or, when the fast run gave up on something
// that is not an error, computes the value).
double value_the_slow_way(const Program& program, const Inputs& in, Workspace::Buffers& buffers);
// Expression::value on the interpreter, all of it: the caller's checks, holding the workspace
// while the fast form runs, and, when the fast run gives no value, value_the_slow_way.
double value_interpreted(const Program& program, const Inputs& in, Workspace::Buffers& buffers);
// Expression::value: the program's machine code where it is made (machine_value.hpp), else the
// interpreter. Machine code needs no workspace: it reads the inputs in place and keeps its
// registers in its own frame, so only the caller's count of variables is checked first (the
// workspace is held, and checked, only if the run hands over to the slow way). Inline, so that
// Expression::value jumps straight into the machine code.
inline double value(const Program& program, const Inputs& in, Workspace::Buffers& buffers) {
  if (const MachineValue run = program.machine.run.load(std::memory_order_acquire))
    if (in.variables.size() >= program.variable_count) [[likely]]
      return run(program, in, buffers, in.variables.data(), value_the_slow_way);
  return value_interpreted(program, in, buffers);
}

// Expression::gradient on the interpreter, all of it: the caller's checks, holding the workspace
// while the fast form runs over the program's lanes, the gradient written into grad (every
// derivative input), and, when the fast run gives no value, gradient_the_slow_way.
double gradient_interpreted(const Program& program, const Inputs& in, Workspace::Buffers& buffers,
                            std::span<double> grad);
// Out of line (expression.cpp): reports the caller's mistakes, else holds the workspace and
// runs the reference form with derivatives, which reports the error or gives the result.
double gradient_the_slow_way(const Program& program, const Inputs& in, Workspace::Buffers& buffers,
                             std::span<double> grad);
// The same, where the machine-code gradient gives up: grad holds the program's partials.
double gradient_given_up(const Program& program, const Inputs& in, Workspace::Buffers& buffers, double* grad);
// Expression::gradient: the program's gradient machine code where it is made
// (machine_gradient.hpp), else the interpreter; as value(), only the caller's counts are checked
// before the code runs.
inline double gradient(const Program& program, const Inputs& in, Workspace::Buffers& buffers, std::span<double> grad) {
  if (const MachineGradient run = program.machine.gradient.load(std::memory_order_acquire))
    if (in.variables.size() >= program.variable_count && grad.size() >= program.derivative_names.size()) [[likely]]
      return run(program, in, buffers, in.variables.data(), grad.data(), gradient_given_up);
  return gradient_interpreted(program, in, buffers, grad);
}

// The fast form, the entry point of Expression::hessian (the caller checks and holds): the value
// with its gradient and Hessian written into grad and hess. NaN when an input is not finite, the
// fast run met anything wrong or the program has more lanes than a fast Hessian takes; a
// successful run's value is always finite. run() then gives the error or the result.
double hessian(const Program& program, const Inputs& in, Workspace::Buffers& buffers, std::span<double> grad,
               std::span<double> hess);

// The fast steps the machine-code value run calls rather than writes out (eval/machine_value.cpp),
// computed by the interpreter's own code: NaN where the fast run gives up. `constants` are the
// step's Program::step_constants.
double machine_step_haversine(double x, const double* constants);
double machine_impact(double x, double xdot, const double* constants);
double machine_bistop(double x, double xdot, const double* constants);
// What the machine-code gradient run (eval/machine_gradient.cpp) calls rather than writes out,
// again the interpreter's own code on its Duals. A pair of doubles comes back in xmm0 and xmm1.
struct MachinePair {
  double f, d;
};
// A one-argument math step's rule at order 1 (Op::abs_ .. Op::tanh_): f and f', NaN f where
// the rule fails; null for other steps.
using MachineRule = MachinePair (*)(double a);
MachineRule machine_rule(Op op);
// a**e for a constant e: power_value(a, e) and its derivative as base_partials gives it; NaN f
// where that fails.
MachinePair machine_power_partials(double a, double e);
// IMPACT, BISTOP, HAVSIN and `**` steps on Duals of `width` lanes (1-4), each laid out as
// [v, v, g0, g1, ...] padded to whole pairs: out = the step of x (and xdot, or the exponent)
// with the step's constants; a NaN value where the fast run gives up. Null for other steps and
// widths.
using MachineDualStep = void (*)(const double* x, const double* xdot, const double* constants, double* out);
MachineDualStep machine_dual_step(Op op, int width);
// A table function's step (Op::call) on Duals of `width` lanes (1-4) laid out as above, one
// after another in argument order: out = its value and partials, a NaN value where the fast run
// gives up (an exception too, which cannot pass through machine code). Null for other widths.
using MachineDualCall = void (*)(const Program* p, const Step* s, const double* arguments, double* out);
MachineDualCall machine_dual_call(int width);

// A table function's value (Op::call) and a bound call's (Op::bound, Program::bound_calls[call]
// at `in`), NaN where the fast run gives up; an exception (a dataset's nested evaluation out of
// memory) too, since it cannot pass through machine code: the reference form meets it again.
double machine_call(const builtins::Builtin* function, const double* arguments, std::size_t count);
double machine_bound(const Program* program, const Inputs* in, std::size_t call, const double* arguments);

// The reference form, which locates errors. order 0: value only; 1: with gradient; 2: with
// gradient and Hessian. The result is in buffers.value[program.result] (and its rows of
// grad/hess).
RunError run(const Program& program, const Inputs& in, Workspace::Buffers& buffers, int order);

}  // namespace fexpr::detail
