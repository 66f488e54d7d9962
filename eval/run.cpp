// Running a program. Every evaluation runs the fast form (Program::steps), which this file
// holds: fused steps, value and derivatives in one pass, no per-operation bookkeeping. Errors
// are not located there: a fast run checks every value it produces (and every derivative) for
// finiteness, and when anything is wrong it gives up, and the reference form (Program::code,
// run_reference.cpp) runs again from the start. That run is the one that names the failing operation and its span, exactly as before
// the fast form existed. Domain errors need no test of their own in the fast form: SQRT(-1),
// LOG(0), ACOS(2), 0**-1, (-8)**0.5 and x/0 all produce NaN or an infinity, which is caught like
// an overflow. (A fused step computes its inner operation without checking it, which is sound
// because +, -, * and / by a register carry an infinity or NaN through to their result.)
#include "eval/run.hpp"

#include "eval/fast_steps.hpp"
#include "eval/machine_gradient.hpp"
#include "eval/machine_value.hpp"
#include "eval/run_shared.hpp"
#include "builtins/math_rules.hpp"
#include "builtins/power_value.hpp"
#include "builtins/steps.hpp"

#include <fexpr/bindings.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <limits>
#include <span>
#include <type_traits>

namespace fexpr::detail {

Program::Program() {
  static std::atomic<std::uint64_t> next{1};
  id = next.fetch_add(1, std::memory_order_relaxed);
}

using namespace run_shared;

[[gnu::noinline]] void run_shared::prepare_values(const Program& p, Workspace::Buffers& b) {
  b.prepared = p.id;
  b.ready = kValues;
  b.value.assign(p.register_count, 0.0);
  std::copy(p.constants.begin(), p.constants.end(), b.value.begin() + p.first_constant);
}

namespace {

// The fast form's seeds, `w` lanes wide.
[[gnu::noinline]] void load_lanes(const Program& p, Workspace::Buffers& b, int order, std::size_t w, unsigned need) {
  b.lane_grad.assign(p.register_count * w, 0.0);
  for (std::uint32_t r = 0; r < p.input_lane.size(); ++r) {
    if (p.input_lane[r] >= 0) b.lane_grad[r * w + static_cast<std::size_t>(p.input_lane[r])] = 1.0;
  }
  b.local_grad.resize(std::max<std::size_t>(b.local_grad.size(), p.max_bound_inputs), 0.0);
  if (order >= 2) {
    b.lane_hess.assign(p.register_count * w * w, 0.0);
    const std::size_t m = static_cast<std::size_t>(p.max_bound_inputs) * p.max_bound_inputs;
    b.local_hess.resize(std::max(b.local_hess.size(), m), 0.0);
  }
  b.ready |= need;
}
inline void prepare_lanes(const Program& p, Workspace::Buffers& b, int order, std::size_t w) {
  const unsigned need = order >= 2 ? kLanes1 | kLanes2 : kLanes1;
  if ((b.ready & need) != need) [[unlikely]]
    load_lanes(p, b, order, w, need);
}

// ---- The fast form ----

// A value with its gradient over W lanes and, for Order 2, its Hessian (W*W, row-major).
// Its arithmetic computes the value with exactly the operations a double would, so the
// derivative runs give the same values as the value run.
template <int W, int Order>
struct Dual {
  double v = 0.0;
  std::array<double, W> g{};
  std::array<double, Order == 2 ? W * W : 0> h{};

  Dual() = default;
  Dual(double value) : v(value) {}  // NOLINT(google-explicit-constructor): constants mix in as with doubles

  // The chain rule through f(u) with f' = f1, f'' = f2.
  [[gnu::always_inline]] friend Dual chain(const Dual& u, double f, double f1, double f2) {
    Dual r(f);
    r.add(u, f1);
    r.add_outer(u, u, f2);
    return r;
  }
  // Through f(u, w) with first partials fu, fw and second fuu, fuw, fww.
  [[gnu::always_inline]] friend Dual chain(const Dual& u, const Dual& w, double f, double fu, double fw, double fuu, double fuw, double fww) {
    Dual r(f);
    r.add(u, fu);
    r.add(w, fw);
    r.add_outer(u, u, fuu);
    r.add_outer(u, w, fuw);
    r.add_outer(w, u, fuw);
    r.add_outer(w, w, fww);
    return r;
  }

  [[gnu::always_inline]] friend Dual operator+(const Dual& a, const Dual& b) {
    Dual r(a.v + b.v);
    for (int k = 0; k < W; ++k) r.g[k] = a.g[k] + b.g[k];
    if constexpr (Order == 2)
      for (int k = 0; k < W * W; ++k) r.h[k] = a.h[k] + b.h[k];
    return r;
  }
  [[gnu::always_inline]] friend Dual operator-(const Dual& a, const Dual& b) {
    Dual r(a.v - b.v);
    for (int k = 0; k < W; ++k) r.g[k] = a.g[k] - b.g[k];
    if constexpr (Order == 2)
      for (int k = 0; k < W * W; ++k) r.h[k] = a.h[k] - b.h[k];
    return r;
  }
  [[gnu::always_inline]] friend Dual operator-(const Dual& a) {
    Dual r(-a.v);
    for (int k = 0; k < W; ++k) r.g[k] = -a.g[k];
    if constexpr (Order == 2)
      for (int k = 0; k < W * W; ++k) r.h[k] = -a.h[k];
    return r;
  }
  [[gnu::always_inline]] friend Dual operator*(const Dual& a, const Dual& b) {
    Dual r(a.v * b.v);
    for (int k = 0; k < W; ++k) r.g[k] = b.v * a.g[k] + a.v * b.g[k];
    if constexpr (Order == 2) {
      for (int k = 0; k < W; ++k)
        for (int l = 0; l < W; ++l)
          r.h[k * W + l] = b.v * a.h[k * W + l] + a.v * b.h[k * W + l] + (a.g[k] * b.g[l] + b.g[k] * a.g[l]);
    }
    return r;
  }
  [[gnu::always_inline]] friend Dual operator/(const Dual& a, const Dual& b) {
    const double q = a.v / b.v, ib = 1.0 / b.v, ib2 = ib * ib;
    return chain(a, b, q, ib, -q * ib, 0.0, -ib2, 2.0 * q * ib2);
  }
  [[gnu::always_inline]] friend Dual cos(const Dual& u) { return chain(u, std::cos(u.v), -std::sin(u.v), -std::cos(u.v)); }
  [[gnu::always_inline]] friend double value_of(const Dual& a) { return a.v; }

