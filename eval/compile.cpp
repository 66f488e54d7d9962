#include "eval/compile.hpp"

#include "eval/machine_value.hpp"

#include "builtins/contact.hpp"
#include "eval/compiler.hpp"
#include "support/stack.hpp"
#include "support/text.hpp"

#include <fexpr/bindings.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>

namespace fexpr::detail {

std::span<const ConstantName> constant_names() {
  static const ConstantName names[] = {
      {"DTOR", "pi/180, degrees to radians"},
      {"FXFREQ",
       "frequency of the FLEX_BODY mode whose damping ratio Adams is evaluating, inside the FLEX_BODY's CRATIO=",
       false},
      {"FXMODE",
       "mode number (as in the .mtx file) of the FLEX_BODY mode whose damping ratio Adams is evaluating, inside the "
       "FLEX_BODY's CRATIO=, and 0 in every other expression (cfunc_fxmode)",
       false},
      {"MODE", "the analysis mode (1 kinematic, 3 initial conditions, 4 dynamic, 5 static, 6 quasi-static, 7 linear)"},
      {"PI", "3.14159..."},
      {"RTOD", "180/pi, radians to degrees"},
      {"TIME", "the simulation time"},
  };
  return names;
}

namespace {

// Statements whose function has another name: a call by the statement's name says which.
struct StatementFunction {
  std::string_view statement;
  std::string_view function;
};
constexpr StatementFunction kStatementFunctions[] = {
    {"ARRAY", "ARYVAL"}, {"BUSHING", "BUSH"},        {"PINPUT", "PINVAL"}, {"POUTPUT", "POUVAL"},
    {"SENSOR", "SENVAL"}, {"SPRINGDAMPER", "SPDP"}, {"VARIABLE", "VARVAL"}, {"VTORQUE", "VTORQ"},
};

// ---- Lowering the reference code to the fast form (Program::steps) ----
//
// One pass over basic blocks fuses an add, subtract, multiply or square into the arithmetic
// instruction or IF test that reads it, when it is that value's only reader in the same block
// and its operands are still intact there. The tree compiler gives every temporary exactly one
// reader, and only an IF's result register carries a value from one block to another (written
// by moves, which are never fused away from their block), so this keeps the program's meaning.
// Every fused value is computed with the same operations in the same order, so values are bit
// for bit those of the reference form. Then: a branch value is computed straight into its IF's
// register; STEP, STEP5, HAVSIN, IMPACT and BISTOP with constant parameters, the one-argument
// math functions and constant powers get steps of their own; every other call goes through
// the builtin table as in the reference form. Finally the lanes: which derivative inputs the
// program reads.

// The one-argument math functions with a step of their own, in the order of Op::abs_ ...
constexpr std::string_view kUnaryNames[] = {"ABS", "ACOS", "AINT", "ANINT", "ASIN",  "ATAN", "COS", "COSH",
                                            "EXP", "LOG",  "LOG10", "SIN",  "SINH", "SQRT", "TAN", "TANH"};

// One byte per flag, not std::vector<bool>: every instruction reads and writes several, and
// a bit costs a shift and a mask each time.
using Flags = std::vector<std::uint8_t>;

// What lowering works in, kept on each thread from one program to the next: a dataset's check
// lowers thousands of programs, and would otherwise allocate and free each of these for each.
// Every use sizes and fills them first.
struct LoweringBuffers {
  Flags leader, absorbed, fused, scaled_away, read, input_read;
  std::vector<std::size_t> first_definition, stamp, targets_to_fix;
  std::vector<std::int64_t> definitions, last, left, right, scaled;
  std::vector<int> uses;
  struct Reader {
    std::int64_t instruction;  // -1: none in the block
    std::size_t slot;          // which register it reads (reads() order)
  };
  std::vector<Reader> reader;
  std::vector<std::uint32_t> scaled_factor, first_step;
  std::vector<std::int32_t> lane_of;
};

class Lowering {
 public:
  Lowering(Program& p, LoweringBuffers& buffers) : p_(p), n_(p.code.size()), b_(buffers) {}

  void run() {
    analyse();
    fuse();
    emit(p_.steps, false);
    p_.calls_nothing =
        std::all_of(p_.steps.begin(), p_.steps.end(), [](const Step& s) { return calls_nothing(s.op); });
    if (p_.calls_nothing) emit(p_.value_steps, true);
    else p_.value_steps = p_.steps;
    assign_lanes();
    p_.differentiates_calling_nothing =
        p_.calls_nothing && p_.lanes.size() <= 4 &&
        std::none_of(p_.steps.begin(), p_.steps.end(), [](const Step& s) { return s.op == Op::inverse_square; });
  }

 private:
  bool is_temporary(std::uint32_t r) const { return r >= p_.first_temporary; }
  bool is_constant(std::uint32_t r) const { return r >= p_.first_constant && r < p_.first_temporary; }
  double constant(std::uint32_t r) const { return p_.constants[r - p_.first_constant]; }
  static bool control(OpCode op) { return op == OpCode::branch || op == OpCode::jump; }

  // The registers an instruction reads, in operand order: its own operands, or its argument list.
  struct Reads {
    std::uint32_t own[2] = {0, 0};
    const std::uint32_t* list = nullptr;
    std::size_t count = 0;
    const std::uint32_t* begin() const { return list ? list : own; }
    const std::uint32_t* end() const { return begin() + count; }
  };
  Reads reads(std::size_t k) const {
    const Instruction& i = p_.code[k];
    switch (i.op) {
      case OpCode::add:
      case OpCode::subtract:
      case OpCode::multiply:
      case OpCode::divide:
      case OpCode::power: return {{i.a, i.b}, nullptr, 2};
      case OpCode::negate:
      case OpCode::square:
      case OpCode::move:
      case OpCode::branch: return {{i.a, 0}, nullptr, 1};
      case OpCode::call:
      case OpCode::bound: return {{0, 0}, p_.argument_lists.data() + i.a, i.count};
      case OpCode::jump: return {};
    }
    return {};
  }

  // The definition (instruction index, or -1) of the `slot`th register instruction k reads.
  std::int64_t definition(std::size_t k, std::size_t slot) const { return definitions_[first_definition_[k] + slot]; }

