// The compiled form of an expression: a flat instruction array over a register file.
// Registers hold, in this order: the inputs (TIME, MODE, user variables), the constants, then
// temporaries. IF compiles to a three-way jump, so untaken branches never run.
//
// A program has two forms over the same registers. The reference form (`code`) is one
// instruction per operation, each with its span; it is what errors are located in. The fast
// form (`steps`, lowered from it at compile time) fuses common shapes into one step, gives
// STEP, IMPACT, constant powers and the math functions steps of their own, and carries no
// spans: when a fast run meets anything wrong it stops, and the reference form runs again to
// find the failing instruction and its message (see run.cpp). The fast form differentiates
// over lanes, the derivative inputs the program reads: up to 16 for a gradient (a model-bound
// expression on one part reads 13), 4 for a Hessian; wider programs differentiate on the
// reference form.
#pragma once

#include "builtins/builtin.hpp"

#include <fexpr/bindings.hpp>
#include <fexpr/diagnostic.hpp>
#include <fexpr/expression.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace fexpr::detail {

enum class OpCode : std::uint8_t {
  add,       // r[dst] = r[a] + r[b]
  subtract,
  multiply,
  divide,
  negate,    // r[dst] = -r[a]
  power,     // r[dst] = r[a] ** r[b]
  square,    // r[dst] = r[a] * r[a]           (x**2)
  call,      // r[dst] = functions[b](argument registers argument_lists[a .. a + count))
  bound,     // r[dst] = bindings->evaluate(bound_calls[b], runtime argument registers argument_lists[a .. a + count))
  move,      // r[dst] = r[a]
  branch,    // on the sign of r[a]: jump to branches[b].lt / .eq / .gt
  jump,      // pc = a
};

struct Instruction {
  OpCode op;
  std::uint8_t count = 0;  // call: number of arguments
  std::uint32_t dst = 0;
  std::uint32_t a = 0;
  std::uint32_t b = 0;
};

struct Branch {
  std::uint32_t lt, eq, gt;
};

// The fast form's operations. The first kShapeCount are fused arithmetic shapes
// r[dst] = L root R, where L and R are each a register or one operation on two registers:
//   shape = root * 16 + left * 4 + right,  root: 0 +, 1 -, 2 *, 3 /;  left, right: 0 a register,
//   1 +, 2 -, 3 * of two registers. L reads x[0] (and x[1]), R reads x[2] (and x[3]).
// A division's right operand is always a register: a fused x/(y*z) could hide y*z overflowing.
inline constexpr int kShapeCount = 64;
constexpr int shape_code(int root, int left, int right) { return root * 16 + left * 4 + right; }
// A shape whose value only feeds +, -, * (or the numerator of /) in the same block need not be
// checked for finiteness: an infinity or NaN carries through to that reader, which is checked.
// Such steps have kUnchecked added to their shape (value runs skip the check).
inline constexpr int kUnchecked = 128;

enum class Op : std::uint8_t {
  // 0 .. kShapeCount-1: the shapes above (and kUnchecked + shape).
  negate = kShapeCount,  // -x0
  move,                  // x0
  power,                 // x0 ** x1 (the exponent varies)
  power_constant,        // x0 ** x1, x1 a constant register not covered below
  cube,                  // x0**3
  fourth,                // x0**4
  square_root,           // x0**0.5
  three_halves,          // x0**1.5
  reciprocal,            // x0**-1
  inverse_square,        // x0**-2
  // One-argument math functions evaluated inline; x1 indexes Program::functions (for the
  // derivative rule). Order as in kUnaryNames (compile.cpp).
  abs_, acos_, aint_, anint_, asin_, atan_, cos_, cosh_, exp_, log_, log10_, sin_, sinh_, sqrt_, tan_, tanh_,
  // STEP, STEP5, HAVSIN with constant x0, h0, x1, h1 (x0 != x1): x0 = x, x1 = offset of
  // x0, h0, x1, h1, x1 - x0, h1 - h0, 1/(x1 - x0) or 0 in step_constants.
  step_cubic, step_quintic, step_haversine,
  // IMPACT, BISTOP with constant parameters: x0 = x, x1 = xdot, x2 = offset of x1, k, e,
  // cmax, d (BISTOP: x1, x2, k, e, cmax, d) in step_constants.
  impact, bistop,
  call,    // functions[x1] on `count` registers argument_lists[x0 ..]
  bound,   // bound_calls[x1], `count` runtime arguments at argument_lists[x0 ..]
  // On the sign of a test T (r[x0], x0 + x1, x0 - x1 or x0 * x1): to step x2 (< 0), x3 (= 0)
  // or x4 (> 0).
  branch, branch_add, branch_subtract, branch_multiply,
  jump,    // to step x0
  ret,     // the end: the value is in r[result]
};

