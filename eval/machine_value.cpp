#include "eval/machine_value.hpp"

#include "builtins/power_value.hpp"
#include "eval/machine_making.hpp"
#include "eval/run.hpp"
#include "eval/x86_64_assembler.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstddef>
#include <optional>
#include <type_traits>

namespace fexpr::detail {

namespace {

using namespace x86_64;

static_assert(std::is_standard_layout_v<Inputs>, "the machine code reads TIME and MODE at their offsets");


double power_call(double a, double e) { return builtins::power_value(a, e); }

using Unary = double (*)(double);
// The functions the interpreter's FEXPR_UNARY steps call (run.cpp), by the same names; ABS and
// SQRT are written inline (andpd, sqrtsd), as GCC writes std::fabs and std::sqrt there.
Unary unary_function(Op op) {
  switch (op) {
    case Op::acos_: return static_cast<Unary>(std::acos);
    case Op::aint_: return static_cast<Unary>(std::trunc);
    case Op::anint_: return static_cast<Unary>(std::round);
    case Op::asin_: return static_cast<Unary>(std::asin);
    case Op::atan_: return static_cast<Unary>(std::atan);
    case Op::cos_: return static_cast<Unary>(std::cos);
    case Op::cosh_: return static_cast<Unary>(std::cosh);
    case Op::exp_: return static_cast<Unary>(std::exp);
    case Op::log_: return static_cast<Unary>(std::log);
    case Op::log10_: return static_cast<Unary>(std::log10);
    case Op::sin_: return static_cast<Unary>(std::sin);
    case Op::sinh_: return static_cast<Unary>(std::sinh);
    case Op::tan_: return static_cast<Unary>(std::tan);
    case Op::tanh_: return static_cast<Unary>(std::tanh);
    default: return nullptr;
  }
}

// The one-operand steps written inline whose value is not finite when their operand is not
// (-x, x, x**3, x**4, x**0.5, x**1.5, ABS, SQRT).
bool keeps_infinity(Op op) {
  switch (op) {
    case Op::negate:
    case Op::move:
    case Op::cube:
    case Op::fourth:
    case Op::square_root:
    case Op::three_halves:
    case Op::abs_:
    case Op::sqrt_: return true;
    default: return false;
  }
}

bool is_branch(Op op) { return op >= Op::branch && op <= Op::branch_multiply; }

// IMPACT is written inline for the exponents power_value computes without calling pow.
bool inline_impact(const Step& s, const double* c) {
  return s.op == Op::impact && (c[2] == 1.5 || c[2] == 2.0 || c[2] == 3.0 || c[2] == 4.0);
}

// What one step does, as far as register allocation and translation need to know.
struct StepUse {
  bool translates = true;
  std::vector<std::uint32_t> reads;  // registers read, in operand order
  bool writes = false;       // to s.dst
  bool calls = false;        // a C function, which clobbers every xmm register
  bool checked = false;      // its value is tested for finiteness (Fast::run)
  int constants = 0;         // doubles of step_constants it reads
  std::uint32_t constants_at = 0;
};

StepUse use_of(const Step& s, const Program& p) {
  StepUse u;
  const auto raw = static_cast<unsigned>(s.op);
  const unsigned code = raw % kUnchecked;
  auto read = [&](std::uint32_t r) { u.reads.push_back(r); };
  if (code < static_cast<unsigned>(kShapeCount)) {
    read(s.x[0]);
    if ((code / 4) % 4 != 0) read(s.x[1]);
    read(s.x[2]);
    if (code % 4 != 0) read(s.x[3]);
    u.writes = true;
    u.checked = raw < kUnchecked;
    return u;
  }
  if (code >= static_cast<unsigned>(kScaledSum) && code < static_cast<unsigned>(kScaledSum + kScaledSumCount)) {
    for (int k = 0; k < 4; ++k) read(s.x[k]);
    if ((code - kScaledSum) % 2 != 0) read(s.x[4]);
    u.writes = true;
    u.checked = raw < kUnchecked;
    return u;
  }
  u.writes = u.checked = true;
  if (keeps_infinity(s.op) || s.op == Op::reciprocal || s.op == Op::inverse_square) {
    read(s.x[0]);
    return u;
  }
  switch (s.op) {
    case Op::power:
    case Op::power_constant:
      read(s.x[0]);
      read(s.x[1]);
      u.calls = true;
      return u;
    case Op::step_cubic:
    case Op::step_quintic:
    case Op::step_haversine:
      read(s.x[0]);
      u.calls = s.op == Op::step_haversine;  // the others are written inline
      u.constants = 7;
      u.constants_at = s.x[1];
      break;
    case Op::impact:
    case Op::bistop:
      read(s.x[0]);
      read(s.x[1]);
      u.constants = s.op == Op::impact ? 5 : 6;
      u.constants_at = s.x[2];
      if (u.constants_at + 5 > p.step_constants.size()) break;
      u.calls = !inline_impact(s, p.step_constants.data() + u.constants_at);
      break;
    case Op::branch:
    case Op::branch_add:
    case Op::branch_subtract:
    case Op::branch_multiply:
      read(s.x[0]);
      if (s.op != Op::branch) read(s.x[1]);
      u.writes = u.checked = false;
      return u;
    case Op::jump: u.writes = u.checked = false; return u;
    case Op::ret:
      read(p.result);
      u.writes = u.checked = false;
      return u;
    case Op::call:
    case Op::bound:
      for (std::uint32_t a = 0; a < s.count; ++a) read(p.argument_lists[s.x[0] + a]);
      u.calls = true;
      return u;
    default:
      if (unary_function(s.op)) {
        read(s.x[0]);
        u.calls = true;
        return u;
      }
      u.translates = false;
      return u;
  }
  if (u.constants_at + static_cast<std::uint32_t>(u.constants) > p.step_constants.size()) u.translates = false;
  return u;
}

// The constant pool: two 16-byte masks (packed operations need aligned operands), then doubles.
constexpr std::int32_t kSignMask = 0, kAbsMask = 16, kOne = 32, kZero = 40, kTwo = 48, kThree = 56, kSix = 64,
                       kTen = 72, kMinusFifteen = 80, kFirstConstant = 88;
// Scratch registers: xmm0 and xmm1 for every step, xmm15 and xmm14 inside the smooth steps and
// IMPACT; the allocation hands out xmm2 .. xmm13.
constexpr int kScratch = 15, kScratch2 = 14;
constexpr std::uint32_t kAllocatable = 0x3FFC;

class Translation {
 public:
  explicit Translation(const Program& p) : p_(p) {}

