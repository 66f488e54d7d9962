// a**b as eval/run.cpp computes it: power_value for the value, base_partials for d/da, and
// d/db only where the exponent's derivatives are not all zero.
#include "codegen/rules.hpp"

#include <cmath>

namespace fexpr::codegen {

Scalar power_value(Writer& w, const Scalar& a, double e) {
  if (e == 2.0) return w.mul(a, a);
  if (e == 3.0) return w.mul(w.mul(a, a), a);
  if (e == 4.0) {
    const Scalar s = w.mul(a, a);
    return w.mul(s, s);
  }
  if (e == 0.5) return w.add(w.call("sqrt", a), known(0.0));
  if (e == 1.5) return w.mul(a, w.call("sqrt", a));
  if (e == -1.0) return w.div(known(1.0), a);
  if (e == -2.0) return w.div(known(1.0), w.mul(a, a));
  return w.call("pow", a, known(e));
}

Scalar power_value(Writer& w, const Scalar& a, const Scalar& e) { return w.call("fx_power_value", a, e); }

const char* power_helpers() {
  return R"(/* a**e with the common constant exponents by multiplication and sqrt, as fexpr computes it. */
static double fx_power_value(double a, double e) {
  if (e == 2.0) { return a * a; }
  if (e == 3.0) { return a * a * a; }
  if (e == 4.0) {
    const double s = a * a;
    return s * s;
  }
  if (e == 0.5) { return sqrt(a) + 0.0; }
  if (e == 1.5) { return a * sqrt(a); }
  if (e == -1.0) { return 1.0 / a; }
  if (e == -2.0) { return 1.0 / (a * a); }
  return pow(fx_opaque(a), e);
}

/* d/da and d2/da2 of a**e with e held constant; 0 or the message where they are infinite.
   Inline, so that C that only needs fx_power_value (a contact force) does not warn of it. */
static inline const char *fx_base_partials(double a, double e, int order, double *d, double *dd) {
  *d = *dd = 0.0;
  if (e == 0.0) { return 0; }
  if (a == 0.0 && e < 1.0) { return "'**': derivative of a**b is infinite at a = 0 for b < 1"; }
  *d = e == 1.0 ? 1.0 : e * fx_power_value(a, e - 1.0);
  if (order == 2) {
    if (a == 0.0 && e < 2.0 && e != 1.0) { return "'**': second derivative of a**b is infinite at a = 0 for b < 2"; }
    *dd = e == 1.0 ? 0.0 : e == 2.0 ? 2.0 : e * (e - 1.0) * fx_power_value(a, e - 2.0);
  }
  return 0;
}

)";
}

namespace {

Dual constant_exponent(Writer& w, const Argument& base, double e) {
  const Dual& a = base.dual;
  const std::span<const Argument> args(&base, 1);
  const std::string x = text(a.v);
  if (e < 0.0) w.fail_if(x + " == 0.0", "'**': 0 raised to a negative power");
  if (std::trunc(e) != e) w.fail_if(x + " < 0.0", "'**': negative number raised to a non-integer power");
  const Scalar value = power_value(w, a.v, e);
  if (w.order() == 0 || e == 0.0) return chained(w, value, args, {known(0.0)}, {known(0.0)});
  if (e < 1.0) w.fail_if(x + " == 0.0", "'**': derivative of a**b is infinite at a = 0 for b < 1");
  const Scalar d = e == 1.0 ? known(1.0) : w.mul(known(e), power_value(w, a.v, e - 1.0));
  Scalar dd = known(0.0);
  if (w.order() == 2) {
    if (e < 2.0 && e != 1.0) w.fail_if(x + " == 0.0", "'**': second derivative of a**b is infinite at a = 0 for b < 2");
    dd = e == 1.0 ? known(0.0) : e == 2.0 ? known(2.0) : w.mul(known(e * (e - 1.0)), power_value(w, a.v, e - 2.0));
  }
  return chained(w, value, args, {d}, {dd});
}

// The exponent's derivatives that may be non-zero, as a C test; empty when all are known zeros.
std::string varies(const Dual& e) {
  std::string test;
  auto add = [&](const Scalar& s) {
    if (s.known && s.value == 0.0) return;
    test += (test.empty() ? "" : " || ") + text(s) + " != 0.0";
  };
  for (const Scalar& g : e.g) add(g);
  for (const Scalar& h : e.h) add(h);
  return test;
}

}  // namespace

Dual power(Writer& w, const Argument& base, const Argument& exponent) {
  if (exponent.constant) return constant_exponent(w, base, *exponent.constant);
  const Dual &a = base.dual, &e = exponent.dual;
  const Argument args[2] = {base, exponent};
  const std::string x = text(a.v), y = text(e.v);
  w.fail_if(x + " == 0.0 && " + y + " < 0.0", "'**': 0 raised to a negative power");
  w.fail_if(x + " < 0.0 && trunc(" + y + ") != " + y, "'**': negative number raised to a non-integer power");
  const Scalar value = power_value(w, a.v, e.v);
  const Scalar zero = known(0.0);
  if (w.order() == 0) return chained(w, value, args, {zero, zero}, {});
  const Scalar d = w.local(), dd = w.local();
  const std::string partials =
      "fx_base_partials(" + x + ", " + y + ", " + std::to_string(w.order()) + ", &" + d.name + ", &" + dd.name + ")";
  if (w.checked()) {
    const Scalar message = variable("m_" + d.name);
    w.line("const char *" + message.name + " = " + partials + ";");
    w.guard(message.name, w.failure(message.name));
  } else {
    w.line("(void)" + partials + ";");
  }
  const std::string test = varies(e);
  // d/db only where the exponent's derivatives are not all zero, as in both of the interpreter's
  // forms: with the exponent held, its partials are zeros.
  const std::vector<Scalar> held{d, zero}, held2{dd, zero, zero, zero};
  if (test.empty()) return chained(w, value, args, held, held2);
  const Dual result = w.declare();
  w.open("if (" + test + ")");
  w.fail_if("!(" + x + " > 0.0)", "'**': derivative of a**b with respect to b needs a > 0");
  const Scalar la = w.call("log", a.v);
  const Scalar cross = w.mul(power_value(w, a.v, w.sub(e.v, known(1.0))), w.add(known(1.0), w.mul(e.v, la)));
  const Scalar pla = w.mul(value, la);
  w.assign(result, chained(w, value, args, {d, pla}, {dd, cross, cross, w.mul(pla, la)}));
  w.close();
  w.open("else");
  w.assign(result, chained(w, value, args, held, held2));
  w.close();
  return result;
}

}  // namespace fexpr::codegen
