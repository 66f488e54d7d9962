#include "eval/machine_gradient.hpp"

#include "eval/machine_making.hpp"
#include "eval/run.hpp"
#include "eval/x86_64_assembler.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>
#include <utility>

namespace fexpr::detail {

namespace {

using namespace x86_64;

// ---- What is known of a partial while translating ----

// A lane of a register's gradient: a constant on every run that succeeds, a zero whose sign
// only the run knows, or only known at run time. Known partials are worked out with the
// operations the run would do (IEEE arithmetic gives the same bits here as there). They rest on
// one fact: in a run that succeeds, every register's value is finite (an infinity or NaN in a
// value is carried to a tested one, and the run gives up), so a value times a zero partial is
// a zero. A coefficient such as 1/b or f'(a) is not such a value: it can be infinite while the
// step's value is finite (1/b for a subnormal b), so it never makes a partial known.
struct Lane {
  enum class Kind : std::uint8_t { unset, known, zero, runtime };
  Kind kind = Kind::unset;
  double c = 0.0;
  bool operator==(const Lane& o) const {
    return kind == o.kind && std::bit_cast<std::uint64_t>(c) == std::bit_cast<std::uint64_t>(o.c);
  }
};
using K = Lane::Kind;

Lane known(double c) { return std::isfinite(c) ? Lane{K::known, c} : Lane{K::runtime, 0.0}; }
constexpr Lane kRuntime{K::runtime, 0.0};
constexpr Lane kZero{K::zero, 0.0};

// a + b. A zero of either sign plus c != 0 is c; plus +0 it is +0; plus -0 it keeps its sign.
Lane plus(Lane a, Lane b) {
  if (a.kind == K::runtime || b.kind == K::runtime || a.kind == K::unset || b.kind == K::unset) return kRuntime;
  if (a.kind == K::known && b.kind == K::known) return known(a.c + b.c);
  if (a.kind == K::zero && b.kind == K::zero) return kZero;
  const double c = a.kind == K::known ? a.c : b.c;
  if (c != 0.0 || !std::signbit(c)) return known(c);
  return kZero;
}
// Over two definitions of a register: the same, a zero either way, or known only at run time.
Lane meet(Lane a, Lane b) {
  if (a == b) return a;
  auto zero = [](Lane l) { return l.kind == K::zero || (l.kind == K::known && l.c == 0.0); };
  return zero(a) && zero(b) ? kZero : kRuntime;
}
Lane negated(Lane a) { return a.kind == K::known ? known(-a.c) : a; }
Lane minus(Lane a, Lane b) { return plus(a, negated(b)); }  // IEEE defines a - b as a + (-b)
// v * l for a register's value v (known when the register is a constant).
Lane times(std::optional<double> v, Lane l) {
  if (l.kind == K::runtime || l.kind == K::unset) return kRuntime;
  if (v) return l.kind == K::known ? known(*v * l.c) : kZero;
  return l.kind == K::zero || l.c == 0.0 ? kZero : kRuntime;
}
// c * l for a coefficient worked out at run time, known only when c is.
Lane scaled(std::optional<double> c, Lane l) { return c && std::isfinite(*c) ? times(c, l) : kRuntime; }

constexpr int kMaxPairs = 2;  // 4 lanes
using Lanes = std::array<Lane, 2 * kMaxPairs>;

// ---- The run as a list of Dual operations ----

// The fast form's steps lowered into operations on Duals (virtual registers: the program's,
// then the lowering's own temporaries and constants). A fused shape becomes its two or three
// operations, STEP its curve with the branches of builtins::smooth_step.
enum class Kind : std::uint8_t {
  add, subtract, multiply, divide, negate, move,
  rule,         // f and f' from `rule` (a call) on a's value, then the chain rule
  power,        // likewise from machine_power_partials(a, e)
  square, cube, fourth, reciprocal, three_halves, root,  // likewise, written inline (root: SQRT)
  dual_step,    // `dual` (a call) on the Duals a and b, laid out in the frame
  table_call,   // a table function's `step` (a call) on the Duals arguments[list ..], laid out in the frame
  check,        // give up unless a's value and partials are finite
  branch,       // on the sign of a's value, to labels lt, eq, gt
  at_most_zero, // to label lt when a's value <= 0 (NaN goes on)
  at_least_one, // to label lt when a's value >= 1
  unless_below, // to label lt unless a's value < b's (NaN too)
  unless_positive,  // to label lt unless a's value > 0 (NaN too)
  jump, label, give_up, ret,
};

struct Node {
  Kind kind;
  std::uint32_t dst = 0, a = 0, b = 0;
  bool checked = false;  // the step's finiteness test, after its value is stored
  double e = 0.0;
  MachineRule rule = nullptr;
  MachineDualStep dual = nullptr;
  const double* constants = nullptr;  // dual_step's, `count` of them
  int count = 0;                      // and table_call's arguments
  const Step* step = nullptr;         // table_call's
  std::uint32_t list = 0;             // table_call's first argument in Translation::arguments_
  std::uint32_t lt = 0, eq = 0, gt = 0;  // labels
};

bool writes(Kind k) { return k <= Kind::table_call; }
bool calls(Kind k) { return k == Kind::rule || k == Kind::power || k == Kind::dual_step || k == Kind::table_call; }

struct Register {
  std::optional<double> constant;  // a constant: its value in the pool, its partials zero
  Lanes lanes{};                   // over every definition
  // Which pairs of partials the run computes: those not known that an operation computing a
  // computed pair reads, the test reads (runtime lanes: a zero is finite when the value is),
  // a call reads or the end writes out. The others are worked out here or never needed.
  std::array<bool, kMaxPairs> computed{};
};

// The constant pool's fixed entries, each a pair (16 bytes, for packed operands).
constexpr std::int32_t kSigns = 0, kZeros = 16, kOnes = 32;
// xmm0-xmm3 are the translation's scratch registers; the allocation hands out xmm4-xmm15.
constexpr std::uint32_t kAllocatable = 0xFFF0;

class Translation {
 public:
  explicit Translation(const Program& p)
      : p_(p), width_(static_cast<int>(std::max<std::size_t>(p.lanes.size(), 1))), pairs_((width_ + 1) / 2) {}

  std::optional<std::vector<std::uint8_t>> run() {
    if (!kPlatform || p_.steps.empty() || p_.lanes.size() > 4 || !p_.bound_calls.empty()) return std::nullopt;
    registers_.resize(p_.register_count);
    for (std::uint32_t r = p_.first_constant; r < p_.first_temporary; ++r) {
      registers_[r].constant = p_.constants[r - p_.first_constant];
      registers_[r].lanes.fill(known(0.0));
    }
    for (std::uint32_t r = 0; r < p_.first_constant; ++r) {
      Lanes seed{};
      seed.fill(known(0.0));
      if (r < p_.input_lane.size() && p_.input_lane[r] >= 0) seed[static_cast<std::size_t>(p_.input_lane[r])] = known(1.0);
      registers_[r].lanes = seed;
    }
    pair_of(-0.0, -0.0);  // kSigns
    pair_of(0.0, 0.0);    // kZeros
    pair_of(1.0, 1.0);    // kOnes
    if (!lower()) return std::nullopt;
    rename();
    analyse();
    find_computed();
    allocate();
    emit();
    return a_.finish(pool_);
  }