  void analyse() {
    leader_.assign(n_ + 1, false);
    leader_[0] = true;
    for (std::size_t k = 0; k < n_; ++k) {
      const Instruction& i = p_.code[k];
      if (i.op == OpCode::branch) {
        const Branch& b = p_.branches[i.b];
        leader_[b.lt] = leader_[b.eq] = leader_[b.gt] = true;
        leader_[k + 1] = true;
      } else if (i.op == OpCode::jump) {
        leader_[i.a] = true;
        leader_[k + 1] = true;
      }
    }
    // Within each block: the definition each temporary read refers to, and how often each
    // definition is read there.
    first_definition_.assign(n_, 0);
    definitions_.clear();
    definitions_.reserve(2 * n_);
    uses_.assign(n_, 0);
    reader_.assign(n_, {-1, 0});
    // The latest definition of each temporary in the current block; a definition from an
    // earlier block does not count (stamp).
    std::vector<std::int64_t>& last = b_.last;
    std::vector<std::size_t>& stamp = b_.stamp;
    last.assign(p_.register_count, -1);
    stamp.assign(p_.register_count, 0);
    std::size_t block = 0;
    for (std::size_t k = 0; k < n_; ++k) {
      if (leader_[k]) ++block;
      first_definition_[k] = definitions_.size();
      std::size_t slot = 0;
      for (std::uint32_t r : reads(k)) {
        const std::int64_t d = is_temporary(r) && stamp[r] == block ? last[r] : -1;
        definitions_.push_back(d);
        if (d >= 0) {
          ++uses_[static_cast<std::size_t>(d)];
          reader_[static_cast<std::size_t>(d)] = {static_cast<std::int64_t>(k), slot};
        }
        ++slot;
      }
      if (!control(p_.code[k].op)) {
        last[p_.code[k].dst] = static_cast<std::int64_t>(k);
        stamp[p_.code[k].dst] = block;
      }
    }
  }

  // The inner operation an instruction can become inside another: 1 +, 2 -, 3 *, 0 none.
  static int inner_kind(OpCode op) {
    switch (op) {
      case OpCode::add: return 1;
      case OpCode::subtract: return 2;
      case OpCode::multiply:
      case OpCode::square: return 3;
      default: return 0;
    }
  }
  std::uint32_t second_operand(const Instruction& i) const { return i.op == OpCode::square ? i.a : i.b; }

  // Whether instruction d (defining operand `slot` of u) can be computed inside u.
  bool absorbable(std::size_t u, std::size_t slot) const {
    const std::int64_t d = definition(u, slot);
    if (d < 0) return false;
    const std::size_t k = static_cast<std::size_t>(d);
    const Instruction& di = p_.code[k];
    if (absorbed_[k] || fused_[k] || inner_kind(di.op) == 0 || uses_[k] != 1) return false;
    // Its operands must still hold their values when u runs.
    for (std::size_t m = k + 1; m < u; ++m) {
      const Instruction& mi = p_.code[m];
      if (control(mi.op)) return false;
      if (mi.dst == di.a || mi.dst == second_operand(di)) return false;
    }
    return true;
  }

  // Consumers first, so that each takes the largest shape; an absorbed instruction absorbs
  // nothing itself (shapes are one level deep).
  void fuse() {
    absorbed_.assign(n_, false);
    fused_.assign(n_, false);
    left_.assign(n_, -1);
    right_.assign(n_, -1);
    scaled_factor_.assign(n_, 0);
    for (std::size_t u = n_; u-- > 0;) {
      if (absorbed_[u]) continue;
      const Instruction& i = p_.code[u];
      const bool arithmetic = i.op == OpCode::add || i.op == OpCode::subtract || i.op == OpCode::multiply ||
                              i.op == OpCode::divide || i.op == OpCode::square;
      if (arithmetic) {
        if (absorbable(u, 0)) left_[u] = definition(u, 0);
        // A square reads its operand once: both sides are the same definition.
        if (i.op == OpCode::square) right_[u] = left_[u];
        else if (i.op != OpCode::divide && absorbable(u, 1)) right_[u] = definition(u, 1);
      } else if (i.op == OpCode::branch) {
        if (absorbable(u, 0)) left_[u] = definition(u, 0);
      }
      for (std::int64_t d : {left_[u], right_[u]}) {
        if (d >= 0) absorbed_[static_cast<std::size_t>(d)] = true;
      }
      fused_[u] = left_[u] >= 0 || right_[u] >= 0;
    }
    scale_sums();
  }

  // Whether registers a and b keep their values from instruction `from` up to `until`.
  bool intact(std::size_t from, std::size_t until, std::uint32_t a, std::uint32_t b) const {
    for (std::size_t m = from + 1; m < until; ++m) {
      const Instruction& mi = p_.code[m];
      if (control(mi.op) || mi.dst == a || mi.dst == b) return false;
    }
    return true;
  }

  // A + or - whose left side is a product absorbed into it, one factor of which is a plain
  // + or - of two registers read nowhere else: the sum goes into the same step too, a scaled
  // sum x0 * (x1 op x2) root R (Program.hpp), when R is a register or a product.
  void scale_sums() {
    scaled_.assign(n_, -1);
    scaled_away_.assign(n_, false);
    for (std::size_t u = 0; u < n_; ++u) {
      const Instruction& i = p_.code[u];
      if ((i.op != OpCode::add && i.op != OpCode::subtract) || absorbed_[u] || left_[u] < 0) continue;
      const std::size_t d = static_cast<std::size_t>(left_[u]);
      if (p_.code[d].op != OpCode::multiply) continue;
      if (right_[u] >= 0 && inner_kind(p_.code[static_cast<std::size_t>(right_[u])].op) != 3) continue;
      for (std::size_t slot = 0; slot < 2; ++slot) {
        const std::int64_t e = definition(d, slot);
        if (e < 0) continue;
        const std::size_t k = static_cast<std::size_t>(e);
        const Instruction& ei = p_.code[k];
        if ((ei.op != OpCode::add && ei.op != OpCode::subtract) || absorbed_[k] || scaled_away_[k] || fused_[k] ||
            uses_[k] != 1)
          continue;
        if (!intact(k, u, ei.a, ei.b)) continue;
        scaled_away_[k] = true;
        scaled_[u] = e;
        scaled_factor_[u] = slot == 0 ? p_.code[d].b : p_.code[d].a;
        break;
      }
    }
  }

  // One side of a shape: its code (0 a register) and its registers.
  int side(std::int64_t definition, std::uint32_t reg, std::uint32_t* out) const {
    if (definition < 0) {
      out[0] = out[1] = reg;
      return 0;
    }
    const Instruction& d = p_.code[static_cast<std::size_t>(definition)];
    out[0] = d.a;
    out[1] = second_operand(d);
    return inner_kind(d.op);
  }