  // Whether the value and every derivative are finite.
  [[gnu::always_inline]] bool finite() const {
    double bad = v - v;
    for (int k = 0; k < W; ++k) bad += g[k] - g[k];
    if constexpr (Order == 2)
      for (int k = 0; k < W * W; ++k) bad += h[k] - h[k];
    return bad == 0.0;
  }

  [[gnu::always_inline]] void add(const Dual& u, double c) {
    if (c == 0.0) return;
    for (int k = 0; k < W; ++k) g[k] += c * u.g[k];
    if constexpr (Order == 2)
      for (int k = 0; k < W * W; ++k) h[k] += c * u.h[k];
  }
  [[gnu::always_inline]] void add_outer(const Dual& u, const Dual& w, double c) {
    if constexpr (Order == 2) {
      if (c == 0.0) return;
      for (int k = 0; k < W; ++k)
        for (int l = 0; l < W; ++l) h[k * W + l] += c * u.g[k] * w.g[l];
    }
  }
};

}  // namespace

template <int W, int Order>
struct DualTraits<Dual<W, Order>> {
  static constexpr int width = W, order = Order;
};

namespace {

// The fast form's helpers are small and called from one big switch; inlining them is the point.
#define FEXPR_INLINE [[gnu::always_inline]] inline

#define FEXPR_SCALED_SUM(S)                                       \
  case kScaledSum + (S): v = scaled_sum<(S), T>(*s, *this); break; \
  case kScaledSum + (S) + kUnchecked:                             \
    store(s->dst, scaled_sum<(S), T>(*s, *this));                 \
    ++s;                                                          \
    continue;
static_assert(kScaledSumCount == 8);

#define FEXPR_SHAPE(S)                           \
  case (S): v = shape<(S), T>(*s, *this); break; \
  case (S) + kUnchecked:                         \
    store(s->dst, shape<(S), T>(*s, *this));     \
    ++s;                                         \
    continue;
#define FEXPR_SHAPES4(S) FEXPR_SHAPE(S) FEXPR_SHAPE((S) + 1) FEXPR_SHAPE((S) + 2) FEXPR_SHAPE((S) + 3)
#define FEXPR_SHAPES16(S) FEXPR_SHAPES4(S) FEXPR_SHAPES4((S) + 4) FEXPR_SHAPES4((S) + 8) FEXPR_SHAPES4((S) + 12)
static_assert(kShapeCount == 64);

// IF's three-way jump on its test (an operation fused into it, or just the register).
#define FEXPR_BRANCH(OP, K)                                                      \
  case code(Op::OP): {                                                           \
    const T t = inner<(K), T>(*this, s->x[0], s->x[1]);                          \
    if (!finite(t)) return false;                                                \
    const double test = value(t);                                                \
    s = steps + (test < 0.0 ? s->x[2] : test > 0.0 ? s->x[4] : s->x[3]);         \
    continue;                                                                    \
  }

// A math function (FEXPR_UNARY_STEPS): its value inline; on Duals, the table's derivative rule.
#define FEXPR_UNARY(OP, FUNCTION)                   \
  case code(Op::OP):                                \
    if constexpr (kIsDual<T>) {                     \
      if (!unary<builtins::math_rules::OP>(*s, v))  \
        return false;                               \
    } else {                                        \
      v = FUNCTION(r_[s->x[0]]);                    \
    }                                               \
    break;

// The steps that call nothing (Program::calls_nothing), in both interpreters below.
#define FEXPR_CALLING_NOTHING                                  \
        FEXPR_SHAPES16(0)                                      \
        FEXPR_SHAPES16(16)                                     \
        FEXPR_SHAPES16(32)                                     \
        FEXPR_SHAPES16(48)                                     \
        case code(Op::negate): v = -load(s->x[0]); break;      \
        case code(Op::move): v = load(s->x[0]); break;         \
        case code(Op::cube): \
          if constexpr (kIsDual<T>) { \
            if (!constant_power<3>(*s, v)) return false; \
          } else { \
            v = power_step<Op::cube>(r_[s->x[0]]); \
          } \
          break; \
        case code(Op::fourth): \
          if constexpr (kIsDual<T>) { \
            if (!constant_power<4>(*s, v)) return false; \
          } else { \
            v = power_step<Op::fourth>(r_[s->x[0]]); \
          } \
          break; \
        case code(Op::reciprocal): \
          if constexpr (kIsDual<T>) { \
            if (!constant_power<-1>(*s, v)) return false; \
          } else { \
            v = power_step<Op::reciprocal>(r_[s->x[0]]); \
          } \
          break; \
        case code(Op::inverse_square): \
          if constexpr (kIsDual<T>) { \
            if (!constant_power<-2>(*s, v)) return false; \
          } else { \
            v = power_step<Op::inverse_square>(r_[s->x[0]]); \
          } \
          break; \
        case code(Op::step_cubic): \
          if (!step(*s, builtins::cubic, v)) return false; \
          break; \
        case code(Op::step_quintic): \
          if (!step(*s, builtins::quintic, v)) return false; \
          break; \
        FEXPR_BRANCH(branch, 0) \
        FEXPR_BRANCH(branch_add, 1) \
        FEXPR_BRANCH(branch_subtract, 2) \
        FEXPR_BRANCH(branch_multiply, 3) \
        case code(Op::jump): s = steps + s->x[0]; continue; \
        case code(Op::ret): return true;

// Runs the fast form on T = double (the value) or T = Dual<W, Order> (with derivatives over
// W lanes). Returns false at the first sign of trouble; the caller then runs the reference.
template <class T>
class Fast {
  static constexpr int W = DualTraits<T>::width, kOrder = DualTraits<T>::order;

