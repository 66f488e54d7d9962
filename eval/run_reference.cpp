// The reference form of a run: one instruction of Program::code at a time, each value (and
// derivative) checked, so that an error names the failing operation and its span. It runs when
// the fast form (run.cpp) gives up, and serves the derivatives of programs wider than the fast
// form's lanes.
#include "eval/run.hpp"
#include "eval/run_shared.hpp"

#include <fexpr/bindings.hpp>

#include <algorithm>
#include <cmath>
#include <span>

namespace fexpr::detail {

using namespace run_shared;

namespace {

const char* power_error(double a, double b) {
  if (a == 0.0 && b < 0.0) return "0 raised to a negative power";
  if (a < 0.0 && std::trunc(b) != b) return "negative number raised to a non-integer power";
  return nullptr;
}

constexpr const char* kOverflow = "result is too large (overflow to infinity)";
constexpr const char* kDivisionByZero = "division by zero";
constexpr const char* kInfiniteDerivative = "derivative is infinite or undefined here";
constexpr const char* kInfiniteSecondDerivative = "second derivative is infinite or undefined here";
constexpr const char* kBadInput = "an input (TIME, MODE or a variable) is NaN or infinite";

// The reference form's seeds: the unit gradient of each input register.
void prepare_reference(const Program& p, Workspace::Buffers& b, int order) {
  const unsigned need = order >= 2 ? kReference1 | kReference2 : kReference1;
  if ((b.ready & need) == need) return;
  const std::size_t n = p.derivative_names.size();
  b.grad.assign(p.register_count * n, 0.0);
  for (std::size_t r = 0; r < p.input_derivative.size(); ++r) {
    if (p.input_derivative[r] >= 0) b.grad[r * n + static_cast<std::size_t>(p.input_derivative[r])] = 1.0;
  }
  b.new_grad.assign(n, 0.0);
  b.local_grad.assign(p.max_bound_inputs, 0.0);
  b.units.assign(n * n, 0.0);
  for (std::size_t k = 0; k < n; ++k) b.units[k * n + k] = 1.0;
  if (order >= 2) {
    b.hess.assign(p.register_count * n * n, 0.0);
    b.new_hess.assign(n * n, 0.0);
    b.local_hess.assign(p.max_bound_inputs * p.max_bound_inputs, 0.0);
  }
  b.ready |= need;
}

// ---- The reference form: one instruction at a time, each checked, errors located ----

RunError value_only(const Program& p, Workspace::Buffers& b) {
  double* r = b.value.data();
  const Instruction* code = p.code.data();
  const std::uint32_t size = static_cast<std::uint32_t>(p.code.size());
  for (std::uint32_t pc = 0; pc < size;) {
    const Instruction& i = code[pc];
    double v = 0.0;
    switch (i.op) {
      case OpCode::add: v = r[i.a] + r[i.b]; break;
      case OpCode::subtract: v = r[i.a] - r[i.b]; break;
      case OpCode::multiply: v = r[i.a] * r[i.b]; break;
      case OpCode::divide:
        if (r[i.b] == 0.0) return {kDivisionByZero, pc};
        v = r[i.a] / r[i.b];
        break;
      case OpCode::negate: v = -r[i.a]; break;
      case OpCode::square: v = r[i.a] * r[i.a]; break;
      case OpCode::power:
        if (const char* e = power_error(r[i.a], r[i.b])) return {e, pc};
        v = power_value(r[i.a], r[i.b]);
        break;
      case OpCode::call: {
        double args[builtins::kMaxArgs];
        const std::uint32_t* list = p.argument_lists.data() + i.a;
        for (int k = 0; k < i.count; ++k) args[k] = r[list[k]];
        if (const char* e = p.functions[i.b]->value(args, i.count, &v)) return {e, pc};
        break;
      }
      case OpCode::bound: {
        const auto& call = p.bound_calls[i.b];
        double args[Program::kMaxRuntimeArguments];
        const std::uint32_t* list = p.argument_lists.data() + i.a;
        for (int k = 0; k < i.count; ++k) args[k] = r[list[k]];
        if (const char* e = p.bindings->evaluate(call.handle, *b.inputs, args, 0, &v, nullptr, nullptr)) return {e, pc};
        break;
      }
      case OpCode::move: v = r[i.a]; break;
      case OpCode::branch: {
        double t = r[i.a];
        const Branch& br = p.branches[i.b];
        pc = t < 0.0 ? br.lt : t > 0.0 ? br.gt : br.eq;
        continue;
      }
      case OpCode::jump: pc = i.a; continue;
    }
    // Every intermediate is checked: IF, MIN or SIGN could otherwise hide an overflow.
    if (!std::isfinite(v)) return {kOverflow, pc};
    r[i.dst] = v;
    ++pc;
  }
  return {};
}

// Forward-mode AD over every derivative input: each register carries its gradient (n wide)
// and, for Order 2, its Hessian (n*n). Each instruction reads its operands' old rows before
// writing its own, so a destination may be one of its operands. This form also serves the
// programs with more lanes than the fast form takes (Program::kMaxLanes, kMaxHessianLanes).
template <int Order>
class Differentiator {
 public:
  Differentiator(const Program& p, Workspace::Buffers& b) : p_(p), b_(b), n_(p.derivative_names.size()) {}