  Step arithmetic(std::size_t k, bool scaled) const {
    const Instruction& i = p_.code[k];
    int root = 0;
    switch (i.op) {
      case OpCode::add: root = 0; break;
      case OpCode::subtract: root = 1; break;
      case OpCode::divide: root = 3; break;
      default: root = 2; break;  // multiply, square
    }
    Step s;
    s.dst = i.dst;
    if (scaled && scaled_[k] >= 0) {
      const Instruction& sum = p_.code[static_cast<std::size_t>(scaled_[k])];
      s.x[0] = scaled_factor_[k];
      s.x[1] = sum.a;
      s.x[2] = sum.b;
      const int product = side(right_[k], second_operand(i), s.x + 3) == 3 ? 1 : 0;
      s.op = static_cast<Op>(scaled_sum_code(root, sum.op == OpCode::add ? 0 : 1, product));
      return s;
    }
    const int left = side(left_[k], i.a, s.x);
    const int right = side(right_[k], second_operand(i), s.x + 2);
    s.op = static_cast<Op>(shape_code(root, left, right));
    return s;
  }

  // Whether an infinity or NaN in instruction k's value is sure to reach a checked value:
  // its only reader is in the same block and carries it through (+, -, *, the numerator of
  // /, or an operation fused into such a step).
  bool carried_through(std::size_t k) const {
    if (uses_[k] != 1 || reader_[k].instruction < 0) return false;
    const std::size_t u = static_cast<std::size_t>(reader_[k].instruction);
    if (absorbed_[u]) return true;  // u is +, -, * inside a shape, never a divisor
    switch (p_.code[u].op) {
      case OpCode::add:
      case OpCode::subtract:
      case OpCode::multiply:
      case OpCode::square:
      case OpCode::negate: return true;
      case OpCode::divide: return reader_[k].slot == 0;
      default: return false;
    }
  }

  Step power(const Instruction& i) const {
    Step s{Op::power, 0, i.dst, {i.a, i.b, 0, 0}};
    if (!is_constant(i.b)) return s;
    const double e = constant(i.b);
    s.op = e == 3.0    ? Op::cube
           : e == 4.0  ? Op::fourth
           : e == 0.5  ? Op::square_root
           : e == 1.5  ? Op::three_halves
           : e == -1.0 ? Op::reciprocal
           : e == -2.0 ? Op::inverse_square
                       : Op::power_constant;
    return s;
  }

  // Registers of a call's arguments from `first` on, if they are all constants.
  bool constant_arguments(const Instruction& i, int first, std::vector<double>& values) const {
    values.clear();
    for (int a = first; a < i.count; ++a) {
      const std::uint32_t r = p_.argument_lists[i.a + static_cast<std::uint32_t>(a)];
      if (!is_constant(r)) return false;
      values.push_back(constant(r));
    }
    return true;
  }

  Step call(const Instruction& i) {
    const builtins::Builtin& f = *p_.functions[i.b];
    const std::uint32_t* args = p_.argument_lists.data() + i.a;
    Step s{Op::call, i.count, i.dst, {i.a, i.b, 0, 0}};
    if (i.count == 1) {
      for (std::size_t u = 0; u < std::size(kUnaryNames); ++u) {
        if (f.name == kUnaryNames[u]) return Step{static_cast<Op>(static_cast<int>(Op::abs_) + static_cast<int>(u)), 0, i.dst, {args[0], i.b, 0, 0}};
      }
      return s;
    }
    std::vector<double> c;
    const std::uint32_t offset = static_cast<std::uint32_t>(p_.step_constants.size());
    if ((f.name == "STEP" || f.name == "STEP5" || f.name == "HAVSIN") && i.count == 5 && constant_arguments(i, 1, c) &&
        c[0] != c[2]) {
      // x0, h0, x1, h1, then x1 - x0 and h1 - h0 as the rule computes them, and 1/(x1 - x0)
      // when that is exact (x1 - x0 a power of 2), so that a product can replace the division
      // with the same result; 0 otherwise.
      const double span = c[2] - c[0];
      int exponent = 0;
      const bool exact = std::fabs(std::frexp(span, &exponent)) == 0.5 && std::isfinite(1.0 / span);
      c.insert(c.end(), {span, c[3] - c[1], exact ? 1.0 / span : 0.0});
      p_.step_constants.insert(p_.step_constants.end(), c.begin(), c.end());
      const Op op = f.name == "STEP" ? Op::step_cubic : f.name == "STEP5" ? Op::step_quintic : Op::step_haversine;
      return Step{op, 0, i.dst, {args[0], offset, 0, 0}};
    }
    double probe[3];
    // Parameters that the rule accepts once are accepted at every evaluation.
    if (f.name == "IMPACT" && i.count == 7 && constant_arguments(i, 2, c) &&
        !builtins::impact(c[0], 0.0, c[0], c[1], c[2], c[3], c[4], 0, probe)) {
      p_.step_constants.insert(p_.step_constants.end(), c.begin(), c.end());
      return Step{Op::impact, 0, i.dst, {args[0], args[1], offset, 0}};
    }
    if (f.name == "BISTOP" && i.count == 8 && constant_arguments(i, 2, c) &&
        !builtins::bistop(c[0], 0.0, c[0], c[1], c[2], c[3], c[4], c[5], 0, probe)) {
      p_.step_constants.insert(p_.step_constants.end(), c.begin(), c.end());
      return Step{Op::bistop, 0, i.dst, {args[0], args[1], offset, 0}};
    }
    return s;
  }