 public:
  Fast(const Program& p, Workspace::Buffers& b)
      : p_(p), b_(b), r_(b.value.data()), g_(b.lane_grad.data()), h_(b.lane_hess.data()) {}

  FEXPR_INLINE bool run() {
    const Step* const steps = p_.steps.data();  // a program that calls something has no scaled sums
    const Step* s = steps;
    for (;;) {
      T v;
      switch (static_cast<unsigned>(s->op)) {
        FEXPR_CALLING_NOTHING
        case code(Op::power):
        case code(Op::power_constant):
          if (!power(*s, v)) return false;
          break;
        case code(Op::square_root):
          if constexpr (kIsDual<T>) {
            if (!power(*s, v)) return false;
          } else {
            v = power_step<Op::square_root>(r_[s->x[0]]);
          }
          break;
        case code(Op::three_halves):
          if constexpr (kIsDual<T>) {
            if (!power(*s, v)) return false;
          } else {
            v = power_step<Op::three_halves>(r_[s->x[0]]);
          }
          break;
        FEXPR_UNARY_STEPS(FEXPR_UNARY)
        case code(Op::step_haversine):
          if (!step(*s, builtins::haversine, v)) return false;
          break;
        case code(Op::impact):
        case code(Op::bistop): v = contact(*s); break;
        case code(Op::call):
          if (!call(*s, v)) return false;
          break;
        case code(Op::bound):
          if (!bound(*s, v)) return false;
          break;
        default: __builtin_unreachable();
      }
      if (!finite(v)) return false;
      store(s->dst, v);
      ++s;
    }
  }

  // The run of a program that calls nothing: the same steps (value_steps, with scaled sums),
  // only those, so that the function it is inlined into needs no registers kept across calls
  // (value_run<true>, gradient_run<W, true>).
  FEXPR_INLINE bool run_calling_nothing() {
    const Step* const steps = p_.value_steps.data();
    const Step* s = steps;
    for (;;) {
      T v;
      switch (static_cast<unsigned>(s->op)) {
        FEXPR_CALLING_NOTHING
        FEXPR_SCALED_SUM(0) FEXPR_SCALED_SUM(1) FEXPR_SCALED_SUM(2) FEXPR_SCALED_SUM(3)
        FEXPR_SCALED_SUM(4) FEXPR_SCALED_SUM(5) FEXPR_SCALED_SUM(6) FEXPR_SCALED_SUM(7)
        default: __builtin_unreachable();
      }
      if (!finite(v)) return false;
      store(s->dst, v);
      ++s;
    }
  }

  // A table function on Duals (Op::call s) at the argument values args: its rules' partials in
  // the arguments that are not constants (zero-filled for `count` arguments, as in the reference
  // form), then the chain rule through those arguments' partials, row(k) and hessian(k) for
  // argument k. Static, so that the machine-code gradient runs it on Duals in its own frame.
  template <class Row, class Hessian>
  static bool call_rule(const Program& p, const Step& s, const double* args, Row row, Hessian hessian, T& v) {
    const std::uint32_t* list = p.argument_lists.data() + s.x[0];
    const int count = s.count;
    double out = 0.0;
    double d[builtins::kMaxArgs];
    double dd[kOrder == 2 ? builtins::kMaxArgs * builtins::kMaxArgs : 1];
    std::fill_n(d, count, 0.0);
    if constexpr (kOrder == 2) std::fill_n(dd, count * count, 0.0);
    int kept[builtins::kMaxArgs];
    const int m = varying_arguments(p, list, count, kept);
    if (kept_partials(*p.functions[s.x[1]], args, count, kOrder, kept, m, &out, d, kOrder == 2 ? dd : nullptr))
      return false;
    const double* rows[builtins::kMaxArgs];
    const double* hessians[builtins::kMaxArgs];
    for (int k = 0; k < m; ++k) {
      rows[k] = row(kept[k]);
      hessians[k] = kOrder == 2 ? hessian(kept[k]) : nullptr;
    }
    v = chain_rows(out, rows, hessians, m, d, dd);
    return true;
  }

  FEXPR_INLINE T load(std::uint32_t reg) const {
    if constexpr (kIsDual<T>) {
      T d(r_[reg]);
      const double* g = g_ + static_cast<std::size_t>(reg) * W;
      for (int k = 0; k < W; ++k) d.g[k] = g[k];
      if constexpr (kOrder == 2) {
        const double* h = h_ + static_cast<std::size_t>(reg) * W * W;
        for (int k = 0; k < W * W; ++k) d.h[k] = h[k];
      }
      return d;
    } else {
      return r_[reg];
    }
  }

