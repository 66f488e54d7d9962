#include "dataset/spline.hpp"

#include "dataset/values.hpp"

#include <algorithm>
#include <cmath>

namespace fexpr::dataset {

std::string Spline::validate(const std::vector<double>& x, const std::vector<Curve>& curves) {
  if (x.size() < 4) return "a SPLINE needs at least 4 X values, got " + std::to_string(x.size());
  for (std::size_t i = 1; i < x.size(); ++i) {
    if (!(x[i] > x[i - 1])) return "SPLINE X values must increase strictly (X" + std::to_string(i + 1) + ")";
  }
  if (curves.empty()) return "a SPLINE needs Y values";
  for (const Curve& c : curves) {
    if (c.y.size() != x.size())
      return "a SPLINE needs as many Y values as X values (" + std::to_string(x.size()) + "), got " + std::to_string(c.y.size());
  }
  for (std::size_t i = 1; i < curves.size(); ++i) {
    if (!(curves[i].z > curves[i - 1].z)) return "the Z values of a SPLINE surface must increase strictly";
  }
  return {};
}

Spline::Spline(std::vector<double> x, std::vector<Curve> curves, bool linear_extrapolation)
    : x_(std::move(x)), curves_(std::move(curves)), linear_extrapolation_(linear_extrapolation) {
  for (const Curve& c : curves_) {
    cubic_.push_back(fit(Method::cubic, c.y));
    akima_.push_back(fit(Method::akima, c.y));
  }
}

// Piecewise cubics from the slopes at the knots (Hermite form).
std::vector<Spline::Piece> Spline::fit(Method method, const std::vector<double>& y) const {
  const std::size_t n = x_.size();
  std::vector<double> h(n - 1), m(n - 1), slope(n);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    h[i] = x_[i + 1] - x_[i];
    m[i] = (y[i + 1] - y[i]) / h[i];
  }
  if (method == Method::cubic) {
    // Natural spline: second derivative zero at both ends; solve the tridiagonal system for
    // the second derivatives M (Thomas algorithm), then the knot slopes follow from them.
    std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 0.0), r(n, 0.0), M(n, 0.0);
    for (std::size_t i = 1; i + 1 < n; ++i) {
      a[i] = h[i - 1];
      b[i] = 2.0 * (h[i - 1] + h[i]);
      c[i] = h[i];
      r[i] = 6.0 * (m[i] - m[i - 1]);
    }
    for (std::size_t i = 1; i < n; ++i) {
      double w = a[i] / b[i - 1];
      b[i] -= w * c[i - 1];
      r[i] -= w * r[i - 1];
    }
    M[n - 1] = r[n - 1] / b[n - 1];
    for (std::size_t i = n - 1; i-- > 0;) M[i] = (r[i] - c[i] * M[i + 1]) / b[i];
    std::vector<Piece> p(n - 1);
    for (std::size_t i = 0; i + 1 < n; ++i) {
      p[i] = {y[i], m[i] - h[i] * (2.0 * M[i] + M[i + 1]) / 6.0, M[i] / 2.0, (M[i + 1] - M[i]) / (6.0 * h[i])};
    }
    return p;
  }
  // Akima: slopes from the neighbouring secants, with two extra secants extrapolated at each end.
  std::vector<double> s(n + 3);
  for (std::size_t i = 0; i + 1 < n; ++i) s[i + 2] = m[i];
  s[1] = 2.0 * s[2] - s[3];
  s[0] = 2.0 * s[1] - s[2];
  s[n + 1] = 2.0 * s[n] - s[n - 1];
  s[n + 2] = 2.0 * s[n + 1] - s[n];
  for (std::size_t i = 0; i < n; ++i) {
    double w1 = std::abs(s[i + 3] - s[i + 2]), w2 = std::abs(s[i + 1] - s[i]);
    slope[i] = (w1 + w2 == 0.0) ? 0.5 * (s[i + 1] + s[i + 2]) : (w1 * s[i + 1] + w2 * s[i + 2]) / (w1 + w2);
  }
  std::vector<Piece> p(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    double c2 = (3.0 * m[i] - 2.0 * slope[i] - slope[i + 1]) / h[i];
    double c3 = (slope[i] + slope[i + 1] - 2.0 * m[i]) / (h[i] * h[i]);
    p[i] = {y[i], slope[i], c2, c3};
  }
  return p;
}

