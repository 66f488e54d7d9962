// The lanes form (run_lanes.hpp): the value steps over a block of points, a register being
// kBlockPoints doubles, one per point. Arithmetic steps run the fast form's templates
// (fast_steps.hpp) on Lanes of 4 points; the others run the scalar fast form's code point by
// point. Which points a scalar fast run would give up on is kept as cheaply as the common case
// allows: every value the scalar run checks (the inputs read, each checked step) is added to
// one accumulator as v - v, which is 0 for a finite v and NaN otherwise, so the block ends with
// 0 exactly when no scalar run of its points would have given up; otherwise (rare: such points
// are errors) the whole block is left to value(). Where the points of a block go different ways
// at an IF, a pass follows the first point's way and computes the others without counting them
// (a mask); a second pass follows the way of the first point left, and the points still left
// after it go to value(). Nothing here reports an error.

#include "eval/run_lanes.hpp"

#include "eval/fast_steps.hpp"
#include "builtins/steps.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace fexpr::detail {
namespace {

constexpr std::size_t N = kBlockPoints;
constexpr std::size_t kWidth = 4;  // points a Lanes holds
static_assert(N % kWidth == 0 && N <= 64, "a block's points are one std::uint64_t mask");

// Four points' values of a register, one IEEE operation on each lane for each operator: GCC's
// vector extension, one AVX2 instruction or two SSE2 ones. Unaligned (the registers are a
// std::vector's).
using Lanes = double __attribute__((vector_size(32), aligned(8)));
using Bits = std::int64_t __attribute__((vector_size(32), aligned(8)));  // a Lanes' bits, to mask

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

[[gnu::always_inline]] inline Lanes lanes_at(const double* values) {
  Lanes v;
  std::memcpy(&v, values, sizeof v);
  return v;
}

// The registers of one group of four points, as the step templates read them.
struct Group {
  const double* lane0;  // register 0's value at the group's first point
  [[gnu::always_inline]] Lanes load(std::uint32_t reg) const { return lanes_at(lane0 + static_cast<std::size_t>(reg) * N); }
};

class Block {
 public:
  // groups of 4 points; the points (bit k) already elsewhere, which the run computes but does
  // not count.
  Block(const Program& p, double* r, std::size_t groups, std::uint64_t elsewhere)
      : p_(p), r_(r), groups_(groups), elsewhere_(elsewhere) {
    if (elsewhere != 0) mark_path();
  }

  // The sum of v - v over every checked value: 0 when each was finite.
  Lanes finiteness() const { return finite_; }
  // The points (bit k) computed but not counted: those given, and those whose IF went another
  // way than the block's.
  std::uint64_t elsewhere() const { return elsewhere_; }