  std::optional<std::vector<std::uint8_t>> run() {
    if (!kPlatform || p_.steps.empty()) return std::nullopt;
    const std::vector<Step>& steps = p_.value_steps;
    uses_.reserve(steps.size());
    for (std::size_t k = 0; k < steps.size(); ++k) {
      uses_.push_back(use_of(steps[k], p_));
      if (!uses_.back().translates || !forward(steps[k], k)) return std::nullopt;
    }
    targeted_.assign(steps.size() + 1, false);
    for (const Step& s : steps) {
      if (s.op == Op::jump) targeted_[s.x[0]] = true;
      if (is_branch(s.op))
        for (int t = 2; t < 5; ++t) targeted_[s.x[t]] = true;
    }
    pool();
    allocate();
    emit();
    return a_.finish(pool_);
  }

 private:
  // Jumps only go forward (IF), which the register allocation relies on.
  bool forward(const Step& s, std::size_t k) const {
    const std::size_t n = p_.value_steps.size();
    auto ahead = [&](std::uint32_t target) { return target > k && target < n; };
    if (is_branch(s.op)) return ahead(s.x[2]) && ahead(s.x[3]) && ahead(s.x[4]);
    return s.op != Op::jump || ahead(s.x[0]);
  }

  void put(double d) {
    const auto bits = std::bit_cast<std::uint64_t>(d);
    for (int k = 0; k < 8; ++k) pool_.push_back(static_cast<std::uint8_t>(bits >> (8 * k)));
  }

