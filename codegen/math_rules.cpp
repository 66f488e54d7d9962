// The FORTRAN math functions of builtins/math.cpp: value, first and second derivative by the
// same formulas, then the chain rule (chained: the fast form's chain_rows, which adds the same
// terms in the same order as a Dual's chain, or the reference form's).
#include "codegen/rules.hpp"

#include <cmath>
#include <numbers>
#include <string_view>
#include <vector>

namespace fexpr::codegen {
namespace {

struct Taylor1 {
  Scalar f, fa = known(0.0), faa = known(0.0);
};
struct Taylor2 {
  Scalar f, fa = known(0.0), fb = known(0.0), faa = known(0.0), fab = known(0.0), fbb = known(0.0);
};

Scalar sign_of(Writer& w, const Scalar& a) {
  const std::string x = text(a);
  return w.emit(x + " > 0.0 ? 1.0 : " + x + " < 0.0 ? -1.0 : 0.0");
}

// The two inverse sines: the domain, then 1/√((1-a)(1+a)) and its slope (sign -1 for ACOS).
Taylor1 inverse_sine(Writer& w, const Scalar& a, std::string_view name, double sign) {
  const std::string x = text(a), n(name);
  w.fail_if("!(fabs(" + x + ") <= 1.0)", n + " argument outside [-1, 1]");
  Taylor1 t{w.call(sign < 0.0 ? "acos" : "asin", a)};
  if (w.order() == 0) return t;
  w.fail_if("fabs(" + x + ") == 1.0", "derivative of " + n + " is infinite at -1 and 1");
  const Scalar q = w.mul(w.sub(known(1.0), a), w.add(known(1.0), a)), r = w.call("sqrt", q);
  t.fa = w.div(known(sign), r);
  t.faa = w.div(sign < 0.0 ? w.neg(a) : a, w.mul(q, r));
  return t;
}

// One argument: the rule of builtins/math.cpp for `name`, or nullopt.
std::optional<Taylor1> unary(Writer& w, std::string_view name, const Scalar& a) {
  const std::string x = text(a);
  const bool d = w.order() > 0;
  if (name == "ABS") return Taylor1{w.call("fabs", a), d ? sign_of(w, a) : known(0.0)};
  if (name == "ACOS") return inverse_sine(w, a, name, -1.0);
  if (name == "ASIN") return inverse_sine(w, a, name, 1.0);
  if (name == "AINT") return Taylor1{w.call("trunc", a)};
  if (name == "ANINT") return Taylor1{w.call("round", a)};
  if (name == "ATAN") {
    Taylor1 t{w.call("atan", a)};
    if (!d) return t;
    const Scalar q = w.div(known(1.0), w.add(known(1.0), w.mul(a, a)));
    return Taylor1{t.f, q, w.mul(w.mul(w.mul(known(-2.0), a), q), q)};
  }
  if (name == "COS" || name == "SIN") {
    const bool cosine = name == "COS";
    const Scalar arg = w.opaque(a);
    Taylor1 t{w.call(cosine ? "cos" : "sin", arg)};
    if (!d) return t;
    const Scalar other = w.call(cosine ? "sin" : "cos", arg);
    return Taylor1{t.f, cosine ? w.neg(other) : other, w.neg(t.f)};
  }
  if (name == "COSH" || name == "SINH") {
    const bool cosine = name == "COSH";
    const Scalar arg = w.opaque(a);
    Taylor1 t{w.call(cosine ? "cosh" : "sinh", arg)};
    if (!d) return t;
    return Taylor1{t.f, w.call(cosine ? "sinh" : "cosh", arg), t.f};
  }
  if (name == "EXP") {
    const Scalar e = w.call("exp", a);
    return Taylor1{e, e, e};
  }
  if (name == "LOG" || name == "LOG10") {
    const bool natural = name == "LOG";
    w.fail_if("!(" + x + " > 0.0)", std::string(name) + " of a number <= 0");
    Taylor1 t{w.call(natural ? "log" : "log10", a)};
    if (!d) return t;
    if (natural) return Taylor1{t.f, w.div(known(1.0), a), w.div(known(-1.0), w.mul(a, a))};
    const Scalar c = w.div(known(1.0), w.mul(a, known(std::numbers::ln10)));
    return Taylor1{t.f, c, w.div(w.neg(c), a)};
  }
  if (name == "SQRT") {
    w.fail_if(x + " < 0.0", "SQRT of a negative number");
    Taylor1 t{w.call("sqrt", a)};
    if (!d) return t;
    w.fail_if(x + " == 0.0", "derivative of SQRT is infinite at 0");
    return Taylor1{t.f, w.div(known(0.5), t.f), w.div(known(-0.25), w.mul(a, t.f))};
  }
  if (name == "TAN" || name == "TANH") {
    const bool circular = name == "TAN";
    const Scalar y = w.call(circular ? "tan" : "tanh", a);
    if (!d) return Taylor1{y};
    const Scalar yy = w.mul(y, y), q = circular ? w.add(known(1.0), yy) : w.sub(known(1.0), yy);
    return Taylor1{y, q, w.mul(w.mul(known(circular ? 2.0 : -2.0), y), q)};
  }
  return std::nullopt;
}

// Two arguments, likewise.
std::optional<Taylor2> binary(Writer& w, std::string_view name, const Scalar& a, const Scalar& b) {
  const std::string x = text(a), y = text(b);
  const bool d = w.order() > 0;
  if (name == "ATAN2") {  // ATAN2(y, x): here a is y and b is x
    w.fail_if(x + " == 0.0 && " + y + " == 0.0", "ATAN2(0, 0) is undefined");
    Taylor2 t{w.call("atan2", w.add(a, known(0.0)), b)};
    if (!d) return t;
    const Scalar r = w.call("hypot", b, a), c = w.div(b, r), s = w.div(a, r), q = w.div(known(1.0), w.mul(r, r));
    const Scalar cs = w.mul(w.mul(known(2.0), c), s);
    return Taylor2{t.f,
                   w.div(c, r),
                   w.div(w.neg(s), r),
                   w.mul(w.mul(w.mul(known(-2.0), c), s), q),
                   w.mul(w.sub(w.mul(s, s), w.mul(c, c)), q),
                   w.mul(cs, q)};
  }
  if (name == "DIM") {
    const std::string test = x + " > " + y;
    return Taylor2{w.select(test, w.sub(a, b), known(0.0)), d ? w.select(test, known(1.0), known(0.0)) : known(0.0),
                   d ? w.select(test, known(-1.0), known(0.0)) : known(0.0)};
  }
  if (name == "MAX" || name == "MIN") {
    const std::string test = x + (name == "MAX" ? " >= " : " <= ") + y;
    return Taylor2{w.select(test, a, b), d ? w.select(test, known(1.0), known(0.0)) : known(0.0),
                   d ? w.select(test, known(0.0), known(1.0)) : known(0.0)};
  }
  if (name == "MOD") {
    w.fail_if(y + " == 0.0", "MOD by zero");
    const Scalar q = w.call("trunc", w.div(a, b));
    return Taylor2{w.sub(a, w.mul(q, b)), known(1.0), d ? w.neg(q) : known(0.0)};
  }
  if (name == "SIGN") {
    const Scalar s = w.select(y + " >= 0.0", known(1.0), known(-1.0));
    return Taylor2{w.mul(s, w.call("fabs", a)), d ? w.mul(s, sign_of(w, a)) : known(0.0)};
  }
  return std::nullopt;
}

// |v| as builtins/vectors.cpp computes it for MAG and UV: std::hypot's three-argument formula
// (libstdc++'s, which the interpreter calls: the largest magnitude a, then a·√Σ(x_i/a)², and +0
// where a is 0).
Scalar hypot3(Writer& w, std::span<const Argument> args) {
  std::vector<Scalar> a;
  for (std::size_t i = 0; i < 3; ++i) a.push_back(w.call("fabs", args[i].dual.v));
  const std::string x = text(a[0]), y = text(a[1]), z = text(a[2]);
  const Scalar largest = w.emit(x + " < " + y + " ? (" + y + " < " + z + " ? " + z + " : " + y + ") : (" + x + " < " +
                                z + " ? " + z + " : " + x + ")");
  const std::string l = text(largest);
  auto square = [&](const std::string& c) { return "(" + c + " / " + l + ") * (" + c + " / " + l + ")"; };
  return w.emit(l + " != 0.0 ? " + l + " * sqrt(" + square(x) + " + " + square(y) + " + " + square(z) + ") : 0.0");
}

// MAG(x, y, z): |v|, then the rule's partials u_i = x_i/|v| and (δ_ij - u_i u_j)/|v|.
Dual magnitude(Writer& w, std::span<const Argument> args) {
  const Scalar m = hypot3(w, args);
  std::vector<Scalar> d(3, known(0.0)), dd(w.order() == 2 ? 9 : 0, known(0.0));
  if (w.order() > 0) {
    w.fail_if(text(m) + " == 0.0", "derivative of MAG is undefined at a zero vector (it has no direction)");
    for (int i = 0; i < 3; ++i) d[i] = w.div(args[i].dual.v, m);
    for (std::size_t i = 0; i < dd.size(); ++i)
      dd[i] = w.div(w.sub(known(i / 3 == i % 3 ? 1.0 : 0.0), w.mul(d[i / 3], d[i % 3])), m);
  }
  return chained(w, m, args, d, dd);
}

// UV(x, y, z, k): component k of v/|v|, k the constant the compiler appends to each component's
// call (eval/compile_vector.cpp). The rule's partials are (δ_ki - u_k u_i)/|v| and
// (3 u_i u_j u_k - δ_ki u_j - δ_kj u_i - δ_ij u_k)/|v|², written in its operations and order;
// the index's row and column are 0, as the rule leaves them.
std::optional<Dual> direction(Writer& w, std::span<const Argument> args) {
  const Scalar& index = args[3].dual.v;
  if (!index.known) return std::nullopt;
  const double nearest = std::nearbyint(index.value);
  if (!(nearest >= 0.0 && nearest <= 2.0)) return std::nullopt;
  const int k = static_cast<int>(nearest);
  const Scalar m = hypot3(w, args);
  w.fail_if(text(m) + " == 0.0", "UV of a zero vector is undefined (it has no direction)");
  std::vector<Scalar> u(3, known(0.0));
  u[k] = w.div(args[k].dual.v, m);
  std::vector<Scalar> d(4, known(0.0)), dd(w.order() == 2 ? 16 : 0, known(0.0));
  if (w.order() > 0) {
    for (int i = 0; i < 3; ++i)
      if (i != k) u[i] = w.div(args[i].dual.v, m);
    auto delta = [](int i, int j) { return known(i == j ? 1.0 : 0.0); };
    for (int i = 0; i < 3; ++i) d[i] = w.div(w.sub(delta(k, i), w.mul(u[k], u[i])), m);
    if (w.order() == 2) {
      const Scalar m2 = w.mul(m, m);
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          const Scalar cubic = w.mul(w.mul(w.mul(known(3.0), u[i]), u[j]), u[k]);
          const Scalar less = w.sub(w.sub(w.sub(cubic, w.mul(delta(k, i), u[j])), w.mul(delta(k, j), u[i])),
                                    w.mul(delta(i, j), u[k]));
          dd[static_cast<std::size_t>(i * 4 + j)] = w.div(less, m2);
        }
    }
  }
  return chained(w, u[k], args, d, dd);
}

}  // namespace

std::optional<Dual> math_function(Writer& w, const builtins::Builtin& f, std::span<const Argument> args) {
  if (f.category != builtins::Category::math) return std::nullopt;
  if (args.size() == 1) {
    const auto t = unary(w, f.name, args[0].dual.v);
    if (!t) return std::nullopt;
    return chained(w, t->f, args, {t->fa}, {t->faa});
  }
  if (args.size() == 2) {
    const auto t = binary(w, f.name, args[0].dual.v, args[1].dual.v);
    if (!t) return std::nullopt;
    return chained(w, t->f, args, {t->fa, t->fb}, {t->faa, t->fab, t->fab, t->fbb});
  }
  if (args.size() == 3 && f.name == "MAG") return magnitude(w, args);
  if (args.size() == 4 && f.name == "UV") return direction(w, args);
  return std::nullopt;
}

}  // namespace fexpr::codegen