  // Runs the value steps; false when no point is left on the block's path.
  [[gnu::always_inline]] bool run() {
    const Step* const steps = p_.value_steps.data();
    const Step* s = steps;
    for (;;) {
      switch (static_cast<unsigned>(s->op)) {
#define FEXPR_LANES_SHAPE(S)                                                                   \
  case (S): each_group<true>(s->dst, [s](const Group& g) { return shape<(S), Lanes>(*s, g); }); break; \
  case (S) + kUnchecked: each_group<false>(s->dst, [s](const Group& g) { return shape<(S), Lanes>(*s, g); }); break;
#define FEXPR_LANES_SHAPES4(S) \
  FEXPR_LANES_SHAPE(S) FEXPR_LANES_SHAPE((S) + 1) FEXPR_LANES_SHAPE((S) + 2) FEXPR_LANES_SHAPE((S) + 3)
#define FEXPR_LANES_SHAPES16(S) \
  FEXPR_LANES_SHAPES4(S) FEXPR_LANES_SHAPES4((S) + 4) FEXPR_LANES_SHAPES4((S) + 8) FEXPR_LANES_SHAPES4((S) + 12)
        FEXPR_LANES_SHAPES16(0)
        FEXPR_LANES_SHAPES16(16)
        FEXPR_LANES_SHAPES16(32)
        FEXPR_LANES_SHAPES16(48)
#define FEXPR_LANES_SCALED_SUM(S)                                                                  \
  case kScaledSum + (S):                                                                           \
    each_group<true>(s->dst, [s](const Group& g) { return scaled_sum<(S), Lanes>(*s, g); });       \
    break;                                                                                         \
  case kScaledSum + (S) + kUnchecked:                                                              \
    each_group<false>(s->dst, [s](const Group& g) { return scaled_sum<(S), Lanes>(*s, g); });      \
    break;
        FEXPR_LANES_SCALED_SUM(0) FEXPR_LANES_SCALED_SUM(1) FEXPR_LANES_SCALED_SUM(2) FEXPR_LANES_SCALED_SUM(3)
        FEXPR_LANES_SCALED_SUM(4) FEXPR_LANES_SCALED_SUM(5) FEXPR_LANES_SCALED_SUM(6) FEXPR_LANES_SCALED_SUM(7)
#undef FEXPR_LANES_SCALED_SUM
#undef FEXPR_LANES_SHAPES16
#undef FEXPR_LANES_SHAPES4
#undef FEXPR_LANES_SHAPE
        case code(Op::negate): each_group<true>(s->dst, [s](const Group& g) { return -g.load(s->x[0]); }); break;
        case code(Op::move): each_group<true>(s->dst, [s](const Group& g) { return g.load(s->x[0]); }); break;
#define FEXPR_LANES_POWER(OP) \
  case code(Op::OP): each_group<true>(s->dst, [s](const Group& g) { return power_step<Op::OP>(g.load(s->x[0])); }); break;
        FEXPR_LANES_POWER(cube) FEXPR_LANES_POWER(fourth) FEXPR_LANES_POWER(reciprocal) FEXPR_LANES_POWER(inverse_square)
#undef FEXPR_LANES_POWER
        // The other steps: the scalar fast form's code (run.cpp's Fast<double>) at each point.
        case code(Op::power):
        case code(Op::power_constant):
          each_point(s->dst, [&](std::size_t k) { return power_value(at(s->x[0], k), at(s->x[1], k)); });
          break;
        case code(Op::square_root):
          each_point(s->dst, [&](std::size_t k) { return power_step<Op::square_root>(at(s->x[0], k)); });
          break;
        case code(Op::three_halves):
          each_point(s->dst, [&](std::size_t k) { return power_step<Op::three_halves>(at(s->x[0], k)); });
          break;
#define FEXPR_LANES_UNARY(OP, FUNCTION) \
  case code(Op::OP): each_point(s->dst, [&](std::size_t k) { return FUNCTION(at(s->x[0], k)); }); break;
        FEXPR_UNARY_STEPS(FEXPR_LANES_UNARY)
#undef FEXPR_LANES_UNARY
        case code(Op::step_cubic): step(*s, builtins::cubic); break;
        case code(Op::step_quintic): step(*s, builtins::quintic); break;
        case code(Op::step_haversine): step(*s, builtins::haversine); break;
        case code(Op::impact):
        case code(Op::bistop): {
          // A copy, which the compiler knows no store to a register changes: the loop then
          // reads the parameters once, not at every point.
          double c[6];
          std::copy_n(p_.step_constants.data() + s->x[2], s->op == Op::impact ? 5 : 6, c);
          const bool impact = s->op == Op::impact;
          each_point(s->dst, [&](std::size_t k) {
            const double x = at(s->x[0], k), xdot = at(s->x[1], k);
            return impact ? impact_force(x, xdot, c) : bistop_force(x, xdot, c);
          });
          break;
        }
        case code(Op::call): call(*s); break;
        case code(Op::branch): if (!branch<0>(s)) return false; continue;
        case code(Op::branch_add): if (!branch<1>(s)) return false; continue;
        case code(Op::branch_subtract): if (!branch<2>(s)) return false; continue;
        case code(Op::branch_multiply): if (!branch<3>(s)) return false; continue;
        case code(Op::jump): s = steps + s->x[0]; continue;
        case code(Op::ret): return true;
        default: __builtin_unreachable();  // Op::bound: batch_on_lanes leaves such programs out
      }
      ++s;
    }
  }