  // The steps, with scaled sums or without (the derivative runs').
  void emit(std::vector<Step>& steps, bool scaled) {
    std::vector<std::uint32_t>& first_step = b_.first_step;  // the step an instruction index starts at
    std::vector<std::size_t>& targets_to_fix = b_.targets_to_fix;  // steps whose targets are still instruction indices
    first_step.assign(n_ + 1, 0);
    targets_to_fix.clear();
    steps.reserve(n_ + 1);
    std::size_t block_start = 0;
    for (std::size_t k = 0; k < n_; ++k) {
      first_step[k] = static_cast<std::uint32_t>(steps.size());
      if (leader_[k]) block_start = steps.size();
      if (absorbed_[k] || (scaled && scaled_away_[k])) continue;
      const Instruction& i = p_.code[k];
      switch (i.op) {
        case OpCode::add:
        case OpCode::subtract:
        case OpCode::multiply:
        case OpCode::divide:
        case OpCode::square: {
          Step step = arithmetic(k, scaled);
          if (carried_through(k)) step.op = static_cast<Op>(static_cast<int>(step.op) + kUnchecked);
          steps.push_back(step);
          break;
        }
        case OpCode::negate: steps.push_back({Op::negate, 0, i.dst, {i.a, 0, 0, 0, 0}}); break;
        case OpCode::move:
          // A branch's value computed by the step just before is computed into the IF's register.
          if (steps.size() > block_start && is_temporary(i.a) && steps.back().dst == i.a) {
            steps.back().dst = i.dst;
          } else {
            steps.push_back({Op::move, 0, i.dst, {i.a, 0, 0, 0, 0}});
          }
          break;
        case OpCode::power: steps.push_back(power(i)); break;
        case OpCode::call: steps.push_back(call(i)); break;  // (each emission adds its own step constants)
        case OpCode::bound: steps.push_back({Op::bound, i.count, i.dst, {i.a, i.b, 0, 0, 0}}); break;
        case OpCode::branch: {
          const Branch& b = p_.branches[i.b];
          Step s{Op::branch, 0, 0, {i.a, i.a, b.lt, b.eq, b.gt}};
          s.op = static_cast<Op>(static_cast<int>(Op::branch) + side(left_[k], i.a, s.x));
          targets_to_fix.push_back(steps.size());
          steps.push_back(s);
          break;
        }
        case OpCode::jump:
          targets_to_fix.push_back(steps.size());
          steps.push_back({Op::jump, 0, 0, {i.a, 0, 0, 0, 0}});
          break;
      }
    }
    first_step[n_] = static_cast<std::uint32_t>(steps.size());
    steps.push_back({Op::ret, 0, 0, {0, 0, 0, 0, 0}});
    for (std::size_t t : targets_to_fix) {
      Step& s = steps[t];
      if (s.op == Op::jump) {
        s.x[0] = first_step[s.x[0]];
      } else {
        for (int b = 2; b < 5; ++b) s.x[b] = first_step[s.x[b]];
      }
    }
  }

  // The lanes: the derivative inputs read anywhere in the program, in gradient order.
  void assign_lanes() {
    Flags& read = b_.read;
    Flags& input_read = b_.input_read;
    read.assign(p_.derivative_names.size(), false);
    input_read.assign(p_.first_constant, false);
    auto input = [&](std::uint32_t r) {
      if (r >= p_.first_constant) return;
      input_read[r] = true;
      if (p_.input_derivative[r] >= 0) read[static_cast<std::size_t>(p_.input_derivative[r])] = true;
    };
    for (std::size_t k = 0; k < n_; ++k) {
      for (std::uint32_t r : reads(k)) input(r);
    }
    input(p_.result);
    for (const auto& call : p_.bound_calls) {
      for (std::int32_t d : call.derivative) read[static_cast<std::size_t>(d)] = true;
    }
    std::vector<std::int32_t>& lane_of = b_.lane_of;
    lane_of.assign(read.size(), -1);
    for (std::size_t d = 0; d < read.size(); ++d) {
      if (!read[d]) {
        p_.unread_derivatives.push_back(static_cast<std::uint32_t>(d));
        continue;
      }
      lane_of[d] = static_cast<std::int32_t>(p_.lanes.size());
      p_.lanes.push_back(static_cast<std::uint32_t>(d));
    }
    p_.derivative_lane = lane_of;
    p_.input_lane.assign(p_.first_constant, -1);
    for (std::uint32_t r = 0; r < p_.first_constant; ++r) {
      if (p_.input_derivative[r] >= 0) p_.input_lane[r] = lane_of[static_cast<std::size_t>(p_.input_derivative[r])];
    }
    for (auto& call : p_.bound_calls) {
      call.lane.resize(call.derivative.size());
      std::transform(call.derivative.begin(), call.derivative.end(), call.lane.begin(),
                     [&](std::int32_t d) { return lane_of[static_cast<std::size_t>(d)]; });
    }
    p_.variable_count = p_.first_constant - 2;
    p_.reads_time = input_read[0];
    p_.reads_mode = input_read[1];
    for (std::uint32_t r = 2; r < p_.first_constant; ++r)
      if (input_read[r]) p_.variables_read.push_back(r - 2);
  }

  // The operations the value run computes without calling anything.
  static bool calls_nothing(Op op) {
    const int code = static_cast<int>(op) % kUnchecked;
    if (code < kShapeCount || (code >= kScaledSum && code < kScaledSum + kScaledSumCount)) return true;
    switch (op) {
      case Op::negate:
      case Op::move:
      case Op::cube:
      case Op::fourth:
      case Op::reciprocal:
      case Op::inverse_square:
      case Op::step_cubic:
      case Op::step_quintic:
      case Op::branch:
      case Op::branch_add:
      case Op::branch_subtract:
      case Op::branch_multiply:
      case Op::jump:
      case Op::ret: return true;
      default: return false;
    }
  }