 private:
  FEXPR_INLINE static double value(const T& t) {
    if constexpr (kIsDual<T>) return t.v;
    else return t;
  }
  FEXPR_INLINE static bool finite(const T& t) {
    if constexpr (kIsDual<T>) return t.finite();
    else return std::isfinite(t);
  }

  FEXPR_INLINE void store(std::uint32_t reg, const T& v) {
    if constexpr (kIsDual<T>) {
      r_[reg] = v.v;
      double* g = g_ + static_cast<std::size_t>(reg) * W;
      for (int k = 0; k < W; ++k) g[k] = v.g[k];
      if constexpr (kOrder == 2) {
        double* h = h_ + static_cast<std::size_t>(reg) * W * W;
        for (int k = 0; k < W * W; ++k) h[k] = v.h[k];
      }
    } else {
      r_[reg] = v;
    }
  }

  // x0 ** x1, with the conventions of base_partials and, when the exponent varies, d/de.
  FEXPR_INLINE bool power(const Step& s, T& v) const {
    if constexpr (kIsDual<T>)
      if (s.op == Op::power) return varying_power(load(s.x[0]), load(s.x[1]), v);
    const double a = r_[s.x[0]], e = r_[s.x[1]];
    const double pv = power_value(a, e);
    if constexpr (!kIsDual<T>) {
      v = pv;
    } else {  // a constant exponent
      double d = 0.0, dd = 0.0;
      if (base_partials(a, e, kOrder, d, dd)) return false;
      v = chain(load(s.x[0]), pv, d, dd);
    }
    return true;
  }

 public:
  // base ** exponent on Duals where the exponent is a register (Op::power): as a constant one
  // when its partials are all zero, else with d/de. Static, so that the machine-code gradient
  // runs it on Duals in its own frame.
  static bool varying_power(const T& base, const T& exponent, T& v) {
    if constexpr (kIsDual<T>) {
      const double a = base.v, e = exponent.v;
      const double pv = power_value(a, e);
      double d = 0.0, dd = 0.0;
      if (base_partials(a, e, kOrder, d, dd)) return false;
      // As in the reference form, an exponent with a zero gradient but a non-zero Hessian
      // (cos(y) at y = 0) varies.
      bool varies = false;
      for (int k = 0; k < W; ++k) varies |= exponent.g[k] != 0.0;
      if constexpr (kOrder == 2)
        for (int k = 0; k < W * W; ++k) varies |= exponent.h[k] != 0.0;
      if (!varies) {
        v = chain(base, pv, d, dd);
        return true;
      }
      if (!(a > 0.0)) return false;
      const double la = std::log(a), cross = power_value(a, e - 1.0) * (1.0 + e * la);
      v = chain(base, exponent, pv, d, pv * la, dd, cross, pv * la * la);
    }
    return true;
  }

 private:

  // x0 ** E for the exponents with steps of their own (cube, fourth, reciprocal, inverse_square)
  // on Duals: power() with the exponent known, the same operations folded into multiplications,
  // so that the gradient run of a program that calls nothing calls nothing (x**-2 still calls pow
  // for its derivative: Program::differentiates_calling_nothing leaves it out).
  template <int E>
  FEXPR_INLINE bool constant_power(const Step& s, T& v) const {
    const double a = r_[s.x[0]], e = E;
    double d = 0.0, dd = 0.0;
    if (base_partials(a, e, kOrder, d, dd)) return false;
    v = chain(load(s.x[0]), power_value(a, e), d, dd);
    return true;
  }

  // A math function on a Dual: the table's derivative rule, inline, then the chain rule.
  template <builtins::math_rules::Unary Rule>
  FEXPR_INLINE bool unary(const Step& s, T& v) const {
    builtins::math_rules::Taylor1 t;
    if (Rule(r_[s.x[0]], kOrder, t)) return false;
    v = chain(load(s.x[0]), t.f, t.fa, t.faa);
    return true;
  }

  // STEP, STEP5, HAVSIN: builtins::smooth_step with its constants worked out once (same
  // operations, same result), on doubles and on Duals alike. Ends with x0 > x1 are the rule's
  // error, which the reference form reports.
  template <class Curve>
  FEXPR_INLINE bool step(const Step& s, Curve curve, T& v) const {
    return smooth_step(p_.step_constants.data() + s.x[1], load(s.x[0]), curve, v);
  }

  // IMPACT and BISTOP with constant parameters.
  FEXPR_INLINE T contact(const Step& s) const {
    const double* c = p_.step_constants.data() + s.x[2];
    const T x = load(s.x[0]), xdot = load(s.x[1]);
    return s.op == Op::impact ? impact_force(x, xdot, c) : bistop_force(x, xdot, c);
  }

  // Any other builtin, through its table rules.
  bool call(const Step& s, T& v) const {
    const std::uint32_t* list = p_.argument_lists.data() + s.x[0];
    const int count = s.count;
    const builtins::Builtin& f = *p_.functions[s.x[1]];
    if constexpr (!kIsDual<T>) {
      double args[builtins::kMaxArgs];
      for (int k = 0; k < count; ++k) args[k] = r_[list[k]];
      double out = 0.0;
      if (f.value(args, count, &out)) return false;
      v = out;
      return true;
    } else {
      double args[builtins::kMaxArgs];
      for (int k = 0; k < count; ++k) args[k] = r_[list[k]];
      return call_rule(
          p_, s, args, [&](int k) { return g_ + static_cast<std::size_t>(list[k]) * W; },
          [&](int k) { return h_ + static_cast<std::size_t>(list[k]) * W * W; }, v);
    }
  }