// Scaled sums (value steps only), the spring-damper's shape (`-1E4*(x-0.5) - 25*v`): three or four operations in
// one step, r[dst] = x0 * (x1 op x2) root R, op and root each + or -, R the register x3 or the
// product x3 * x4. Computed as the instructions it replaces compute it (a product's operands
// swapped, which IEEE multiplication does not notice), so the bits are theirs.
inline constexpr int kScaledSum = static_cast<int>(Op::ret) + 1;
constexpr int scaled_sum_code(int root, int op, int right_product) {
  return kScaledSum + root * 4 + op * 2 + right_product;
}
inline constexpr int kScaledSumCount = 8;
static_assert(kScaledSum + kScaledSumCount <= kUnchecked, "unchecked shapes must not overlap the other operations");

struct Step {
  Op op = Op::ret;
  std::uint8_t count = 0;
  std::uint32_t dst = 0;
  std::uint32_t x[5] = {0, 0, 0, 0, 0};
};

// A derivative input: which register's seed it is.
struct Input {
  enum class Kind : std::uint8_t { time, mode, variable } kind;
  std::uint32_t slot = 0;  // variable slot
};

struct Program;
// The value run as machine code (eval/machine_value.cpp). It reads the inputs in place (TIME
// and MODE from `in`, the variables from `variables`, in.variables.data()) and returns the
// value; wherever the fast form's value run gives up (an input, step or result not finite) it
// jumps to `fallback` with its first three arguments instead: value_the_slow_way, or a
// function that returns NaN.
using MachineFallback = double (*)(const Program&, const Inputs& in, Workspace::Buffers&);
using MachineValue = double (*)(const Program&, const Inputs& in, Workspace::Buffers&, const double* variables,
                                MachineFallback fallback);
// The gradient run as machine code (eval/machine_gradient.cpp): as MachineValue, and it writes
// every partial into `grad`; where the fast form's gradient run gives up it jumps to `fallback`
// with its first three arguments and grad.
using MachineGradientFallback = double (*)(const Program&, const Inputs& in, Workspace::Buffers&, double* grad);
using MachineGradient = double (*)(const Program&, const Inputs& in, Workspace::Buffers&, const double* variables,
                                   double* grad, MachineGradientFallback fallback);
struct MachineRun {
  std::atomic<MachineValue> run{nullptr};  // null until made
  // Value runs left until it is made; 0 when it is made or never will be (another platform,
  // CompileOptions::MachineCode::never, a translation or executable pages refused).
  std::atomic<std::uint32_t> countdown{0};
  std::atomic<MachineGradient> gradient{nullptr};     // likewise for gradients
  std::atomic<std::uint32_t> gradient_countdown{0};
  std::mutex making;
  std::shared_ptr<const void> code;           // the pages `run` points into
  std::shared_ptr<const void> gradient_code;  // and `gradient`
};