 private:
  // ---- Lowering ----

  std::uint32_t add(const Register& r) {
    registers_.push_back(r);
    return static_cast<std::uint32_t>(registers_.size() - 1);
  }
  std::uint32_t temporary() { return add(Register{}); }
  std::uint32_t constant(double c) {
    const auto bits = std::bit_cast<std::uint64_t>(c);
    if (auto it = constant_registers_.find(bits); it != constant_registers_.end()) return it->second;
    const Lane zero = known(0.0);
    const std::uint32_t r = add(Register{c, {zero, zero, zero, zero}});
    constant_registers_[bits] = r;
    return r;
  }
  std::uint32_t new_label() { return labels_++; }
  void node(Node n) { nodes_.push_back(n); }
  void op(Kind k, std::uint32_t dst, std::uint32_t a, std::uint32_t b = 0, bool checked = false) {
    node({.kind = k, .dst = dst, .a = a, .b = b, .checked = checked});
  }
  // x0 + x1, x0 - x1 or x0 * x1 (kinds 1-3) into a temporary, or x0 itself (kind 0).
  std::uint32_t inner(int kind, std::uint32_t a, std::uint32_t b) {
    if (kind == 0) return a;
    constexpr Kind kOps[] = {Kind::add, Kind::subtract, Kind::multiply};
    const std::uint32_t t = temporary();
    op(kOps[kind - 1], t, a, b);
    return t;
  }
  // A step's last operation n, writing dst, checked (the step's test) or not. A chain rule's or
  // a call's partials are written as they are made, over an operand's if that is the
  // destination: such a step (reads_dst) computes into a temporary first.
  void into(std::uint32_t dst, bool reads_dst, Node n, bool checked) {
    n.dst = reads_dst ? temporary() : dst;
    n.checked = checked && !reads_dst;
    node(n);
    if (reads_dst) op(Kind::move, dst, n.dst, 0, checked);
  }
  void last(Kind k, std::uint32_t dst, std::uint32_t a, std::uint32_t b, bool checked) {
    into(dst, dst == a || dst == b, {.kind = k, .a = a, .b = b}, checked);
  }

  // Which operands an operation reads.
  static bool reads_a(Kind k) {
    return (writes(k) && k != Kind::table_call) || (k >= Kind::check && k <= Kind::unless_positive) || k == Kind::ret;
  }
  // A table call's arguments: how many.
  static int called(const Node& d) { return d.kind == Kind::table_call ? d.count : 0; }
  static bool reads_b(Kind k) { return k <= Kind::divide || k == Kind::dual_step || k == Kind::unless_below; }

  // The compiler reuses a register for values that have nothing to do with each other (a sum
  // for SIN of it): each definition gets a register of its own, so that what is known of one
  // value's partials is not lost to the next's. Definitions that meet where IF's branches join
  // share one, found by following the jumps (all forward) with the current definition of each
  // register.
  void rename() {
    std::vector<std::uint32_t> parent(registers_.size());
    for (std::uint32_t r = 0; r < parent.size(); ++r) parent[r] = r;
    auto find = [&](std::uint32_t r) {
      while (parent[r] != r) r = parent[r] = parent[parent[r]];
      return r;
    };
    using Map = std::vector<std::uint32_t>;
    auto merge = [&](Map& into, const Map& from) {
      for (std::size_t r = 0; r < into.size(); ++r) {
        const std::uint32_t a = find(into[r]), b = find(from[r]);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
      }
    };
    Map current(registers_.size());
    for (std::uint32_t r = 0; r < current.size(); ++r) current[r] = r;
    std::map<std::uint32_t, Map> arriving;  // per label: the definitions jumps bring
    bool falls_through = true;
    for (Node& d : nodes_) {
      if (d.kind == Kind::label) {
        if (auto it = arriving.find(d.lt); it != arriving.end()) {
          if (falls_through) merge(it->second, current);
          current = it->second;
        }
        falls_through = true;
        continue;
      }
      if (reads_a(d.kind)) d.a = current[d.a];
      if (reads_b(d.kind)) d.b = current[d.b];
      for (int k = 0; k < called(d); ++k) arguments_[d.list + k] = current[arguments_[d.list + k]];
      if (writes(d.kind)) {
        const std::uint32_t version = add(Register{});
        parent.push_back(version);
        current[d.dst] = version;
        d.dst = version;
      }
      auto to = [&](std::uint32_t label) {
        if (auto it = arriving.find(label); it != arriving.end()) merge(it->second, current);
        else arriving.emplace(label, current);
      };
      switch (d.kind) {
        case Kind::branch:
          to(d.lt), to(d.eq), to(d.gt);
          falls_through = false;
          break;
        case Kind::at_most_zero:
        case Kind::at_least_one:
        case Kind::unless_below:
        case Kind::unless_positive: to(d.lt); break;
        case Kind::jump:
          to(d.lt);
          falls_through = false;
          break;
        case Kind::give_up:
        case Kind::ret: falls_through = false; break;
        default: break;
      }
    }
    for (Node& d : nodes_) {
      if (reads_a(d.kind)) d.a = find(d.a);
      if (reads_b(d.kind)) d.b = find(d.b);
      if (writes(d.kind)) d.dst = find(d.dst);
      for (int k = 0; k < called(d); ++k) arguments_[d.list + k] = find(arguments_[d.list + k]);
    }
  }

  bool lower() {
    // The interpreter's choice (run.cpp, gradient_run_for): the value steps, scaled sums
    // included, for a program whose gradient calls nothing; else the steps.
    const std::vector<Step>& steps = p_.differentiates_calling_nothing ? p_.value_steps : p_.steps;
    std::vector<std::uint32_t> step_label(steps.size());
    for (auto& l : step_label) l = new_label();
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const Step& s = steps[k];
      auto ahead = [&](std::uint32_t target) { return target > k && target < steps.size(); };
      if (s.op >= Op::branch && s.op <= Op::branch_multiply && !(ahead(s.x[2]) && ahead(s.x[3]) && ahead(s.x[4])))
        return false;
      if (s.op == Op::jump && !ahead(s.x[0])) return false;
      const bool control = s.op >= Op::branch && s.op <= Op::ret;
      if (!control && s.dst < p_.first_temporary) return false;  // only temporaries are written
      node({.kind = Kind::label, .lt = step_label[k]});
      if (!step(s, step_label)) return false;
    }
    return true;
  }

