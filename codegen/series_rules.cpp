// The series (POLY, CHEBY, FORCOS, FORSIN), SHF and SWEEP of builtins/series.cpp, as the
// table's rules compute them: on Jets over the arguments that are not coefficients, then the
// chain rule over the lanes.
#include "codegen/rules.hpp"
#include "codegen/smooth_step.hpp"

#include <numbers>
#include <string_view>

namespace fexpr::codegen {
namespace {

enum class Basis { powers, chebyshev, cosines, sines };

// The basis functions B_j(p) of builtins/series.cpp, j < count.
std::vector<Dual> basis(Arithmetic& m, Basis kind, const std::vector<Dual>& p, std::size_t count) {
  std::vector<Dual> out;
  const Dual one = m.constant(1.0);
  if (kind == Basis::powers || kind == Basis::chebyshev) {
    const Dual u = m.sub(p[0], p[1]);
    out.push_back(one);
    for (std::size_t j = 1; j < count; ++j) {
      if (kind == Basis::powers) out.push_back(m.mul(out[j - 1], u));
      else if (j == 1) out.push_back(u);
      else out.push_back(m.sub(m.mul(m.mul(m.constant(2.0), u), out[j - 1]), out[j - 2]));
    }
    return out;
  }
  const Dual theta = m.mul(p[2], m.sub(p[0], p[1]));
  out.push_back(one);
  for (std::size_t j = 1; j < count; ++j) {
    const Dual angle = m.mul(m.constant(static_cast<double>(j)), theta);
    out.push_back(kind == Basis::cosines ? m.cos(angle) : m.sin(angle));
  }
  return out;
}

// Σ a_j·B_j(p): only the basis runs on Jets (over p); by linearity dF/da_j = B_j,
// d²F/dp da_j = dB_j/dp and d²F/da² = 0 (series_jet).
Dual series(Writer& w, Basis kind, std::size_t parameters, std::span<const Argument> args) {
  const std::size_t n = args.size(), count = n - parameters;
  std::vector<Scalar> d(n, known(0.0)), dd(w.order() == 2 ? n * n : 0, known(0.0));
  Scalar value;
  {
    JetArithmetic m(w, static_cast<int>(parameters));
    std::vector<Dual> p;
    for (std::size_t i = 0; i < parameters; ++i) p.push_back(m.variable(args[i].dual.v, static_cast<int>(i)));
    const std::vector<Dual> b = basis(m, kind, p, count);
    Dual sum = m.constant(0.0);
    for (std::size_t j = 0; j < count; ++j) {
      Dual coefficient = m.constant(0.0);
      coefficient.v = args[parameters + j].dual.v;
      sum = m.add(sum, m.mul(coefficient, b[j]));
    }
    value = sum.v;
    if (w.order() > 0) {
      for (std::size_t i = 0; i < parameters; ++i) d[i] = sum.g[i];
      for (std::size_t j = 0; j < count; ++j) d[parameters + j] = b[j].v;
    }
    if (w.order() == 2) {
      for (std::size_t i = 0; i < parameters; ++i) {
        for (std::size_t k = 0; k < parameters; ++k) dd[i * n + k] = sum.h[i * parameters + k];
        for (std::size_t j = 0; j < count; ++j) dd[i * n + parameters + j] = dd[(parameters + j) * n + i] = b[j].g[i];
      }
    }
  }
  return chained(w, value, args, d, dd);
}

// A formula_entry rule: F on a Jet over all the arguments, its gradient and Hessian the partials.
template <class F>
Dual formula(Writer& w, std::span<const Argument> args, F f) {
  Dual out;
  {
    JetArithmetic m(w, static_cast<int>(args.size()));
    std::vector<Dual> a;
    for (std::size_t i = 0; i < args.size(); ++i) a.push_back(m.variable(args[i].dual.v, static_cast<int>(i)));
    out = f(m, a);
  }
  return chained(w, out.v, args, out.g, out.h);
}

// a·sin(w·(x - x0) - phi) + b.
Dual shf(Arithmetic& m, const std::vector<Dual>& a) {
  return m.add(m.mul(a[2], m.sin(m.sub(m.mul(a[3], m.sub(a[0], a[1])), a[4]))), a[5]);
}

// The chirp of kSweep, its checks first.
Dual sweep(Arithmetic& m, const std::vector<Dual>& a) {
  Writer& w = m.writer();
  const Dual &x = a[0], &amplitude = a[1], &x0 = a[2], &f0 = a[3], &x1 = a[4], &f1 = a[5], &dx = a[6];
  w.fail_if("!(" + text(x1.v) + " > " + text(x0.v) + ")", "SWEEP with x1 <= x0");
  const Dual end = m.add(x0, dx);
  w.fail_if("!(" + text(end.v) + " > " + text(x0.v) + ")", "SWEEP with dx <= 0 (or too small to move x0)");
  const Dual phase = w.declare();
  w.open("if (" + text(x.v) + " <= " + text(x0.v) + ")");
  w.assign(phase, m.mul(f0, x));
  w.close();
  w.open("else if (" + text(x.v) + " < " + text(x1.v) + ")");
  const Dual rate = m.div(m.sub(f1, f0), m.mul(m.constant(2.0), m.sub(x1, x0)));
  const Dual offset = m.sub(x, x0);
  w.assign(phase, m.add(m.mul(f0, x), m.mul(m.mul(rate, offset), m.sub(x, x0))));
  w.close();
  w.open("else");
  w.assign(phase, m.sub(m.mul(f1, x), m.div(m.mul(m.sub(f1, f0), m.add(x1, x0)), m.constant(2.0))));
  w.close();
  const Dual ramp = smooth_step(m, x, x0, m.constant(0.0), m.add(x0, dx), m.constant(1.0), Curve::quintic);
  return m.mul(m.mul(amplitude, ramp), m.sin(m.mul(m.constant(2.0 * std::numbers::pi), phase)));
}

}  // namespace

std::optional<Dual> series_function(Writer& w, const builtins::Builtin& f, std::span<const Argument> args) {
  const std::string_view n = f.name;
  if (n == "POLY") return series(w, Basis::powers, 2, args);
  if (n == "CHEBY") return series(w, Basis::chebyshev, 2, args);
  if (n == "FORCOS") return series(w, Basis::cosines, 3, args);
  if (n == "FORSIN") return series(w, Basis::sines, 3, args);
  if (n == "SHF" && args.size() == 6) return formula(w, args, shf);
  if (n == "SWEEP" && args.size() == 7) return formula(w, args, sweep);
  return std::nullopt;
}

}  // namespace fexpr::codegen