  Program& p_;
  const std::size_t n_;
  LoweringBuffers& b_;
  Flags& leader_ = b_.leader;
  std::vector<std::size_t>& first_definition_ = b_.first_definition;  // per instruction, into definitions_
  std::vector<std::int64_t>& definitions_ = b_.definitions;  // per register read: its definition in the block, or -1
  std::vector<int>& uses_ = b_.uses;
  std::vector<LoweringBuffers::Reader>& reader_ = b_.reader;  // of each definition, when it has one reader in its block
  Flags& absorbed_ = b_.absorbed;
  Flags& fused_ = b_.fused;
  std::vector<std::int64_t>& left_ = b_.left;    // the definition fused into each side, or -1
  std::vector<std::int64_t>& right_ = b_.right;
  std::vector<std::int64_t>& scaled_ = b_.scaled;  // a scaled sum's inner + or -, or -1
  Flags& scaled_away_ = b_.scaled_away;            // the inner + or - of a scaled sum
  std::vector<std::uint32_t>& scaled_factor_ = b_.scaled_factor;  // and the register it is multiplied by
};

void lower(Program& p) {
  thread_local LoweringBuffers buffers;
  Lowering(p, buffers).run();
}

// Stack that must be left to compile one more level: enough for the error path (a message, a
// diagnostic, and unwinding).
constexpr std::size_t kStackReserve = 16 * 1024;

}  // namespace

Compiler::Compiler(const ast::Tree& tree, const Context& context, int component, CompileHints hints)
    : tree_(tree), context_(context), component_(component), hints_(hints) {
  program_ = std::make_shared<Program>();
  program_->bindings = context.bindings();
  // About one operation per node of the tree (a leaf none, a vector's operation three): room
  // made at once rather than by doubling.
  program_->code.reserve(tree.nodes.size());
  program_->spans.reserve(tree.nodes.size());
  add_input(Input::Kind::time, 0, "TIME");
  add_input(Input::Kind::mode, 0, "");
  for (std::size_t i = 0; i < context.variables().size(); ++i)
    add_input(Input::Kind::variable, static_cast<std::uint32_t>(i), context.variables()[i]);
}

Compilation Compiler::run() {
  Operand result = component_ < 0 ? node(tree_.root) : vector_component(tree_.root);
  Compilation out;
  out.diagnostics = std::move(diagnostics_);
  if (result.failed) return out;
  program_->result = reg(result);
  layout();
  lower(*program_);
  program_->machine.countdown.store(machine_countdown(), std::memory_order_relaxed);
  program_->machine.gradient_countdown.store(machine_countdown(), std::memory_order_relaxed);
  program_->whole = tree_[tree_.root].span;
  out.program = std::move(program_);
  return out;
}

void Compiler::add_input(Input::Kind kind, std::uint32_t slot, const std::string& derivative_name) {
  program_->inputs.push_back({kind, slot});
  if (derivative_name.empty()) {
    program_->input_derivative.push_back(-1);
  } else {
    const auto index = static_cast<std::int32_t>(program_->derivative_names.size());
    program_->input_derivative.push_back(index);
    reserve_derivative_entry();
    std::int32_t& entry = derivative_entry(derivative_name);
    if (entry < 0) entry = index;
    program_->derivative_names.push_back(derivative_name);
  }
}

std::uint32_t Compiler::reg(const Operand& o) {
  if (o.reg != kUnplaced) return o.reg;
  return tag(Space::constant, constant_slot(*o.constant));
}

namespace {

// A double's low bits are mostly zero (1, 0.5, 1E5): multiplied by 2^64 over the golden ratio,
// every bit reaches the bits the table's mask keeps.
std::size_t constant_hash(std::uint64_t bits) { return static_cast<std::size_t>((bits * 0x9E3779B97F4A7C15ull) >> 32); }

}  // namespace

std::uint32_t Compiler::constant_slot(double value) {
  auto& constants = program_->constants;
  // Bits, not values: 0.0 and -0.0 are two constants, and a NaN is found again.
  const auto bits_of = [&](std::size_t k) { return std::bit_cast<std::uint64_t>(constants[k]); };
  const auto entry = [&](std::uint64_t bits) -> std::int32_t& {
    return constant_table_.entry(constant_hash(bits), [&](std::size_t k) { return bits_of(k) == bits; });
  };
  if (constant_table_.reserve(constants.size())) {
    for (std::size_t k = 0; k < constants.size(); ++k) entry(bits_of(k)) = static_cast<std::int32_t>(k);
  }
  std::int32_t& e = entry(std::bit_cast<std::uint64_t>(value));
  if (e < 0) {
    e = static_cast<std::int32_t>(constants.size());
    constants.push_back(value);
  }
  return static_cast<std::uint32_t>(e);
}

// The destination of an operation on operands: reuse the lowest temporary among them so
// the register stack stays as deep as the tree, not as long as the expression.
std::uint32_t Compiler::destination(std::uint32_t mark, std::initializer_list<std::uint32_t> operands) {
  for (std::uint32_t r : operands) {
    if (is_temporary(r) && index_of(r) >= mark) {
      release_to(index_of(r) + 1);
      return r;
    }
  }
  release_to(mark);
  return allocate();
}

Value Compiler::value(ast::NodeId id) {
  const ast::Node& n = tree_[id];
  // The parser stops early on a small stack, keeping a reserve for this recursion, but
  // sanitizer frames (or a host's fiber) may be larger than that reserve was sized for.
  if (stack::remaining() < kStackReserve) [[unlikely]] {
    if (!out_of_stack_)
      error(Code::limit, n.span, "expression nested too deep for the stack of this thread; split it into VARIABLEs");
    out_of_stack_ = true;
    return failed_value();
  }
  switch (n.kind) {
    case ast::Kind::number: return scalar_value(constant(n.value));
    case ast::Kind::name: return scalar_value(name(n));
    case ast::Kind::object_name: return scalar_value(object_name(n));
    case ast::Kind::plus: return value(tree_.kids(n)[0]);
    case ast::Kind::negate: return negation(n);
    case ast::Kind::sum:
    case ast::Kind::product: return chain(n);
    case ast::Kind::power: return scalar_value(power(n));
    case ast::Kind::call: return call(n);
    case ast::Kind::if_: return scalar_value(conditional(n, std::nullopt));
    case ast::Kind::vector: return vector_literal(n);
  }
  return failed_value();
}

Operand Compiler::node(ast::NodeId id) { return scalar_of(value(id), id); }

Operand Compiler::name(const ast::Node& n) {
  const std::string& raw = tree_.name(n);
  std::string upper = text::upper(raw);
  if (upper == "PI") return constant(std::numbers::pi);
  if (upper == "DTOR") return constant(std::numbers::pi / 180.0);
  if (upper == "RTOD") return constant(180.0 / std::numbers::pi);
  if (upper == "TIME") return in_register(time_ ? *time_ : tag(Space::input, 0));
  if (upper == "MODE") return in_register(tag(Space::input, 1));
  if (auto slot = context_.variable_slot(raw)) return in_register(tag(Space::input, 2 + static_cast<std::uint32_t>(*slot)));
  for (const auto& c : constant_names()) {
    if (!c.evaluated && c.name == upper) {
      error(Code::not_interpreted, n.span,
            upper + " is the " + std::string(c.meaning) +
                "; fexpr evaluates no CRATIO=, so an expression that reads " + upper + " is not evaluated");
      return failed();
    }
  }
  if (const builtins::Builtin* f = builtins::find(upper)) {
    error(Code::name, n.span, "'" + upper + "' is a function; call it as " + std::string(f->signature));
    return failed();
  }
  // An object of a command file's model named relative to it (ground, PART_2.cm).
  if (const Bindings* bindings = context_.bindings()) {
    auto named = bindings->resolve_name(raw);
    const auto* rejected = std::get_if<Bindings::Rejected>(&named);
    if (!rejected || rejected->code == Code::not_interpreted) return named_object(n, std::move(named));
  }
  std::vector<std::string_view> known;
  for (const auto& c : constant_names()) known.push_back(c.name);
  for (const auto& v : context_.variables()) known.push_back(v);
  std::string message = "unknown name '" + raw + "'";
  std::string_view near = text::nearest(raw, known);
  if (!near.empty()) message += " (did you mean " + std::string(near) + "?)";
  else if (!hints_.variable.empty()) message += "; " + std::string(hints_.variable);
  error(Code::name, n.span, message);
  if (!near.empty() && text::only_nearest(raw, near, known)) diagnostics_.back().fix = Fix{n.span, std::string(near)};
  return failed();
}

Value Compiler::negation(const ast::Node& n) {
  std::uint32_t mark = next_temporary_;
  Value v = value(tree_.kids(n)[0]);
  if (v.failed()) return v;
  for (std::size_t k = 0; k < (v.vector ? 3 : 1); ++k) {
    Operand& a = v.c[k];
    if (a.constant) {
      a = constant(-*a.constant);
      continue;
    }
    // A vector's components are overwritten in place (or copied up); a scalar's register is reused.
    std::uint32_t dst = v.vector ? (is_temporary(a) ? a.reg : allocate()) : destination(mark, {reg(a)});
    emit({OpCode::negate, 0, dst, reg(a), 0}, n.span);
    a = in_register(dst);
  }
  return v.vector ? settle(v, mark) : v;
}

const char* Compiler::fold(OpCode op, double a, double b, double& out) {
  switch (op) {
    case OpCode::add: out = a + b; break;
    case OpCode::subtract: out = a - b; break;
    case OpCode::multiply: out = a * b; break;
    case OpCode::divide:
      if (b == 0.0) return "division by zero";
      out = a / b;
      break;
    default: return "not foldable";
  }
  return std::isfinite(out) ? nullptr : "overflow";
}

Value Compiler::chain(const ast::Node& n) {
  std::uint32_t mark = next_temporary_;
  auto kids = tree_.kids(n);
  Value acc = value(kids[0]);
  bool any_failed = acc.failed();
  for (std::uint32_t i = 1; i < kids.size(); ++i) {
    Value rhs = value(kids[i]);
    if (rhs.failed() || any_failed) {
      any_failed = true;
      continue;
    }
    const ast::Op written = tree_.op(n, i);
    if (acc.vector || rhs.vector || written == ast::Op::cross) {
      acc = combine(n, i, acc, rhs, mark);
      any_failed = acc.failed();
      continue;
    }
    OpCode op = OpCode::add;
    switch (written) {
      case ast::Op::subtract: op = OpCode::subtract; break;
      case ast::Op::multiply: op = OpCode::multiply; break;
      case ast::Op::divide: op = OpCode::divide; break;
      default: break;
    }
    const Operand& a = acc.c[0];
    const Operand& b = rhs.c[0];
    double folded = 0.0;
    // A fold that fails (1/0) is left to run time, where it is reported only if reached.
    if (a.constant && b.constant && !fold(op, *a.constant, *b.constant, folded)) {
      acc = scalar_value(constant(folded));
      continue;
    }
    std::uint32_t dst = destination(mark, {reg(a), reg(b)});
    Span span{n.span.begin, tree_[kids[i]].span.end};
    emit({op, 0, dst, reg(a), reg(b)}, span);
    acc = scalar_value(in_register(dst));
  }
  if (any_failed) return failed_value();
  return acc;
}

Operand Compiler::power(const ast::Node& n) {
  std::uint32_t mark = next_temporary_;
  Operand base = node(tree_.kids(n)[0]);
  Operand exponent = node(tree_.kids(n)[1]);
  if (base.failed || exponent.failed) return failed();
  if (base.constant && exponent.constant) {
    double v = std::pow(*base.constant, *exponent.constant);
    bool domain_ok = !(*base.constant == 0.0 && *exponent.constant < 0.0) &&
                     !(*base.constant < 0.0 && std::trunc(*exponent.constant) != *exponent.constant);
    if (domain_ok && std::isfinite(v)) return constant(v);
  }
  std::uint32_t dst = destination(mark, {reg(base), reg(exponent)});
  if (exponent.constant && *exponent.constant == 2.0) {
    emit({OpCode::square, 0, dst, reg(base), 0}, n.span);
  } else {
    emit({OpCode::power, 0, dst, reg(base), reg(exponent)}, n.span);
  }
  return in_register(dst);
}

std::string Compiler::arity_text(const builtins::Builtin& f) {
  if (f.min_args == f.max_args) return std::to_string(f.min_args) + (f.min_args == 1 ? " argument" : " arguments");
  return std::to_string(f.min_args) + " to " + std::to_string(f.max_args) + " arguments";
}

Value Compiler::call(const ast::Node& n) {
  std::string upper = text::upper(tree_.name(n));
  auto kids = tree_.kids(n);
  const builtins::Builtin* f = builtins::find(upper);
  if (!f) {
    std::vector<std::string_view> names;
    for (const auto& b : builtins::table()) names.push_back(b.name);
    std::string message = "unknown function '" + tree_.name(n) + "'";
    std::string_view near = text::nearest(upper, names);
    if (!near.empty()) message += " (did you mean " + std::string(near) + "?)";
    // A fix only where the correction is certain: one nearest function that takes this many
    // arguments (US(18, 81) is not UV(v)), or the statement's own function.
    const builtins::Builtin* nearest = near.empty() ? nullptr : builtins::find(near);
    const auto count = static_cast<int>(kids.size());
    std::string_view replacement = nearest && text::only_nearest(upper, near, names) &&
                                           count >= nearest->min_args && count <= nearest->max_args
                                       ? near
                                       : std::string_view();
    for (const auto& c : constant_names()) {
      if (c.name == upper) {
        message = "'" + upper + "' is a constant, not a function";
        replacement = {};
      }
    }
    for (const auto& s : kStatementFunctions) {
      if (s.statement == upper) {
        message = upper + " is a statement; its function is " + std::string(builtins::find(s.function)->signature);
        replacement = s.function;
      }
    }
    error(Code::name, n.name_span, message);
    if (!replacement.empty()) diagnostics_.back().fix = Fix{n.name_span, std::string(replacement)};
    for (ast::NodeId k : kids) value(k);
    return failed_value();
  }
  int count = static_cast<int>(kids.size());
  if (count < f->min_args || count > f->max_args) {
    error(Code::arity, n.span,
          upper + " takes " + arity_text(*f) + ", got " + std::to_string(count) + ": " + std::string(f->signature));
    return failed_value();
  }
  if (f->result == builtins::Shape::vector || f->argument == builtins::Shape::vector) return vector_call(n, *f);
  switch (f->category) {
    case builtins::Category::math:
    case builtins::Category::general: return scalar_value(builtin_call(n, *f));
    case builtins::Category::history: return delay(n);
    case builtins::Category::user:
      error(Code::user_subroutine, n.span,
            "USER(...) calls a user-written subroutine, which Adams accepts only as a whole argument "
            "(FUNCTION=USER(r1, ..., r30)) and fexpr cannot evaluate");
      return failed_value();
    default: return scalar_value(bound_call(n, *f, f->name));
  }
}

std::optional<double> Compiler::fold_call(const builtins::Builtin& f, std::span<const Operand> args) {
  double values[builtins::kMaxArgs];
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i].constant) return std::nullopt;
    values[i] = *args[i].constant;
  }
  double v = 0.0;
  if (f.value(values, static_cast<int>(args.size()), &v) || !std::isfinite(v)) return std::nullopt;
  return v;
}