  void pool() {
    put(-0.0);
    put(0.0);
    put(std::bit_cast<double>(~std::uint64_t{0} >> 1));
    put(0.0);
    for (double c : {1.0, 0.0, 2.0, 3.0, 6.0, 10.0, -15.0}) put(c);
    for (double c : p_.constants) put(c);
    step_constants_.resize(uses_.size());
    for (std::size_t k = 0; k < uses_.size(); ++k) {
      if (uses_[k].constants == 0) continue;
      step_constants_[k] = static_cast<std::int32_t>(pool_.size());
      const double* c = p_.step_constants.data() + uses_[k].constants_at;
      for (int i = 0; i < uses_[k].constants; ++i) put(c[i]);
      if (p_.value_steps[k].op == Op::impact && !uses_[k].calls) {
        // The damping step's ends and height change, worked out as impact_force's smooth_step
        // works them out: x0 = x1 - d, x1 - x0, h1 - h0 = 0.0 - cmax.
        const double x0 = c[0] - c[4];
        put(x0);
        put(c[0] - x0);
        put(0.0 - c[3]);
      }
    }
  }

  // Linear scan over each register's span of steps, first to last touch (-1: an input, loaded
  // on entry). With jumps only forward, every path through the program visits a register's
  // definition and uses inside its span, so two registers whose spans do not overlap can share
  // an xmm register. A span that contains a call lives in the stack frame instead: the call
  // clobbers every xmm register. xmm0 and xmm1 are the translation's scratch registers.
  void allocate() {
    const std::uint32_t n = p_.register_count;
    std::vector<int> first(n, INT_MAX), last(n, INT_MIN);
    auto touch = [&](std::uint32_t r, int at) {
      first[r] = std::min(first[r], at);
      last[r] = std::max(last[r], at);
    };
    if (p_.reads_time) touch(0, -1);
    if (p_.reads_mode) touch(1, -1);
    for (std::uint32_t slot : p_.variables_read) touch(2 + slot, -1);
    std::vector<int> calls;
    for (std::size_t k = 0; k < uses_.size(); ++k) {
      const int at = static_cast<int>(k);
      for (std::uint32_t r : uses_[k].reads) touch(r, at);
      if (uses_[k].writes) touch(p_.value_steps[k].dst, at);
      if (uses_[k].calls) calls.push_back(at);
    }
    has_calls_ = !calls.empty();
    where_.assign(n, Operand{});
    std::vector<std::uint32_t> order;
    for (std::uint32_t r = 0; r < n; ++r) {
      if (r >= p_.first_constant && r < p_.first_temporary) {
        where_[r] = Operand::pool(kFirstConstant + 8 * static_cast<std::int32_t>(r - p_.first_constant));
      } else if (first[r] != INT_MAX) {
        order.push_back(r);
      }
    }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return first[a] < first[b]; });
    std::vector<std::pair<int, int>> active;  // (last, xmm)
    std::uint32_t free = kAllocatable;
    for (std::uint32_t r : order) {
      for (auto it = active.begin(); it != active.end();) {
        if (it->first < first[r]) {
          free |= 1u << it->second;
          it = active.erase(it);
        } else {
          ++it;
        }
      }
      const auto call = std::upper_bound(calls.begin(), calls.end(), first[r]);
      const bool crosses = call != calls.end() && *call < last[r];
      if (!crosses && free != 0) {
        const int x = std::countr_zero(free);
        free &= ~(1u << x);
        active.emplace_back(last[r], x);
        where_[r] = Operand::xmm(x);
      } else {
        where_[r] = Operand::memory(x86_64::rsp, 8 * slots_++);
      }
    }
    // Calls clobber the arguments the failure path passes on: they are kept behind the slots and
    // the call arguments.
    // At each call the stack pointer must be a multiple of 16; on entry it is 8 past one.
    for (std::size_t k = 0; k < uses_.size(); ++k) {
      const Op op = p_.value_steps[k].op;
      if (op == Op::call || op == Op::bound) arguments_ = std::max(arguments_, static_cast<std::int32_t>(uses_[k].reads.size()));
    }
    frame_ = 8 * (slots_ + arguments_ + (has_calls_ ? kSaved : 0));
    if ((has_calls_ || frame_ > 0) && frame_ % 16 == 0) frame_ += 8;
  }

  // The arguments of the fallback (the run's own first three and the fallback itself).
  static constexpr x86_64::Gpr kArguments[] = {x86_64::rdi, x86_64::rsi, x86_64::rdx, x86_64::r8};
  static constexpr int kSaved = 4;
  std::int32_t saved_at(int k) const { return 8 * (slots_ + arguments_ + k); }
  // The arguments of a table or bound call, as an array in the frame after the slots.
  std::int32_t argument_at(std::size_t k) const { return 8 * (slots_ + static_cast<std::int32_t>(k)); }