  bool step(const Step& s, const std::vector<std::uint32_t>& step_label) {
    const auto raw = static_cast<unsigned>(s.op);
    const unsigned code = raw % kUnchecked;
    const bool checked = raw < kUnchecked;
    constexpr Kind kRoots[] = {Kind::add, Kind::subtract, Kind::multiply, Kind::divide};
    if (code < static_cast<unsigned>(kShapeCount)) {
      const std::uint32_t l = inner(static_cast<int>((code / 4) % 4), s.x[0], s.x[1]);
      const std::uint32_t r = inner(static_cast<int>(code % 4), s.x[2], s.x[3]);
      op(kRoots[code / 16], s.dst, l, r, checked);
      return true;
    }
    if (code >= static_cast<unsigned>(kScaledSum) && code < static_cast<unsigned>(kScaledSum + kScaledSumCount)) {
      const int scaled = static_cast<int>(code) - kScaledSum;
      const std::uint32_t sum = inner((scaled / 2) % 2 == 0 ? 1 : 2, s.x[1], s.x[2]);
      const std::uint32_t l = temporary();
      op(Kind::multiply, l, s.x[0], sum);
      const std::uint32_t r = inner(scaled % 2 != 0 ? 3 : 0, s.x[3], s.x[4]);
      op(scaled / 4 == 0 ? Kind::add : Kind::subtract, s.dst, l, r, checked);
      return true;
    }
    switch (s.op) {
      case Op::negate: op(Kind::negate, s.dst, s.x[0], 0, true); return true;
      case Op::move: op(Kind::move, s.dst, s.x[0], 0, true); return true;
      case Op::cube: last(Kind::cube, s.dst, s.x[0], s.x[0], true); return true;
      case Op::fourth: last(Kind::fourth, s.dst, s.x[0], s.x[0], true); return true;
      case Op::reciprocal: last(Kind::reciprocal, s.dst, s.x[0], s.x[0], true); return true;
      case Op::three_halves: last(Kind::three_halves, s.dst, s.x[0], s.x[0], true); return true;
      case Op::square_root:
      case Op::power_constant:
      case Op::inverse_square: {
        double e = -2.0;  // inverse_square: constant_power<-2>
        if (s.op != Op::inverse_square) {
          if (s.x[1] < p_.first_constant || s.x[1] >= p_.first_temporary) return false;
          e = p_.constants[s.x[1] - p_.first_constant];
        }
        into(s.dst, s.dst == s.x[0], {.kind = Kind::power, .a = s.x[0], .e = e}, true);
        return true;
      }
      case Op::step_cubic:
      case Op::step_quintic: return smooth_step(s);
      case Op::impact:
        if (s.x[2] + 5 > p_.step_constants.size()) return false;
        return impact(s);
      case Op::step_haversine:
      case Op::bistop:
      case Op::power: {
        const int count = s.op == Op::step_haversine ? 7 : s.op == Op::bistop ? 6 : 0;
        const std::uint32_t at = s.op == Op::step_haversine ? s.x[1] : s.op == Op::bistop ? s.x[2] : 0;
        if (at + static_cast<std::uint32_t>(count) > p_.step_constants.size()) return false;
        const MachineDualStep dual = machine_dual_step(s.op, width_);
        if (!dual) return false;
        const std::uint32_t xdot = s.op == Op::step_haversine ? s.x[0] : s.x[1];  // `**`: the exponent
        into(s.dst, s.dst == s.x[0] || s.dst == xdot,
             {.kind = Kind::dual_step, .a = s.x[0], .b = xdot, .dual = dual, .constants = p_.step_constants.data() + at,
              .count = count},
             true);
        return true;
      }
      case Op::branch:
      case Op::branch_add:
      case Op::branch_subtract:
      case Op::branch_multiply: {
        const std::uint32_t t = inner(static_cast<int>(s.op) - static_cast<int>(Op::branch), s.x[0], s.x[1]);
        node({.kind = Kind::check, .a = t});
        node({.kind = Kind::branch, .a = t, .lt = step_label[s.x[2]], .eq = step_label[s.x[3]], .gt = step_label[s.x[4]]});
        return true;
      }
      case Op::call: {
        if (s.count > builtins::kMaxArgs || s.x[0] + s.count > p_.argument_lists.size()) return false;
        const auto list = static_cast<std::uint32_t>(arguments_.size());
        bool reads_dst = false;
        for (std::uint32_t k = 0; k < s.count; ++k) {
          arguments_.push_back(p_.argument_lists[s.x[0] + k]);
          reads_dst |= arguments_.back() == s.dst;
        }
        into(s.dst, reads_dst, {.kind = Kind::table_call, .count = s.count, .step = &s, .list = list}, true);
        return true;
      }
      case Op::jump: node({.kind = Kind::jump, .lt = step_label[s.x[0]]}); return true;
      case Op::ret: node({.kind = Kind::ret, .a = p_.result}); return true;
      case Op::sqrt_: last(Kind::root, s.dst, s.x[0], s.x[0], true); return true;
      default:
        if (const MachineRule rule = machine_rule(s.op)) {
          into(s.dst, s.dst == s.x[0], {.kind = Kind::rule, .a = s.x[0], .rule = rule}, true);
          return true;
        }
        return false;  // model and dataset functions
    }
  }

  // STEP and STEP5 as run.cpp's smooth_step computes them on Duals: the offset, delta, the
  // ends' constants taken for delta <= 0 and >= 1, else h0 + rise * curve(delta) with the
  // curves of builtins/steps.hpp, operation for operation.
  bool smooth_step(const Step& s) {
    if (s.x[1] + 7 > p_.step_constants.size()) return false;
    const double* c = p_.step_constants.data() + s.x[1];
    const double x0 = c[0], h0 = c[1], h1 = c[3], span = c[4], rise = c[5], reciprocal = c[6];
    if (!(span > 0.0)) {
      node({.kind = Kind::give_up});
      return true;
    }
    const std::uint32_t offset = temporary(), delta = temporary();
    op(Kind::subtract, offset, s.x[0], constant(x0));
    if (reciprocal != 0.0) op(Kind::multiply, delta, offset, constant(reciprocal));
    else op(Kind::divide, delta, offset, constant(span));
    const std::uint32_t dst = s.dst == s.x[0] ? temporary() : s.dst;
    curve_between(delta, dst, h0, h1, rise, s.op == Op::step_cubic, true);
    if (dst != s.dst) op(Kind::move, s.dst, dst);
    return true;
  }

  // dst = h0 for delta <= 0, h1 for delta >= 1, else h0 + rise * curve(delta), the curves of
  // builtins/steps.hpp operation for operation on Duals. `checked`: the step's finiteness test,
  // which only the curve needs (the ends are constants).
  void curve_between(std::uint32_t delta, std::uint32_t dst, double h0, double h1, double rise, bool cubic,
                     bool checked) {
    const std::uint32_t low = new_label(), high = new_label(), done = new_label();
    node({.kind = Kind::at_most_zero, .a = delta, .lt = low});
    node({.kind = Kind::at_least_one, .a = delta, .lt = high});
    auto product = [&](std::uint32_t a, std::uint32_t b) {
      const std::uint32_t t = temporary();
      op(Kind::multiply, t, a, b);
      return t;
    };
    auto sum = [&](std::uint32_t a, std::uint32_t b) {
      const std::uint32_t t = temporary();
      op(Kind::add, t, a, b);
      return t;
    };
    std::uint32_t curve = 0;
    if (cubic) {  // t * t * (3.0 - 2.0 * t)
      const std::uint32_t square = product(delta, delta), twice = product(constant(2.0), delta);
      const std::uint32_t rest = temporary();
      op(Kind::subtract, rest, constant(3.0), twice);
      curve = product(square, rest);
    } else {  // t * t * t * (10.0 + t * (-15.0 + 6.0 * t))
      const std::uint32_t cube = product(product(delta, delta), delta);
      const std::uint32_t inner_sum = sum(constant(-15.0), product(constant(6.0), delta));
      curve = product(cube, sum(constant(10.0), product(delta, inner_sum)));
    }
    op(Kind::add, dst, constant(h0), product(constant(rise), curve), checked);
    node({.kind = Kind::jump, .lt = done});
    node({.kind = Kind::label, .lt = low});
    op(Kind::move, dst, constant(h0));
    node({.kind = Kind::jump, .lt = done});
    node({.kind = Kind::label, .lt = high});
    op(Kind::move, dst, constant(h1));
    node({.kind = Kind::label, .lt = done});
  }