struct Program {
  Program();
  // Unique over the process lifetime, so a workspace can tell whether it was prepared for this
  // program even when a new program reuses a freed one's address.
  std::uint64_t id;
  std::vector<Instruction> code;
  std::vector<Span> spans;                 // per instruction, for evaluation errors
  std::vector<const builtins::Builtin*> functions;
  std::vector<std::uint32_t> argument_lists;  // call: registers of its arguments, from a
  std::vector<Branch> branches;
  std::vector<double> constants;
  struct BoundCall {
    std::uintptr_t handle;
    std::vector<std::int32_t> derivative;  // derivative index of each input the call reads
    std::vector<std::int32_t> lane;        // the fast form's lane of each of those inputs
    Bindings::ValueFunction direct{};      // its value without evaluate(), where the bindings give one
  };
  // Bound calls with runtime arguments have at most this many (CUBSPL(x, z, id, iord)).
  static constexpr std::size_t kMaxRuntimeArguments = 4;
  std::vector<BoundCall> bound_calls;      // indexed by a `bound` instruction's b
  std::uint32_t max_bound_inputs = 0;
  const Bindings* bindings = nullptr;

  std::uint32_t first_constant = 0;        // == number of input registers
  std::uint32_t first_temporary = 0;
  std::uint32_t register_count = 0;
  std::uint32_t result = 0;                // register holding the value at the end

  std::vector<Input> inputs;               // input registers 0..first_constant-1
  // Gradient order: a derivative index for each input register (-1 = not differentiated,
  // as for MODE), then model states, which are read only by `bound` instructions.
  std::vector<std::int32_t> input_derivative;
  std::vector<std::string> derivative_names;
  Span whole;                              // the expression in its source, for input errors

  // The fast form (compile.cpp lowers `code` into it).
  std::vector<Step> steps;                 // ends with Op::ret
  std::vector<double> step_constants;      // STEP and IMPACT parameters
  std::uint32_t variable_count = 0;        // input registers 2 .. 2 + variable_count
  // The inputs the program reads (as its instructions' operands or as its result): the ones
  // each evaluation loads and checks for finiteness. Variables by slot, in increasing order.
  bool reads_time = false, reads_mode = false;
  std::vector<std::uint32_t> variables_read;
  // Every step is arithmetic, a branch or a jump (no call of any kind): the value run then
  // takes an interpreter that calls nothing, so it saves and restores no registers.
  bool calls_nothing = false;
  // So do its gradient runs (up to 4 lanes): it calls nothing and has no x**-2, whose derivative
  // calls pow.
  bool differentiates_calling_nothing = false;
  // The value run's steps: for a program that calls nothing, `steps` with scaled sums besides
  // (kScaledSum), which the derivative runs leave out (on 16 lanes a scaled sum measured
  // slower than the two steps it replaces); for the others, `steps`.
  std::vector<Step> value_steps;
  // Its derivatives run over lanes: the derivative inputs the program really reads, in
  // gradient order, so that d/dTIME costs nothing in an expression without TIME.
  std::vector<std::uint32_t> lanes;        // lane -> derivative index
  std::vector<std::int32_t> input_lane;    // input register -> lane, or -1
  std::vector<std::int32_t> derivative_lane;  // derivative index -> lane, or -1
  std::vector<std::uint32_t> unread_derivatives;  // the derivative indices no lane carries
  // Programs with more lanes than these differentiate on the reference form. At 32 lanes (two
  // parts of a model, 25 inputs) the fast gradient measured slower than the reference form's
  // 25; a Hessian's Dual holds W*W doubles, so wide ones would crowd a host's small thread
  // stack, and each wider instantiation of the interpreter costs minutes of compiling.
  static constexpr std::size_t kMaxLanes = 16;        // gradients
  static constexpr std::size_t kMaxHessianLanes = 4;  // Hessians

  // Made on a later value run, when the program has been evaluated often enough to pay for it;
  // immutable once made, like the rest.
  mutable MachineRun machine;
};

}  // namespace fexpr::detail
