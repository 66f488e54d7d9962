// The compiled evaluator: laziness of IF, domain errors with their place, and derivatives of
// whole expressions against closed forms and central finite differences.
#include "expression_helpers.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>

namespace test_eval {

using fexpr::testing::Bench;
using fexpr::testing::derivatives;
using fexpr::testing::where;

TEST_CASE("IF evaluates only the branch its test selects", "[eval][if]") {
  Bench b({{"x", -1.0}});
  // The untaken branches would raise domain errors if they ran.
  CHECK(b.value("IF(x: 5, SQRT(x), LOG(x))") == 5.0);
  CHECK(b.value("IF(x+1: SQRT(x), 7, 1/0)") == 7.0);
  CHECK(b.value("IF(-x: 1/(x+1), LOG(0), 9)") == 9.0);
  CHECK(b.value("IF(0: 1, 2, 3)") == 2.0);
  // And the taken one does raise.
  auto d = b.evaluation_error("IF(x: SQRT(x), 0, 0)");
  CHECK(where("IF(x: SQRT(x), 0, 0)", d) == "1:7");
  CHECK_THAT(d.message, Catch::Matchers::Contains("SQRT"));
}

TEST_CASE("the Adams IF example gives zero for closing and -6 v**3 for separating", "[eval][if]") {
  // SFORCE/1 FUNCTION=-6*IF(VR(10,31): 0, 0, VR(10,31)**3), with v standing for VR(10,31).
  Bench closing({{"v", -2.0}}), separating({{"v", 2.0}});
  CHECK(closing.value("-6*IF(v: 0, 0, v**3)") == 0.0);
  CHECK(separating.value("-6*IF(v: 0, 0, v**3)") == -48.0);
}

TEST_CASE("domain errors name the operation and its place", "[eval][errors]") {
  Bench b({{"x", 0.0}, {"n", -2.0}});
  struct Case {
    const char* text;
    const char* at;
    const char* message;
  };
  auto c = GENERATE(values<Case>({
      {"1 + SQRT(n)", "1:5", "SQRT"},
      {"LOG(x)", "1:1", "LOG"},
      {"LOG10(n)", "1:1", "LOG10"},
      {"ACOS(2)", "1:1", "ACOS"},
      {"ASIN(n)", "1:1", "ASIN"},
      {"3/x", "1:1", "division by zero"},
      {"1 + 3/(x*2)", "1:5", "division by zero"},
      {"x**n", "1:1", "0 raised to a negative power"},
      {"n**0.5", "1:1", "negative number raised to a non-integer power"},
      {"EXP(1000)", "1:1", "overflow"},
      {"1E300*1E300 + x", "1:1", "overflow"},
      {"(x+1E300)*1E300", "1:1", "overflow"},
      {"MOD(3, x)", "1:1", "MOD"},
      {"MIN(1E308*(x+10), 1)", "1:5", "overflow"},
  }));
  INFO(c.text);
  auto d = b.evaluation_error(c.text);
  CHECK(d.code == fexpr::Code::domain);
  CHECK(where(c.text, d) == c.at);
  CHECK_THAT(d.message, Catch::Matchers::Contains(c.message));
}

TEST_CASE("host inputs that are NaN or infinite are an error, never a silent NaN", "[eval][errors]") {
  Bench b({{"x", std::nan("")}});
  auto d = b.evaluation_error("x + 1");
  CHECK_THAT(d.message, Catch::Matchers::Contains("NaN or infinite"));
  b.values[0] = INFINITY;
  CHECK_THAT(b.evaluation_error("IF(x: 1, 2, 3)").message, Catch::Matchers::Contains("NaN or infinite"));
}

TEST_CASE("gradient and Hessian of a polynomial match the hand derivation", "[eval][derivatives]") {
  // f = x**2*y + 3*x - y/x at x = 2, y = 5, TIME = 0.5 (f does not read TIME)
  // df/dx = 2xy + 3 + y/x**2 = 20 + 3 + 1.25;  df/dy = x**2 - 1/x = 3.5
  // d2f/dx2 = 2y - 2y/x**3 = 10 - 1.25;  d2f/dxdy = 2x + 1/x**2 = 4.25;  d2f/dy2 = 0
  Bench b({{"x", 2.0}, {"y", 5.0}});
  b.time = 0.5;
  auto d = derivatives(b, "x**2*y + 3*x - y/x");
  REQUIRE(d.grad.size() == 3);  // TIME, x, y
  CHECK(d.value == Approx(20.0 + 6.0 - 2.5));
  CHECK(d.grad[0] == 0.0);
  CHECK(d.grad[1] == Approx(24.25));
  CHECK(d.grad[2] == Approx(3.5));
  CHECK(d.hess[1 * 3 + 1] == Approx(8.75));
  CHECK(d.hess[1 * 3 + 2] == Approx(4.25));
  CHECK(d.hess[2 * 3 + 1] == Approx(4.25));
  CHECK(d.hess[2 * 3 + 2] == Approx(0.0).margin(1e-15));
}

TEST_CASE("derivatives go through the taken IF branch only", "[eval][derivatives][if]") {
  Bench below({{"x", -2.0}}), above({{"x", 3.0}});
  auto lo = derivatives(below, "IF(x: x**3, 0, 5*x)");
  auto hi = derivatives(above, "IF(x: x**3, 0, 5*x)");
  CHECK(lo.grad[1] == Approx(3 * 4.0));  // d(x**3)/dx = 3x**2
  CHECK(lo.hess[1 * 2 + 1] == Approx(6 * -2.0));
  CHECK(hi.grad[1] == Approx(5.0));
  CHECK(hi.hess[1 * 2 + 1] == 0.0);
}

TEST_CASE("the derivative with respect to TIME is seeded like a variable", "[eval][derivatives]") {
  // d/dt sin(w t) = w cos(w t); d2/dt2 = -w**2 sin(w t), w = 2*pi*5
  Bench b;
  b.time = 0.013;
  const double w = 2 * M_PI * 5;
  auto d = derivatives(b, "SIN(2*PI*5*TIME)");
  CHECK(d.grad[0] == Approx(w * std::cos(w * 0.013)));
  CHECK(d.hess[0] == Approx(-w * w * std::sin(w * 0.013)));
}

TEST_CASE("x**y differentiates in both base and exponent", "[eval][derivatives]") {
  // f = x**y: fx = y x**(y-1), fy = x**y ln x, fxx = y(y-1)x**(y-2), fxy = x**(y-1)(1 + y ln x), fyy = x**y ln(x)**2
  const double x = 1.7, y = 2.3;
  Bench b({{"x", x}, {"y", y}});
  auto d = derivatives(b, "x**y");
  CHECK(d.grad[1] == Approx(y * std::pow(x, y - 1)));
  CHECK(d.grad[2] == Approx(std::pow(x, y) * std::log(x)));
  CHECK(d.hess[1 * 3 + 1] == Approx(y * (y - 1) * std::pow(x, y - 2)));
  CHECK(d.hess[1 * 3 + 2] == Approx(std::pow(x, y - 1) * (1 + y * std::log(x))));
  CHECK(d.hess[2 * 3 + 2] == Approx(std::pow(x, y) * std::log(x) * std::log(x)));
}

TEST_CASE("x**y at x = 0 has the documented derivative or a clear error", "[eval][derivatives][singular]") {
  Bench b({{"x", 0.0}});
  CHECK(derivatives(b, "x**3").grad[1] == 0.0);
  CHECK(derivatives(b, "x**1").grad[1] == 1.0);
  CHECK(derivatives(b, "x**0").value == 1.0);  // 0**0 = 1 by convention
  auto e = b.compile_ok("x**0.5");
  fexpr::Workspace ws;
  std::vector<double> g(2);
  CHECK_THROWS_WITH(e.gradient(b.inputs(), ws, g), Catch::Matchers::Contains("infinite at a = 0"));
}

TEST_CASE("gradients and Hessians of realistic expressions match central finite differences",
          "[eval][derivatives]") {
  const char* expressions[] = {
      "-1E4*(x-0.5) - 25*v",
      "100*SIN(2*PI*5*TIME)*COS(x) + SQRT(x*x+v*v+1)",
      "STEP(TIME, 0.2, 0, 0.8, 1)*x**2 - v/(1+x*x)",
      "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)",
      "EXP(-x*TIME)*ATAN2(v, x) + LOG(2+COS(v))",
      "POLY(x, 0.1, 1, -2, 3, 0.5)*HAVSIN(TIME, 0, 0, 1, 2)",
      "TANH(3*v)*x**3 - 2**x + ABS(v-5)",
  };
  std::mt19937 rng(20261202);
  std::uniform_real_distribution<double> xs(0.5, 0.98), vs(-2.0, 2.0), ts(0.25, 0.75);
  // The derivative inputs are TIME, then the variables in slot order.
  auto set = [](Bench& b, std::size_t k, double value) {
    if (k == 0) b.time = value;
    else b.values[k - 1] = value;
  };
  auto get = [](const Bench& b, std::size_t k) { return k == 0 ? b.time : b.values[k - 1]; };
  for (const char* text : expressions) {
    for (int trial = 0; trial < 50; ++trial) {
      Bench b({{"x", xs(rng)}, {"v", vs(rng)}});
      b.time = ts(rng);
      auto e = b.compile_ok(text);
      REQUIRE(e.derivative_count() == 3);
      fexpr::Workspace ws;
      std::vector<double> g(3), h(9);
      e.hessian(b.inputs(), ws, g, h);
      for (std::size_t k = 0; k < 3; ++k) {
        const double step = 1e-6;
        auto at = [&](double delta, std::vector<double>& grad) {
          Bench q = b;
          set(q, k, get(b, k) + delta);
          fexpr::Workspace w2;
          grad.assign(3, 0.0);
          return e.gradient(q.inputs(), w2, grad);
        };
        std::vector<double> gp, gm;
        double fd = (at(step, gp) - at(-step, gm)) / (2 * step);
        INFO(text << " d/d" << e.derivative_names()[k] << " at trial " << trial);
        CHECK(g[k] == Approx(fd).epsilon(1e-6).margin(1e-6 * (1 + std::abs(fd))));
        for (std::size_t l = 0; l < 3; ++l) {
          double fd2 = (gp[l] - gm[l]) / (2 * step);
          CHECK(h[k * 3 + l] == Approx(fd2).epsilon(1e-5).margin(1e-5 * (1 + std::abs(fd2))));
        }
      }
    }
  }
}

TEST_CASE("one workspace serves several programs in turn", "[eval]") {
  Bench b({{"x", 3.0}});
  auto e1 = b.compile_ok("x*2");
  auto e2 = b.compile_ok("x + 100");
  fexpr::Workspace ws;
  CHECK(e1.value(b.inputs(), ws) == 6.0);
  CHECK(e2.value(b.inputs(), ws) == 103.0);
  CHECK(e1.value(b.inputs(), ws) == 6.0);
}

TEST_CASE("gradients over 5 to 16 lanes run on the fast form and equal the reference form's bits",
          "[eval][derivatives]") {
  // Widths 8 and 16, each with lanes to spare: TIME and `count` variables, read through
  // fused shapes, a math function, a constant power, STEP, IMPACT and the generic call path.
  for (int count : {5, 12, 15}) {
    INFO(count << " variables");
    std::map<std::string, double> vars;
    std::string text = "TIME*x1";
    for (int k = 1; k <= count; ++k) {
      const std::string x = "x" + std::to_string(k), y = "x" + std::to_string(k % count + 1);
      vars[x] = 0.1 * k - 1.3;
      text += " + " + x + "*" + y + " - SIN(" + x + ") + (" + x + " - 0.2)**3";
    }
    text += " + STEP(x2, -1, 0, 1, 2) + IMPACT(x3, x4, 0.5, 1E5, 1.5, 50, 0.01) + MAX(x1, x5)";
    std::vector<std::uint64_t> bits[2];
    for (auto form : fexpr::testing::kForms) {
      Bench b(vars);
      b.time = 0.7;
      auto e = fexpr::testing::compile_on(b, text, form);
      fexpr::Workspace ws;
      std::vector<double> g(e.derivative_count());
      const double v = e.gradient(b.inputs(), ws, g);
      auto& out = bits[form == fexpr::testing::Form::fast ? 0 : 1];
      out.push_back(std::bit_cast<std::uint64_t>(v));
      for (int k = 0; k <= count; ++k) out.push_back(std::bit_cast<std::uint64_t>(g[static_cast<std::size_t>(k)]));
    }
    CHECK(bits[0] == bits[1]);
  }
}

}  // namespace test_eval
