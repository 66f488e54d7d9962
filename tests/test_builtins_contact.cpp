// IMPACT and BISTOP, through the table and through the rd_impact-style impact()/bistop():
// forces, the order 0/1/2 layout against its closed forms (seed 000_cc7701156592f046), zeros
// where the contact is open or clipped, and parameter errors. Tolerance: 1e-12 relative
// (1e-12 absolute near 0).
#include "builtins_calls.hpp"

#include "builtins/contact.hpp"

#include <array>
#include <cmath>

namespace test_builtins_contact {

using namespace fexpr::builtins::testing;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using fexpr::builtins::bistop;
using fexpr::builtins::impact;

namespace {

void check_close(double actual, double expected) {
  CHECK_THAT(actual, WithinRel(expected, 1e-12) || WithinAbs(expected, 1e-12));
}

// STEP(x, x0, h0, x1, h1) and its x-derivatives, by hand: Δ = (x-x0)/L, a = h1-h0;
// STEP = h0 + aΔ²(3-2Δ), STEP' = 6aΔ(1-Δ)/L, STEP'' = 6a(1-2Δ)/L²; constants outside (x0, x1).
struct Step {
  double value, d1, d2;
};
Step step(double x, double x0, double h0, double x1, double h1) {
  const double L = x1 - x0, a = h1 - h0, t = (x - x0) / L;
  if (t <= 0) return {h0, 0, 0};
  if (t >= 1) return {h1, 0, 0};
  return {h0 + a * t * t * (3 - 2 * t), 6 * a * t * (1 - t) / L, 6 * a * (1 - 2 * t) / (L * L)};
}

std::array<double, 3> impact_order(int order, double x, double xdot, double x1, double k, double e, double cmax,
                                   double d) {
  std::array<double, 3> v{9, 9, 9};
  const char* error = impact(x, xdot, x1, k, e, cmax, d, order, v.data());
  REQUIRE(error == nullptr);
  return v;
}
std::array<double, 3> bistop_order(int order, double x, double xdot, double x1, double x2, double k, double e,
                                   double cmax, double d) {
  std::array<double, 3> v{9, 9, 9};
  const char* error = bistop(x, xdot, x1, x2, k, e, cmax, d, order, v.data());
  REQUIRE(error == nullptr);
  return v;
}

}  // namespace

TEST_CASE("IMPACT follows the rd_impact closed forms for x < x1", "[contact]") {
  // order 0: F = k(x1-x)^e - STEP(x, x1-d, cmax, x1, 0)·xdot
  // order 1: dF/dx = -k·e·(x1-x)^(e-1) - STEP'·xdot, dF/dxdot = -STEP
  // order 2: d²F/dx² = k·e·(e-1)·(x1-x)^(e-2) - STEP''·xdot, d²F/dx dxdot = -STEP', d²F/dxdot² = 0
  const double x1 = 1, k = 1e4, e = 1.5, cmax = 50, d = 0.1;
  auto [x, xdot] =
      GENERATE(table<double, double>({{0.5, -2.0},   // beyond the ramp: full damping
                                      {0.95, -2.0},  // inside the ramp (Δ = 0.5)
                                      {0.97, 0.3},   // inside the ramp, separating but still pushing
                                      {0.9, -1.0},   // at the ramp's far end x1 - d: constant side, STEP' = STEP'' = 0
                                      {0.999, 0.0}}));
  INFO("x = " << x << ", xdot = " << xdot);
  const double u = x1 - x;
  const Step s = step(x, x1 - d, cmax, x1, 0);
  const double force = k * std::pow(u, e) - s.value * xdot;
  REQUIRE(force > 0);

  const auto v0 = impact_order(0, x, xdot, x1, k, e, cmax, d);
  check_close(v0[0], force);
  CHECK(v0[1] == 0);
  CHECK(v0[2] == 0);
  const auto v1 = impact_order(1, x, xdot, x1, k, e, cmax, d);
  check_close(v1[0], -k * e * std::pow(u, e - 1) - s.d1 * xdot);
  check_close(v1[1], -s.value);
  CHECK(v1[2] == 0);
  const auto v2 = impact_order(2, x, xdot, x1, k, e, cmax, d);
  check_close(v2[0], k * e * (e - 1) * std::pow(u, e - 2) - s.d2 * xdot);
  check_close(v2[1], -s.d1);
  CHECK(v2[2] == 0);

  SECTION("the table's IMPACT is the same function and has the same x, xdot partials") {
    const Derivatives r = derivatives("IMPACT", {x, xdot, x1, k, e, cmax, d});
    check_close(r.value, force);
    check_close(r.d[0], v1[0]);
    check_close(r.d[1], v1[1]);
    check_close(r.second(0, 0), v2[0]);
    check_close(r.second(0, 1), v2[1]);
    check_close(r.second(1, 0), v2[1]);
    CHECK(r.second(1, 1) == 0);
  }
  SECTION("and partials by the parameters") {
    // dF/dk = u^e, dF/de = k·u^e·ln u, dF/dx1 = k·e·u^(e-1) - xdot·∂STEP/∂x1, dF/dcmax = -xdot·STEP/cmax.
    const Derivatives r = derivatives("IMPACT", {x, xdot, x1, k, e, cmax, d});
    check_close(r.d[3], std::pow(u, e));
    check_close(r.d[4], k * std::pow(u, e) * std::log(u));
    check_close(r.d[5], -xdot * s.value / cmax);
    // d²F/de² = k·u^e·ln²u, d²F/dk de = u^e·ln u.
    check_close(r.second(4, 4), k * std::pow(u, e) * std::log(u) * std::log(u));
    check_close(r.second(3, 4), std::pow(u, e) * std::log(u));
  }
}

TEST_CASE("IMPACT is 0, with every derivative 0, where the contact is open or the force is clipped", "[contact]") {
  const double x1 = 1, k = 1e4, e = 1.5, cmax = 50, d = 0.1;
  auto [x, xdot] = GENERATE(table<double, double>({
      {1.0, -5.0},    // x = x1: the x >= x1 branch
      {1.5, -5.0},    // open
      {0.99, 100.0},  // separating fast: k·0.01^1.5 - STEP·100 < 0, clipped
  }));
  INFO("x = " << x << ", xdot = " << xdot);
  for (int order : {0, 1, 2}) CHECK(impact_order(order, x, xdot, x1, k, e, cmax, d) == std::array<double, 3>{0, 0, 0});
  const Derivatives r = derivatives("IMPACT", {x, xdot, x1, k, e, cmax, d});
  CHECK(r.value == 0);
  CHECK(r.d == std::vector<double>(7, 0.0));
  CHECK(r.dd == std::vector<double>(49, 0.0));
}

TEST_CASE("BISTOP pushes back from both stops and is 0 between them", "[contact]") {
  const double x1 = -1, x2 = 2, k = 500, e = 2.2, cmax = 20, d = 0.25;
  SECTION("below x1: as IMPACT at x1") {
    auto [x, xdot] = GENERATE(table<double, double>({{-1.5, -3.0}, {-1.1, -3.0}, {-1.2, 0.5}}));
    const double u = x1 - x;
    const Step s = step(x, x1 - d, cmax, x1, 0);
    const double force = k * std::pow(u, e) - s.value * xdot;
    REQUIRE(force > 0);
    check_close(call("BISTOP", {x, xdot, x1, x2, k, e, cmax, d}), force);
    const auto v1 = bistop_order(1, x, xdot, x1, x2, k, e, cmax, d);
    check_close(v1[0], -k * e * std::pow(u, e - 1) - s.d1 * xdot);
    check_close(v1[1], -s.value);
    const auto v2 = bistop_order(2, x, xdot, x1, x2, k, e, cmax, d);
    check_close(v2[0], k * e * (e - 1) * std::pow(u, e - 2) - s.d2 * xdot);
    check_close(v2[1], -s.d1);
    CHECK(v2[2] == 0);
  }
  SECTION("above x2: F = -k(x-x2)^e - STEP(x, x2, 0, x2+d, cmax)·xdot, kept <= 0") {
    // dF/dx = -k·e·(x-x2)^(e-1) - STEP'·xdot, dF/dxdot = -STEP;
    // d²F/dx² = -k·e·(e-1)·(x-x2)^(e-2) - STEP''·xdot, d²F/dx dxdot = -STEP'.
    auto [x, xdot] = GENERATE(table<double, double>({{2.5, 3.0}, {2.1, 3.0}, {2.2, -0.5}}));
    const double u = x - x2;
    const Step s = step(x, x2, 0, x2 + d, cmax);
    const double force = -k * std::pow(u, e) - s.value * xdot;
    REQUIRE(force < 0);
    check_close(bistop_order(0, x, xdot, x1, x2, k, e, cmax, d)[0], force);
    const auto v1 = bistop_order(1, x, xdot, x1, x2, k, e, cmax, d);
    check_close(v1[0], -k * e * std::pow(u, e - 1) - s.d1 * xdot);
    check_close(v1[1], -s.value);
    const auto v2 = bistop_order(2, x, xdot, x1, x2, k, e, cmax, d);
    check_close(v2[0], -k * e * (e - 1) * std::pow(u, e - 2) - s.d2 * xdot);
    check_close(v2[1], -s.d1);
    CHECK(v2[2] == 0);
    const Derivatives r = derivatives("BISTOP", {x, xdot, x1, x2, k, e, cmax, d});
    check_close(r.d[0], v1[0]);
    check_close(r.second(0, 1), v2[1]);
  }
  SECTION("zero on [x1, x2] and where clipped, derivatives included") {
    auto [x, xdot] = GENERATE(table<double, double>({{-1.0, 5.0},
                                                     {0.0, 5.0},
                                                     {2.0, -5.0},        // between the stops, both ends included
                                                     {-1.01, 100.0},     // separating from x1 fast: clipped
                                                     {2.01, -100.0}}));  // separating from x2 fast: clipped
    INFO("x = " << x << ", xdot = " << xdot);
    for (int order : {0, 1, 2})
      CHECK(bistop_order(order, x, xdot, x1, x2, k, e, cmax, d) == std::array<double, 3>{0, 0, 0});
    const Derivatives r = derivatives("BISTOP", {x, xdot, x1, x2, k, e, cmax, d});
    CHECK(r.d == std::vector<double>(8, 0.0));
    CHECK(r.dd == std::vector<double>(64, 0.0));
  }
}

TEST_CASE("Contact parameter errors are reported by every path", "[contact][errors]") {
  SECTION("IMPACT") {
    auto [k, e, cmax, d, message] = GENERATE(table<double, double, double, double, std::string>(
        {{-1, 1.5, 10, 0.1, "IMPACT with k < 0"},
         {100, 0, 10, 0.1, "IMPACT with e <= 0"},
         {100, -1, 10, 0.1, "IMPACT with e <= 0"},
         {100, 1.5, -1, 0.1, "IMPACT with cmax < 0"},
         {100, 1.5, 10, 0, "IMPACT with d <= 0 (or too small to move x1)"},
         {100, 1.5, 10, -0.1, "IMPACT with d <= 0 (or too small to move x1)"}}));
    CHECK(error("IMPACT", {0.5, 0, 1, k, e, cmax, d}) == message);
    for (int order : {0, 1, 2}) {
      double v[3] = {9, 9, 9};
      CHECK(impact(0.5, 0, 1, k, e, cmax, d, order, v) == message);
      CHECK((v[0] == 0 && v[1] == 0 && v[2] == 0));
    }
  }
  SECTION("a d below the resolution of x1") {
    CHECK(error("IMPACT", {0.5, 0, 1e10, 1, 1, 1, 1e-10}) == "IMPACT with d <= 0 (or too small to move x1)");
  }
  SECTION("BISTOP") {
    auto [x1, x2, k, e, cmax, d, message] = GENERATE(table<double, double, double, double, double, double, std::string>(
        {{1, 1, 100, 1.5, 10, 0.1, "BISTOP with x1 >= x2"},
         {2, 1, 100, 1.5, 10, 0.1, "BISTOP with x1 >= x2"},
         {0, 1, -1, 1.5, 10, 0.1, "BISTOP with k < 0"},
         {0, 1, 100, 0, 10, 0.1, "BISTOP with e <= 0"},
         {0, 1, 100, 1.5, -1, 0.1, "BISTOP with cmax < 0"},
         {0, 1, 100, 1.5, 10, 0, "BISTOP with d <= 0 (or too small to move x1 or x2)"}}));
    CHECK(error("BISTOP", {0.5, 0, x1, x2, k, e, cmax, d}) == message);
    for (int order : {0, 1, 2}) {
      double v[3] = {9, 9, 9};
      CHECK(bistop(0.5, 0, x1, x2, k, e, cmax, d, order, v) == message);
    }
  }
  SECTION("an order other than 0, 1 or 2") {
    double v[3] = {9, 9, 9};
    CHECK(std::string(impact(0.5, 0, 1, 100, 1.5, 10, 0.1, 3, v)) == "IMPACT order must be 0, 1 or 2");
    CHECK(std::string(bistop(0.5, 0, 0, 1, 100, 1.5, 10, 0.1, -1, v)) == "BISTOP order must be 0, 1 or 2");
    CHECK((v[0] == 0 && v[1] == 0 && v[2] == 0));
  }
}

}  // namespace test_builtins_contact
