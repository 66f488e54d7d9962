#include "codegen/splines.hpp"

#include "codegen/generate.hpp"

#include <algorithm>

namespace fexpr::codegen {
namespace {

using dataset::Spline;

// A static array of the generated function, eight numbers a line.
void array(Writer& w, const std::string& name, const std::vector<double>& v) {
  w.line("static const double " + name + "[" + std::to_string(v.size()) + "] = {");
  for (std::size_t k = 0; k < v.size(); k += 8) {
    std::string row;
    for (std::size_t j = k; j < std::min(k + 8, v.size()); ++j) row += (j > k ? ", " : "") + literal(v[j]);
    w.line("  " + row + (k + 8 < v.size() ? "," : ""));
  }
  w.line("};");
}

// Each curve's cubics a, b, c, d, interval after interval.
std::vector<double> pieces(const Spline& s, Spline::Method method) {
  std::vector<double> out;
  for (std::size_t row = 0; row < s.curves().size(); ++row)
    for (const Spline::Piece& q : s.pieces(method, row)) out.insert(out.end(), {q.a, q.b, q.c, q.d});
  return out;
}

// Below the first knot and above the last, each curve's end rule as Spline::curve computes
// it: a line, {x0, y0, slope}, or the parabola through the three end points in Lagrange
// form, {xa, xb, xc, ya la, yb lb, yc lc, its second derivative}. The numbers that do not
// depend on x are the interpreter's, computed in its order.
constexpr std::size_t kLineConstants = 3, kParabolaConstants = 7;
std::vector<double> ends(const Spline& s) {
  const std::vector<double>& x = s.x();
  const std::size_t n = x.size();
  std::vector<double> out;
  for (const dataset::Curve& curve : s.curves()) {
    const std::vector<double>& y = curve.y;
    for (const bool low : {true, false}) {
      if (s.linear_extrapolation()) {
        const double slope = low ? (y[1] - y[0]) / (x[1] - x[0]) : (y[n - 1] - y[n - 2]) / (x[n - 1] - x[n - 2]);
        out.insert(out.end(), {low ? x[0] : x[n - 1], low ? y[0] : y[n - 1], slope});
        continue;
      }
      const std::size_t i0 = low ? 0 : n - 3;
      const double xa = x[i0], xb = x[i0 + 1], xc = x[i0 + 2];
      const double ya = y[i0], yb = y[i0 + 1], yc = y[i0 + 2];
      const double la = 1.0 / ((xa - xb) * (xa - xc)), lb = 1.0 / ((xb - xa) * (xb - xc)),
                   lc = 1.0 / ((xc - xa) * (xc - xb));
      out.insert(out.end(), {xa, xb, xc, ya * la, yb * lb, yc * lc, 2.0 * (ya * la + yb * lb + yc * lc)});
    }
  }
  return out;
}

// The C that sets p + "y" (and p + "yz" on a surface) to Spline::evaluate's out (and out_z)
// at x = u and z = zv (C text; zv unused for one curve).
void evaluate(Writer& w, const std::string& p, const Spline& s, const std::string& u, const std::string& zv) {
  const std::size_t n = s.x().size(), curves = s.curves().size();
  const bool surface = s.is_surface();
  const std::string rows = surface ? "2" : "1", c = p + "c", x = p + "x", r = p + "r", k = p + "k";
  w.line("double " + c + "[" + rows + "][4];");
  // The two curves around z, the first or the last two beyond them.
  std::string first = "0";
  if (surface) {
    w.line("int " + k + " = 0;");
    w.line("while (" + k + " + 2 < " + std::to_string(curves) + " && " + zv + " > " + p + "z[" + k + " + 1]) { ++" + k + "; }");
    first = k;
  }
  w.open("if (" + u + " < " + x + "[0] || " + u + " > " + x + "[" + std::to_string(n - 1) + "])");
  const std::string end = p + "end", e = p + "end_e";
  w.line("const int " + end + " = " + u + " < " + x + "[0] ? 0 : 1;");
  w.open("for (int " + r + " = 0; " + r + " < " + rows + "; ++" + r + ")");
  const std::string o = c + "[" + r + "]";
  const auto at = [&](int j) { return e + "[" + std::to_string(j) + "]"; };
  const auto from = [&](int j) { return "(" + u + " - " + at(j) + ")"; };
  const auto twice = [&](int j, int l) { return "(2.0 * " + u + " - " + at(j) + " - " + at(l) + ")"; };
  if (s.linear_extrapolation()) {
    w.line("const double *" + e + " = " + p + "e + ((" + first + " + " + r + ") * 2 + " + end + ") * " +
           std::to_string(kLineConstants) + ";");
    w.line(o + "[0] = " + at(1) + " + " + at(2) + " * " + from(0) + ";");
    w.line(o + "[1] = " + at(2) + ";");
    w.line(o + "[2] = 0.0;");
  } else {
    w.line("const double *" + e + " = " + p + "e + ((" + first + " + " + r + ") * 2 + " + end + ") * " +
           std::to_string(kParabolaConstants) + ";");
    w.line(o + "[0] = " + at(3) + " * " + from(1) + " * " + from(2) + " + " + at(4) + " * " + from(0) + " * " + from(2) +
           " + " + at(5) + " * " + from(0) + " * " + from(1) + ";");
    w.line(o + "[1] = " + at(3) + " * " + twice(1, 2) + " + " + at(4) + " * " + twice(0, 2) + " + " + at(5) + " * " +
           twice(0, 1) + ";");
    w.line(o + "[2] = " + at(6) + ";");
  }
  w.line(o + "[3] = 0.0;");
  w.close();
  w.close();
  // Inside: the interval std::upper_bound finds, the last one at the last knot.
  w.open("else");
  const std::string lo = p + "lo", hi = p + "hi", mid = p + "mid", i = p + "i", t = p + "t", q = p + "q";
  w.line("int " + lo + " = 0, " + hi + " = " + std::to_string(n) + ";");
  w.open("while (" + lo + " < " + hi + ")");
  w.line("const int " + mid + " = (" + lo + " + " + hi + ") / 2;");
  w.line("if (" + u + " < " + x + "[" + mid + "]) { " + hi + " = " + mid + "; } else { " + lo + " = " + mid + " + 1; }");
  w.close();
  w.line("const int " + i + " = " + lo + " - 1 < " + std::to_string(n - 2) + " ? " + lo + " - 1 : " +
         std::to_string(n - 2) + ";");
  w.line("const double " + t + " = " + u + " - " + x + "[" + i + "];");
  w.open("for (int " + r + " = 0; " + r + " < " + rows + "; ++" + r + ")");
  w.line("const double *" + q + " = " + p + "p + ((" + first + " + " + r + ") * " + std::to_string(n - 1) + " + " + i +
         ") * 4;");
  w.line(o + "[0] = " + q + "[0] + " + t + " * (" + q + "[1] + " + t + " * (" + q + "[2] + " + t + " * " + q + "[3]));");
  w.line(o + "[1] = " + q + "[1] + " + t + " * (2.0 * " + q + "[2] + 3.0 * " + t + " * " + q + "[3]);");
  w.line(o + "[2] = 2.0 * " + q + "[2] + 6.0 * " + t + " * " + q + "[3];");
  w.line(o + "[3] = 6.0 * " + q + "[3];");
  w.close();
  w.close();
  const std::string y = p + "y", j = p + "j";
  if (!surface) {
    w.line("for (int " + j + " = 0; " + j + " < 4; ++" + j + ") { " + y + "[" + j + "] = " + c + "[0][" + j + "]; }");
    return;
  }
  // Linear in z between the two curves.
  const std::string dz = p + "dz", wz = p + "w", below = c + "[0][" + j + "]", above = c + "[1][" + j + "]";
  w.line("const double " + dz + " = " + p + "z[" + k + " + 1] - " + p + "z[" + k + "], " + wz + " = (" + zv + " - " + p +
         "z[" + k + "]) / " + dz + ";");
  w.open("for (int " + j + " = 0; " + j + " < 4; ++" + j + ")");
  w.line(y + "[" + j + "] = " + below + " + " + wz + " * (" + above + " - " + below + ");");
  w.line(p + "yz[" + j + "] = (" + above + " - " + below + ") / " + dz + ";");
  w.close();
}

}  // namespace

Dual write_spline(Writer& w, const dataset::ElementBindings::SplineCall& call, std::span<const Dual> arguments) {
  const Spline& s = *call.spline;
  const std::string p = w.unique("spline");
  w.line(std::string("/* The SPLINE's knots (x), each curve's cubics a + b t + c t^2 + d t^3, t = x - x_i, for ") +
         (call.method == Spline::Method::cubic ? "CUBSPL" : "AKISPL") + " (p), and beyond its ends " +
         (s.linear_extrapolation() ? "x0, y0 and the slope of a line" : "the parabola through three end points") +
         " (e)" + (s.is_surface() ? "; each curve's z (z)" : "") + " */");
  array(w, p + "x", s.x());
  array(w, p + "p", pieces(s, call.method));
  array(w, p + "e", ends(s));
  std::string zv;
  if (s.is_surface()) {
    std::vector<double> z;
    for (const dataset::Curve& c : s.curves()) z.push_back(c.z);
    array(w, p + "z", z);
    zv = call.z ? literal(*call.z) : text(arguments[1].v);
  }
  w.line("FX_MAYBE_UNUSED double " + p + "y[4]" + (s.is_surface() ? ", " + p + "yz[4]" : "") + ";");
  w.open("");
  evaluate(w, p, s, text(arguments[0].v), zv);
  w.close();

  // As ElementBindings::evaluate hands the spline on: iord picks the derivative that is the
  // value, the next ones are its partials by x; on a surface (iord 0) the partials by z.
  const auto y = [&](int j) { return variable(p + "y[" + std::to_string(j) + "]"); };
  const auto yz = [&](int j) { return s.is_surface() ? variable(p + "yz[" + std::to_string(j) + "]") : known(0.0); };
  const int order = call.order;
  std::vector<const Dual*> args{&arguments[0]};
  std::vector<Scalar> d{y(order + 1)}, dd{order + 2 <= 3 ? y(order + 2) : known(0.0)};
  if (arguments.size() == 2) {
    args.push_back(&arguments[1]);
    d.push_back(yz(order));
    dd = {dd[0], yz(order + 1), yz(order + 1), known(0.0)};
  }
  Dual r = w.chain_rows(y(order), args, d, dd);
  check_finite(w, r, "");
  if (w.checked()) {
    r.v.finite = true;
    for (Scalar& g : r.g) g.finite = true;
    for (Scalar& h : r.h) h.finite = true;
  }
  return r;
}

}  // namespace fexpr::codegen
