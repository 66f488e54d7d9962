// STEP, STEP5 and HAVSIN: values, closed-form partials with respect to every argument, the
// constant-side convention at x0 and x1, and the errors for x0 > x1 and x0 = x1.
// Notation of the hand computations: Δ = (x-x0)/L, L = x1-x0, a = h1-h0, s(Δ) the shape.
#include "builtins_calls.hpp"

#include <cmath>
#include <numbers>

namespace test_builtins_steps {

using namespace fexpr::builtins::testing;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using std::numbers::pi;

namespace {
constexpr double kRel = 1e-13;

// A shape with its first two derivatives, written out by hand.
struct Shape {
  const char* name;
  double (*s)(double);
  double (*s1)(double);
  double (*s2)(double);
};
const std::vector<Shape> kShapes = {
    {"STEP", [](double t) { return t * t * (3 - 2 * t); }, [](double t) { return 6 * t * (1 - t); },
     [](double t) { return 6 * (1 - 2 * t); }},
    {"STEP5", [](double t) { return t * t * t * (10 - 15 * t + 6 * t * t); },
     [](double t) { return 30 * t * t * (1 - t) * (1 - t); }, [](double t) { return 60 * t * (1 - t) * (1 - 2 * t); }},
    {"HAVSIN", [](double t) { return (1 - std::cos(pi * t)) / 2; }, [](double t) { return pi / 2 * std::sin(pi * t); },
     [](double t) { return pi * pi / 2 * std::cos(pi * t); }},
};

void check_close(double actual, double expected) {
  CHECK_THAT(actual, WithinRel(expected, kRel) || WithinAbs(expected, 1e-14));
}
}  // namespace

TEST_CASE("STEP follows the documented example", "[steps]") {
  // STEP((2, 3, 3.5, 4, 5), 3, 0, 4, 1) -> 0, 0, 0.5, 1, 1; at 3.5: Δ = 0.5, 0.5²(3-1) = 0.5.
  auto [x, expected] = GENERATE(table<double, double>({{2, 0}, {3, 0}, {3.5, 0.5}, {4, 1}, {5, 1}}));
  CHECK(call("STEP", {x, 3, 0, 4, 1}) == expected);
}

TEST_CASE("STEP, STEP5 and HAVSIN take their values from their shapes", "[steps]") {
  SECTION("hand-computed points") {
    // STEP(3.25, 3, 0, 4, 1): Δ = 0.25, 0.0625·(3-0.5) = 0.15625.
    CHECK(call("STEP", {3.25, 3, 0, 4, 1}) == 0.15625);
    // STEP(1, 0, 2, 2, -2): Δ = 0.5, 2 + (-4)·0.5 = 0.
    CHECK(call("STEP", {1, 0, 2, 2, -2}) == 0.0);
    // STEP5(3.25, 3, 0, 4, 1): Δ = 0.25, 0.015625·(10 - 3.75 + 0.375) = 0.103515625.
    CHECK(call("STEP5", {3.25, 3, 0, 4, 1}) == 0.103515625);
    CHECK(call("STEP5", {3.5, 3, 0, 4, 1}) == 0.5);
    // HAVSIN(3.25, 3, 0, 4, 2): 2·(1 - cos(π/4))/2 = 1 - √2/2.
    check_close(call("HAVSIN", {3.25, 3, 0, 4, 2}), 1 - std::sqrt(2.0) / 2);
    check_close(call("HAVSIN", {3.5, 3, -1, 4, 1}), 0.0);
  }
  SECTION("every shape at interior points") {
    const Shape& shape = GENERATE(from_range(kShapes));
    auto t = GENERATE(0.1, 0.3, 0.5, 0.77, 0.95);
    const double x0 = -1.5, h0 = 2, x1 = 2.5, h1 = -3, x = x0 + t * (x1 - x0);
    INFO(shape.name << " at Δ = " << t);
    check_close(call(shape.name, {x, x0, h0, x1, h1}), h0 + (h1 - h0) * shape.s(t));
  }
  SECTION("constant outside [x0, x1]") {
    const Shape& shape = GENERATE(from_range(kShapes));
    CHECK(call(shape.name, {-10, 3, 7, 4, 9}) == 7);
    CHECK(call(shape.name, {3, 3, 7, 4, 9}) == 7);
    CHECK(call(shape.name, {4, 3, 7, 4, 9}) == 9);
    CHECK(call(shape.name, {1e9, 3, 7, 4, 9}) == 9);
  }
}

TEST_CASE("The steps' partials with respect to every argument match the closed forms", "[steps][derivatives]") {
  // F = h0 + a·s(Δ). dΔ/dx = 1/L, dΔ/dx0 = (Δ-1)/L, dΔ/dx1 = -Δ/L; d/dh0 = 1 - s, d/dh1 = s.
  // Second partials: F_pq = a·(s''·Δ_p·Δ_q + s'·Δ_pq) + (s' terms from a for h0/h1), with
  // Δ_xx = 0, Δ_x x0 = 1/L², Δ_x x1 = -1/L², Δ_x0 x0 = 2(Δ-1)/L², Δ_x0 x1 = (1-2Δ)/L², Δ_x1 x1 = 2Δ/L².
  const Shape& shape = GENERATE(from_range(kShapes));
  auto t = GENERATE(0.2, 0.5, 0.9);
  const double x0 = 1, h0 = -2, x1 = 3.5, h1 = 4, L = x1 - x0, a = h1 - h0, x = x0 + t * L;
  INFO(shape.name << " at Δ = " << t);
  const double s = shape.s(t), s1 = shape.s1(t), s2 = shape.s2(t);
  const double D[5] = {1 / L, (t - 1) / L, 0, -t / L, 0};  // dΔ/d(x, x0, h0, x1, h1)
  const double DD[5][5] = {{0, 1 / (L * L), 0, -1 / (L * L), 0},
                           {1 / (L * L), 2 * (t - 1) / (L * L), 0, (1 - 2 * t) / (L * L), 0},
                           {0, 0, 0, 0, 0},
                           {-1 / (L * L), (1 - 2 * t) / (L * L), 0, 2 * t / (L * L), 0},
                           {0, 0, 0, 0, 0}};
  const double da[5] = {0, 0, -1, 0, 1};  // da/d(x, x0, h0, x1, h1)
  const Derivatives r = derivatives(shape.name, {x, x0, h0, x1, h1});
  const double first[5] = {a * s1 * D[0], a * s1 * D[1], 1 - s, a * s1 * D[3], s};
  for (int p = 0; p < 5; ++p) {
    INFO("first partial " << p);
    check_close(r.d[p], first[p]);
    for (int q = 0; q < 5; ++q) {
      INFO("second partial " << p << ", " << q);
      const double expected = a * (s2 * D[p] * D[q] + s1 * DD[p][q]) + s1 * (da[p] * D[q] + da[q] * D[p]);
      check_close(r.second(p, q), expected);
    }
  }
}

TEST_CASE("At x0 and x1 the steps take the constant side's derivatives", "[steps][derivatives]") {
  const Shape& shape = GENERATE(from_range(kShapes));
  INFO(shape.name);
  SECTION("at x0: only dF/dh0 = 1") {
    const Derivatives r = derivatives(shape.name, {3, 3, 7, 4, 9});
    CHECK(r.value == 7);
    CHECK(r.d == std::vector<double>{0, 0, 1, 0, 0});
    CHECK(r.dd == std::vector<double>(25, 0.0));
  }
  SECTION("at x1: only dF/dh1 = 1") {
    const Derivatives r = derivatives(shape.name, {4, 3, 7, 4, 9});
    CHECK(r.value == 9);
    CHECK(r.d == std::vector<double>{0, 0, 0, 0, 1});
    CHECK(r.dd == std::vector<double>(25, 0.0));
  }
  SECTION("just inside: the slope is continuous, the curvature is the shape's s''(0) and s''(1)") {
    // With L = 1, a = 2: d²F/dx² -> a·s''(0) at x0+ and a·s''(1) at x1-.
    const double eps = 1e-9;
    const Derivatives after_x0 = derivatives(shape.name, {3 + eps, 3, 7, 4, 9});
    const Derivatives before_x1 = derivatives(shape.name, {4 - eps, 3, 7, 4, 9});
    CHECK_THAT(after_x0.d[0], WithinAbs(2 * shape.s1(0), 1e-7));
    CHECK_THAT(before_x1.d[0], WithinAbs(2 * shape.s1(1), 1e-7));
    CHECK_THAT(after_x0.second(0, 0), WithinAbs(2 * shape.s2(0), 1e-6));
    CHECK_THAT(before_x1.second(0, 0), WithinAbs(2 * shape.s2(1), 1e-6));
  }
}

TEST_CASE("A step with x0 > x1 is an error that says how to write the step the other way", "[steps][errors]") {
  // Adams' definition, h0 for x <= x0, the shape on x0 < x < x1, h1 for x >= x1, gives both h0
  // and h1 on [x1, x0] when x0 > x1: no value to return, wherever x is.
  for (double x : {0.0, 3.0, 3.5, 4.0, 9.0}) {
    INFO("x = " << x);
    CHECK(error("STEP", {x, 4, 1, 3, 0}) ==
          "STEP with x0 > x1 is undefined (the step runs from x0 up to x1); for a step from x1 to x0 write "
          "STEP(x, x1, h1, x0, h0)");
    CHECK(error("STEP5", {x, 4, 1, 3, 0}) ==
          "STEP5 with x0 > x1 is undefined (the step runs from x0 up to x1); for a step from x1 to x0 write "
          "STEP5(x, x1, h1, x0, h0)");
    CHECK(error("HAVSIN", {x, 4, 1, 3, 0}) ==
          "HAVSIN with x0 > x1 is undefined (the step runs from x0 up to x1); for a step from x1 to x0 write "
          "HAVSIN(x, x1, h1, x0, h0)");
  }
  // The advice holds: with the ends swapped the step goes from 0 at x = 3 to 1 at x = 4.
  CHECK(call("STEP", {3.5, 3, 0, 4, 1}) == 0.5);
}

TEST_CASE("A step with x0 = x1 is an error, as the Adams utility subroutines say", "[steps][errors]") {
  CHECK(error("STEP", {1, 2, 0, 2, 1}) == "STEP with x0 = x1 is a jump, which STEP cannot fit; give x1 > x0");
  CHECK(error("STEP5", {3, 2, 0, 2, 1}) == "STEP5 with x0 = x1 is a jump, which STEP5 cannot fit; give x1 > x0");
  CHECK(error("HAVSIN", {2, 2, 0, 2, 1}) == "HAVSIN with x0 = x1 is a jump, which HAVSIN cannot fit; give x1 > x0");
}

}  // namespace test_builtins_steps
