#include "codegen/arithmetic.hpp"

#include "codegen/rules.hpp"

namespace fexpr::codegen {

// Both types: chain(u, sin u, cos u, -sin u) and chain(u, cos u, -sin u, -cos u).
Dual Arithmetic::sin(const Dual& u) {
  const Scalar x = w_.opaque(u.v), s = w_.call("sin", x);
  const Scalar c = w_.order() > 0 ? w_.call("cos", x) : known(0.0);
  return w_.chain(u, s, c, w_.order() > 1 ? w_.neg(s) : known(0.0));
}

Dual Arithmetic::cos(const Dual& u) {
  const Scalar x = w_.opaque(u.v), c = w_.call("cos", x);
  const Scalar s = w_.order() > 0 ? w_.neg(w_.call("sin", x)) : known(0.0);
  return w_.chain(u, c, s, w_.order() > 1 ? w_.neg(c) : known(0.0));
}

Dual JetArithmetic::variable(const Scalar& v, int i) const {
  Dual d = w_.constant(0.0);
  d.v = v;
  if (!d.g.empty()) d.g[static_cast<std::size_t>(i)] = known(1.0);
  return d;
}

Dual JetArithmetic::add(const Dual& a, const Dual& b) {
  return w_.chain(a, b, w_.add(a.v, b.v), known(1.0), known(1.0), known(0.0), known(0.0), known(0.0));
}

Dual JetArithmetic::sub(const Dual& a, const Dual& b) {
  return w_.chain(a, b, w_.sub(a.v, b.v), known(1.0), known(-1.0), known(0.0), known(0.0), known(0.0));
}

Dual JetArithmetic::mul(const Dual& a, const Dual& b) {
  return w_.chain(a, b, w_.mul(a.v, b.v), b.v, a.v, known(0.0), known(1.0), known(0.0));
}

Dual JetArithmetic::div(const Dual& a, const Dual& b) {
  const Scalar q = w_.div(a.v, b.v);
  if (w_.order() == 0) return w_.chain(a, b, q, known(0.0), known(0.0), known(0.0), known(0.0), known(0.0));
  const Scalar bb = w_.mul(b.v, b.v);
  return w_.chain(a, b, q, w_.div(known(1.0), b.v), w_.div(w_.neg(q), b.v), known(0.0), w_.div(known(-1.0), bb),
                  w_.div(w_.mul(known(2.0), q), bb));
}

Dual JetArithmetic::pow(const Dual& u, const Dual& e) {
  const std::string y = text(e.v);
  const Scalar p = power_value(w_, u.v, e.v), l = w_.call("log", u.v), pl = w_.mul(p, l);
  const Scalar below = power_value(w_, u.v, w_.sub(e.v, known(1.0)));
  const Scalar d = w_.emit(y + " == 1.0 ? 1.0 : " + y + " * " + text(below));
  const Scalar dd = w_.emit(y + " == 1.0 ? 0.0 : " + y + " == 2.0 ? 2.0 : " + y + " * (" + y + " - 1.0) * " +
                            text(power_value(w_, u.v, w_.sub(e.v, known(2.0)))));
  return w_.chain(u, e, p, d, pl, dd, w_.mul(below, w_.add(known(1.0), w_.mul(e.v, l))), w_.mul(pl, l));
}

Dual JetArithmetic::constant_value(const Scalar& v) const {
  Dual d = w_.constant(0.0);
  d.v = v;
  return d;
}

}  // namespace fexpr::codegen
