#include "codegen/smooth_step.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace fexpr::codegen {

namespace {

// The shapes of builtins/steps.hpp on Duals or Jets.
Dual curve(Arithmetic& m, Curve c, const Dual& t) {
  auto k = [&](double v) { return m.constant(v); };
  switch (c) {
    case Curve::cubic: return m.mul(m.mul(t, t), m.sub(k(3.0), m.mul(k(2.0), t)));
    case Curve::quintic:
      return m.mul(m.mul(m.mul(t, t), t), m.add(k(10.0), m.mul(t, m.add(k(-15.0), m.mul(k(6.0), t)))));
    case Curve::haversine: return m.mul(k(0.5), m.sub(k(1.0), m.cos(m.mul(k(std::numbers::pi), t))));
  }
  return t;
}

}  // namespace

Dual clamped(Arithmetic& m, Curve c, const std::function<Dual()>& delta, const Dual& h0, const Dual& h1,
             const Dual& rise) {
  Writer& w = m.writer();
  // Only the value is read before the branches; its derivatives, read in the curve's branch,
  // are written there again (what is written here and not read is dropped).
  const Scalar before = delta().v;
  const Dual out = w.declare();
  const std::string d = text(before);
  w.open("if (" + d + " <= 0.0)");
  w.assign(out, h0);
  w.close();
  w.open("else if (" + d + " >= 1.0)");
  w.assign(out, h1);
  w.close();
  // Between the two, delta is above 0 and below 1, or NaN, which the curve carries into the
  // value: that value's test catches it. Its derivative terms fold with those bounds (a zero
  // times -delta is -0 there).
  Scalar inside = before;
  inside.nonnegative = true;
  inside.guarded = inside.guarded || w.checked();
  inside.lo = std::max(inside.lo, std::numeric_limits<double>::denorm_min());
  inside.hi = std::min(inside.hi, std::nextafter(1.0, 0.0));
  w.open("else");
  w.refine(inside);
  Dual between = delta();
  keep_facts(between.v, inside);
  w.assign(out, m.add(h0, m.mul(rise, curve(m, c, between))));
  w.close();
  return w.joined(out);
}

Dual smooth_step(Arithmetic& m, const Dual& x, const Dual& x0, const Dual& h0, const Dual& x1, const Dual& h1, Curve c) {
  return clamped(m, c, [&] { return m.div(m.sub(x, x0), m.sub(x1, x0)); }, h0, h1, m.sub(h1, h0));
}

}  // namespace fexpr::codegen