  const Operand& at(std::uint32_t r) const { return where_[r]; }

  // Whether an infinity or NaN in the operand at position `i` of step s always makes the step's
  // value (or a branch's test) not finite: + - * of anything, the numerator of /, and the
  // one-operand steps that keep an infinity (-x, x**3, ABS, SQRT, ...).
  static bool carries(const Step& s, int i) {
    const unsigned code = static_cast<unsigned>(s.op) % kUnchecked;
    if (code < static_cast<unsigned>(kShapeCount)) {
      const bool left_two = (code / 4) % 4 != 0;
      return code / 16 != 3 || i < (left_two ? 2 : 1);  // a division's right side can hide one
    }
    if (code >= static_cast<unsigned>(kScaledSum) && code < static_cast<unsigned>(kScaledSum + kScaledSumCount))
      return true;
    return keeps_infinity(s.op) || is_branch(s.op);
  }

  // The inputs whose infinity or NaN a checked step always meets: carried into a tested value
  // (through untested ones too) before the first branch or jump, which every run passes. The
  // run then fails there, and the reference form reports the input, as it would have anyway.
  std::vector<bool> caught_inputs() const {
    std::vector<bool> caught(p_.register_count, false);  // this register's value is carried to a test
    std::size_t end = 0;
    while (end < uses_.size() && uses_[end].writes) ++end;  // the first control step
    for (std::size_t k = end + 1; k-- > 0;) {
      if (k == uses_.size()) continue;
      const Step& s = p_.value_steps[k];
      const StepUse& u = uses_[k];
      if (!u.writes && s.op == Op::ret) continue;
      const bool tested = !u.writes || u.checked || caught[s.dst];  // a branch tests its test
      if (u.writes) caught[s.dst] = false;  // before this step the register held another value
      if (!tested) continue;
      for (std::size_t i = 0; i < u.reads.size(); ++i)
        if (carries(s, static_cast<int>(i))) caught[u.reads[i]] = true;
    }
    return caught;
  }

  void emit() {
    fail_ = a_.new_label();
    for (std::size_t k = 0; k < uses_.size(); ++k) labels_.push_back(a_.new_label());
    a_.adjust_stack(frame_);
    if (has_calls_)
      for (int k = 0; k < kSaved; ++k) a_.save(saved_at(k), kArguments[k]);
    inputs();
    for (std::size_t k = 0; k < uses_.size(); ++k) {
      a_.bind(labels_[k]);
      step(p_.value_steps[k], uses_[k], k);
    }
    a_.bind(fail_);
    if (has_calls_)
      for (int k = 0; k < kSaved; ++k) a_.restore(kArguments[k], saved_at(k));
    a_.adjust_stack(-frame_);
    a_.jump_to(x86_64::r8);
  }

  // TIME and MODE are read from the Inputs (rsi), the variables from their array (rcx): each
  // input the program reads goes to its place. Then those whose infinity or NaN would not make a
  // checked step fail on every path are tested at once, as load_inputs tests them all.
  void inputs() {
    std::vector<std::uint32_t> read;
    if (p_.reads_time) read.push_back(0);
    if (p_.reads_mode) read.push_back(1);
    for (std::uint32_t slot : p_.variables_read) read.push_back(2 + slot);
    for (std::uint32_t r : read) {
      const Operand from = r == 0   ? Operand::memory(x86_64::rsi, offsetof(Inputs, time))
                           : r == 1 ? Operand::memory(x86_64::rsi, offsetof(Inputs, mode))
                                    : Operand::memory(x86_64::rcx, 8 * static_cast<std::int32_t>(r - 2));
      if (at(r).kind == Operand::Kind::xmm) {
        a_.load(at(r).index, from);
      } else {
        a_.load(0, from);
        a_.store(at(r), 0);
      }
    }
    const std::vector<bool> caught = caught_inputs();
    std::vector<Operand> tested;
    for (std::uint32_t r : read)
      if (!caught[r]) tested.push_back(at(r));
    a_.jump_unless_finite(tested, fail_);
  }

  static Sse sse_of(int op) {  // 0 +, 1 -, 2 *, 3 /
    constexpr Sse kOps[] = {Sse::add, Sse::subtract, Sse::multiply, Sse::divide};
    return kOps[op];
  }