  // A model or dataset function: its partials over its inputs (lanes) and runtime arguments.
  bool bound(const Step& s, T& v) const {
    const auto& call = p_.bound_calls[s.x[1]];
    const std::uint32_t* list = p_.argument_lists.data() + s.x[0];
    double args[Program::kMaxRuntimeArguments];
    for (int k = 0; k < s.count; ++k) args[k] = r_[list[k]];
    double out = 0.0;
    if constexpr (!kIsDual<T>) {
      if (call.direct.function) {
        out = call.direct.function(call.direct.data, *b_.inputs);
        if (!std::isnan(out)) [[likely]] {
          v = out;
          return true;
        }
      }  // NaN: evaluate() has the error, or gives the NaN itself
      if (p_.bindings->evaluate(call.handle, *b_.inputs, args, 0, &out, nullptr, nullptr)) return false;
      v = out;
      return true;
    } else {
      const int inputs = static_cast<int>(call.derivative.size()), m = inputs + s.count;
      double* d = b_.local_grad.data();
      double* dd = kOrder == 2 ? b_.local_hess.data() : nullptr;
      std::fill(d, d + m, 0.0);
      if constexpr (kOrder == 2) std::fill(dd, dd + m * m, 0.0);
      if (p_.bindings->evaluate(call.handle, *b_.inputs, args, kOrder, &out, d, dd)) return false;
      static constexpr std::array<double, W * W> kUnits = [] {
        std::array<double, W * W> u{};
        for (int k = 0; k < W; ++k) u[static_cast<std::size_t>(k * W + k)] = 1.0;
        return u;
      }();
      const double* rows[builtins::kMaxArgs + Program::kMaxRuntimeArguments];
      const double* hessians[builtins::kMaxArgs + Program::kMaxRuntimeArguments];
      for (int k = 0; k < inputs; ++k) {
        rows[k] = kUnits.data() + call.lane[static_cast<std::size_t>(k)] * W;
        hessians[k] = nullptr;
      }
      for (int a = 0; a < s.count; ++a) {
        rows[inputs + a] = g_ + static_cast<std::size_t>(list[a]) * W;
        hessians[inputs + a] = kOrder == 2 ? h_ + static_cast<std::size_t>(list[a]) * W * W : nullptr;
      }
      v = chain_rows(out, rows, hessians, m, d, dd);
      return true;
    }
  }

  // g = sum d_i g_i;  H = sum d_i H_i + sum_ij dd_ij g_i g_j^T (a null Hessian is zero).
  static T chain_rows(double value, const double* const* rows, const double* const* hessians, int count,
                      const double* d, const double* dd) {
    T r(value);
    if constexpr (kIsDual<T>) {
      for (int a = 0; a < count; ++a) {
        if (d[a] == 0.0) continue;
        for (int k = 0; k < W; ++k) r.g[k] += d[a] * rows[a][k];
        if constexpr (kOrder == 2) {
          if (hessians[a])
            for (int k = 0; k < W * W; ++k) r.h[k] += d[a] * hessians[a][k];
        }
      }
      if constexpr (kOrder == 2) {
        for (int a = 0; a < count; ++a) {
          for (int c = 0; c < count; ++c) {
            const double w = dd[a * count + c];
            if (w == 0.0) continue;
            for (int k = 0; k < W; ++k)
              for (int l = 0; l < W; ++l) r.h[k * W + l] += w * rows[a][k] * rows[c][l];
          }
        }
      }
    }
    return r;
  }