  // IMPACT as run.cpp's impact_force computes it on Duals: 0 unless x < x1; else
  // f = k * u**e - damping * xdot with u = x1 - x and the damping builtins::smooth_step(x,
  // x1 - d, cmax, x1, 0, cubic) (the ends' Duals are constants, their partials +0), and f where
  // f > 0, else 0.
  bool impact(const Step& s) {
    const double* c = p_.step_constants.data() + s.x[2];
    const double x1 = c[0], k = c[1], e = c[2], cmax = c[3], d = c[4];
    const std::uint32_t x = s.x[0], xdot = s.x[1];
    const std::uint32_t none = new_label(), done = new_label();
    node({.kind = Kind::unless_below, .a = x, .b = constant(x1), .lt = none});
    const std::uint32_t u = temporary(), offset = temporary(), delta = temporary(), damping = temporary();
    op(Kind::subtract, u, constant(x1), x);
    const double x0 = x1 - d;
    op(Kind::subtract, offset, x, constant(x0));
    op(Kind::divide, delta, offset, constant(x1 - x0));
    curve_between(delta, damping, cmax, 0.0, 0.0 - cmax, true, false);
    const std::uint32_t power = temporary(), force = temporary(), drag = temporary(), f = temporary();
    if (e == 1.5 || e == 2.0 || e == 3.0 || e == 4.0) {
      const Kind k_of = e == 1.5 ? Kind::three_halves : e == 2.0 ? Kind::square : e == 3.0 ? Kind::cube : Kind::fourth;
      op(k_of, power, u);
    } else {
      node({.kind = Kind::power, .dst = power, .a = u, .e = e});
    }
    op(Kind::multiply, force, constant(1.0 * k), power);
    op(Kind::multiply, drag, damping, xdot);
    op(Kind::subtract, f, force, drag);
    node({.kind = Kind::unless_positive, .a = f, .lt = none});
    node({.kind = Kind::check, .a = f});  // the step's finiteness test, which only f needs
    const std::uint32_t dst = s.dst == x || s.dst == xdot ? temporary() : s.dst;
    op(Kind::move, dst, f);
    node({.kind = Kind::jump, .lt = done});
    node({.kind = Kind::label, .lt = none});
    op(Kind::move, dst, constant(0.0));
    node({.kind = Kind::label, .lt = done});
    if (dst != s.dst) op(Kind::move, s.dst, dst);
    return true;
  }

  // ---- What is known of each register's partials ----

  std::optional<double> value_known(std::uint32_t r) const { return registers_[r].constant; }

  // The partials an operation gives, from what is known of its operands. A coefficient worked
  // out at run time (f'(a), 1/b) times a zero partial is a zero if the coefficient is finite;
  // where it is not, so is the coefficient times any partial that is not a zero, and such a
  // partial reaches a test wherever this Dual's partials are used: a zero partial there is then
  // one, and the chain rule's `+ 0.0` makes it +0.
  Lanes result(const Node& n) const {
    const Lanes& a = registers_[n.a].lanes;
    const Lanes& b = registers_[n.b].lanes;
    auto zero = [](Lane l) { return l.kind == K::zero || (l.kind == K::known && l.c == 0.0); };
    bool live_a = false, live_b = false;
    for (int k = 0; k < 2 * pairs_; ++k) {
      live_a |= !zero(a[k]);
      live_b |= !zero(b[k]);
    }
    const bool chain = n.kind >= Kind::rule && n.kind <= Kind::root;
    Lanes out{};
    for (int k = 0; k < 2 * pairs_; ++k) {
      if (chain) {
        out[k] = live_a && zero(a[k]) ? known(0.0) : kRuntime;
        continue;
      }
      switch (n.kind) {
        case Kind::add: out[k] = plus(a[k], b[k]); break;
        case Kind::subtract: out[k] = minus(a[k], b[k]); break;
        case Kind::multiply: out[k] = plus(times(value_known(n.b), a[k]), times(value_known(n.a), b[k])); break;
        case Kind::divide: {
          // chain(a, b, q, ib, -q * ib): (0.0 + ib * a') + (-q * ib) * b'
          std::optional<double> ib, c2;
          if (value_known(n.b)) ib = 1.0 / *value_known(n.b);
          if (ib && value_known(n.a)) c2 = -(*value_known(n.a) / *value_known(n.b)) * *ib;
          const bool live = live_a || live_b;
          const Lane first = ib ? scaled(ib, a[k]) : live && zero(a[k]) ? kZero : kRuntime;
          const Lane second = c2 ? scaled(c2, b[k]) : live && zero(b[k]) ? kZero : kRuntime;
          out[k] = plus(plus(known(0.0), first), second);
          break;
        }
        case Kind::negate: out[k] = negated(a[k]); break;
        case Kind::move: out[k] = a[k]; break;
        default: out[k] = kRuntime; break;  // a coefficient worked out at run time, or a call
      }
    }
    return out;
  }

  // Over every definition of every register, until nothing changes (a register that IF's
  // branches each write knows only what they all agree on).
  void analyse() {
    for (bool changed = true; changed;) {
      changed = false;
      for (const Node& n : nodes_) {
        if (!writes(n.kind)) continue;
        const Lanes got = result(n);
        Lanes& have = registers_[n.dst].lanes;
        for (int k = 0; k < 2 * pairs_; ++k) {
          const Lane l = have[k].kind == K::unset ? got[k] : meet(have[k], got[k]);
          if (!(have[k] == l)) {
            have[k] = l;
            changed = true;
          }
        }
      }
    }
  }

  static bool known_pair(const Lanes& l, int c) { return l[2 * c].kind == K::known && l[2 * c + 1].kind == K::known; }
  bool pair_known(std::uint32_t r, int c) const { return known_pair(registers_[r].lanes, c); }
  bool pair_tested(std::uint32_t r, int c) const {
    const Lanes& l = registers_[r].lanes;
    return l[2 * c].kind == K::runtime || l[2 * c + 1].kind == K::runtime;
  }
  bool computed(std::uint32_t r, int c) const { return registers_[r].computed[c]; }
  int computed_pairs(std::uint32_t r) const {
    int n = 0;
    for (int c = 0; c < pairs_; ++c) n += computed(r, c) ? 1 : 0;
    return n;
  }

  // Register::computed, from the uses back to the operations that feed them, until nothing changes.
  void find_computed() {
    for (bool changed = true; changed;) {
      changed = false;
      auto need = [&](std::uint32_t r, int c) {
        if (pair_known(r, c) || registers_[r].computed[c]) return;
        registers_[r].computed[c] = true;
        changed = true;
      };
      for (const Node& d : nodes_) {
        for (int c = 0; c < pairs_; ++c) {
          if ((d.kind == Kind::check && pair_tested(d.a, c)) || d.kind == Kind::ret) need(d.a, c);
          if (d.checked && pair_tested(d.dst, c)) need(d.dst, c);
          if (d.kind == Kind::dual_step) {
            need(d.a, c);
            need(d.b, c);
          }
          for (int k = 0; k < called(d); ++k) need(arguments_[d.list + k], c);
          if (!writes(d.kind) || d.kind >= Kind::dual_step || !computed(d.dst, c) || known_pair(result(d), c)) continue;
          need(d.a, c);
          if (d.kind <= Kind::divide) need(d.b, c);
        }
      }
    }
  }