void Compiler::emit_call(const builtins::Builtin& f, std::span<const Operand> args, std::uint32_t dst, Span span) {
  // Arguments are gathered from a list of registers, so constants and inputs need no copy.
  std::uint32_t list = static_cast<std::uint32_t>(argument_lists_.size());
  for (const Operand& a : args) argument_lists_.push_back(reg(a));
  std::uint32_t function = static_cast<std::uint32_t>(program_->functions.size());
  program_->functions.push_back(&f);
  emit({OpCode::call, static_cast<std::uint8_t>(args.size()), dst, list, function}, span);
}

Operand Compiler::builtin_call(const ast::Node& n, const builtins::Builtin& f) {
  std::uint32_t mark = next_temporary_;
  auto kids = tree_.kids(n);
  std::vector<Operand> args;
  args.reserve(kids.size());
  bool any_failed = false;
  for (ast::NodeId k : kids) {
    args.push_back(node(k));
    any_failed |= args.back().failed;
  }
  if (any_failed) return failed();
  if (auto v = fold_call(f, args)) {
    release_to(mark);
    return constant(*v);
  }
  std::uint32_t dst = destination(mark, {});
  emit_call(f, args, dst, n.span);
  return in_register(dst);
}

Operand Compiler::bound_call(const ast::Node& n, const builtins::Builtin& f, std::string_view function) {
  const Bindings* bindings = context_.bindings();
  if (!bindings) {
    std::string message = std::string(f.name);
    if (f.category == builtins::Category::solver) message += " needs solver state (a model and a solver), which fexpr does not evaluate";
    else message += " needs a model" + (hints_.model.empty() ? "" : "; " + std::string(hints_.model));
    error(Code::needs_model, n.span, std::move(message));
    return failed();
  }
  if (in_history_) {
    error(Code::argument, n.span,
          std::string(f.name) + " reads the model or solver state, but DELAY's history (its third argument) may "
                                "depend on TIME and constants only (cfunc_delay)");
    return failed();
  }
  auto kids = tree_.kids(n);
  std::uint32_t mark = next_temporary_;
  std::vector<Operand> args;
  std::vector<std::optional<double>> values;
  args.reserve(kids.size());
  values.reserve(kids.size());
  bool ok = true;
  for (ast::NodeId k : kids) {
    const ast::Node& kid = tree_[k];
    // VARVAL takes a VARIABLE's id, and a function measure is one: its name, which elsewhere
    // stands for its value, here names it.
    std::optional<double> id;
    if (function == "VARVAL" && args.empty() && kid.kind == ast::Kind::object_name)
      id = bindings->object_id(tree_.name(kid));
    args.push_back(id ? constant(*id) : node(k));
    ok &= !args.back().failed;
    values.push_back(args.back().constant);
  }
  if (!ok) return failed();
  auto resolution = bindings->resolve(function, values);
  if (auto* rejected = std::get_if<Bindings::Rejected>(&resolution)) {
    Span span = rejected->argument >= 0 && rejected->argument < static_cast<int>(kids.size())
                    ? tree_[kids[static_cast<std::size_t>(rejected->argument)]].span
                    : n.span;
    std::string message = std::move(rejected->message);
    // A component's message is about the call written: "DX takes ..." for DXYZ(...) reads "DXYZ takes ...".
    if (function != f.name && message.starts_with(function)) message = std::string(f.name) + message.substr(function.size());
    error(rejected->code, span, message);
    return failed();
  }
  return bound(std::get<Bindings::Resolved>(resolution), args, mark, n.span, f.name);
}