  const Program& p_;
  Workspace::Buffers& b_;
  double* const r_;
  double* const g_;
  double* const h_;
};

#undef FEXPR_UNARY
#undef FEXPR_BRANCH
#undef FEXPR_INLINE
#undef FEXPR_SHAPES16
#undef FEXPR_SHAPES4
#undef FEXPR_SHAPE
#undef FEXPR_SCALED_SUM
#undef FEXPR_CALLING_NOTHING

// The width for a program's lanes: exact up to 4 (plain expressions), then for a gradient 8 or
// 16 (an expression bound to one part of a model reads TIME and its 12 states: 13 lanes). A
// lane beyond the program's own stays zero and costs its arithmetic, but each lane's arithmetic
// is the same at every width, so the results do not depend on the width.
constexpr std::size_t lane_width(std::size_t lanes) { return lanes <= 4 ? std::max<std::size_t>(lanes, 1) : lanes <= 8 ? 8 : 16; }
static_assert(Program::kMaxLanes == 16 && Program::kMaxHessianLanes == 4);

// The fast Hessian run over W lanes, its result spread over every derivative input straight
// into the caller's grad and hess.
template <int W>
bool fast_hessian(const Program& p, Workspace::Buffers& b, std::span<double> grad, std::span<double> hess) {
  prepare_lanes(p, b, 2, W);
  if (!Fast<Dual<W, 2>>(p, b).run()) return false;
  // Zero for the derivative inputs the program does not read.
  const std::size_t n = p.derivative_names.size();
  const std::int32_t* lane = p.derivative_lane.data();
  const double* lg = b.lane_grad.data() + static_cast<std::size_t>(p.result) * W;
  for (std::size_t k = 0; k < n; ++k) grad[k] = lane[k] >= 0 ? lg[lane[k]] : 0.0;
  const double* lh = b.lane_hess.data() + static_cast<std::size_t>(p.result) * W * W;
  for (std::size_t i = 0; i < n * n; ++i) {
    const std::int32_t k = lane[i / n], l = lane[i % n];
    hess[i] = k >= 0 && l >= 0 ? lh[k * W + l] : 0.0;
  }
  return true;
}


// The value runs after the inputs are loaded, each releasing the workspace when it is done and
// handing a failed run to the reference form. Separate functions, tail-called, so that the one
// for programs that call nothing saves no registers and keeps no frame. They find the inputs
// in b.inputs, so that fewer values live across the run. Only a bound call can throw
// (std::bad_alloc in a dataset's nested evaluation): the other programs need no cleanup on the
// way out, which would cost the run a register.
template <bool CallsNothing>
[[gnu::noinline]] double value_run(const Program& p, Workspace::Buffers& b) {
  Fast<double> fast(p, b);
  const bool done = CallsNothing ? fast.run_calling_nothing() : fast.run();
  b.busy.store(false, std::memory_order_relaxed);
  if (done) [[likely]]
    return b.value[p.result];
  return value_the_slow_way(p, *b.inputs, b);
}

[[gnu::noinline]] double value_binding(const Program& p, Workspace::Buffers& b) {
  bool done = false;
  {
    struct Release {  // the workspace is released however the run ends
      std::atomic<bool>& busy;
      ~Release() { busy.store(false, std::memory_order_relaxed); }
    } release{b.busy};
    done = Fast<double>(p, b).run();
  }
  if (done) [[likely]]
    return b.value[p.result];
  return value_the_slow_way(p, *b.inputs, b);
}

[[gnu::noinline]] double value_preparing(const Program& p, const Inputs& in, Workspace::Buffers& b) {
  prepare_values(p, b);
  return value_interpreted(p, in, b);
}


// The run over 8 or 16 lanes in a function of its own: inlined into gradient_run, its chain rule
// through a bound call vectorised worse, 120 instructions more per 13-lane model gradient.
template <int W>
[[gnu::noinline]] bool wide_run(const Program& p, Workspace::Buffers& b) {
  return Fast<Dual<W, 1>>(p, b).run();
}

// The gradient runs after the inputs are loaded, one per width: each writes the gradient straight
// into the caller's grad (every derivative input, zero for those the program does not read),
// releases the workspace and returns the value, or hands a failed run to the reference form.
// CallsNothing (Program::differentiates_calling_nothing, up to 4 lanes): the interpreter with
// only the steps that call nothing, scaled sums included, so that it saves no registers.

template <int W, bool CallsNothing>
[[gnu::noinline]] double gradient_run(const Program& p, Workspace::Buffers& b, double* grad) {
  bool done = false;
  if constexpr (CallsNothing) done = Fast<Dual<W, 1>>(p, b).run_calling_nothing();
  else if constexpr (W > 4) done = wide_run<W>(p, b);
  else done = Fast<Dual<W, 1>>(p, b).run();
  const std::size_t n = p.derivative_names.size();
  if (!done) [[unlikely]] {
    b.busy.store(false, std::memory_order_relaxed);
    return gradient_the_slow_way(p, *b.inputs, b, {grad, n});
  }
  // Zero-filling the whole span became a call of memset, which cost the run its saved registers.
  for (const std::uint32_t k : p.unread_derivatives) grad[k] = 0.0;
  const std::size_t count = p.lanes.size();
  const std::uint32_t* lanes = p.lanes.data();
  const double* lg = b.lane_grad.data() + static_cast<std::size_t>(p.result) * W;
  if constexpr (W <= 4) {
    if (count == W) [[likely]]  // else W is 1 and no lane is read
      for (int l = 0; l < W; ++l) grad[lanes[l]] = lg[l];
  } else {
    for (std::size_t l = 0; l < count; ++l) grad[lanes[l]] = lg[l];
  }
  const double v = b.value[p.result];
  b.busy.store(false, std::memory_order_relaxed);
  return v;
}

// A program with bound calls: a bound call, the one step that can throw (std::bad_alloc in a
// dataset's nested evaluation), must not leave the workspace held. The cleanup has a frame of
// its own: inside the interpreter's bound step it cost the 13-lane model gradient 470
// instructions (its chain rule no longer vectorised).
template <int W>
[[gnu::noinline]] double gradient_binding(const Program& p, Workspace::Buffers& b, double* grad) {
  try {
    return gradient_run<W, false>(p, b, grad);
  } catch (...) {
    b.busy.store(false, std::memory_order_relaxed);
    throw;
  }
}

using GradientRun = double (*)(const Program&, Workspace::Buffers&, double*);

template <int W>
GradientRun gradient_run_for(const Program& p) {
  if (!p.bound_calls.empty()) return gradient_binding<W>;
  if constexpr (W <= 4)
    if (p.differentiates_calling_nothing) return gradient_run<W, true>;
  return gradient_run<W, false>;
}

// The gradient run for a program: by its width, whether it calls anything and whether a call
// can throw.
GradientRun gradient_run_for(const Program& p) {
  switch (p.lanes.size()) {
    case 0:
    case 1: return gradient_run_for<1>(p);
    case 2: return gradient_run_for<2>(p);
    case 3: return gradient_run_for<3>(p);
    case 4: return gradient_run_for<4>(p);
    case 5:
    case 6:
    case 7:
    case 8: return gradient_run_for<8>(p);
    default: return gradient_run_for<16>(p);
  }
}

// The first gradient of a program in a workspace: its registers and lanes laid out and its run
// chosen, then the run.
[[gnu::noinline]] double gradient_preparing(const Program& p, const Inputs& in, Workspace::Buffers& b,
                                            std::span<double> grad) {
  if (b.prepared != p.id) prepare_values(p, b);
  if (p.lanes.size() > Program::kMaxLanes) return gradient_the_slow_way(p, in, b, grad);
  prepare_lanes(p, b, 1, lane_width(p.lanes.size()));
  b.gradient_run = gradient_run_for(p);
  b.ready |= kGradientRun;
  return gradient_interpreted(p, in, b, grad);
}
}  // namespace

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

template <builtins::math_rules::Unary Rule>
MachinePair rule_partials(double a) {
  builtins::math_rules::Taylor1 t;
  if (Rule(a, 1, t)) return {kNaN, kNaN};
  return {t.f, t.fa};
}

template <int W>
Dual<W, 1> dual_at(const double* p) {
  Dual<W, 1> d(p[0]);
  for (int k = 0; k < W; ++k) d.g[k] = p[2 + k];
  return d;
}

// The inverse of dual_at: [v, v, g0, g1, ...], a lane past W (an odd W) zero.
template <int W>
void put_dual(const Dual<W, 1>& d, double* out) {
  out[0] = out[1] = d.v;
  for (int k = 0; k < W; ++k) out[2 + k] = d.g[k];
  if constexpr (W % 2 != 0) out[2 + W] = 0.0;
}

template <int W, Op O>
void dual_step(const double* x, const double* xdot, const double* c, double* out) {
  using T = Dual<W, 1>;
  T v;
  if constexpr (O == Op::impact) v = impact_force(dual_at<W>(x), dual_at<W>(xdot), c);
  else if constexpr (O == Op::bistop) v = bistop_force(dual_at<W>(x), dual_at<W>(xdot), c);
  else if constexpr (O == Op::power) {
    if (!Fast<T>::varying_power(dual_at<W>(x), dual_at<W>(xdot), v)) v = T(kNaN);
  } else if (!smooth_step(c, dual_at<W>(x), builtins::haversine, v)) {
    v = T(kNaN);
  }
  put_dual(v, out);
}

template <int W>
void dual_call(const Program* p, const Step* s, const double* laid_out, double* out) {
  using T = Dual<W, 1>;
  constexpr int stride = 2 + 2 * ((W + 1) / 2);
  double args[builtins::kMaxArgs];
  for (int k = 0; k < s->count; ++k) args[k] = laid_out[k * stride];
  T v;
  try {
    if (!Fast<T>::call_rule(
            *p, *s, args, [&](int k) { return laid_out + k * stride + 2; },
            [](int) { return static_cast<const double*>(nullptr); }, v))
      v = T(kNaN);
  } catch (...) {
    v = T(kNaN);  // the reference form meets it again
  }
  put_dual(v, out);
}

template <Op O>
MachineDualStep dual_step_for(int width) {
  switch (width) {
    case 1: return dual_step<1, O>;
    case 2: return dual_step<2, O>;
    case 3: return dual_step<3, O>;
    case 4: return dual_step<4, O>;
    default: return nullptr;
  }
}

}  // namespace