  // xmm = a (kind 0), or a + b, a - b, a * b (kinds 1-3): a fused shape's side.
  void inner(int xmm, int kind, std::uint32_t a, std::uint32_t b) {
    a_.load(xmm, at(a));
    if (kind != 0) a_.arithmetic(sse_of(kind - 1), xmm, at(b));
  }

  void test_finite(int xmm) {  // x - x is NaN for an infinity or NaN, +0 otherwise
    a_.load(1, Operand::xmm(xmm));
    a_.arithmetic(Sse::subtract, 1, Operand::xmm(xmm));
    a_.compare(1, Operand::xmm(1));
    a_.jump_if(Condition::parity, fail_);
  }

  // Where a fused shape or scaled sum computes its value: in its destination's xmm register
  // when that saves the move there and no operand read after the first is kept in it; the
  // program's result, computed just before the end, in xmm0, where the end returns it.
  int target(const Step& s, const StepUse& u, bool scaled, bool last) const {
    if (last) return 0;
    const Operand& home = at(s.dst);
    if (home.kind != Operand::Kind::xmm) return 0;
    const int first = scaled ? 1 : 0;  // a scaled sum loads x1 first
    for (std::size_t i = 0; i < u.reads.size(); ++i)
      if (static_cast<int>(i) != first && at(u.reads[i]) == home) return 0;
    return home.index;
  }

  void step(const Step& s, const StepUse& u, std::size_t k) {
    const unsigned code = static_cast<unsigned>(s.op) % kUnchecked;
    const bool last = u.writes && s.dst == p_.result && k + 1 < uses_.size() &&
                      p_.value_steps[k + 1].op == Op::ret && !targeted_[k + 1];
    const bool shape = code < static_cast<unsigned>(kShapeCount);
    const bool scaled = code >= static_cast<unsigned>(kScaledSum) && code < static_cast<unsigned>(kScaledSum + kScaledSumCount);
    const int t = shape || scaled ? target(s, u, scaled, last) : 0;
    if (shape) {
      const int root = static_cast<int>(code / 16), left = static_cast<int>((code / 4) % 4), right = static_cast<int>(code % 4);
      inner(t, left, s.x[0], s.x[1]);
      if (right == 0) {
        a_.arithmetic(sse_of(root), t, at(s.x[2]));
      } else {
        inner(1, right, s.x[2], s.x[3]);
        a_.arithmetic(sse_of(root), t, Operand::xmm(1));
      }
    } else if (scaled) {
      // x0 * (x1 op x2) root R, R = x3 or x3 * x4; the product's operands swapped, as in run.cpp.
      const int scaled_code = static_cast<int>(code) - kScaledSum;
      const int root = scaled_code / 4, op = (scaled_code / 2) % 2;
      inner(t, op == 0 ? 1 : 2, s.x[1], s.x[2]);
      a_.arithmetic(Sse::multiply, t, at(s.x[0]));
      if (scaled_code % 2 != 0) {
        inner(1, 3, s.x[3], s.x[4]);
        a_.arithmetic(root == 0 ? Sse::add : Sse::subtract, t, Operand::xmm(1));
      } else {
        a_.arithmetic(root == 0 ? Sse::add : Sse::subtract, t, at(s.x[3]));
      }
    } else if (!other(s, k)) {
      return;  // control flow: nothing to test or store
    }
    const bool smooth = s.op == Op::step_cubic || s.op == Op::step_quintic;
    if (u.checked && !(smooth && bounded_step(p_.step_constants.data() + s.x[1]))) test_finite(t);
    result_in_xmm0_ = last;
    if (u.writes && !last) a_.store(at(s.dst), t);
  }

  // Whether a smooth step's value is finite for every delta that is not NaN: h0 or h1 at the
  // ends, h0 + rise*s with 0 <= s <= 1 (both curves) between them, so bounded by |h0| + |rise|.
  // Its finiteness test then only repeats what a NaN delta shows.
  static bool bounded_step(const double* c) {
    return std::isfinite(c[1]) && std::isfinite(c[3]) && std::abs(c[1]) + std::abs(c[5]) < 1e300;
  }