Operand Compiler::bound(Bindings::Resolved& resolved, const std::vector<Operand>& args, std::uint32_t mark, Span span,
                        std::string_view name) {
  const Bindings* bindings = context_.bindings();
  if (resolved.runtime_arguments.size() > Program::kMaxRuntimeArguments ||
      (!resolved.runtime_arguments.empty() && resolved.input_names().size() > builtins::kMaxArgs)) {
    error(Code::argument, span, std::string(name) + " reads too many arguments at run time");
    return failed();
  }
  Program::BoundCall bound{resolved.handle, {}, {}, {}};
  if (resolved.runtime_arguments.empty()) bound.direct = bindings->value_function(resolved.handle);
  bound.derivative = derivative_indices(resolved);
  std::uint32_t list = static_cast<std::uint32_t>(argument_lists_.size());
  for (std::size_t a : resolved.runtime_arguments) argument_lists_.push_back(reg(args.at(a)));
  program_->max_bound_inputs = std::max(
      program_->max_bound_inputs, static_cast<std::uint32_t>(bound.derivative.size() + resolved.runtime_arguments.size()));
  std::uint32_t index = static_cast<std::uint32_t>(program_->bound_calls.size());
  program_->bound_calls.push_back(std::move(bound));
  std::uint32_t dst = destination(mark, {});
  emit({OpCode::bound, static_cast<std::uint8_t>(resolved.runtime_arguments.size()), dst, list, index}, span);
  return in_register(dst);
}

Operand Compiler::object_name(const ast::Node& n) {
  const std::string& name = tree_.name(n);
  const Bindings* bindings = context_.bindings();
  if (!bindings) {
    error(Code::needs_model, n.span,
          "'" + name + "' names an Adams View object; it needs the model that defines it (a command file)");
    return failed();
  }
  if (in_history_) {
    error(Code::argument, n.span,
          "'" + name + "' names a model object, but DELAY's history (its third argument) may depend on TIME and "
                       "constants only (cfunc_delay)");
    return failed();
  }
  return named_object(n, bindings->resolve_name(name));
}