MachineRule machine_rule(Op op) {
  namespace rules = builtins::math_rules;
  switch (op) {
    case Op::abs_: return rule_partials<rules::abs_>;
    case Op::acos_: return rule_partials<rules::acos_>;
    case Op::aint_: return rule_partials<rules::aint_>;
    case Op::anint_: return rule_partials<rules::anint_>;
    case Op::asin_: return rule_partials<rules::asin_>;
    case Op::atan_: return rule_partials<rules::atan_>;
    case Op::cos_: return rule_partials<rules::cos_>;
    case Op::cosh_: return rule_partials<rules::cosh_>;
    case Op::exp_: return rule_partials<rules::exp_>;
    case Op::log_: return rule_partials<rules::log_>;
    case Op::log10_: return rule_partials<rules::log10_>;
    case Op::sin_: return rule_partials<rules::sin_>;
    case Op::sinh_: return rule_partials<rules::sinh_>;
    case Op::sqrt_: return rule_partials<rules::sqrt_>;
    case Op::tan_: return rule_partials<rules::tan_>;
    case Op::tanh_: return rule_partials<rules::tanh_>;
    default: return nullptr;
  }
}

MachinePair machine_power_partials(double a, double e) {
  double d = 0.0, dd = 0.0;
  if (base_partials(a, e, 1, d, dd)) return {kNaN, kNaN};
  return {power_value(a, e), d};
}

MachineDualCall machine_dual_call(int width) {
  switch (width) {
    case 1: return dual_call<1>;
    case 2: return dual_call<2>;
    case 3: return dual_call<3>;
    case 4: return dual_call<4>;
    default: return nullptr;
  }
}

MachineDualStep machine_dual_step(Op op, int width) {
  switch (op) {
    case Op::impact: return dual_step_for<Op::impact>(width);
    case Op::bistop: return dual_step_for<Op::bistop>(width);
    case Op::step_haversine: return dual_step_for<Op::step_haversine>(width);
    case Op::power: return dual_step_for<Op::power>(width);
    default: return nullptr;
  }
}

double machine_step_haversine(double x, const double* constants) {
  double v = 0.0;
  return smooth_step(constants, x, builtins::haversine, v) ? v : kNaN;
}
double machine_impact(double x, double xdot, const double* constants) { return impact_force(x, xdot, constants); }
double machine_bistop(double x, double xdot, const double* constants) { return bistop_force(x, xdot, constants); }

