// fexpr_impact and fexpr_bistop: RecurDyn's rd_impact contract (order 0 value, order 1 first and
// order 2 second partials in x and xdot), against closed forms written out here, against
// central differences of the lower order, and against the IMPACT of the expression language.
#include <catch2/catch.hpp>
#include <fexpr/fexpr.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>

namespace test_capi_impact {

namespace {

using Values = std::array<double, 3>;

Values impact(double x, double xdot, double x1, double k, double e, double cmax, double d, int order) {
  Values v{99, 99, 99};
  int errflg = -1;
  REQUIRE(fexpr_impact(x, xdot, x1, k, e, cmax, d, order, v.data(), &errflg) == FEXPR_OK);
  REQUIRE(errflg == 0);
  return v;
}

Values bistop(double x, double xdot, double x1, double x2, double k, double e, double cmax, double d, int order) {
  Values v{99, 99, 99};
  int errflg = -1;
  REQUIRE(fexpr_bistop(x, xdot, x1, x2, k, e, cmax, d, order, v.data(), &errflg) == FEXPR_OK);
  REQUIRE(errflg == 0);
  return v;
}

void check_values(const Values& got, const Values& expected) {
  for (std::size_t i = 0; i < 3; ++i) {
    INFO("value[" << i << "]");
    CHECK(got[i] == Approx(expected[i]).epsilon(1e-12).margin(1e-12));
  }
}

// The damping ramp of IMPACT, STEP(x, x1-d, cmax, x1, 0) = cmax(1 - 3D^2 + 2D^3) with
// D = (x - x1 + d)/d, and its first two derivatives in x.
struct Ramp {
  double c, dc, ddc;
};
Ramp falling(double x, double x1, double cmax, double d) {
  const double t = (x - x1 + d) / d;
  return {cmax * (1 - 3 * t * t + 2 * t * t * t), cmax * (-6 * t + 6 * t * t) / d, cmax * (-6 + 12 * t) / (d * d)};
}

}  // namespace

TEST_CASE("IMPACT in the damping ramp has the rd_impact closed forms", "[capi][contact]") {
  // x = 0.9, xdot = -2, x1 = 1, k = 1000, e = 1.5, cmax = 10, d = 0.2: penetration 0.1, half way
  // down the ramp (c = 5, c' = -75, c'' = 0). The IMPACT example of docs/c-cpp.md: F = 41.622777.
  const double u = 0.1;
  const Ramp r = falling(0.9, 1, 10, 0.2);
  REQUIRE(r.c == Approx(5.0));
  REQUIRE(r.dc == Approx(-75.0));
  check_values(impact(0.9, -2, 1, 1000, 1.5, 10, 0.2, 0), {1000 * std::pow(u, 1.5) - r.c * -2, 0, 0});
  CHECK(impact(0.9, -2, 1, 1000, 1.5, 10, 0.2, 0)[0] == Approx(41.622777).epsilon(1e-8));
  check_values(impact(0.9, -2, 1, 1000, 1.5, 10, 0.2, 1), {-1000 * 1.5 * std::pow(u, 0.5) - r.dc * -2, -r.c, 0});
  check_values(impact(0.9, -2, 1, 1000, 1.5, 10, 0.2, 2),
               {1000 * 1.5 * 0.5 * std::pow(u, -0.5) - r.ddc * -2, -r.dc, 0});
}

TEST_CASE("IMPACT where the ramp curves has a second derivative from the damping", "[capi][contact]") {
  // x = 0.925, xdot = -1, x1 = 1, k = 100, e = 1, cmax = 4, d = 0.1: a quarter down the ramp,
  // c = 3.375, c' = -45, c'' = -1200; the linear spring adds nothing to d2F/dx2.
  const Ramp r = falling(0.925, 1, 4, 0.1);
  REQUIRE(r.c == Approx(3.375));
  REQUIRE(r.dc == Approx(-45.0));
  REQUIRE(r.ddc == Approx(-1200.0));
  check_values(impact(0.925, -1, 1, 100, 1, 4, 0.1, 0), {100 * 0.075 + r.c, 0, 0});
  check_values(impact(0.925, -1, 1, 100, 1, 4, 0.1, 1), {-100 - r.dc * -1, -r.c, 0});
  check_values(impact(0.925, -1, 1, 100, 1, 4, 0.1, 2), {-r.ddc * -1, -r.dc, 0});
}

TEST_CASE("IMPACT deeper than d has the full damping cmax", "[capi][contact]") {
  // x = 0.5, xdot = 0.3, x1 = 1, k = 1000, e = 2, cmax = 10, d = 0.2: penetration 0.5.
  check_values(impact(0.5, 0.3, 1, 1000, 2, 10, 0.2, 0), {1000 * 0.25 - 10 * 0.3, 0, 0});
  check_values(impact(0.5, 0.3, 1, 1000, 2, 10, 0.2, 1), {-1000 * 2 * 0.5, -10, 0});
  check_values(impact(0.5, 0.3, 1, 1000, 2, 10, 0.2, 2), {1000 * 2 * 1, 0, 0});
}

TEST_CASE("IMPACT is all 0 where the contact is open or the force is clipped", "[capi][contact]") {
  const int order = GENERATE(0, 1, 2);
  INFO("order " << order);
  check_values(impact(1.2, -3, 1, 1000, 1.5, 10, 0.2, order), {0, 0, 0});
  check_values(impact(1.0, -3, 1, 1000, 1.5, 10, 0.2, order), {0, 0, 0});  // at x1: the open side
  // Separating fast near the surface: 1000*0.01^1.5 - c*50 < 0.
  check_values(impact(0.99, 50, 1, 1000, 1.5, 10, 0.2, order), {0, 0, 0});
}

TEST_CASE("BISTOP pushes up below x1, down above x2, and is 0 between", "[capi][contact]") {
  const double x1 = 0, x2 = 2, k = 1000, e = 1.5, cmax = 10, d = 0.2;
  SECTION("below x1 it is IMPACT") {
    for (double x : {-0.05, -0.1, -0.15, -0.5}) {
      for (int order = 0; order <= 2; ++order) {
        INFO("x = " << x << ", order " << order);
        check_values(bistop(x, -0.7, x1, x2, k, e, cmax, d, order), impact(x, -0.7, x1, k, e, cmax, d, order));
      }
    }
  }
  SECTION("above x2: F = -k(x-x2)^e - STEP(x, x2, 0, x2+d, cmax)*xdot") {
    // x = 2.1, xdot = 0.5: half way up the ramp, c = 5, c' = 75, c'' = 0.
    const double u = 0.1, t = 0.5;
    const double c = cmax * (3 * t * t - 2 * t * t * t), dc = cmax * (6 * t - 6 * t * t) / d;
    const double ddc = cmax * (6 - 12 * t) / (d * d);
    REQUIRE(c == Approx(5.0));
    REQUIRE(dc == Approx(75.0));
    check_values(bistop(2.1, 0.5, x1, x2, k, e, cmax, d, 0), {-k * std::pow(u, e) - c * 0.5, 0, 0});
    check_values(bistop(2.1, 0.5, x1, x2, k, e, cmax, d, 1), {-k * e * std::pow(u, e - 1) - dc * 0.5, -c, 0});
    check_values(bistop(2.1, 0.5, x1, x2, k, e, cmax, d, 2),
                 {-k * e * (e - 1) * std::pow(u, e - 2) - ddc * 0.5, -dc, 0});
  }
  SECTION("deeper than d above x2") {
    check_values(bistop(2.5, 0.5, x1, x2, k, 2, cmax, d, 0), {-k * 0.25 - cmax * 0.5, 0, 0});
    check_values(bistop(2.5, 0.5, x1, x2, k, 2, cmax, d, 1), {-k * 2 * 0.5, -cmax, 0});
    check_values(bistop(2.5, 0.5, x1, x2, k, 2, cmax, d, 2), {-k * 2, 0, 0});
  }
  SECTION("between the stops, at them, and clipped, every entry is 0") {
    for (int order = 0; order <= 2; ++order) {
      check_values(bistop(1.0, 3, x1, x2, k, e, cmax, d, order), {0, 0, 0});
      check_values(bistop(x1, 3, x1, x2, k, e, cmax, d, order), {0, 0, 0});
      check_values(bistop(x2, 3, x1, x2, k, e, cmax, d, order), {0, 0, 0});
      check_values(bistop(2.01, -50, x1, x2, k, e, cmax, d, order), {0, 0, 0});
    }
  }
}

TEST_CASE("the partials agree with central differences of the lower order", "[capi][contact]") {
  struct Point {
    double x, xdot;
  };
  // In the ramp, at full depth, with an exponent below 1 and above 2; away from every switch.
  const Point p = GENERATE(values<Point>({{0.9, -2}, {0.95, 0.4}, {0.83, 1.5}, {0.5, -0.3}, {0.2, 3}}));
  const double e = GENERATE(0.8, 1.5, 2.5);
  const double h = 1e-6;
  INFO("x = " << p.x << ", xdot = " << p.xdot << ", e = " << e);
  auto f = [&](double x, double xdot, int order) { return impact(x, xdot, 1, 1000, e, 10, 0.2, order); };
  for (int order = 1; order <= 2; ++order) {
    const Values d = f(p.x, p.xdot, order);
    const Values ax = f(p.x + h, p.xdot, order - 1), bx = f(p.x - h, p.xdot, order - 1);
    const Values av = f(p.x, p.xdot + h, order - 1), bv = f(p.x, p.xdot - h, order - 1);
    INFO("order " << order);
    CHECK(d[0] == Approx((ax[0] - bx[0]) / (2 * h)).epsilon(1e-6).margin(1e-5));
    if (order == 1) CHECK(d[1] == Approx((av[0] - bv[0]) / (2 * h)).epsilon(1e-6).margin(1e-5));
    // order 2: d2F/dx dxdot is both d/dx of dF/dxdot and d/dxdot of dF/dx.
    if (order == 2) {
      CHECK(d[1] == Approx((ax[1] - bx[1]) / (2 * h)).epsilon(1e-6).margin(1e-5));
      CHECK(d[1] == Approx((av[0] - bv[0]) / (2 * h)).epsilon(1e-6).margin(1e-5));
      CHECK(d[2] == 0.0);
    }
  }
  const Values b = bistop(2 + (1 - p.x), -p.xdot, 0, 2, 1000, e, 10, 0.2, 1);
  const Values ax = bistop(2 + (1 - p.x) + h, -p.xdot, 0, 2, 1000, e, 10, 0.2, 0);
  const Values bx = bistop(2 + (1 - p.x) - h, -p.xdot, 0, 2, 1000, e, 10, 0.2, 0);
  CHECK(b[0] == Approx((ax[0] - bx[0]) / (2 * h)).epsilon(1e-6).margin(1e-5));
}

TEST_CASE("fexpr_impact gives what IMPACT in an expression gives", "[capi][contact]") {
  fexpr_context* ctx = nullptr;
  fexpr_expression* f = nullptr;
  fexpr_workspace* ws = nullptr;
  std::size_t x = 0, v = 0;
  REQUIRE(fexpr_context_create(&ctx) == FEXPR_OK);
  REQUIRE(fexpr_context_declare_variable(ctx, "x", &x) == FEXPR_OK);
  REQUIRE(fexpr_context_declare_variable(ctx, "v", &v) == FEXPR_OK);
  REQUIRE(fexpr_compile(ctx, "IMPACT(x, v, 1, 1000, 1.5, 10, 0.2)", &f) == FEXPR_OK);
  REQUIRE(fexpr_workspace_create(&ws) == FEXPR_OK);
  for (double px : {0.7, 0.85, 0.9, 0.97, 1.1}) {
    for (double pv : {-2.0, 0.0, 0.4}) {
      INFO("x = " << px << ", v = " << pv);
      double vars[2];
      vars[x] = px;
      vars[v] = pv;
      double value = 0, grad[3], hess[9];
      REQUIRE(fexpr_hessian(f, ws, 0.0, vars, 2, &value, grad, hess) == FEXPR_OK);
      // The same rule on a wider jet (TIME, x, v): equal but for rounding.
      auto same = [](double a) { return Approx(a).epsilon(1e-13).margin(1e-13); };
      CHECK(impact(px, pv, 1, 1000, 1.5, 10, 0.2, 0)[0] == same(value));
      const Values first = impact(px, pv, 1, 1000, 1.5, 10, 0.2, 1);
      CHECK(first[0] == same(grad[1 + x]));
      CHECK(first[1] == same(grad[1 + v]));
      const Values second = impact(px, pv, 1, 1000, 1.5, 10, 0.2, 2);
      CHECK(second[0] == same(hess[(1 + x) * 3 + 1 + x]));
      CHECK(second[1] == same(hess[(1 + x) * 3 + 1 + v]));
      CHECK(second[2] == same(hess[(1 + v) * 3 + 1 + v]));
    }
  }
  fexpr_workspace_destroy(ws);
  fexpr_expression_destroy(f);
  fexpr_context_destroy(ctx);
}

TEST_CASE("bad contact parameters set errflg, zero the values and say why", "[capi][contact][errors]") {
  struct Case {
    double x1, x2, k, e, cmax, d;
    int order;
    fexpr_status status;
    const char* message;
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto c = GENERATE_COPY(values<Case>({
      {0, 1, -1, 1.5, 10, 0.1, 0, FEXPR_DOMAIN_ERROR, "k < 0"},
      {0, 1, 1000, 0, 10, 0.1, 1, FEXPR_DOMAIN_ERROR, "e <= 0"},
      {0, 1, 1000, 1.5, -1, 0.1, 2, FEXPR_DOMAIN_ERROR, "cmax < 0"},
      {0, 1, 1000, 1.5, 10, 0, 0, FEXPR_DOMAIN_ERROR, "d <= 0"},
      {0, 1, 1000, 1.5, 10, 0.1, 3, FEXPR_USAGE_ERROR, "order must be 0, 1 or 2"},
      {0, 1, 1000, 1.5, 10, 0.1, -1, FEXPR_USAGE_ERROR, "order must be 0, 1 or 2"},
      {0, 1, nan, 1.5, 10, 0.1, 0, FEXPR_DOMAIN_ERROR, "NaN or infinite"},
  }));
  INFO(c.message);
  Values v{7, 7, 7};
  int errflg = 0;
  CHECK(fexpr_impact(-0.05, 1, c.x1, c.k, c.e, c.cmax, c.d, c.order, v.data(), &errflg) == c.status);
  CHECK(errflg == 1);
  CHECK(v == Values{0, 0, 0});
  const char* message = nullptr;
  CHECK(fexpr_last_error(&message, nullptr, nullptr) == c.status);
  CHECK_THAT(std::string(message), Catch::Matchers::Contains("IMPACT") && Catch::Matchers::Contains(c.message));

  v = {7, 7, 7};
  errflg = 0;
  CHECK(fexpr_bistop(-0.05, 1, c.x1, c.x2, c.k, c.e, c.cmax, c.d, c.order, v.data(), &errflg) == c.status);
  CHECK(errflg == 1);
  CHECK(v == Values{0, 0, 0});
  CHECK(fexpr_last_error(&message, nullptr, nullptr) == c.status);
  CHECK_THAT(std::string(message), Catch::Matchers::Contains("BISTOP") && Catch::Matchers::Contains(c.message));
}

TEST_CASE("BISTOP needs x1 < x2; a NULL value is a usage error; errflg may be NULL", "[capi][contact][errors]") {
  Values v{7, 7, 7};
  int errflg = 0;
  CHECK(fexpr_bistop(0.5, 0, 1, 1, 1000, 1.5, 10, 0.1, 0, v.data(), &errflg) == FEXPR_DOMAIN_ERROR);
  CHECK(errflg == 1);
  CHECK(v == Values{0, 0, 0});
  errflg = 0;
  CHECK(fexpr_impact(0.5, 0, 1, 1000, 1.5, 10, 0.1, 0, nullptr, &errflg) == FEXPR_USAGE_ERROR);
  CHECK(errflg == 1);
  errflg = 0;
  CHECK(fexpr_bistop(0.5, 0, 0, 1, 1000, 1.5, 10, 0.1, 0, nullptr, &errflg) == FEXPR_USAGE_ERROR);
  CHECK(errflg == 1);
  CHECK(fexpr_impact(0.5, 0, 1, 1000, 2, 10, 0.1, 0, v.data(), nullptr) == FEXPR_OK);
  CHECK(v[0] == Approx(250.0));
  CHECK(fexpr_impact(0.5, 0, 1, -1, 2, 10, 0.1, 0, v.data(), nullptr) == FEXPR_DOMAIN_ERROR);
}

}  // namespace test_capi_impact