Operand Compiler::named_object(const ast::Node& n, std::variant<double, Bindings::Resolved, Bindings::Rejected> named) {
  if (auto* rejected = std::get_if<Bindings::Rejected>(&named)) {
    error(rejected->code, n.span, std::move(rejected->message));
    return failed();
  }
  if (const double* number = std::get_if<double>(&named)) return constant(*number);
  return bound(std::get<Bindings::Resolved>(named), {}, next_temporary_, n.span, tree_.name(n));
}

// Measures of the same markers read the same inputs: a model's force element reads hundreds of
// measures of two or three parts, so its input lists repeat and are looked up once, a list the
// bindings share by its address, any other by its names among the last few.
std::vector<std::int32_t> Compiler::derivative_indices(Bindings::Resolved& resolved) {
  auto indices_of = [&](const std::vector<std::string>& inputs) {
    std::vector<std::int32_t> indices;
    indices.reserve(inputs.size());
    for (const std::string& input : inputs) indices.push_back(derivative_index(input));
    return indices;
  };
  if (const std::vector<std::string>* list = resolved.shared_inputs) {
    auto known = std::find_if(shared_inputs_.rbegin(), shared_inputs_.rend(), [&](const auto& s) { return s.first == list; });
    if (known != shared_inputs_.rend()) return known->second;
    return shared_inputs_.emplace_back(list, indices_of(*list)).second;
  }
  auto known = std::find_if(recent_inputs_.begin(), recent_inputs_.end(),
                            [&](const auto& r) { return r.first == resolved.inputs; });
  if (known != recent_inputs_.end()) return known->second;
  std::vector<std::int32_t> indices = indices_of(resolved.inputs);
  if (recent_inputs_.size() == kRecentInputs) recent_inputs_.erase(recent_inputs_.begin());
  recent_inputs_.emplace_back(std::move(resolved.inputs), indices);
  return indices;
}

// A model-bound expression reads hundreds of state inputs; a linear search by name made
// compiling it quadratic in their number.
std::int32_t Compiler::derivative_index(const std::string& name) {
  auto& names = program_->derivative_names;
  reserve_derivative_entry();
  std::int32_t& entry = derivative_entry(name);
  if (entry < 0) {
    entry = static_cast<std::int32_t>(names.size());
    names.push_back(name);
  }
  return entry;
}

std::int32_t& Compiler::derivative_entry(std::string_view name) {
  const auto& names = program_->derivative_names;
  return derivative_table_.entry(text::CaseInsensitiveHash{}(name),
                                 [&](std::size_t k) { return text::iequals(names[k], name); });
}

void Compiler::reserve_derivative_entry() {
  const auto& names = program_->derivative_names;
  if (!derivative_table_.reserve(names.size())) return;
  // The names this table holds before it grows again, moved once rather than at every doubling.
  program_->derivative_names.reserve(derivative_table_.room());
  for (std::size_t k = 0; k < names.size(); ++k) {
    std::int32_t& entry = derivative_entry(names[k]);
    if (entry < 0) entry = static_cast<std::int32_t>(k);
  }
}

// An IF that is a branch of another IF writes its result straight into the outer one's
// register (`into`), so a chain of IFs needs no move per level.
Operand Compiler::conditional(const ast::Node& n, std::optional<std::uint32_t> into) {
  auto kids = tree_.kids(n);
  std::uint32_t mark = next_temporary_;
  Operand test = node(kids[0]);
  std::uint32_t branch_index = static_cast<std::uint32_t>(program_->branches.size());
  program_->branches.push_back({});
  if (!test.failed) emit({OpCode::branch, 0, 0, reg(test), branch_index}, tree_[kids[0]].span);
  release_to(mark);
  std::uint32_t dst = into ? *into : allocate();
  std::uint32_t targets[3];
  std::vector<std::size_t> exits;
  bool any_failed = test.failed;
  for (int b = 0; b < 3; ++b) {
    targets[b] = static_cast<std::uint32_t>(program_->code.size());
    const ast::NodeId kid = kids[static_cast<std::size_t>(b) + 1];
    Operand branch = tree_[kid].kind == ast::Kind::if_ ? conditional(tree_[kid], dst) : node(kid);
    any_failed |= branch.failed;
    if (!branch.failed && reg(branch) != dst) emit({OpCode::move, 0, dst, reg(branch), 0}, tree_[kid].span);
    release_to(index_of(dst) + 1);
    if (b < 2) {
      exits.push_back(program_->code.size());
      emit({OpCode::jump, 0, 0, 0, 0}, n.span);
    }
  }
  std::uint32_t end = static_cast<std::uint32_t>(program_->code.size());
  for (std::size_t e : exits) program_->code[e].a = end;
  program_->branches[branch_index] = {targets[0], targets[1], targets[2]};
  if (any_failed) return failed();
  return in_register(dst);
}

std::uint32_t Compiler::place(std::uint32_t r) const {
  switch (space_of(r)) {
    case Space::input: return index_of(r);
    case Space::constant: return program_->first_constant + index_of(r);
    case Space::temporary: return program_->first_temporary + index_of(r);
  }
  return r;
}

void Compiler::layout() {
  Program& p = *program_;
  p.first_constant = static_cast<std::uint32_t>(p.inputs.size());
  p.first_temporary = p.first_constant + static_cast<std::uint32_t>(p.constants.size());
  p.register_count = p.first_temporary + max_temporaries_;
  for (Instruction& i : p.code) {
    switch (i.op) {
      case OpCode::jump: break;
      case OpCode::branch: i.a = place(i.a); break;
      case OpCode::call: i.dst = place(i.dst); break;
      case OpCode::bound: i.dst = place(i.dst); break;
      case OpCode::negate:
      case OpCode::square:
      case OpCode::move:
        i.dst = place(i.dst);
        i.a = place(i.a);
        break;
      default:
        i.dst = place(i.dst);
        i.a = place(i.a);
        i.b = place(i.b);
    }
  }
  for (std::uint32_t& r : argument_lists_) r = place(r);
  p.argument_lists = std::move(argument_lists_);
  p.result = place(p.result);
}

Compilation compile_tree(const ast::Tree& tree, const Context& context, int component, CompileHints hints) {
  return Compiler(tree, context, component, hints).run();
}

}  // namespace fexpr::detail