  // STEP and STEP5 inline, as run.cpp's smooth_step computes them on doubles, the choices
  // that depend only on the constants made here.
  void smooth_step(const Step& s, std::size_t k, const Operand& x) {
    const double* c = p_.step_constants.data() + s.x[1];
    const std::int32_t base = step_constants_[k];
    auto constant = [&](int i) { return Operand::pool(base + 8 * i); };  // x0, h0, x1, h1, span, rise, 1/span
    if (!(c[4] > 0.0)) {
      a_.jump(fail_);  // ends the rule rejects: the reference form reports them
      return;
    }
    a_.load(0, x);
    a_.arithmetic(Sse::subtract, 0, constant(0));
    a_.arithmetic(c[6] != 0.0 ? Sse::multiply : Sse::divide, 0, c[6] != 0.0 ? constant(6) : constant(4));
    // A NaN delta gives a NaN value, which fails (straight away here when the value is not tested).
    std::optional<Assembler::Label> nan;
    if (bounded_step(c)) nan = fail_;
    curve_between(s.op == Op::step_cubic, constant(1), constant(3), constant(5), nan);
  }

  // xmm0 = h0 for delta <= 0, h1 for delta >= 1, else h0 + rise * s(delta) with s the cubic or
  // the quintic of builtins/steps.hpp, the same operations in the same order; delta in xmm0.
  // A NaN delta goes to `nan` if given, else through the curve. Uses xmm1 and xmm15.
  void curve_between(bool cubic, const Operand& h0, const Operand& h1, const Operand& rise,
                     std::optional<Assembler::Label> nan) {
    const Assembler::Label low = a_.new_label(), high = a_.new_label(), done = a_.new_label(), curve = a_.new_label();
    a_.compare(0, Operand::pool(kZero));
    a_.jump_if(Condition::parity, nan.value_or(curve));
    a_.jump_if(Condition::below_or_equal, low);
    a_.compare(0, Operand::pool(kOne));
    a_.jump_if(Condition::above_or_equal, high);
    a_.bind(curve);
    a_.load(1, Operand::xmm(0));
    a_.arithmetic(Sse::multiply, 1, Operand::xmm(0));
    if (cubic) {  // t * t * (3.0 - 2.0 * t)
      a_.load(kScratch, Operand::pool(kTwo));
      a_.arithmetic(Sse::multiply, kScratch, Operand::xmm(0));
      a_.load(0, Operand::pool(kThree));
      a_.arithmetic(Sse::subtract, 0, Operand::xmm(kScratch));
      a_.arithmetic(Sse::multiply, 1, Operand::xmm(0));
    } else {  // t * t * t * (10.0 + t * (-15.0 + 6.0 * t))
      a_.arithmetic(Sse::multiply, 1, Operand::xmm(0));
      a_.load(kScratch, Operand::pool(kSix));
      a_.arithmetic(Sse::multiply, kScratch, Operand::xmm(0));
      a_.arithmetic(Sse::add, kScratch, Operand::pool(kMinusFifteen));
      a_.arithmetic(Sse::multiply, kScratch, Operand::xmm(0));
      a_.arithmetic(Sse::add, kScratch, Operand::pool(kTen));
      a_.arithmetic(Sse::multiply, 1, Operand::xmm(kScratch));
    }
    a_.load(0, rise);
    a_.arithmetic(Sse::multiply, 0, Operand::xmm(1));
    a_.arithmetic(Sse::add, 0, h0);
    a_.jump(done);
    a_.bind(low);
    a_.load(0, h0);
    a_.jump(done);
    a_.bind(high);
    a_.load(0, h1);
    a_.bind(done);
  }

