// a**b: value, gradient and Hessian in both forms of the evaluator, against hand-derived values
// and central differences of the gradient; above all an exponent whose gradient is zero at the
// point while its Hessian is not (cos(y) at y = 0), whose term d/db·H_b must not be dropped.
#include "expression_helpers.hpp"
#include "json_reader.hpp"
#include "run_program.hpp"
#include "support/number.hpp"

#include <cmath>
#include <fstream>

namespace test_eval_power {

using fexpr::testing::Bench;
using fexpr::testing::Form;
using fexpr::testing::kForms;
using fexpr::testing::form_name;
using fexpr::testing::compile_on;

namespace {

struct Derivatives {
  double value = 0.0;
  std::vector<double> grad, hess;
  std::vector<std::string> names;
  std::size_t n() const { return names.size(); }
  std::size_t at(const std::string& name) const {
    for (std::size_t k = 0; k < names.size(); ++k)
      if (names[k] == name) return k;
    FAIL("no derivative named " << name);
    return 0;
  }
  double d(const std::string& a) const { return grad[at(a)]; }
  double d2(const std::string& a, const std::string& b) const { return hess[at(a) * n() + at(b)]; }
};

Bench bench(double x, double y) { return Bench({{"x", x}, {"y", y}}); }

Derivatives hessian(Bench b, const std::string& text, Form form) {
  auto e = compile_on(b, text, form);
  Derivatives out;
  out.names = e.derivative_names();
  out.grad.assign(out.n(), 0.0);
  out.hess.assign(out.n() * out.n(), 0.0);
  fexpr::Workspace ws;
  out.value = e.hessian(b.inputs(), ws, out.grad, out.hess);
  // The gradient alone and the value alone agree with the Hessian run.
  std::vector<double> g(out.n());
  fexpr::Workspace ws1, ws0;
  CHECK(e.gradient(b.inputs(), ws1, g) == out.value);
  CHECK(g == out.grad);
  CHECK(e.value(b.inputs(), ws0) == out.value);
  return out;
}

}  // namespace

TEST_CASE("x**COS(y) at y = 0 keeps the exponent's second derivative", "[eval][derivatives][power]") {
  // f = x**cos(y) = exp(cos(y) ln x).
  // f_x  = cos(y) x**(cos y - 1)                      -> 1 at (2, 0)
  // f_y  = -f ln(x) sin(y)                            -> 0
  // f_xx = cos(y) (cos y - 1) x**(cos y - 2)          -> 0
  // f_xy = -sin(y) x**(cos y - 1) (1 + cos(y) ln x)   -> 0
  // f_yy = f ln(x)**2 sin(y)**2 - f ln(x) cos(y)      -> -2 ln 2
  for (Form form : kForms) {
    INFO(form_name(form));
    auto r = hessian(bench(2.0, 0.0), "x**COS(y)", form);
    CHECK(r.value == 2.0);
    CHECK(r.d("x") == Approx(1.0));
    CHECK(r.d("y") == 0.0);
    CHECK(r.d2("x", "x") == Approx(0.0).margin(1e-15));
    CHECK(r.d2("x", "y") == 0.0);
    CHECK(r.d2("y", "y") == Approx(-2.0 * std::log(2.0)).epsilon(1e-15));
  }
}

TEST_CASE("x**(1+y*y) and x**(y*y) at y = 0 keep the exponent's second derivative", "[eval][derivatives][power]") {
  // f = x**(1 + y²): f_y = f·2y·ln x, f_yy = f·2 ln x + f·(2y ln x)² -> 2·2·ln 2 = 4 ln 2 at (2, 0);
  // f_x = (1 + y²) x**(y²) -> 1, f_xx = (1 + y²) y² x**(y² - 1) -> 0,
  // f_xy = 2y x**(y²) + (1 + y²) x**(y²) ln(x)·2y -> 0.
  // g = x**(y²) (exponent 0 at the point): g = 1, g_x = y² x**(y² - 1) -> 0, g_yy = g·2 ln x -> 2 ln 2.
  for (Form form : kForms) {
    INFO(form_name(form));
    auto f = hessian(bench(2.0, 0.0), "x**(1+y*y)", form);
    CHECK(f.value == 2.0);
    CHECK(f.d("x") == Approx(1.0));
    CHECK(f.d("y") == 0.0);
    CHECK(f.d2("x", "x") == 0.0);
    CHECK(f.d2("x", "y") == 0.0);
    CHECK(f.d2("y", "y") == Approx(4.0 * std::log(2.0)).epsilon(1e-15));
    auto g = hessian(bench(2.0, 0.0), "x**(y*y)", form);
    CHECK(g.value == 1.0);
    CHECK(g.d("x") == 0.0);
    CHECK(g.d2("y", "y") == Approx(2.0 * std::log(2.0)).epsilon(1e-15));
  }
}

TEST_CASE("constant exponents differentiate as the power rule says", "[eval][derivatives][power]") {
  // x**k: k x**(k-1), k (k-1) x**(k-2), at x = 1.5.
  const double x = 1.5;
  for (double k : {3.0, 4.0, 2.5, 0.5, 1.5, -1.0, -2.0, -0.75}) {
    for (Form form : kForms) {
      INFO(form_name(form) << ", exponent " << k);
      std::string text = "x**(" + fexpr::number::format(k) + ")";
      auto r = hessian(bench(x, 0.0), text, form);
      CHECK(r.value == Approx(std::pow(x, k)).epsilon(1e-15));
      CHECK(r.d("x") == Approx(k * std::pow(x, k - 1)).epsilon(1e-15));
      CHECK(r.d2("x", "x") == Approx(k * (k - 1) * std::pow(x, k - 2)).epsilon(1e-15));
      CHECK(r.d("y") == 0.0);
      CHECK(r.d2("x", "y") == 0.0);
    }
  }
}

TEST_CASE("a**b Hessians equal central differences of the gradient, in both forms", "[eval][derivatives][power]") {
  struct Case {
    const char* text;
    double x, y;
  };
  const Case cases[] = {
      {"x**y", 1.7, 2.3},
      {"x**COS(y)", 2.0, 0.0},                // exponent gradient 0, Hessian -1
      {"x**COS(y)", 0.6, std::acos(-1.0)},    // exponent gradient 0, Hessian +1
      {"x**(1+y*y)", 2.0, 0.0},
      {"x**(y*y)", 2.0, 0.0},                 // exponent 0 as well
      {"(x*y+1)**(y-x)", 0.8, 1.3},
      {"(1+x*x)**SIN(y)", 0.4, std::asin(1.0)},  // gradient of SIN 0 at pi/2
      {"2**(x*y)", 0.3, -0.7},
      {"x**2.5*y**3", 1.2, 0.9},
  };
  const double step = 1e-6;
  for (const Case& c : cases) {
    for (Form form : kForms) {
      INFO(c.text << " at x = " << c.x << ", y = " << c.y << " (" << form_name(form) << ")");
      auto r = hessian(bench(c.x, c.y), c.text, form);
      for (const char* v : {"x", "y"}) {
        const bool is_x = v[0] == 'x';
        auto plus = hessian(bench(c.x + (is_x ? step : 0.0), c.y + (is_x ? 0.0 : step)), c.text, form);
        auto minus = hessian(bench(c.x - (is_x ? step : 0.0), c.y - (is_x ? 0.0 : step)), c.text, form);
        const double fd = (plus.value - minus.value) / (2 * step);
        CHECK(r.d(v) == Approx(fd).epsilon(1e-6).margin(1e-8));
        for (const char* w : {"x", "y"}) {
          const double fd2 = (plus.d(w) - minus.d(w)) / (2 * step);
          INFO("d2/d" << v << " d" << w);
          CHECK(r.d2(v, w) == Approx(fd2).epsilon(1e-6).margin(1e-7));
        }
      }
    }
  }
}

TEST_CASE("a**b at a negative base with an exponent that curves is an error for the Hessian", "[eval][derivatives][power]") {
  // (x-3)**COS(y) at x = 2, y = 0 is (-1)**1 = -1, with gradient (1, 0); its second derivative
  // in y needs ln(-1), and nearby exponents are not integers: an error, not a number.
  for (Form form : kForms) {
    INFO(form_name(form));
    Bench b = bench(2.0, 0.0);
    auto e = compile_on(b, "(x-3)**COS(y)", form);
    fexpr::Workspace ws;
    std::vector<double> g(e.derivative_count()), h(g.size() * g.size());
    CHECK(e.gradient(b.inputs(), ws, g) == -1.0);
    try {
      e.hessian(b.inputs(), ws, g, h);
      FAIL("expected an evaluation error");
    } catch (const fexpr::EvaluationError& err) {
      CHECK(err.diagnostic.message == "'**': derivative of a**b with respect to b needs a > 0");
      CHECK(err.diagnostic.span.begin == 0);
    }
  }
}

TEST_CASE("an exponent bound to a VARIABLE keeps its second derivative", "[eval][derivatives][power][cli]") {
  // VARIABLE/1 = COS(TIME): at TIME = 0 its gradient is 0 and its Hessian -1, so
  // d2/dTIME2 of x**VARVAL(1) is -x ln x = -2 ln 2 at x = 2, as for x**COS(TIME).
  std::ofstream("power_varval.adm") << "power\nPART/1, GROUND\nVARIABLE/1, FUNCTION=COS(TIME)\nEND\n";
  auto r = fexpr::testing::run_fexpr("eval --model power_varval.adm --var x=2 --hessian --format json 'x**VARVAL(1)'");
  REQUIRE(r.status == 0);
  auto doc = fexpr::testing::parse_json(r.out);
  CHECK(doc["value"].number() == 2.0);
  CHECK(doc["hessian"]["TIME,TIME"].number() == Approx(-2.0 * std::log(2.0)).epsilon(1e-15));
  CHECK(doc["hessian"]["TIME,x"].number() == 0.0);
}

}  // namespace test_eval_power