  RunError run() {
    double* r = b_.value.data();
    const std::uint32_t size = static_cast<std::uint32_t>(p_.code.size());
    for (std::uint32_t pc = 0; pc < size;) {
      const Instruction& i = p_.code[pc];
      double v = 0.0;
      switch (i.op) {
        case OpCode::add: v = linear(i, 1.0, 1.0); break;
        case OpCode::subtract: v = linear(i, 1.0, -1.0); break;
        case OpCode::negate: v = linear(i, -1.0, 0.0); break;
        case OpCode::move: v = linear(i, 1.0, 0.0); break;
        case OpCode::multiply: v = multiply(i); break;
        case OpCode::divide:
          if (r[i.b] == 0.0) return {kDivisionByZero, pc};
          v = divide(i);
          break;
        case OpCode::square: {
          double a = r[i.a];
          double d[1] = {2.0 * a}, dd[1] = {2.0};
          v = a * a;
          chain(i.dst, &i.a, 1, d, dd);
          break;
        }
        case OpCode::power: {
          const char* e = power(i, v);
          if (e) return {e, pc};
          break;
        }
        case OpCode::call: {
          const char* e = call(i, v);
          if (e) return {e, pc};
          break;
        }
        case OpCode::bound: {
          const char* e = bound(i, v);
          if (e) return {e, pc};
          break;
        }
        case OpCode::branch: {
          double t = r[i.a];
          const Branch& br = p_.branches[i.b];
          pc = t < 0.0 ? br.lt : t > 0.0 ? br.gt : br.eq;
          continue;
        }
        case OpCode::jump: pc = i.a; continue;
      }
      if (!std::isfinite(v)) return {kOverflow, pc};
      double bad = 0.0;
      for (std::size_t k = 0; k < n_; ++k) bad += grad(i.dst)[k] - grad(i.dst)[k];
      if (bad != 0.0) return {kInfiniteDerivative, pc};
      if constexpr (Order == 2) {
        for (std::size_t k = 0; k < n_ * n_; ++k) bad += hess(i.dst)[k] - hess(i.dst)[k];
        if (bad != 0.0) return {kInfiniteSecondDerivative, pc};
      }
      r[i.dst] = v;
      ++pc;
    }
    return {};
  }

 private:
  double* grad(std::uint32_t reg) { return b_.grad.data() + reg * n_; }
  double* hess(std::uint32_t reg) { return b_.hess.data() + reg * n_ * n_; }

  // dst = ca*a + cb*b (b unused when cb == 0).
  double linear(const Instruction& i, double ca, double cb) {
    const double* r = b_.value.data();
    // As value_only computes it (-x of +0 is -0, not -0 + 0).
    double v = cb != 0.0 ? ca * r[i.a] + cb * r[i.b] : ca * r[i.a];
    double* g = grad(i.dst);
    const double* ga = grad(i.a);
    const double* gb = cb != 0.0 ? grad(i.b) : nullptr;
    for (std::size_t k = 0; k < n_; ++k) g[k] = ca * ga[k] + (gb ? cb * gb[k] : 0.0);
    if constexpr (Order == 2) {
      double* h = hess(i.dst);
      const double* ha = hess(i.a);
      const double* hb = cb != 0.0 ? hess(i.b) : nullptr;
      for (std::size_t k = 0; k < n_ * n_; ++k) h[k] = ca * ha[k] + (hb ? cb * hb[k] : 0.0);
    }
    return v;
  }