  // IMPACT inline, as impact_force computes it on doubles (run.cpp): 0 unless x < x1; else
  // f = k*u**e - damping*xdot with u = x1 - x and the damping STEP(x, x1 - d, cmax, x1, 0),
  // and f where f > 0, else 0 (a NaN f too).
  void impact(const Step& s, std::size_t k, const Operand& x) {
    const double e = p_.step_constants[s.x[2] + 2];
    const std::int32_t base = step_constants_[k];
    auto constant = [&](int i) { return Operand::pool(base + 8 * i); };  // x1, k, e, cmax, d, x0, span, -cmax
    const Assembler::Label none = a_.new_label(), done = a_.new_label();
    a_.load(0, x);
    a_.compare(0, constant(0));
    a_.jump_if(Condition::parity, none);
    a_.jump_if(Condition::above_or_equal, none);
    a_.load(kScratch2, constant(0));
    a_.arithmetic(Sse::subtract, kScratch2, Operand::xmm(0));  // u
    a_.arithmetic(Sse::subtract, 0, constant(5));
    a_.arithmetic(Sse::divide, 0, constant(6));  // delta
    curve_between(true, constant(3), Operand::pool(kZero), constant(7), std::nullopt);
    a_.arithmetic(Sse::multiply, 0, at(s.x[1]));  // damping * xdot
    // power_value(u, e): u*sqrt(u), u*u, u*u*u, (u*u)*(u*u)
    if (e == 1.5) {
      a_.arithmetic(Sse::sqrt, 1, Operand::xmm(kScratch2));
      a_.arithmetic(Sse::multiply, 1, Operand::xmm(kScratch2));
    } else {
      a_.load(1, Operand::xmm(kScratch2));
      a_.arithmetic(Sse::multiply, 1, Operand::xmm(kScratch2));
      if (e == 3.0) a_.arithmetic(Sse::multiply, 1, Operand::xmm(kScratch2));
      if (e == 4.0) a_.arithmetic(Sse::multiply, 1, Operand::xmm(1));
    }
    a_.arithmetic(Sse::multiply, 1, constant(1));
    a_.arithmetic(Sse::subtract, 1, Operand::xmm(0));  // f
    a_.compare(1, Operand::pool(kZero));
    a_.jump_if(Condition::below_or_equal, none);  // f <= 0, or NaN
    a_.load(0, Operand::xmm(1));
    a_.jump(done);
    a_.bind(none);
    a_.zero(0);
    a_.bind(done);
  }

