// STEP, STEP5, HAVSIN, IMPACT and BISTOP. With constant parameters as the fast form's own steps
// compute them (Fast::step, impact_force and bistop_force in eval/run.cpp); a step whose
// parameters vary, and every step of the reference form, as the table's rule does (a Jet over
// its arguments, builtins/steps.cpp), then the chain rule. With constant parameters that the
// rule rejects, every call fails with the rule's message.
#include "codegen/rules.hpp"
#include "codegen/smooth_step.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string_view>
#include <vector>

namespace fexpr::codegen {
namespace {

// contact_force of eval/run.cpp: k·u^e less the damping, kept on the pushing side of 0.
Dual contact_force(Writer& w, const Dual& u, const Dual& damping, const Dual& xdot, double k, double e, double sense) {
  Scalar f1 = known(0.0), f2 = known(0.0);
  if (w.order() > 0) f1 = e == 1.0 ? known(1.0) : w.mul(known(e), power_value(w, u.v, e - 1.0));
  if (w.order() > 1) f2 = e == 1.0 ? known(0.0) : w.mul(known(e * (e - 1.0)), power_value(w, u.v, e - 2.0));
  const Dual power = w.chain(u, power_value(w, u.v, e), f1, f2);
  return pushing(w, w.sub(w.mul(w.constant(sense * k), power), w.mul(damping, xdot)), sense);
}

// Contact below x1 (side 1, IMPACT and BISTOP) or above x2 (side -1, BISTOP).
Dual contact(Writer& w, const Dual& x, const Dual& xdot, double at, double k, double e, double cmax, double d,
             double sense) {
  DualArithmetic m(w);
  auto c = [&](double v) { return w.constant(v); };
  // The penetration, written in the branch x < at (x > at): above 0, since x is not NaN there
  // and a difference of two doubles rounds to 0 only when they are equal.
  Dual u = sense > 0.0 ? w.sub(c(at), x) : w.sub(x, c(at));
  u.v.nonnegative = u.v.no_nan = true;
  u.v.lo = std::max(u.v.lo, std::numeric_limits<double>::denorm_min());
  if (sense > 0.0)
    return contact_force(w, u, smooth_step(m, x, w.sub(c(at), c(d)), c(cmax), c(at), c(0.0), Curve::cubic), xdot, k, e, 1.0);
  return contact_force(w, u, smooth_step(m, x, c(at), c(0.0), w.add(c(at), c(d)), c(cmax), Curve::cubic), xdot, k, e, -1.0);
}

// Every argument from `first` on, if all are constants.
std::optional<std::vector<double>> constants(std::span<const Argument> args, std::size_t first) {
  std::vector<double> c;
  for (std::size_t a = first; a < args.size(); ++a) {
    if (!args[a].constant) return std::nullopt;
    c.push_back(*args[a].constant);
  }
  return c;
}

// The message of the table's rule at these arguments (x = `x`, the others as given), if any.
const char* rejected(const builtins::Builtin& f, double x, const std::vector<double>& parameters, std::size_t first) {
  std::vector<double> a(first, x);
  a.insert(a.end(), parameters.begin(), parameters.end());
  double value = 0.0;
  return f.value(a.data(), static_cast<int>(a.size()), &value);
}

Dual fails(Writer& w, const char* message) {
  w.fail(message);
  return w.constant(0.0);
}

// The table's rule (a Jet over the five arguments), then the chain rule over the lanes.
Dual general_step(Writer& w, const builtins::Builtin& f, Curve c, std::span<const Argument> args) {
  const double same[5] = {0.0, 0.0, 0.0, 0.0, 0.0}, backwards[5] = {0.0, 1.0, 0.0, 0.0, 0.0};
  double ignored = 0.0;
  const std::string x0 = text(args[1].dual.v), x1 = text(args[3].dual.v);
  w.fail_if(x0 + " == " + x1, f.value(same, 5, &ignored));
  w.fail_if(x0 + " > " + x1, f.value(backwards, 5, &ignored));
  Dual out;
  {
    JetArithmetic m(w, 5);
    std::vector<Dual> a;
    for (int i = 0; i < 5; ++i) a.push_back(m.variable(args[static_cast<std::size_t>(i)].dual.v, i));
    out = smooth_step(m, a[0], a[1], a[2], a[3], a[4], c);
  }
  return chained(w, out.v, args, out.g, out.h);
}

std::optional<Dual> step(Writer& w, const builtins::Builtin& f, Curve curve, std::span<const Argument> args) {
  const auto c = constants(args, 1);
  if (!c || w.reference()) return general_step(w, f, curve, args);
  if (const char* message = rejected(f, (*c)[0], *c, 1)) return fails(w, message);
  const double x0 = (*c)[0], h0 = (*c)[1], x1 = (*c)[2], h1 = (*c)[3], span = x1 - x0;
  int exponent = 0;
  const bool exact = std::fabs(std::frexp(span, &exponent)) == 0.5 && std::isfinite(1.0 / span);
  const auto delta = [&] {
    const Dual offset = w.sub(args[0].dual, w.constant(x0));
    return exact ? w.mul(offset, w.constant(1.0 / span)) : w.div(offset, w.constant(span));
  };
  DualArithmetic m(w);
  return clamped(m, curve, delta, w.constant(h0), w.constant(h1), w.constant(h1 - h0));
}

std::optional<Dual> contact_call(Writer& w, const builtins::Builtin& f, std::span<const Argument> args, bool bistop) {
  const auto c = constants(args, 2);
  if (!c || w.reference()) return general_contact(w, f, args, bistop);
  if (const char* message = rejected(f, (*c)[0], *c, 2)) return fails(w, message);
  const std::vector<double>& p = *c;
  const Dual &x = args[0].dual, &xdot = args[1].dual;
  const Dual out = w.declare();
  const std::string xv = text(x.v);
  const std::size_t k = bistop ? 2 : 1;  // k, e, cmax, d follow x1 (and x2)
  w.open("if (" + xv + " < " + literal(p[0]) + ")");
  w.assign(out, contact(w, x, xdot, p[0], p[k], p[k + 1], p[k + 2], p[k + 3], 1.0));
  w.close();
  if (bistop) {
    w.open("else if (" + xv + " > " + literal(p[1]) + ")");
    w.assign(out, contact(w, x, xdot, p[1], p[k], p[k + 1], p[k + 2], p[k + 3], -1.0));
    w.close();
  }
  w.open("else");
  w.assign(out, w.constant(0.0));
  w.close();
  return w.joined(out);
}

}  // namespace

std::optional<Dual> step_function(Writer& w, const builtins::Builtin& f, std::span<const Argument> args) {
  const std::string_view n = f.name;
  if ((n == "STEP" || n == "STEP5" || n == "HAVSIN") && args.size() == 5)
    return step(w, f, n == "STEP" ? Curve::cubic : n == "STEP5" ? Curve::quintic : Curve::haversine, args);
  if (n == "IMPACT" && args.size() == 7) return contact_call(w, f, args, false);
  if (n == "BISTOP" && args.size() == 8) return contact_call(w, f, args, true);
  return std::nullopt;
}

}  // namespace fexpr::codegen