  double multiply(const Instruction& i) {
    const double* r = b_.value.data();
    double a = r[i.a], bv = r[i.b];
    double d[2] = {bv, a};
    double dd[4] = {0.0, 1.0, 1.0, 0.0};
    std::uint32_t args[2] = {i.a, i.b};
    chain(i.dst, args, 2, d, dd);
    return a * bv;
  }

  double divide(const Instruction& i) {
    const double* r = b_.value.data();
    double a = r[i.a], bv = r[i.b];
    double q = a / bv;
    double d[2] = {1.0 / bv, -q / bv};
    double dd[4] = {0.0, -1.0 / (bv * bv), -1.0 / (bv * bv), 2.0 * q / (bv * bv)};
    std::uint32_t args[2] = {i.a, i.b};
    chain(i.dst, args, 2, d, dd);
    return q;
  }

  const char* power(const Instruction& i, double& v) {
    const double* r = b_.value.data();
    double a = r[i.a], e = r[i.b];
    if (const char* err = power_error(a, e)) return err;
    v = power_value(a, e);
    // The exponent's Hessian counts too: cos(y) at y = 0 has a zero gradient, but d2/dy2 of
    // a**cos(y) is a**1·ln(a)·(-1) there.
    bool exponent_varies = false;
    for (std::size_t k = 0; k < n_; ++k) exponent_varies |= grad(i.b)[k] != 0.0;
    if constexpr (Order == 2)
      for (std::size_t k = 0; k < n_ * n_; ++k) exponent_varies |= hess(i.b)[k] != 0.0;
    double d[2] = {0.0, 0.0};
    double dd[4] = {0.0, 0.0, 0.0, 0.0};
    if (const char* err = base_partials(a, e, Order, d[0], dd[0])) return err;
    if (exponent_varies) {
      if (a <= 0.0) return "derivative of a**b with respect to b needs a > 0";
      double la = std::log(a);
      d[1] = v * la;
      dd[1] = dd[2] = power_value(a, e - 1.0) * (1.0 + e * la);
      dd[3] = v * la * la;
    }
    std::uint32_t args[2] = {i.a, i.b};
    chain(i.dst, args, 2, d, dd);
    return nullptr;
  }

  const char* call(const Instruction& i, double& v) {
    const double* r = b_.value.data();
    const std::uint32_t* list = p_.argument_lists.data() + i.a;
    const int count = i.count;
    // The rules read `count` arguments and write only non-zero partials: zero just those (a
    // whole kMaxArgs x kMaxArgs Hessian is 9 KB per call).
    double args[builtins::kMaxArgs];
    double d[builtins::kMaxArgs];
    double dd[Order == 2 ? builtins::kMaxArgs * builtins::kMaxArgs : 1];
    for (int k = 0; k < count; ++k) args[k] = r[list[k]];
    std::fill_n(d, count, 0.0);
    if constexpr (Order == 2) std::fill_n(dd, count * count, 0.0);
    int kept[builtins::kMaxArgs];
    const int m = varying_arguments(p_, list, count, kept);
    if (const char* e = kept_partials(*p_.functions[i.b], args, count, Order, kept, m, &v, d, Order == 2 ? dd : nullptr))
      return e;
    chain_kept(i.dst, list, kept, m, d, dd);
    return nullptr;
  }

  // A bound call's local derivatives are over its inputs (each a derivative index, seeded
  // with a unit vector) and its runtime arguments (registers, with their own gradients).
  const char* bound(const Instruction& i, double& v) {
    const auto& call = p_.bound_calls[i.b];
    const std::size_t inputs = call.derivative.size(), m = inputs + i.count;
    const std::uint32_t* list = p_.argument_lists.data() + i.a;
    double args[Program::kMaxRuntimeArguments];
    for (int k = 0; k < i.count; ++k) args[k] = b_.value[list[k]];
    std::fill(b_.local_grad.begin(), b_.local_grad.begin() + static_cast<std::ptrdiff_t>(m), 0.0);
    if constexpr (Order == 2) std::fill(b_.local_hess.begin(), b_.local_hess.begin() + static_cast<std::ptrdiff_t>(m * m), 0.0);
    if (const char* e = p_.bindings->evaluate(call.handle, *b_.inputs, args, Order, &v, b_.local_grad.data(),
                                              Order == 2 ? b_.local_hess.data() : nullptr))
      return e;
    if (i.count == 0) {
      double* g = grad(i.dst);
      std::fill(g, g + n_, 0.0);
      for (std::size_t k = 0; k < m; ++k) g[call.derivative[k]] += b_.local_grad[k];
      if constexpr (Order == 2) {
        double* h = hess(i.dst);
        std::fill(h, h + n_ * n_, 0.0);
        for (std::size_t k = 0; k < m; ++k)
          for (std::size_t l = 0; l < m; ++l)
            h[static_cast<std::size_t>(call.derivative[k]) * n_ + static_cast<std::size_t>(call.derivative[l])] +=
                b_.local_hess[k * m + l];
      }
      return nullptr;
    }
    const double* rows[builtins::kMaxArgs + Program::kMaxRuntimeArguments];
    const double* hessians[builtins::kMaxArgs + Program::kMaxRuntimeArguments];
    for (std::size_t k = 0; k < inputs; ++k) {
      rows[k] = b_.units.data() + static_cast<std::size_t>(call.derivative[k]) * n_;
      hessians[k] = nullptr;
    }
    for (int a = 0; a < i.count; ++a) {
      rows[inputs + static_cast<std::size_t>(a)] = grad(list[a]);
      hessians[inputs + static_cast<std::size_t>(a)] = Order == 2 ? hess(list[a]) : nullptr;
    }
    chain_rows(i.dst, rows, hessians, m, b_.local_grad.data(), b_.local_hess.data());
    return nullptr;
  }