  // ---- Registers: xmm registers or the frame ----

  // Linear scan over each register's span of operations, as in the value run's translation; a
  // register takes an xmm register for its value and one for each pair of partials not known.
  // One read by an operation that calls out lives in the frame: the call clobbers every xmm
  // register and the chain rule reads the operand's partials after it.
  void allocate() {
    const std::size_t n = registers_.size();
    std::vector<int> first(n, INT_MAX), last(n, INT_MIN);
    std::vector<bool> to_frame(n, false);
    auto touch = [&](std::uint32_t r, int at) {
      first[r] = std::min(first[r], at);
      last[r] = std::max(last[r], at);
    };
    for (std::uint32_t r : read_inputs()) touch(r, -1);
    std::vector<int> call_at;
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      const Node& d = nodes_[k];
      const int at = static_cast<int>(k);
      if (reads_a(d.kind)) touch(d.a, at);
      if (reads_b(d.kind)) touch(d.b, at);
      for (int i = 0; i < called(d); ++i) {
        touch(arguments_[d.list + i], at);
        to_frame[arguments_[d.list + i]] = true;
      }
      if (writes(d.kind)) touch(d.dst, at);
      if (calls(d.kind)) {
        call_at.push_back(at);
        if (reads_a(d.kind)) to_frame[d.a] = true;
        if (d.kind == Kind::dual_step) to_frame[d.b] = true;
      }
    }
    has_calls_ = !call_at.empty();
    value_home_.assign(n, Operand{});
    pair_home_.assign(n, {});
    std::vector<std::uint32_t> order;
    for (std::uint32_t r = 0; r < n; ++r) {
      if (registers_[r].constant) value_home_[r] = Operand::pool(pair_of(*registers_[r].constant, *registers_[r].constant));
      else if (first[r] != INT_MAX) order.push_back(r);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return first[a] < first[b]; });
    std::vector<std::pair<int, std::uint32_t>> active;  // (last, xmm mask)
    std::uint32_t free = kAllocatable;
    for (std::uint32_t r : order) {
      for (auto it = active.begin(); it != active.end();) {
        if (it->first < first[r]) {
          free |= it->second;
          it = active.erase(it);
        } else {
          ++it;
        }
      }
      const int need = 1 + computed_pairs(r);
      const auto call = std::upper_bound(call_at.begin(), call_at.end(), first[r]);
      const bool crosses = to_frame[r] || (call != call_at.end() && *call < last[r]);
      std::vector<Operand> homes;
      if (!crosses && std::popcount(free) >= need) {
        std::uint32_t taken = 0;
        for (int k = 0; k < need; ++k) {
          const int x = std::countr_zero(free & ~taken);
          taken |= 1u << x;
          homes.push_back(Operand::xmm(x));
        }
        free &= ~taken;
        active.emplace_back(last[r], taken);
      } else {
        for (int k = 0; k < need; ++k) homes.push_back(Operand::memory(x86_64::rsp, 16 * slots_++));
      }
      value_home_[r] = homes[0];
      int next = 1;
      for (int c = 0; c < pairs_; ++c)
        if (computed(r, c)) pair_home_[r][c] = homes[next++];
    }
    // The frame: the slots, the Duals a call reads and writes, then the saved arguments. At each
    // call the stack pointer must be a multiple of 16; on entry it is 8 past one.
    // The Duals a call reads and writes: IMPACT's three, a table call's arguments and result.
    int laid_out = 0;
    for (const Node& d : nodes_) {
      if (d.kind == Kind::dual_step) laid_out = std::max(laid_out, 3);
      if (d.kind == Kind::table_call) laid_out = std::max(laid_out, d.count + 1);
    }
    dual_at_ = 16 * slots_;
    const std::int32_t duals = laid_out * 16 * (1 + pairs_);
    saved_at_ = dual_at_ + duals;
    frame_ = saved_at_ + (has_calls_ ? 8 * kSaved : 0);
    if (frame_ > 0) frame_ = (frame_ + 7) / 16 * 16 + 8;  // the least not below it that is 8 past 16
  }

  std::vector<std::uint32_t> read_inputs() const {
    std::vector<std::uint32_t> read;
    if (p_.reads_time) read.push_back(0);
    if (p_.reads_mode) read.push_back(1);
    for (std::uint32_t slot : p_.variables_read) read.push_back(2 + slot);
    return read;
  }

  // ---- The pool ----

  std::int32_t pair_of(double low, double high) {
    const auto key = std::make_pair(std::bit_cast<std::uint64_t>(low), std::bit_cast<std::uint64_t>(high));
    if (auto it = pairs_at_.find(key); it != pairs_at_.end()) return it->second;
    const auto at = static_cast<std::int32_t>(pool_.size());
    put(low);
    put(high);
    pairs_at_[key] = at;
    return at;
  }
  void put(double d) {
    const auto bits = std::bit_cast<std::uint64_t>(d);
    for (int k = 0; k < 8; ++k) pool_.push_back(static_cast<std::uint8_t>(bits >> (8 * k)));
  }
  Operand broadcast(double c) { return Operand::pool(pair_of(c, c)); }

  // Where an operand's value (in both halves) and a pair of its partials are read from.
  Operand value(std::uint32_t r) const { return value_home_[r]; }
  Operand pair(std::uint32_t r, int c) {
    if (!pair_known(r, c)) return pair_home_[r][c];
    const Lanes& l = registers_[r].lanes;
    return Operand::pool(pair_of(l[2 * c].c, l[2 * c + 1].c));
  }

  // ---- The code ----

  static constexpr x86_64::Gpr kArguments[] = {x86_64::rdi, x86_64::rsi, x86_64::rdx, x86_64::r8, x86_64::r9};
  static constexpr int kSaved = 5;
  std::int32_t saved(int k) const { return saved_at_ + 8 * k; }

  void emit() {
    for (std::uint32_t k = 0; k < labels_; ++k) label_.push_back(a_.new_label());
    fail_ = a_.new_label();
    a_.adjust_stack(frame_);
    if (has_calls_)
      for (int k = 0; k < kSaved; ++k) a_.save(saved(k), kArguments[k]);
    inputs();
    for (std::size_t k = 0; k < nodes_.size(); ++k) emit(nodes_[k], k);
    a_.bind(fail_);
    if (has_calls_)
      for (int k = 0; k < kSaved; ++k) a_.restore(kArguments[k], saved(k));
    a_.adjust_stack(-frame_);
    a_.move(x86_64::rcx, x86_64::r8);
    a_.jump_to(x86_64::r9);
  }

  // The registers whose infinity or NaN a test always meets: carried into a tested value (through
  // untested ones too) before the first jump, which every run passes; as the value run's
  // translation finds them.
  std::vector<bool> caught() const {
    std::vector<bool> caught(registers_.size(), false);
    std::size_t end = 0;
    while (end < nodes_.size() && (writes(nodes_[end].kind) || nodes_[end].kind == Kind::check ||
                                   nodes_[end].kind == Kind::label))
      ++end;
    for (std::size_t k = end; k-- > 0;) {
      const Node& d = nodes_[k];
      if (d.kind == Kind::check) caught[d.a] = true;
      if (!writes(d.kind)) continue;
      const bool tested = d.checked || caught[d.dst];
      caught[d.dst] = false;
      if (!tested) continue;
      switch (d.kind) {  // the operations that keep an infinity or NaN of these operands
        case Kind::add:
        case Kind::subtract:
        case Kind::multiply: caught[d.b] = true; [[fallthrough]];
        case Kind::divide:
        case Kind::negate:
        case Kind::move:
        case Kind::square:
        case Kind::cube:
        case Kind::fourth:
        case Kind::three_halves:
        case Kind::root: caught[d.a] = true; break;
        default: break;
      }
    }
    return caught;
  }

  // TIME and MODE from the Inputs (rsi), the variables from their array (rcx), each into both
  // halves of its home; then those a test does not always meet are tested at once, as
  // load_inputs tests them (where a later test fails, the reference form reports the input).
  void inputs() {
    const std::vector<std::uint32_t> read = read_inputs();
    for (std::uint32_t r : read) {
      const Operand from = r == 0   ? Operand::memory(x86_64::rsi, offsetof(Inputs, time))
                           : r == 1 ? Operand::memory(x86_64::rsi, offsetof(Inputs, mode))
                                    : Operand::memory(x86_64::rcx, 8 * static_cast<std::int32_t>(r - 2));
      const int x = target(value(r));
      a_.load(x, from);
      a_.broadcast_low(x);
      a_.store_pair(value(r), x);
    }
    const std::vector<bool> tested_later = caught();
    std::vector<Operand> tested;
    for (std::uint32_t r : read)
      if (!tested_later[r]) tested.push_back(value(r));
    a_.jump_unless_finite(tested, fail_);
  }

  // Gives up unless r's value and its partials known only at run time are all finite (x - x is NaN for an
  // infinity or NaN, else +0).
  void check(std::uint32_t r) {
    a_.load_pair(0, value(r));
    a_.arithmetic_pair(Sse::subtract, 0, value(r));
    bool any = false;
    for (int c = 0; c < pairs_; ++c) {
      if (!pair_tested(r, c)) continue;
      a_.load_pair(1, pair(r, c));
      a_.arithmetic_pair(Sse::subtract, 1, pair(r, c));
      a_.arithmetic_pair(Sse::add, 0, Operand::xmm(1));
      any = true;
    }
    if (any) {
      a_.load_pair(1, Operand::xmm(0));
      a_.high_to_low(1);
      a_.arithmetic(Sse::add, 0, Operand::xmm(1));
    }
    a_.compare(0, Operand::xmm(0));
    a_.jump_if(Condition::parity, fail_);
  }

  // The partials of a chain rule through f(a): f' * a' + 0.0 (Dual::add on a new Dual), the
  // coefficient in both halves of xmm1; written into dst's pairs not known.
  void chain(const Node& d) {
    const Lanes got = result(d);
    for (int c = 0; c < pairs_; ++c) {
      if (!computed(d.dst, c)) continue;
      if (known_pair(got, c)) {
        a_.load_pair(0, Operand::pool(pair_of(got[2 * c].c, got[2 * c + 1].c)));
        a_.store_pair(pair_home_[d.dst][c], 0);
        continue;
      }
      const int x = pair_home_[d.dst][c].kind == Operand::Kind::xmm ? pair_home_[d.dst][c].index : 2;
      a_.load_pair(x, Operand::xmm(1));
      a_.arithmetic_pair(Sse::multiply, x, pair(d.a, c));
      a_.arithmetic_pair(Sse::add, x, Operand::pool(kZeros));
      a_.store_pair(pair_home_[d.dst][c], x);
    }
  }

  // The value in xmm0 (both halves) to dst's home.
  void store_value(const Node& d) { a_.store_pair(value_home_[d.dst], 0); }

  void emit(const Node& d, std::size_t k) {
    switch (d.kind) {
      case Kind::add:
      case Kind::subtract:
      case Kind::multiply:
      case Kind::divide:
      case Kind::negate:
      case Kind::move: arithmetic(d); break;
      case Kind::rule:
      case Kind::power:
        a_.load(0, value(d.a));
        if (d.kind == Kind::power) a_.load(1, broadcast(d.e));
        a_.call(d.kind == Kind::rule ? reinterpret_cast<const void*>(d.rule)
                                     : reinterpret_cast<const void*>(&machine_power_partials));
        a_.broadcast_low(0);
        a_.broadcast_low(1);
        store_value(d);
        chain(d);
        break;
      case Kind::square:  // a * a; 2.0 * power_value(a, 1.0), which is pow(a, 1.0) == a
        a_.load_pair(0, value(d.a));
        a_.arithmetic_pair(Sse::multiply, 0, value(d.a));
        a_.load_pair(1, value(d.a));
        a_.arithmetic_pair(Sse::multiply, 1, broadcast(2.0));
        store_value(d);
        chain(d);
        break;
      case Kind::cube:  // a * a * a; 3.0 * (a * a)
        a_.load_pair(1, value(d.a));
        a_.arithmetic_pair(Sse::multiply, 1, value(d.a));
        a_.load_pair(0, Operand::xmm(1));
        a_.arithmetic_pair(Sse::multiply, 0, value(d.a));
        a_.arithmetic_pair(Sse::multiply, 1, broadcast(3.0));
        store_value(d);
        chain(d);
        break;
      case Kind::fourth:  // s = a * a, s * s; 4.0 * (a * a * a)
        a_.load_pair(1, value(d.a));
        a_.arithmetic_pair(Sse::multiply, 1, value(d.a));
        a_.load_pair(0, Operand::xmm(1));
        a_.arithmetic_pair(Sse::multiply, 0, Operand::xmm(1));
        a_.arithmetic_pair(Sse::multiply, 1, value(d.a));
        a_.arithmetic_pair(Sse::multiply, 1, broadcast(4.0));
        store_value(d);
        chain(d);
        break;
      case Kind::reciprocal:  // a == 0 is base_partials' error; 1.0 / a; -1.0 * (1.0 / (a * a))
        a_.load(0, value(d.a));
        a_.compare(0, Operand::pool(kZeros));
        a_.jump_if(Condition::parity, fail_);
        a_.jump_if(Condition::equal, fail_);
        a_.load_pair(0, Operand::pool(kOnes));
        a_.arithmetic_pair(Sse::divide, 0, value(d.a));
        a_.load_pair(2, value(d.a));
        a_.arithmetic_pair(Sse::multiply, 2, value(d.a));
        a_.load_pair(1, Operand::pool(kOnes));
        a_.arithmetic_pair(Sse::divide, 1, Operand::xmm(2));
        a_.arithmetic_pair(Sse::multiply, 1, broadcast(-1.0));
        store_value(d);
        chain(d);
        break;
      case Kind::three_halves:  // a * sqrt(a); 1.5 * (sqrt(a) + 0.0)
        a_.arithmetic_pair(Sse::sqrt, 1, value(d.a));
        a_.load_pair(0, value(d.a));
        a_.arithmetic_pair(Sse::multiply, 0, Operand::xmm(1));
        a_.arithmetic_pair(Sse::add, 1, Operand::pool(kZeros));
        a_.arithmetic_pair(Sse::multiply, 1, broadcast(1.5));
        store_value(d);
        chain(d);
        break;
      case Kind::root:  // SQRT's rule: a < 0, and a == 0 for the derivative, fail; sqrt(a); 0.5 / sqrt(a)
        a_.load(0, value(d.a));
        a_.compare(0, Operand::pool(kZeros));
        a_.jump_if(Condition::below_or_equal, fail_);  // NaN too, whose value would fail the test
        a_.arithmetic_pair(Sse::sqrt, 0, value(d.a));
        a_.load_pair(1, broadcast(0.5));
        a_.arithmetic_pair(Sse::divide, 1, Operand::xmm(0));
        store_value(d);
        chain(d);
        break;
      case Kind::dual_step: dual_step(d); break;
      case Kind::table_call: table_call(d); break;
      case Kind::check: check(d.a); break;
      case Kind::branch:
        a_.zero(1);
        a_.compare(in_register(d.a), Operand::xmm(1));
        a_.jump_if(Condition::below, label_[d.lt]);
        a_.jump_if(Condition::above, label_[d.gt]);
        if (!next_is(k, d.eq)) a_.jump(label_[d.eq]);
        break;
      case Kind::at_most_zero: {
        const Assembler::Label on = a_.new_label();
        a_.compare(in_register(d.a), Operand::pool(kZeros));
        a_.jump_if(Condition::parity, on);
        a_.jump_if(Condition::below_or_equal, label_[d.lt]);
        a_.bind(on);
        break;
      }
      case Kind::at_least_one:
        a_.compare(in_register(d.a), Operand::pool(kOnes));
        a_.jump_if(Condition::above_or_equal, label_[d.lt]);
        break;
      case Kind::unless_below:
        a_.compare(in_register(d.a), value(d.b));
        a_.jump_if(Condition::parity, label_[d.lt]);
        a_.jump_if(Condition::above_or_equal, label_[d.lt]);
        break;
      case Kind::unless_positive:
        a_.compare(in_register(d.a), Operand::pool(kZeros));
        a_.jump_if(Condition::below_or_equal, label_[d.lt]);
        break;
      case Kind::jump:
        if (!next_is(k, d.lt)) a_.jump(label_[d.lt]);
        break;
      case Kind::label: a_.bind(label_[d.lt]); break;
      case Kind::give_up: a_.jump(fail_); break;
      case Kind::ret: ret(d.a); break;
    }
    if (d.checked) check(d.dst);
  }

  // An xmm register holding r's value for a compare: its home, or xmm0 loaded from memory.
  int in_register(std::uint32_t r) {
    if (value(r).kind == Operand::Kind::xmm) return value(r).index;
    a_.load(0, value(r));
    return 0;
  }

  // Whether the node after k is label l (the jump there is not needed).
  bool next_is(std::size_t k, std::uint32_t l) const {
    return k + 1 < nodes_.size() && nodes_[k + 1].kind == Kind::label && nodes_[k + 1].lt == l;
  }

  // +, -, *, /, -x, x on Duals, as run.cpp's Dual operators compute them.
  // The xmm register to compute into for a home: the home itself if it is one, else xmm0.
  static int target(const Operand& home) { return home.kind == Operand::Kind::xmm ? home.index : 0; }

  // A destination that is an operand (the compiler reuses a sum's register) is computed in place
  // where each instruction reads what it overwrites (x = x + y, -x, x); else in scratch registers,
  // and a product's value is stored last, since its partials read the operands' values.
  void arithmetic(const Node& d) {
    constexpr Sse kOps[] = {Sse::add, Sse::subtract, Sse::multiply, Sse::divide};
    const Lanes got = result(d);
    const bool binary = d.kind <= Kind::divide;
    const bool in_place = d.dst == d.a && !(binary && d.dst == d.b) && d.kind != Kind::multiply && d.kind != Kind::divide;
    const bool alias = !in_place && (d.dst == d.a || (binary && d.dst == d.b));
    const bool late = alias && d.kind == Kind::multiply;
    const int t = alias ? 0 : target(value_home_[d.dst]);
    a_.load_pair(t, value(d.a));
    if (d.kind <= Kind::divide) a_.arithmetic_pair(kOps[static_cast<int>(d.kind)], t, value(d.b));
    if (d.kind == Kind::negate) a_.xor_pd(t, Operand::pool(kSigns));
    // A division by a constant: ib is worked out here, and the term of b's partials (all +0)
    // is left out. It is (-q * ib) * (+0), a zero added to a sum that is never -0, or NaN where
    // q is not finite, and then so is the quotient, whose partials no run that succeeds uses.
    const bool by_constant = d.kind == Kind::divide && value_known(d.b);
    bool partials = false;  // computed here, not known
    for (int c = 0; c < pairs_; ++c) partials |= computed(d.dst, c) && !known_pair(got, c);
    if (d.kind == Kind::divide && partials) {  // ib = 1 / b in xmm1, -q * ib in xmm2
      if (by_constant) {
        a_.load_pair(1, broadcast(1.0 / *value_known(d.b)));
      } else {
        a_.load_pair(1, Operand::pool(kOnes));
        a_.arithmetic_pair(Sse::divide, 1, value(d.b));
        a_.load_pair(2, Operand::xmm(t));
        a_.xor_pd(2, Operand::pool(kSigns));
        a_.arithmetic_pair(Sse::multiply, 2, Operand::xmm(1));
      }
    }
    if (!late) a_.store_pair(value_home_[d.dst], t);
    for (int c = 0; c < pairs_; ++c) {
      if (!computed(d.dst, c)) continue;
      const Operand home = pair_home_[d.dst][c];
      const int x = alias ? (late ? 1 : 0) : target(home);
      if (got[2 * c].kind == K::known && got[2 * c + 1].kind == K::known) {
        a_.load_pair(x, Operand::pool(pair_of(got[2 * c].c, got[2 * c + 1].c)));
        a_.store_pair(home, x);
        continue;
      }
      switch (d.kind) {
        case Kind::add:
        case Kind::subtract:
          a_.load_pair(x, pair(d.a, c));
          a_.arithmetic_pair(kOps[static_cast<int>(d.kind)], x, pair(d.b, c));
          break;
        case Kind::multiply:  // b * a' + a * b'
          times_pair(x, d.b, d.a, c);
          times_pair(3, d.a, d.b, c);
          a_.arithmetic_pair(Sse::add, x, Operand::xmm(3));
          break;
        case Kind::divide:  // (0.0 + ib * a') + (-q * ib) * b'
          a_.load_pair(x, Operand::xmm(1));
          a_.arithmetic_pair(Sse::multiply, x, pair(d.a, c));
          a_.arithmetic_pair(Sse::add, x, Operand::pool(kZeros));
          if (by_constant) break;
          a_.load_pair(3, Operand::xmm(2));
          a_.arithmetic_pair(Sse::multiply, 3, pair(d.b, c));
          a_.arithmetic_pair(Sse::add, x, Operand::xmm(3));
          break;
        case Kind::negate:
          a_.load_pair(x, pair(d.a, c));
          a_.xor_pd(x, Operand::pool(kSigns));
          break;
        default: a_.load_pair(x, pair(d.a, c)); break;
      }
      a_.store_pair(home, x);
    }
    if (late) a_.store_pair(value_home_[d.dst], 0);
  }

  // x = v's value times p's pair c. Where that pair is known and each of its lanes is 1 or +0
  // (the seeds of TIME and the variables: a product with an input has one), v*1 is v and
  // v*(+0) is a zero with v's sign, for every finite v, so the product is v with only the sign
  // bit kept in the +0 lanes: an and, which leaves the multipliers to the other products, or
  // nothing where both lanes are 1. Only a non-finite v gives another result (±0 for NaN), and
  // then the product's own value is not finite either, so no run that succeeds uses it.
  void times_pair(int x, std::uint32_t v, std::uint32_t p, int c) {
    a_.load_pair(x, value(v));
    if (!pair_known(p, c)) return a_.arithmetic_pair(Sse::multiply, x, pair(p, c));
    const Lanes& l = registers_[p].lanes;
    std::uint64_t mask[2] = {};
    for (int k = 0; k < 2; ++k) {
      const auto bits = std::bit_cast<std::uint64_t>(l[2 * c + k].c);
      if (bits == std::bit_cast<std::uint64_t>(1.0)) mask[k] = ~std::uint64_t{0};
      else if (bits == 0) mask[k] = std::uint64_t{1} << 63;
      else return a_.arithmetic_pair(Sse::multiply, x, pair(p, c));
    }
    if (mask[0] != ~std::uint64_t{0} || mask[1] != ~std::uint64_t{0})
      a_.and_pd(x, Operand::pool(pair_of(std::bit_cast<double>(mask[0]), std::bit_cast<double>(mask[1]))));
  }

  // r's value and partials as a Dual in the frame at `at` ([v, v, g0, g1, ...]).
  void lay_out(std::uint32_t r, std::int32_t at) {
    a_.load_pair(0, value(r));
    a_.store_pair(Operand::memory(x86_64::rsp, at), 0);
    for (int c = 0; c < pairs_; ++c) {
      a_.load_pair(0, pair(r, c));
      a_.store_pair(Operand::memory(x86_64::rsp, at + 16 * (1 + c)), 0);
    }
  }

  // A call's result, laid out at `at`, into dst's home.
  void take_back(const Node& d, std::int32_t at) {
    a_.load_pair(0, Operand::memory(x86_64::rsp, at));
    store_value(d);
    for (int c = 0; c < pairs_; ++c) {
      if (!computed(d.dst, c)) continue;
      a_.load_pair(0, Operand::memory(x86_64::rsp, at + 16 * (1 + c)));
      a_.store_pair(pair_home_[d.dst][c], 0);
    }
  }

  // A table function: its arguments laid out, the interpreter's own rules and chain rule called
  // on them (machine_dual_call), the result taken back.
  void table_call(const Node& d) {
    const std::int32_t size = 16 * (1 + pairs_);
    for (int k = 0; k < d.count; ++k) lay_out(arguments_[d.list + k], dual_at_ + k * size);
    const std::int32_t out = dual_at_ + d.count * size;
    a_.set(x86_64::rdi, reinterpret_cast<std::uintptr_t>(&p_));
    a_.set(x86_64::rsi, reinterpret_cast<std::uintptr_t>(d.step));
    a_.address_of_stack(x86_64::rdx, dual_at_);
    a_.address_of_stack(x86_64::rcx, out);
    a_.call(reinterpret_cast<const void*>(machine_dual_call(width_)));
    take_back(d, out);
  }

  // IMPACT, BISTOP, HAVSIN: the operands copied to the frame as Duals, the interpreter's own
  // code called on them, its result taken back.
  void dual_step(const Node& d) {
    const std::int32_t size = 16 * (1 + pairs_);
    lay_out(d.a, dual_at_);
    lay_out(d.b, dual_at_ + size);
    const std::int32_t out = dual_at_ + 2 * size;
    a_.address_of_stack(x86_64::rdi, dual_at_);
    a_.address_of_stack(x86_64::rsi, dual_at_ + size);
    const auto constants = static_cast<std::int32_t>(pool_.size());  // whole pairs, so the pool stays aligned
    for (int i = 0; i < d.count + (d.count % 2); ++i) put(i < d.count ? d.constants[i] : 0.0);
    a_.address_of_pool(constants, x86_64::rdx);
    a_.address_of_stack(x86_64::rcx, out);
    a_.call(reinterpret_cast<const void*>(d.dual));
    take_back(d, out);
  }

  // The end: every partial into grad (r8; zero for the derivative inputs the program does not
  // read), the value returned in xmm0.
  void ret(std::uint32_t r) {
    if (has_calls_) a_.restore(x86_64::r8, saved(3));
    if (!p_.unread_derivatives.empty()) a_.zero(1);
    for (std::uint32_t k : p_.unread_derivatives) a_.store(Operand::memory(x86_64::r8, 8 * static_cast<std::int32_t>(k)), 1);
    for (std::size_t l = 0; l < p_.lanes.size(); ++l) {
      const int c = static_cast<int>(l / 2), half = static_cast<int>(l % 2);
      const Operand to = Operand::memory(x86_64::r8, 8 * static_cast<std::int32_t>(p_.lanes[l]));
      const Operand from = pair(r, c);
      if (half == 0 && l + 1 < p_.lanes.size() && p_.lanes[l + 1] == p_.lanes[l] + 1) {  // both, side by side
        if (from.kind != Operand::Kind::xmm) a_.load_pair(1, from);
        a_.store_pair_unaligned(to, from.kind == Operand::Kind::xmm ? from.index : 1);
        ++l;
        continue;
      }
      if (from.kind == Operand::Kind::xmm) {
        a_.load_pair(1, from);
        if (half != 0) a_.high_to_low(1);
      } else {
        a_.load(1, Operand{from.kind, from.index + 8 * half, from.base});
      }
      a_.store(to, 1);
    }
    a_.load(0, value(r));
    a_.adjust_stack(-frame_);
    a_.ret();
  }

  const Program& p_;
  const int width_, pairs_;
  std::vector<Register> registers_;
  std::map<std::uint64_t, std::uint32_t> constant_registers_;
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> arguments_;  // table calls' argument registers
  std::uint32_t labels_ = 0;

  std::vector<Operand> value_home_;
  std::vector<std::array<Operand, kMaxPairs>> pair_home_;
  std::int32_t slots_ = 0, dual_at_ = 0, saved_at_ = 0, frame_ = 0;
  bool has_calls_ = false;

  std::vector<std::uint8_t> pool_;
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::int32_t> pairs_at_;
  Assembler a_{&pool_};
  Assembler::Label fail_ = 0;
  std::vector<Assembler::Label> label_;
};

}  // namespace

std::optional<std::vector<std::uint8_t>> translate_gradient_run(const Program& p) { return Translation(p).run(); }

MachineGradient make_machine_gradient(const Program& p) {
  return make_machine_run(p, p.machine.gradient, p.machine.gradient_countdown, p.machine.gradient_code,
                          translate_gradient_run);
}

void machine_gradient_count_down(const Program& p) {
  if (count_down(p.machine.gradient_countdown, 1)) make_machine_gradient(p);
}

}  // namespace fexpr::detail