  // The steps other than the fused shapes; false for the ones that leave no value in xmm0.
  bool other(const Step& s, std::size_t k) {
    // x0 is a register for every step that reads one (a jump's is a step, ret's is unused).
    const Operand a = s.x[0] < where_.size() ? at(s.x[0]) : Operand{};
    switch (s.op) {
      case Op::negate:
        a_.load(0, a);
        a_.xor_pd(0, Operand::pool(kSignMask));
        return true;
      case Op::move: a_.load(0, a); return true;
      case Op::cube:  // a * a * a
        a_.load(0, a);
        a_.arithmetic(Sse::multiply, 0, a);
        a_.arithmetic(Sse::multiply, 0, a);
        return true;
      case Op::fourth:  // q = a * a; q * q
        a_.load(0, a);
        a_.arithmetic(Sse::multiply, 0, a);
        a_.arithmetic(Sse::multiply, 0, Operand::xmm(0));
        return true;
      case Op::reciprocal:
        a_.load(0, Operand::pool(kOne));
        a_.arithmetic(Sse::divide, 0, a);
        return true;
      case Op::inverse_square:  // 1 / (a * a)
        a_.load(1, a);
        a_.arithmetic(Sse::multiply, 1, a);
        a_.load(0, Operand::pool(kOne));
        a_.arithmetic(Sse::divide, 0, Operand::xmm(1));
        return true;
      case Op::square_root:  // sqrt(a) + 0.0: x**0.5 of -0 is +0
        a_.arithmetic(Sse::sqrt, 0, a);
        a_.arithmetic(Sse::add, 0, Operand::pool(kZero));
        return true;
      case Op::three_halves:  // a * sqrt(a)
        a_.arithmetic(Sse::sqrt, 1, a);
        a_.load(0, a);
        a_.arithmetic(Sse::multiply, 0, Operand::xmm(1));
        return true;
      case Op::abs_:
        a_.load(0, a);
        a_.and_pd(0, Operand::pool(kAbsMask));
        return true;
      case Op::sqrt_: a_.arithmetic(Sse::sqrt, 0, a); return true;
      case Op::power:
      case Op::power_constant:
        a_.load(0, a);
        a_.load(1, at(s.x[1]));
        a_.call(reinterpret_cast<const void*>(&power_call));
        return true;
      case Op::step_cubic:
      case Op::step_quintic: smooth_step(s, k, a); return true;
      case Op::step_haversine:
        a_.load(0, a);
        a_.address_of_pool(step_constants_[k]);
        a_.call(reinterpret_cast<const void*>(&machine_step_haversine));
        return true;
      case Op::impact:
        if (!uses_[k].calls) {
          impact(s, k, a);
          return true;
        }
        [[fallthrough]];
      case Op::bistop:
        a_.load(0, a);
        a_.load(1, at(s.x[1]));
        a_.address_of_pool(step_constants_[k]);
        a_.call(reinterpret_cast<const void*>(s.op == Op::impact ? &machine_impact : &machine_bistop));
        return true;
      case Op::call:
      case Op::bound: {
        const std::vector<std::uint32_t>& args = uses_[k].reads;
        for (std::size_t i = 0; i < args.size(); ++i) {
          a_.load(0, at(args[i]));
          a_.store(Operand::memory(x86_64::rsp, argument_at(i)), 0);
        }
        if (s.op == Op::call) {  // machine_call(function, arguments, count)
          a_.set(x86_64::rdi, reinterpret_cast<std::uintptr_t>(p_.functions[s.x[1]]));
          a_.address_of_stack(x86_64::rsi, argument_at(0));
          a_.set(x86_64::rdx, args.size());
          a_.call(reinterpret_cast<const void*>(&machine_call));
        } else if (const auto& direct = p_.bound_calls[s.x[1]].direct; direct.function) {
          // function(data, inputs): a measure called without machine_bound's virtual evaluate()
          // and its dispatch, which cost as much as the measure.
          a_.set(x86_64::rdi, reinterpret_cast<std::uintptr_t>(direct.data));
          a_.restore(x86_64::rsi, saved_at(1));
          a_.call(reinterpret_cast<const void*>(direct.function));
        } else {  // machine_bound(program, inputs, call, arguments)
          a_.restore(x86_64::rdi, saved_at(0));
          a_.restore(x86_64::rsi, saved_at(1));
          a_.set(x86_64::rdx, s.x[1]);
          a_.address_of_stack(x86_64::rcx, argument_at(0));
          a_.call(reinterpret_cast<const void*>(&machine_bound));
        }
        return true;
      }
      case Op::branch:
      case Op::branch_add:
      case Op::branch_subtract:
      case Op::branch_multiply: {
        inner(0, static_cast<int>(s.op) - static_cast<int>(Op::branch), s.x[0], s.x[1]);  // 0, +, -, *
        test_finite(0);
        a_.zero(1);
        a_.compare(0, Operand::xmm(1));
        a_.jump_if(Condition::below, labels_[s.x[2]]);
        a_.jump_if(Condition::above, labels_[s.x[4]]);
        if (s.x[3] != k + 1) a_.jump(labels_[s.x[3]]);
        return false;
      }
      case Op::jump:
        if (s.x[0] != k + 1) a_.jump(labels_[s.x[0]]);
        return false;
      case Op::ret:
        if (!result_in_xmm0_) a_.load(0, at(p_.result));
        a_.adjust_stack(-frame_);
        a_.ret();
        return false;
      default:
        a_.load(0, a);
        a_.call(reinterpret_cast<const void*>(unary_function(s.op)));
        return true;
    }
  }

  const Program& p_;
  std::vector<StepUse> uses_;
  std::vector<std::uint8_t> pool_;
  std::vector<std::int32_t> step_constants_;  // per step: its constants' pool offset
  std::vector<Operand> where_;               // per register
  std::int32_t slots_ = 0, arguments_ = 0, frame_ = 0;
  bool has_calls_ = false;
  std::vector<bool> targeted_;  // per step: a jump or branch goes there
  bool result_in_xmm0_ = false;
  Assembler a_;
  Assembler::Label fail_ = 0;
  std::vector<Assembler::Label> labels_;  // per step
};

}  // namespace

std::optional<std::vector<std::uint8_t>> translate_value_run(const Program& p) { return Translation(p).run(); }

std::uint32_t machine_countdown() { return kPlatform ? kMachineAfter : 0; }

MachineValue make_machine_value(const Program& p) {
  return make_machine_run(p, p.machine.run, p.machine.countdown, p.machine.code, translate_value_run);
}

void machine_count_down(const Program& p, std::uint64_t runs) {
  if (count_down(p.machine.countdown, runs)) make_machine_value(p);
}

}  // namespace fexpr::detail