  // The chain rule through a function of `count` registers with partials d (and dd):
  // g = sum d_i g_i;  H = sum d_i H_i + sum_ij dd_ij g_i g_j^T, constants left out.
  // (The operators' chains: at most two arguments.)
  void chain(std::uint32_t dst, const std::uint32_t* args, std::size_t count, double* d, double* dd) {
    int kept[2] = {};
    const int n = static_cast<int>(count), m = varying_arguments(p_, args, n, kept);
    keep_partials(kept, m, n, d, Order == 2 ? dd : nullptr);
    chain_kept(dst, args, kept, m, d, dd);
  }

  // The same over the kept arguments args[kept[0 .. m)], their partials at the front of d, dd.
  void chain_kept(std::uint32_t dst, const std::uint32_t* args, const int* kept, int m, const double* d,
                  const double* dd) {
    const double* rows[builtins::kMaxArgs] = {};
    const double* hessians[builtins::kMaxArgs] = {};
    for (int a = 0; a < m; ++a) {
      rows[a] = grad(args[kept[a]]);
      hessians[a] = Order == 2 ? hess(args[kept[a]]) : nullptr;
    }
    chain_rows(dst, rows, hessians, static_cast<std::size_t>(m), d, dd);
  }

  // The same over gradient rows and Hessians given directly (a null Hessian is zero).
  void chain_rows(std::uint32_t dst, const double* const* rows, const double* const* hessians, std::size_t count,
                  const double* d, const double* dd) {
    double* g = b_.new_grad.data();
    std::fill(g, g + n_, 0.0);
    for (std::size_t a = 0; a < count; ++a) {
      if (d[a] == 0.0) continue;
      const double* ga = rows[a];
      for (std::size_t k = 0; k < n_; ++k) g[k] += d[a] * ga[k];
    }
    if constexpr (Order == 2) {
      double* h = b_.new_hess.data();
      std::fill(h, h + n_ * n_, 0.0);
      for (std::size_t a = 0; a < count; ++a) {
        if (d[a] != 0.0 && hessians[a]) {
          const double* ha = hessians[a];
          for (std::size_t k = 0; k < n_ * n_; ++k) h[k] += d[a] * ha[k];
        }
        for (std::size_t c = 0; c < count; ++c) {
          double w = dd[a * count + c];
          if (w == 0.0) continue;
          const double* ga = rows[a];
          const double* gc = rows[c];
          for (std::size_t k = 0; k < n_; ++k)
            for (std::size_t l = 0; l < n_; ++l) h[k * n_ + l] += w * ga[k] * gc[l];
        }
      }
      std::copy(h, h + n_ * n_, hess(dst));
    }
    std::copy(g, g + n_, grad(dst));
  }

  const Program& p_;
  Workspace::Buffers& b_;
  const std::size_t n_;
};

}  // namespace

RunError run(const Program& program, const Inputs& in, Workspace::Buffers& buffers, int order) {
  if (!begin(program, in, buffers)) return {kBadInput, 0, true};
  if (order == 0) return value_only(program, buffers);
  prepare_reference(program, buffers, order);
  return order == 1 ? Differentiator<1>(program, buffers).run() : Differentiator<2>(program, buffers).run();
}

}  // namespace fexpr::detail
