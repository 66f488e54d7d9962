// IMPACT and BISTOP whose parameters vary, and all in the reference form, as the table's rules
// compute them (builtins/contact.cpp): the parameter checks, then the force on a Jet over all the
// arguments, whose power is the evaluator's power_value with e·u^(e-1) for its slope, then the
// chain rule over the lanes.
#include "codegen/rules.hpp"
#include "codegen/smooth_step.hpp"

#include <vector>

namespace fexpr::codegen {
namespace {

// The rule's message for arguments that break one of its checks.
std::string message(const builtins::Builtin& f, std::vector<double> args, std::size_t bad, double value) {
  args[bad] = value;
  double ignored = 0.0;
  const char* m = f.value(args.data(), static_cast<int>(args.size()), &ignored);
  return m ? m : "";
}

// builtins/contact.cpp's power(): power_value on doubles; on a Jet, e·u^(e-1) and the terms in e.
Dual power(JetArithmetic& m, const Dual& u, const Dual& e) {
  Writer& w = m.writer();
  if (w.order() == 0) return m.constant_value(power_value(w, u.v, e.v));
  return m.pow(u, e);
}

// contact_force: sense·k·u^e less the damping, kept on the pushing side of 0.
Dual force(JetArithmetic& m, const Dual& u, const Dual& damping, const Dual& xdot, const Dual& k, const Dual& e,
           double sense) {
  return pushing(m.writer(), m.sub(m.mul(m.mul(m.constant(sense), k), power(m, u, e)), m.mul(damping, xdot)), sense);
}

}  // namespace

Dual pushing(Writer& w, const Dual& f, double sense) {
  const Dual out = w.declare();
  w.open("if (" + literal(sense) + " * " + text(f.v) + " > 0.0)");
  w.assign(out, f);
  w.close();
  w.open("else");
  w.assign(out, w.constant(0.0));
  w.close();
  return w.joined(out);
}

Dual general_contact(Writer& w, const builtins::Builtin& f, std::span<const Argument> args, bool bistop) {
  const std::size_t n = args.size(), k = bistop ? 4 : 3;  // k, e, cmax, d from here on
  std::vector<double> good(n, 1.0);
  good[0] = good[1] = good[2] = 0.0;
  auto v = [&](std::size_t i) { return text(args[i].dual.v); };
  if (bistop) w.fail_if("!(" + v(2) + " < " + v(3) + ")", message(f, good, 3, 0.0));
  // check() of contact.cpp at each contact point, on the side its damping ramp runs.
  auto check = [&](std::size_t at, double side) {
    const std::string s = literal(side);
    w.fail_if("!(" + v(k) + " >= 0.0)", message(f, good, k, -1.0));
    w.fail_if("!(" + v(k + 1) + " > 0.0)", message(f, good, k + 1, 0.0));
    w.fail_if("!(" + v(k + 2) + " >= 0.0)", message(f, good, k + 2, -1.0));
    w.fail_if("!(" + s + " * (" + v(at) + " + " + s + " * " + v(k + 3) + ") > " + s + " * " + v(at) + ")",
              message(f, good, k + 3, 0.0));
  };
  check(2, -1.0);
  if (bistop) check(3, 1.0);
  Dual out;
  {
    JetArithmetic m(w, static_cast<int>(n));
    std::vector<Dual> a;
    for (std::size_t i = 0; i < n; ++i) a.push_back(m.variable(args[i].dual.v, static_cast<int>(i)));
    const Dual &x = a[0], &xdot = a[1], &kk = a[k], &e = a[k + 1], &cmax = a[k + 2], &d = a[k + 3];
    const Dual zero = m.constant(0.0);
    out = w.declare();
    w.open("if (" + text(x.v) + " < " + text(a[2].v) + ")");
    w.assign(out, force(m, m.sub(a[2], x), smooth_step(m, x, m.sub(a[2], d), cmax, a[2], zero, Curve::cubic), xdot, kk,
                        e, 1.0));
    w.close();
    if (bistop) {
      w.open("else if (" + text(x.v) + " > " + text(a[3].v) + ")");
      w.assign(out, force(m, m.sub(x, a[3]), smooth_step(m, x, a[3], zero, m.add(a[3], d), cmax, Curve::cubic), xdot,
                          kk, e, -1.0));
      w.close();
    }
    w.open("else");
    w.assign(out, zero);
    w.close();
    out = w.joined(out);
  }
  return chained(w, out.v, args, out.g, out.h);
}

}  // namespace fexpr::codegen