 private:
  [[gnu::always_inline]] double at(std::uint32_t reg, std::size_t k) const {
    return r_[static_cast<std::size_t>(reg) * N + k];
  }

  // An arithmetic step on each group of 4 points. Checked: as the scalar form checks the step's
  // value (an unchecked one carries a NaN or infinity to a reader that is checked); once points
  // have gone elsewhere, their values, computed on a branch not theirs, are not counted.
  template <bool Checked, class Compute>
  [[gnu::always_inline]] void each_group(std::uint32_t dst, Compute compute) {
    if (Checked && elsewhere_ != 0) [[unlikely]]
      groups<Checked, true>(dst, compute);
    else
      groups<Checked, false>(dst, compute);
  }
  template <bool Checked, bool Masked, class Compute>
  [[gnu::always_inline]] void groups(std::uint32_t dst, Compute compute) {
    double* out = r_ + static_cast<std::size_t>(dst) * N;
    Lanes finite{};  // local: the stores to registers could otherwise be finite_'s
    for (std::size_t g = 0; g < groups_; ++g) {
      const Lanes v = compute(Group{r_ + g * kWidth});
      std::memcpy(out + g * kWidth, &v, sizeof v);
      if constexpr (Masked) {
        Bits d, on;
        const Lanes check = v - v;
        std::memcpy(&d, &check, sizeof d);
        std::memcpy(&on, on_path_ + g * kWidth, sizeof on);
        d &= on;
        Lanes counted;
        std::memcpy(&counted, &d, sizeof counted);
        finite += counted;
      } else if constexpr (Checked) {
        finite += v - v;
      }
    }
    finite_ += finite;
  }

  void mark_path() {
    for (std::size_t k = 0; k < N; ++k) on_path_[k] = -static_cast<std::int64_t>(~elsewhere_ >> k & 1);
  }

  // Any other step, point by point: compute(k) is the scalar fast form's value at point k, NaN
  // where that run gives up.
  template <class Compute>
  [[gnu::always_inline]] void each_point(std::uint32_t dst, Compute compute) {
    double* out = r_ + static_cast<std::size_t>(dst) * N;
    double finite = 0.0;
    for (std::size_t k = 0; k < groups_ * kWidth; ++k) {
      const double v = compute(k);
      out[k] = v;
      finite += elsewhere_ >> k & 1 ? 0.0 : v - v;
    }
    finite_[0] += finite;
  }

  template <class Curve>
  [[gnu::always_inline]] void step(const Step& s, Curve curve) {
    double c[7];  // a copy, as for IMPACT
    std::copy_n(p_.step_constants.data() + s.x[1], 7, c);
    each_point(s.dst, [&](std::size_t k) {
      double v = 0.0;
      return smooth_step(c, at(s.x[0], k), curve, v) ? v : kNaN;
    });
  }

  void call(const Step& s) {
    const std::uint32_t* list = p_.argument_lists.data() + s.x[0];
    const builtins::Builtin& f = *p_.functions[s.x[1]];
    each_point(s.dst, [&](std::size_t k) {
      double args[builtins::kMaxArgs];
      for (int a = 0; a < s.count; ++a) args[a] = at(list[a], k);
      double out = 0.0;
      return f.value(args, s.count, &out) ? kNaN : out;
    });
  }