double machine_call(const builtins::Builtin* function, const double* arguments, std::size_t count) {
  double out = 0.0;
  try {
    if (function->value(arguments, static_cast<int>(count), &out)) return std::numeric_limits<double>::quiet_NaN();
  } catch (...) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  return out;
}

double machine_bound(const Program* program, const Inputs* in, std::size_t call, const double* arguments) {
  double out = 0.0;
  try {
    if (program->bindings->evaluate(program->bound_calls[call].handle, *in, arguments, 0, &out, nullptr, nullptr))
      return std::numeric_limits<double>::quiet_NaN();
  } catch (...) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  return out;
}

double value_interpreted(const Program& program, const Inputs& in, Workspace::Buffers& buffers) {
  // The caller's mistakes (too few variables, a workspace in use) are reported the slow way.
  if (in.variables.size() < program.variable_count || buffers.busy.load(std::memory_order_relaxed)) [[unlikely]]
    return value_the_slow_way(program, in, buffers);
  if (buffers.prepared != program.id) [[unlikely]]
    return value_preparing(program, in, buffers);
  if (program.machine.countdown.load(std::memory_order_relaxed) != 0) [[unlikely]]
    machine_count_down(program, 1);
  buffers.busy.store(true, std::memory_order_relaxed);
  buffers.inputs = &in;
  if (!load_inputs(program, in, buffers.value.data())) [[unlikely]] {
    buffers.busy.store(false, std::memory_order_relaxed);
    return value_the_slow_way(program, in, buffers);
  }
  if (program.calls_nothing) return value_run<true>(program, buffers);
  if (program.bound_calls.empty()) return value_run<false>(program, buffers);
  return value_binding(program, buffers);
}

namespace {

// Where the batch's machine code gives up: the point goes the slow way in Expression::values.
double machine_gave_up(const Program&, const Inputs&, Workspace::Buffers&) {
  return std::numeric_limits<double>::quiet_NaN();
}

// The batch's runs: per point what `value` does once its checks are done and its run chosen.
// The run is chosen once per batch, the workspace prepared once; a program without bound calls
// leaves the inputs pointer alone, which only a bound call reads.
template <bool CallsNothing, bool Binds>
[[gnu::noinline]] std::size_t values_run(const Program& p, Workspace::Buffers& b, const Inputs* points, std::size_t n,
                                         double* out) {
  Fast<double> fast(p, b);
  double* const registers = b.value.data();
  for (std::size_t k = 0; k < n; ++k) {
    if constexpr (Binds) b.inputs = points + k;
    if (!load_inputs(p, points[k], registers)) [[unlikely]]
      return k;
    if (!(CallsNothing ? fast.run_calling_nothing() : fast.run())) [[unlikely]]
      return k;
    out[k] = registers[p.result];
  }
  return n;
}

}  // namespace

std::size_t values(const Program& program, std::span<const Inputs> points, Workspace::Buffers& buffers, double* out) {
  if (const MachineValue run = program.machine.run.load(std::memory_order_acquire)) {
    for (std::size_t k = 0; k < points.size(); ++k) {
      const double v = run(program, points[k], buffers, points[k].variables.data(), machine_gave_up);
      if (v != v) [[unlikely]]
        return k;
      out[k] = v;
    }
    return points.size();
  }
  if (buffers.prepared != program.id) [[unlikely]]
    prepare_values(program, buffers);
  if (program.calls_nothing) return values_run<true, false>(program, buffers, points.data(), points.size(), out);
  if (program.bound_calls.empty())
    return values_run<false, false>(program, buffers, points.data(), points.size(), out);
  return values_run<false, true>(program, buffers, points.data(), points.size(), out);
}

double hessian(const Program& program, const Inputs& in, Workspace::Buffers& buffers, std::span<double> grad,
               std::span<double> hess) {
  if (program.lanes.size() > Program::kMaxHessianLanes || !begin(program, in, buffers)) [[unlikely]]
    return std::numeric_limits<double>::quiet_NaN();
  bool done = false;
  switch (program.lanes.size()) {
    case 0:
    case 1: done = fast_hessian<1>(program, buffers, grad, hess); break;
    case 2: done = fast_hessian<2>(program, buffers, grad, hess); break;
    case 3: done = fast_hessian<3>(program, buffers, grad, hess); break;
    default: done = fast_hessian<4>(program, buffers, grad, hess); break;
  }
  if (!done) [[unlikely]]
    return std::numeric_limits<double>::quiet_NaN();
  return buffers.value[program.result];
}

double gradient_interpreted(const Program& program, const Inputs& in, Workspace::Buffers& buffers,
                            std::span<double> grad) {
  // The caller's mistakes (too few variables or partials, a workspace in use) are reported the
  // slow way, before anything touches the buffers.
  if (in.variables.size() < program.variable_count || grad.size() < program.derivative_names.size() ||
      buffers.busy.load(std::memory_order_relaxed)) [[unlikely]]
    return gradient_the_slow_way(program, in, buffers, grad);
  if (buffers.prepared != program.id || !(buffers.ready & kGradientRun)) [[unlikely]]
    return gradient_preparing(program, in, buffers, grad);
  if (program.machine.gradient_countdown.load(std::memory_order_relaxed) != 0) [[unlikely]]
    machine_gradient_count_down(program);
  buffers.busy.store(true, std::memory_order_relaxed);
  buffers.inputs = &in;
  if (!load_inputs(program, in, buffers.value.data())) [[unlikely]] {
    buffers.busy.store(false, std::memory_order_relaxed);
    return gradient_the_slow_way(program, in, buffers, grad);
  }
  return buffers.gradient_run(program, buffers, grad.data());
}


}  // namespace fexpr::detail