void Spline::curve(Method method, std::size_t row, double x, double out[4]) const {
  const auto& p = pieces(method, row);
  const std::size_t n = x_.size();
  // Outside the data: a straight line through the end knot with its slope (LINEAR_EXTRAPOLATE),
  // or the parabola through the last three points (Adams' default).
  if (x < x_[0] || x > x_[n - 1]) {
    bool low = x < x_[0];
    std::size_t i0 = low ? 0 : n - 3;
    const std::vector<double>& y = curves_[row].y;
    if (linear_extrapolation_) {
      double x0 = low ? x_[0] : x_[n - 1];
      double y0 = low ? y[0] : y[n - 1];
      double s = low ? (y[1] - y[0]) / (x_[1] - x_[0]) : (y[n - 1] - y[n - 2]) / (x_[n - 1] - x_[n - 2]);
      out[0] = y0 + s * (x - x0);
      out[1] = s;
      out[2] = out[3] = 0.0;
      return;
    }
    double xa = x_[i0], xb = x_[i0 + 1], xc = x_[i0 + 2];
    double ya = y[i0], yb = y[i0 + 1], yc = y[i0 + 2];
    double la = 1.0 / ((xa - xb) * (xa - xc)), lb = 1.0 / ((xb - xa) * (xb - xc)), lc = 1.0 / ((xc - xa) * (xc - xb));
    out[0] = ya * la * (x - xb) * (x - xc) + yb * lb * (x - xa) * (x - xc) + yc * lc * (x - xa) * (x - xb);
    out[1] = ya * la * (2 * x - xb - xc) + yb * lb * (2 * x - xa - xc) + yc * lc * (2 * x - xa - xb);
    out[2] = 2.0 * (ya * la + yb * lb + yc * lc);
    out[3] = 0.0;
    return;
  }
  std::size_t i = static_cast<std::size_t>(std::upper_bound(x_.begin(), x_.end(), x) - x_.begin());
  i = std::min(i == 0 ? 0 : i - 1, n - 2);
  double t = x - x_[i];
  const Piece& q = p[i];
  out[0] = q.a + t * (q.b + t * (q.c + t * q.d));
  out[1] = q.b + t * (2.0 * q.c + 3.0 * t * q.d);
  out[2] = 2.0 * q.c + 6.0 * t * q.d;
  out[3] = 6.0 * q.d;
}

void Spline::evaluate(Method method, double x, double z, double out[4], double out_z[4]) const {
  if (curves_.size() == 1) {
    curve(method, 0, x, out);
    std::fill(out_z, out_z + 4, 0.0);
    return;
  }
  // Linear in z between the two bracketing curves, extended linearly beyond the first and last.
  std::size_t k = 0;
  while (k + 2 < curves_.size() && z > curves_[k + 1].z) ++k;
  double lo[4], hi[4];
  curve(method, k, x, lo);
  curve(method, k + 1, x, hi);
  double dz = curves_[k + 1].z - curves_[k].z, w = (z - curves_[k].z) / dz;
  for (int j = 0; j < 4; ++j) {
    out[j] = lo[j] + w * (hi[j] - lo[j]);
    out_z[j] = (hi[j] - lo[j]) / dz;
  }
}

std::variant<Spline, SplineProblem> read_spline(const Statement& s) {
  std::vector<double> x;
  std::vector<Curve> curves;
  for (const Argument& a : s.arguments) {
    if (a.keyword != "X" && a.keyword != "Y") continue;
    std::vector<double> v;
    for (const Value& value : a.values) {
      auto r = real(value);
      if (!r) return SplineProblem{value.span, not_real(value)};
      v.push_back(*r);
    }
    if (a.keyword == "X") x = std::move(v);
    else curves.push_back({0.0, std::move(v)});
  }
  if (curves.size() > 1) {
    for (Curve& c : curves) {
      if (c.y.empty()) continue;
      c.z = c.y.front();
      c.y.erase(c.y.begin());
    }
  }
  std::string problem = Spline::validate(x, curves);
  if (!problem.empty()) return SplineProblem{s.name_span, problem};
  return Spline(std::move(x), std::move(curves), find_argument(s, "LINEAR_EXTRAPOLATE") != nullptr);
}

}  // namespace fexpr::dataset
