// The FORTRAN-style math functions: values, closed-form derivatives, switch-point conventions and
// domain errors. Tolerances: values and derivatives within 1e-14 relative unless written otherwise.
#include "builtins_calls.hpp"

#include <cmath>
#include <numbers>

namespace test_builtins_math {

using namespace fexpr::builtins::testing;
using Catch::Matchers::WithinRel;
using std::numbers::pi;

namespace {
constexpr double kRel = 1e-14;

struct SmoothCase {
  const char* name;
  double (*f)(double);
  double (*d1)(double);
  double (*d2)(double);
  std::vector<double> points;
};
}  // namespace

TEST_CASE("The smooth one-argument functions match their closed forms and derivatives", "[math]") {
  // f, f' and f'' written out by hand; the rules compute them separately.
  auto c = GENERATE(values<SmoothCase>({
      {"SIN",
       [](double a) { return std::sin(a); },
       [](double a) { return std::cos(a); },
       [](double a) { return -std::sin(a); },
       {-3.0, -0.5, 0.0, 0.5, 2.0, 10.0}},
      {"COS",
       [](double a) { return std::cos(a); },
       [](double a) { return -std::sin(a); },
       [](double a) { return -std::cos(a); },
       {-3.0, -0.5, 0.0, 0.5, 2.0, 10.0}},
      {"TAN",
       [](double a) { return std::tan(a); },
       [](double a) { return 1.0 / (std::cos(a) * std::cos(a)); },
       [](double a) { return 2.0 * std::sin(a) / std::pow(std::cos(a), 3); },
       {-1.2, -0.5, 0.0, 0.5, 1.2}},
      {"SINH",
       [](double a) { return std::sinh(a); },
       [](double a) { return std::cosh(a); },
       [](double a) { return std::sinh(a); },
       {-3.0, -0.5, 0.0, 0.5, 2.0}},
      {"COSH",
       [](double a) { return std::cosh(a); },
       [](double a) { return std::sinh(a); },
       [](double a) { return std::cosh(a); },
       {-3.0, -0.5, 0.0, 0.5, 2.0}},
      {"TANH",
       [](double a) { return std::tanh(a); },
       [](double a) { return 1.0 / (std::cosh(a) * std::cosh(a)); },
       [](double a) { return -2.0 * std::sinh(a) / std::pow(std::cosh(a), 3); },
       {-3.0, -0.5, 0.5, 2.0}},
      {"EXP",
       [](double a) { return std::exp(a); },
       [](double a) { return std::exp(a); },
       [](double a) { return std::exp(a); },
       {-3.0, 0.0, 1.0, 5.0}},
      {"LOG",
       [](double a) { return std::log(a); },
       [](double a) { return 1.0 / a; },
       [](double a) { return -1.0 / (a * a); },
       {1e-3, 0.5, 1.0, 7.0}},
      {"LOG10",
       [](double a) { return std::log(a) / std::log(10.0); },
       [](double a) { return 1.0 / (a * std::log(10.0)); },
       [](double a) { return -1.0 / (a * a * std::log(10.0)); },
       {1e-3, 0.5, 1.0, 1000.0}},
      {"SQRT",
       [](double a) { return std::sqrt(a); },
       [](double a) { return 0.5 / std::sqrt(a); },
       [](double a) { return -0.25 / std::pow(a, 1.5); },
       {1e-4, 0.5, 2.25, 100.0}},
      {"ATAN",
       [](double a) { return std::atan(a); },
       [](double a) { return 1.0 / (1.0 + a * a); },
       [](double a) { return -2.0 * a / ((1.0 + a * a) * (1.0 + a * a)); },
       {-10.0, -1.0, 0.0, 0.3, 4.0}},
      {"ASIN",
       [](double a) { return std::asin(a); },
       [](double a) { return 1.0 / std::sqrt(1.0 - a * a); },
       [](double a) { return a / std::pow(1.0 - a * a, 1.5); },
       {-0.99, -0.5, 0.0, 0.5, 0.9}},
      {"ACOS",
       [](double a) { return std::acos(a); },
       [](double a) { return -1.0 / std::sqrt(1.0 - a * a); },
       [](double a) { return -a / std::pow(1.0 - a * a, 1.5); },
       {-0.99, -0.5, 0.0, 0.5, 0.9}},
  }));
  for (double a : c.points) {
    INFO(c.name << "(" << a << ")");
    CHECK_THAT(call(c.name, {a}), WithinRel(c.f(a), kRel));
    const Derivatives r = derivatives(c.name, {a});
    CHECK_THAT(r.d[0], WithinRel(c.d1(a), 1e-12));
    CHECK_THAT(r.dd[0], WithinRel(c.d2(a), 1e-12) || Catch::Matchers::WithinAbs(c.d2(a), 1e-15));
  }
}

TEST_CASE("The inverse trigonometric functions reach their range ends", "[math]") {
  CHECK(call("ACOS", {1.0}) == 0.0);
  CHECK_THAT(call("ACOS", {-1.0}), WithinRel(pi, kRel));
  CHECK_THAT(call("ASIN", {1.0}), WithinRel(pi / 2, kRel));
  CHECK_THAT(call("ASIN", {-1.0}), WithinRel(-pi / 2, kRel));
  CHECK_THAT(call("ACOS", {0.5}), WithinRel(pi / 3, kRel));
  CHECK_THAT(call("ATAN", {1.0}), WithinRel(pi / 4, kRel));
}

TEST_CASE("ATAN2 takes (y, x) in FORTRAN order and covers (-pi, pi]", "[math]") {
  SECTION("one point in each quadrant and on each half axis") {
    CHECK_THAT(call("ATAN2", {1, 1}), WithinRel(pi / 4, kRel));
    CHECK_THAT(call("ATAN2", {1, -1}), WithinRel(3 * pi / 4, kRel));
    CHECK_THAT(call("ATAN2", {-1, -1}), WithinRel(-3 * pi / 4, kRel));
    CHECK_THAT(call("ATAN2", {-1, 1}), WithinRel(-pi / 4, kRel));
    CHECK(call("ATAN2", {0, 1}) == 0.0);
    CHECK_THAT(call("ATAN2", {0, -1}), WithinRel(pi, kRel));
    CHECK_THAT(call("ATAN2", {1, 0}), WithinRel(pi / 2, kRel));
    CHECK_THAT(call("ATAN2", {-1, 0}), WithinRel(-pi / 2, kRel));
  }
  SECTION("partials: d/dy = x/r², d/dx = -y/r², d²/dy² = -2xy/r⁴, d²/dy dx = (y²-x²)/r⁴, d²/dx² = 2xy/r⁴") {
    // At (y, x) = (1, 2): r² = 5.
    const Derivatives r = derivatives("ATAN2", {1, 2});
    CHECK_THAT(r.d[0], WithinRel(2.0 / 5, kRel));
    CHECK_THAT(r.d[1], WithinRel(-1.0 / 5, kRel));
    CHECK_THAT(r.second(0, 0), WithinRel(-4.0 / 25, kRel));
    CHECK_THAT(r.second(0, 1), WithinRel(-3.0 / 25, kRel));
    CHECK_THAT(r.second(1, 0), WithinRel(-3.0 / 25, kRel));
    CHECK_THAT(r.second(1, 1), WithinRel(4.0 / 25, kRel));
  }
  SECTION("-0 is 0: ATAN2(-0, x < 0) is pi, not -pi outside (-pi, pi]") {
    CHECK(call("ATAN2", {-0.0, -1}) == pi);
    CHECK(call("ATAN2", {-0.0, -2.5}) == pi);
    CHECK(call("ATAN2", {-0.0, 1}) == 0.0);
    CHECK_FALSE(std::signbit(call("ATAN2", {-0.0, 1})));
    // The partials at (y, x) = (-0, -1): d/dy = x/r² = -1, d/dx = -y/r² = 0, d²/dy dx = (y²-x²)/r⁴ = -1.
    const Derivatives r = derivatives("ATAN2", {-0.0, -1});
    CHECK(r.value == pi);
    CHECK(r.d[0] == -1.0);
    CHECK(r.d[1] == 0.0);
    CHECK(r.second(0, 1) == -1.0);
  }
  SECTION("tiny arguments do not underflow the partials") {
    // (y, x) = (1e-200, 1e-200): d/dy = x/r² = 1e-200/2e-400 = 5e199.
    const Derivatives r = derivatives("ATAN2", {1e-200, 1e-200}, 1);
    CHECK_THAT(r.d[0], WithinRel(5e199, 1e-12));
  }
}

TEST_CASE("ABS has slope sign(a), and 0 at a = 0", "[math]") {
  auto [a, value, slope] = GENERATE(table<double, double, double>(
      {{-2.5, 2.5, -1.0}, {-1e-300, 1e-300, -1.0}, {0.0, 0.0, 0.0}, {1e-300, 1e-300, 1.0}, {3.0, 3.0, 1.0}}));
  CHECK(call("ABS", {a}) == value);
  const Derivatives r = derivatives("ABS", {a});
  CHECK(r.d[0] == slope);
  CHECK(r.dd[0] == 0.0);
}

TEST_CASE("AINT truncates toward zero and ANINT rounds halves away from zero, both with slope 0", "[math]") {
  SECTION("AINT") {
    auto [a, expected] = GENERATE(
        table<double, double>({{-6.5, -6}, {4.6, 4}, {-0.4, 0}, {7, 7}, {-7, -7}, {0.99999, 0}, {1e17, 1e17}}));
    CHECK(call("AINT", {a}) == expected);
    CHECK(derivatives("AINT", {a}).d[0] == 0.0);
  }
  SECTION("ANINT") {
    auto [a, expected] = GENERATE(
        table<double, double>({{-4.6, -5}, {4.6, 5}, {2.5, 3}, {-2.5, -3}, {0.49, 0}, {-0.49, 0}, {-4.4, -4}, {3, 3}}));
    CHECK(call("ANINT", {a}) == expected);
    CHECK(derivatives("ANINT", {a}).d[0] == 0.0);
  }
}

TEST_CASE("MOD is a1 - AINT(a1/a2)*a2 with the sign of a1", "[math]") {
  SECTION("values") {
    auto [a1, a2, expected] =
        GENERATE(table<double, double, double>({{45, 16, 13},
                                                {-45, 16, -13},
                                                {45, -16, 13},
                                                {-45, -16, -13},
                                                {7.5, 2, 1.5},
                                                {3, 5, 3},
                                                {32, 16, 0},
                                                // The literal formula, not fmod: 1/0.1 rounds to 10, so MOD(1, 0.1) is
                                                // 1 - 10*0.1 = 0 (fmod would give 0.09999999999999995).
                                                {1.0, 0.1, 0.0}}));
    CHECK(call("MOD", {a1, a2}) == expected);
  }
  SECTION("partials: 1 by a1, -AINT(a1/a2) by a2, no curvature") {
    // MOD(45, 16): AINT(45/16) = 2; MOD(-45, 16): AINT(-2.8125) = -2.
    Derivatives r = derivatives("MOD", {45, 16});
    CHECK(r.d == std::vector<double>{1.0, -2.0});
    CHECK(r.dd == std::vector<double>{0.0, 0.0, 0.0, 0.0});
    r = derivatives("MOD", {-45, 16});
    CHECK(r.d == std::vector<double>{1.0, 2.0});
  }
  SECTION("by zero") { CHECK(error("MOD", {3, 0}) == "MOD by zero"); }
}

TEST_CASE("SIGN gives |a| when b >= 0 and -|a| when b < 0", "[math]") {
  SECTION("values, b = 0 counting as positive") {
    auto [a, b, expected] = GENERATE(table<double, double, double>(
        {{3, 2, 3}, {3, -2, -3}, {-3, 2, 3}, {-3, -2, -3}, {-3, 0, 3}, {3, -1e-300, -3}, {0, -1, 0}}));
    CHECK(call("SIGN", {a, b}) == expected);
  }
  SECTION("d/da = SIGN(1, b)·sign(a) with sign(0) = 0; d/db = 0") {
    auto [a, b, slope] = GENERATE(table<double, double, double>(
        {{3, 2, 1}, {3, -2, -1}, {-3, 2, -1}, {-3, -2, 1}, {-3, 0, -1}, {0, 5, 0}, {0, -5, 0}}));
    const Derivatives r = derivatives("SIGN", {a, b});
    CHECK(r.d[0] == slope);
    CHECK(r.d[1] == 0.0);
    CHECK(r.dd == std::vector<double>{0.0, 0.0, 0.0, 0.0});
  }
}

TEST_CASE("DIM is the positive difference, with slope 0 at a = b", "[math]") {
  auto [a, b, value, da, db] = GENERATE(table<double, double, double, double, double>(
      {{5, 3, 2, 1, -1}, {3, 5, 0, 0, 0}, {4, 4, 0, 0, 0}, {-1, -3, 2, 1, -1}}));
  CHECK(call("DIM", {a, b}) == value);
  const Derivatives r = derivatives("DIM", {a, b});
  CHECK(r.d == std::vector<double>{da, db});
}

TEST_CASE("MAX and MIN take two arguments, and a tie takes the first argument's derivative", "[math]") {
  SECTION("values") {
    CHECK(call("MAX", {-2, 3}) == 3);
    CHECK(call("MAX", {3, -2}) == 3);
    CHECK(call("MIN", {-2, 3}) == -2);
    CHECK(call("MIN", {3, -2}) == -2);
    CHECK(builtin("MAX").min_args == 2);
    CHECK(builtin("MAX").max_args == 2);
    CHECK(builtin("MIN").min_args == 2);
    CHECK(builtin("MIN").max_args == 2);
  }
  SECTION("derivatives follow the chosen argument") {
    auto [name, a, b, da, db] = GENERATE(table<std::string, double, double, double, double>({{"MAX", 1, 2, 0, 1},
                                                                                             {"MAX", 2, 1, 1, 0},
                                                                                             {"MAX", 2, 2, 1, 0},
                                                                                             {"MIN", 1, 2, 1, 0},
                                                                                             {"MIN", 2, 1, 0, 1},
                                                                                             {"MIN", 2, 2, 1, 0}}));
    CHECK(derivatives(name, {a, b}).d == std::vector<double>{da, db});
  }
}

TEST_CASE("Math functions report domain errors instead of returning NaN", "[math][errors]") {
  SECTION("the same message from the value and the derivative rules") {
    auto [name, a, message] = GENERATE(table<std::string, double, std::string>({
        {"SQRT", -1e-300, "SQRT of a negative number"},
        {"SQRT", -4, "SQRT of a negative number"},
        {"LOG", 0, "LOG of a number <= 0"},
        {"LOG", -1, "LOG of a number <= 0"},
        {"LOG10", 0, "LOG10 of a number <= 0"},
        {"LOG10", -1, "LOG10 of a number <= 0"},
        {"ACOS", 1.0000001, "ACOS argument outside [-1, 1]"},
        {"ACOS", -2, "ACOS argument outside [-1, 1]"},
        {"ASIN", 1.0000001, "ASIN argument outside [-1, 1]"},
        {"ASIN", -2, "ASIN argument outside [-1, 1]"},
    }));
    CHECK(error(name, {a}) == message);
  }
  SECTION("ATAN2(0, 0)") { CHECK(error("ATAN2", {0, 0}) == "ATAN2(0, 0) is undefined"); }
  SECTION("infinite derivatives are errors of the derivative rule only") {
    auto [name, a, message] = GENERATE(table<std::string, double, std::string>({
        {"SQRT", 0, "derivative of SQRT is infinite at 0"},
        {"ASIN", 1, "derivative of ASIN is infinite at -1 and 1"},
        {"ASIN", -1, "derivative of ASIN is infinite at -1 and 1"},
        {"ACOS", 1, "derivative of ACOS is infinite at -1 and 1"},
        {"ACOS", -1, "derivative of ACOS is infinite at -1 and 1"},
    }));
    CHECK(value_error(name, {a}) == nullptr);
    for (int order : {1, 2}) CHECK(derivative_error(name, {a}, order) == message);
  }
}

}  // namespace test_builtins_math