  // IF's jump, taken by the block where its first point still on the block's path takes it; a
  // point whose test is not finite or points elsewhere leaves the path. False when none is left.
  template <int K>
  [[gnu::always_inline]] bool branch(const Step*& s) {
    double test[N];
    for (std::size_t g = 0; g < groups_; ++g) {
      const Lanes t = inner<K, Lanes>(Group{r_ + g * kWidth}, s->x[0], s->x[1]);
      std::memcpy(test + g * kWidth, &t, sizeof t);
    }
    // Bit k of each: point k's test is < 0, > 0, not finite (branchless: the signs are random).
    std::uint64_t below = 0, above = 0, not_finite = 0;
    for (std::size_t k = 0; k < groups_ * kWidth; ++k) {
      const double t = test[k];
      below |= std::uint64_t{t < 0.0} << k;
      above |= std::uint64_t{t > 0.0} << k;
      not_finite |= std::uint64_t{t - t != 0.0} << k;
    }
    // Over every lane: those already elsewhere (the points of an earlier pass, the last group's
    // padding) only compute.
    const std::uint64_t lanes = groups_ * kWidth == N ? ~std::uint64_t{0} : (std::uint64_t{1} << groups_ * kWidth) - 1;
    const std::uint64_t on_path = lanes & ~elsewhere_, finite = on_path & ~not_finite;
    if (finite == 0) return false;
    const int first = std::countr_zero(finite);
    const std::uint64_t zero = lanes & ~below & ~above & ~not_finite;
    const int x = below >> first & 1 ? 2 : above >> first & 1 ? 4 : 3;  // the operand naming the step
    const std::uint64_t way = x == 2 ? below : x == 4 ? above : zero;
    const std::uint32_t to = s->x[x];
    if (const std::uint64_t off = on_path & ~way) {
      elsewhere_ |= off;
      mark_path();
    }
    s = p_.value_steps.data() + to;
    return true;
  }

  const Program& p_;
  double* const r_;
  const std::size_t groups_;  // of 4 points, the last one padded
  Lanes finite_{};
  std::uint64_t elsewhere_;
  std::int64_t on_path_[N];  // once elsewhere_ is not 0: -1 (all bits) for a point on the path, else 0
};

// The registers laid out for the program: constants in every lane.
void prepare_block(const Program& p, Workspace::Buffers& b) {
  b.block.assign(static_cast<std::size_t>(p.register_count) * N, 0.0);
  for (std::uint32_t r = p.first_constant; r < p.first_temporary; ++r)
    std::fill_n(b.block.begin() + static_cast<std::ptrdiff_t>(r * N), N, p.constants[r - p.first_constant]);
  b.block_prepared = p.id;
}

// The input registers the program reads: TIME, MODE, then its variables by slot.
template <class Load>
[[gnu::always_inline]] inline void for_inputs_read(const Program& p, Load load) {
  if (p.reads_time) load(0u);
  if (p.reads_mode) load(1u);
  for (const std::uint32_t slot : p.variables_read) load(2 + slot);
}

// Passes over a block before the points still without a value are left to value(): both ways
// of an IF. Points going three or more ways cost more in passes over the whole block than
// value() at each of them.
constexpr int kPasses = 2;

// The block once its inputs are in their registers (points 0 .. size): pads the last group with
// the block's first point, so that every lane computes on a real point, checks the inputs as
// load_inputs does for one point, then runs the steps in passes: each pass follows the branches
// of the first point still without a value and gives the values of the points that followed
// them too, the others being computed but not counted. Inlined into a run for AVX2 and one for
// any x86-64 (run_for_this_cpu).
[[gnu::always_inline]] inline std::uint64_t run_loaded(const Program& p, double* r, std::size_t size, double* results,
                                                       const double*& values) {
  const std::size_t lanes = (size + kWidth - 1) / kWidth * kWidth;
  const std::uint64_t all = size == N ? ~std::uint64_t{0} : (std::uint64_t{1} << size) - 1;
  const std::uint64_t padding = lanes == N ? 0 : ((std::uint64_t{1} << lanes) - 1) & ~all;
  Lanes inputs{};
  for_inputs_read(p, [&](std::uint32_t reg) {
    double* row = r + static_cast<std::size_t>(reg) * N;
    std::fill(row + size, row + lanes, row[0]);
    for (std::size_t g = 0; g < lanes; g += kWidth) {
      const Lanes v = lanes_at(row + g);
      inputs += v - v;
    }
  });
  if (inputs[0] + inputs[1] + inputs[2] + inputs[3] != 0.0) [[unlikely]]
    return all;
  const double* result = r + static_cast<std::size_t>(p.result) * N;
  values = results;
  std::uint64_t left = all;
  for (int pass = 0; pass < kPasses && left != 0; ++pass) {
    Block block(p, r, lanes / kWidth, ~left & (all | padding));
    if (!block.run()) break;
    const Lanes finite = block.finiteness();
    if (finite[0] + finite[1] + finite[2] + finite[3] != 0.0) [[unlikely]]
      break;  // a point the scalar run gives up on: value() finds which and why
    const std::uint64_t done = left & ~block.elsewhere();
    if (done == all) [[likely]] {
      values = result;  // one pass gave every point: no copy
      return 0;
    }
    for (std::size_t k = 0; k < size; ++k) {
      if (done >> k & 1) results[k] = result[k];
    }
    left &= ~done;
  }
  return left;
}

using Run = std::uint64_t (*)(const Program&, double*, std::size_t, double*, const double*&);

[[gnu::target("avx2")]] std::uint64_t run_avx2(const Program& p, double* r, std::size_t size, double* results,
                                               const double*& values) {
  return run_loaded(p, r, size, results, values);
}
std::uint64_t run_sse2(const Program& p, double* r, std::size_t size, double* results, const double*& values) {
  return run_loaded(p, r, size, results, values);
}

// The run for this processor, chosen on the first block rather than by the loader (GCC's
// target_clones): a loader's choice runs before ThreadSanitizer's runtime is up, and crashed it.
Run run_for_this_cpu() {
  static const Run run = __builtin_cpu_supports("avx2") ? run_avx2 : run_sse2;
  return run;
}

double* registers_for(const Program& p, Workspace::Buffers& b) {
  if (b.block_prepared != p.id) [[unlikely]]
    prepare_block(p, b);
  return b.block.data();
}

}  // namespace

