// SPLINE data and the two interpolations Adams offers over it: CUBSPL (a cubic spline with
// continuous first and second derivatives) and AKISPL (Akima's local method). A SPLINE with
// several Y= rows is a surface: cubic (or Akima) in x, linear in z between the rows.
#pragma once

#include "dataset/statement.hpp"

#include <string>
#include <variant>
#include <vector>

namespace fexpr::dataset {

struct Curve {
  double z = 0.0;
  std::vector<double> y;
};

class Spline {
 public:
  enum class Method { cubic, akima };
  struct Piece {
    double a, b, c, d;  // y = a + b t + c t^2 + d t^3, t = x - x_i
  };
  // x strictly increasing with at least 4 points (Adams' rule), every curve as long as x;
  // curves sorted by z. Returns an error message, or empty.
  static std::string validate(const std::vector<double>& x, const std::vector<Curve>& curves);
  Spline(std::vector<double> x, std::vector<Curve> curves, bool linear_extrapolation);

  // d^k y / dx^k at (x, z) for k = 0..3 (out[k]), and d/dz of each (out_z[k]) on surfaces.
  void evaluate(Method method, double x, double z, double out[4], double out_z[4]) const;
  bool is_surface() const { return curves_.size() > 1; }

  // The data evaluate() reads, for writing it out (fexpr codegen): the knots, the curves, the
  // end rule, and each curve's cubics between the knots.
  const std::vector<double>& x() const { return x_; }
  const std::vector<Curve>& curves() const { return curves_; }
  bool linear_extrapolation() const { return linear_extrapolation_; }
  const std::vector<Piece>& pieces(Method method, std::size_t row) const {
    return (method == Method::cubic ? cubic_ : akima_)[row];
  }

 private:
  std::vector<Piece> fit(Method method, const std::vector<double>& y) const;
  void curve(Method method, std::size_t row, double x, double out[4]) const;

  std::vector<double> x_;
  std::vector<Curve> curves_;
  bool linear_extrapolation_;
  std::vector<std::vector<Piece>> cubic_, akima_;  // per curve
};

struct SplineProblem {
  Span span;
  std::string message;
};
// The spline a SPLINE statement's X= and Y= rows define (several Y= rows: each starts with its z).
std::variant<Spline, SplineProblem> read_spline(const Statement& s);

}  // namespace fexpr::dataset