std::uint64_t block_values(const Program& p, std::span<const Inputs> points, std::size_t first, std::size_t size,
                           Workspace::Buffers& b, double* results, const double*& values) {
  double* const r = registers_for(p, b);
  const Inputs* block = points.data() + first;
  for_inputs_read(p, [&](std::uint32_t reg) {
    double* row = r + static_cast<std::size_t>(reg) * N;
    if (reg == 0) {
      for (std::size_t k = 0; k < size; ++k) row[k] = block[k].time;
    } else if (reg == 1) {
      for (std::size_t k = 0; k < size; ++k) row[k] = block[k].mode;
    } else {
      for (std::size_t k = 0; k < size; ++k) row[k] = block[k].variables[reg - 2];
    }
  });
  return run_for_this_cpu()(p, r, size, results, values);
}

std::uint64_t block_values(const Program& p, const Columns& columns, std::size_t first, std::size_t size,
                           Workspace::Buffers& b, double* results, const double*& values) {
  double* const r = registers_for(p, b);
  for_inputs_read(p, [&](std::uint32_t reg) {
    double* row = r + static_cast<std::size_t>(reg) * N;
    const Column& c = reg == 0 ? columns.time : reg == 1 ? columns.mode : columns.variables[reg - 2];
    if (!c.data) {  // TIME or MODE (the caller checked the variables): Inputs' default
      std::fill_n(row, size, reg == 0 ? Inputs{}.time : Inputs{}.mode);
    } else if (c.stride == 1) {
      std::copy_n(c.data + first, size, row);
    } else {
      for (std::size_t k = 0; k < size; ++k) row[k] = c.data[(first + k) * c.stride];
    }
  });
  return run_for_this_cpu()(p, r, size, results, values);
}

}  // namespace fexpr::detail
