// Values and derivatives of whole expressions at the points where a function is not smooth:
// kinks and ties (ABS, SIGN, MIN, MAX, DIM, MOD), x**y at x = 0, contact at the contact point
// and a hair inside it, coincident markers and gimbal-locked angles. Each gives the convention
// of the tables of docs/language.md or a clear error, and never a NaN: every entry that comes back is
// checked to be finite. These run through the compiler and both evaluator forms (the fast form
// has its own inline ABS, powers and IMPACT), which the builtin and kinematics tests do not.
#include "kinematics/model.hpp"
#include "kinematics/model_bindings.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>
#include <fexpr/fexpr.h>

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

namespace test_singular_derivatives {

using Catch::Matchers::Contains;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using fexpr::kinematics::Model;
using fexpr::kinematics::PartState;

namespace {

constexpr double kPi = std::numbers::pi;

// What one evaluation gave: the error message, or the value and derivatives by name.
struct Outcome {
  std::string error;
  double value = 0.0;
  std::map<std::string, double> grad;
  std::map<std::pair<std::string, std::string>, double> hess;

  double d(const std::string& a) const { return grad.at(a); }
  double dd(const std::string& a, const std::string& b) const { return hess.at({a, b}); }
};

// Variables x, y, v, and a model:
//   PART/2 at (1, 0, 0) moving at (0, 1, 0); MARKER/20 at its origin; MARKER/21 there with
//     its z axis along ground x (AX has no atan2 arguments).
//   PART/3 at rest at the ground origin; MARKER/30 and MARKER/31 at (1, 0, 0) in it, on top
//     of MARKER/20.
//   PART/4 turned by body 3-1-3 angles (0.5, 0, 0.25): THETA = 0.
//   PART/5 turned by (0.3, pi/2, pi/2): its x axis along ground z, PITCH = pi/2.
struct Bench {
  Model model;
  fexpr::kinematics::ModelBindings bindings{model};
  fexpr::Context context;
  std::vector<double> values{0.0, 0.0, 0.0};
  const fexpr::kinematics::State* state = nullptr;

  Bench() {
    for (const char* name : {"x", "y", "v"}) context.declare_variable(name);
    PartState moving;
    moving.position = {1, 0, 0};
    moving.velocity = {0, 1, 0};
    model.add_part(2, moving);
    model.add_part(3, PartState{});
    PartState theta_zero;
    theta_zero.euler = {0.5, 0.0, 0.25};
    model.add_part(4, theta_zero);
    PartState pitch_up;
    pitch_up.euler = {0.3, kPi / 2, kPi / 2};
    model.add_part(5, pitch_up);
    model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
    Matrix3d z_along_x;
    z_along_x << 0, 0, 1,  // columns: x = (0, 0, -1), y = (0, 1, 0), z = (1, 0, 0)
        0, 1, 0,           //
        -1, 0, 0;
    model.add_marker(21, 2, {0, 0, 0}, z_along_x);
    model.add_marker(30, 3, {1, 0, 0}, Matrix3d::Identity());
    model.add_marker(31, 3, {1, 0, 0}, Matrix3d::Identity());
    model.add_marker(40, 4, {0, 0, 0}, Matrix3d::Identity());
    model.add_marker(50, 5, {0, 0, 0}, Matrix3d::Identity());
    own_state = std::make_unique<fexpr::kinematics::State>(model);
    state = own_state.get();
    context.set_bindings(&bindings);
  }

  Bench& with(double x, double y = 0.0, double v = 0.0) {
    values = {x, y, v};
    return *this;
  }

  // Evaluates at `order` (0 value, 1 gradient, 2 Hessian); every entry it returns must be finite.
  Outcome operator()(const std::string& text, int order = 2) const {
    INFO(text << " at x = " << values[0] << ", y = " << values[1] << ", v = " << values[2] << ", order " << order);
    auto compiled = fexpr::compile(text, context);
    REQUIRE(compiled);
    const fexpr::Expression& e = *compiled.expression;
    fexpr::Inputs in;
    in.variables = values;
    in.state = state;
    fexpr::Workspace ws;
    const std::size_t n = e.derivative_count();
    std::vector<double> grad(n), hess(n * n);
    Outcome out;
    try {
      out.value = order == 0 ? e.value(in, ws) : order == 1 ? e.gradient(in, ws, grad) : e.hessian(in, ws, grad, hess);
    } catch (const fexpr::EvaluationError& error) {
      out.error = error.what();
      return out;
    }
    CHECK(std::isfinite(out.value));
    const auto& names = e.derivative_names();
    for (std::size_t i = 0; i < n && order >= 1; ++i) {
      CHECK(std::isfinite(grad[i]));
      out.grad[names[i]] = grad[i];
      for (std::size_t j = 0; j < n && order >= 2; ++j) {
        CHECK(std::isfinite(hess[i * n + j]));
        out.hess[{names[i], names[j]}] = hess[i * n + j];
      }
    }
    return out;
  }

  // The error of text at order, which must fail.
  std::string error(const std::string& text, int order) const {
    const Outcome o = (*this)(text, order);
    INFO(text << " at order " << order);
    CHECK_FALSE(o.error.empty());
    return o.error;
  }

 private:
  std::unique_ptr<fexpr::kinematics::State> own_state;
};

// Every derivative of o is 0.
void all_zero(const Outcome& o) {
  REQUIRE(o.error.empty());
  for (const auto& [name, g] : o.grad) CHECK(g == 0.0);
  for (const auto& [names, h] : o.hess) CHECK(h == 0.0);
}

}  // namespace

TEST_CASE("ABS at 0 has derivative 0, also inside an expression", "[singular][kinks]") {
  Bench b;
  const Outcome at_zero = b.with(0.0)("ABS(x)");
  CHECK(at_zero.value == 0.0);
  all_zero(at_zero);
  // ABS(x - y) at x = y: the kink is reached through a subtraction; both partials are 0.
  const Outcome tie = b.with(1.5, 1.5)("ABS(x - y)");
  CHECK(tie.value == 0.0);
  all_zero(tie);
  // Off the kink the slope is sign(x - y), to check the convention is confined to the kink.
  CHECK(b.with(1.5, 2.0)("ABS(x - y)").d("x") == -1.0);
}

TEST_CASE("SIGN, MIN, MAX, DIM and MOD at their switch points follow the table of docs/language.md", "[singular][kinks]") {
  Bench b;
  SECTION("SIGN(a, b): d/da = SIGN(1, b)·sign(a) with sign(0) = 0, d/db = 0; b = -0 counts as b >= 0") {
    const Outcome a_zero = b.with(0.0, 1.0)("SIGN(x, y)");
    CHECK(a_zero.value == 0.0);
    all_zero(a_zero);
    for (double zero : {0.0, -0.0}) {
      const Outcome b_zero = b.with(-2.0, zero)("SIGN(x, y)");
      CHECK(b_zero.value == 2.0);
      CHECK(b_zero.d("x") == -1.0);  // +|x| at x = -2 falls as x grows
      CHECK(b_zero.d("y") == 0.0);
      CHECK(b_zero.dd("x", "x") == 0.0);
    }
  }
  SECTION("MIN and MAX on a tie take the first argument's derivative") {
    for (const char* f : {"MIN(x, y)", "MAX(x, y)"}) {
      const Outcome o = b.with(1.5, 1.5)(f);
      CHECK(o.value == 1.5);
      CHECK(o.d("x") == 1.0);
      CHECK(o.d("y") == 0.0);
    }
    const Outcome swapped = b.with(1.5, 1.5)("MAX(y, x)");
    CHECK(swapped.d("y") == 1.0);
    CHECK(swapped.d("x") == 0.0);
    // A tie reached by arithmetic, 2x against x + 1 at x = 1: the first is 2x, slope 2.
    CHECK(b.with(1.0)("MIN(2*x, x + 1)").d("x") == 2.0);
  }
  SECTION("DIM(a, b) at a = b has derivative 0") {
    const Outcome o = b.with(3.0, 3.0)("DIM(x, y)");
    CHECK(o.value == 0.0);
    all_zero(o);
  }
  SECTION("MOD(a, b) where it jumps, a = b: d/da = 1, d/db = -AINT(a/b) = -1") {
    const Outcome o = b.with(3.0, 3.0)("MOD(x, y)");
    CHECK(o.value == 0.0);
    CHECK(o.d("x") == 1.0);
    CHECK(o.d("y") == -1.0);
  }
  SECTION("STEP at x0 and x1 takes the constant side: 0 second derivative, not +-6/(x1-x0)^2") {
    for (double x : {1.0, 3.0}) {
      const Outcome o = b.with(x)("STEP(x, 1, 0, 3, 4)");
      CHECK(o.value == (x == 1.0 ? 0.0 : 4.0));
      all_zero(o);
    }
  }
}

TEST_CASE("x**b at x = 0: the derivative docs/language.md gives or a clear error", "[singular][power]") {
  // Constant exponents go through the fast form's special cases (square, cube, square root,
  // x**1.5, reciprocal) and pow; each must agree with the convention.
  struct Case {
    const char* text;
    double value, d, dd;       // when error is null
    const char* value_error;   // at order 0
    const char* first_error;   // at order 1
    const char* second_error;  // at order 2
  };
  auto c = GENERATE(values<Case>({
      {"x**2", 0, 0, 2, nullptr, nullptr, nullptr},
      {"x**3", 0, 0, 0, nullptr, nullptr, nullptr},
      {"x**4", 0, 0, 0, nullptr, nullptr, nullptr},
      {"x**2.5", 0, 0, 0, nullptr, nullptr, nullptr},
      {"x**1", 0, 1, 0, nullptr, nullptr, nullptr},
      {"x**0", 1, 0, 0, nullptr, nullptr, nullptr},
      {"x**1.5", 0, 0, 0, nullptr, nullptr, "second derivative of a**b is infinite at a = 0 for b < 2"},
      {"x**1.25", 0, 0, 0, nullptr, nullptr, "second derivative of a**b is infinite at a = 0 for b < 2"},
      {"x**0.5", 0, 0, 0, nullptr, "infinite at a = 0 for b < 1", "infinite at a = 0 for b < 1"},
      {"x**0.25", 0, 0, 0, nullptr, "infinite at a = 0 for b < 1", "infinite at a = 0 for b < 1"},
      {"x**-1", 0, 0, 0, "0 raised to a negative power", "0 raised to a negative power",
       "0 raised to a negative power"},
      {"x**-2", 0, 0, 0, "0 raised to a negative power", "0 raised to a negative power",
       "0 raised to a negative power"},
      {"x**-0.5", 0, 0, 0, "0 raised to a negative power", "0 raised to a negative power",
       "0 raised to a negative power"},
  }));
  Bench b;
  b.with(0.0);
  const char* errors[3] = {c.value_error, c.first_error, c.second_error};
  for (int order = 0; order <= 2; ++order) {
    const Outcome o = b(c.text, order);
    INFO(c.text << " at order " << order);
    if (errors[order]) {
      CHECK_THAT(o.error, Contains(errors[order]));
      continue;
    }
    REQUIRE(o.error.empty());
    CHECK(o.value == c.value);
    if (order >= 1) CHECK(o.d("x") == c.d);
    if (order >= 2) CHECK(o.dd("x", "x") == c.dd);
  }
  SECTION("the same rule applies to a base that reaches 0 through arithmetic") {
    // (x - y)**2 at x = y: d/dx = 0, d2/dx dy = -2.
    const Outcome o = b.with(0.75, 0.75)("(x - y)**2");
    CHECK(o.value == 0.0);
    CHECK(o.d("x") == 0.0);
    CHECK(o.dd("x", "y") == -2.0);
    CHECK_THAT(b.with(0.75, 0.75)("(x - y)**0.5", 1).error, Contains("infinite at a = 0"));
  }
}

TEST_CASE("x**y with a varying exponent has no derivative at x = 0, nor for x < 0", "[singular][power]") {
  // d/dy x**y = x**y ln x needs x > 0 (docs/language.md). At x = 0 the value is still defined.
  Bench b;
  for (double y : {2.0, 1.0, 0.5, 0.0}) {
    b.with(0.0, y);
    const Outcome value = b("x**y", 0);
    REQUIRE(value.error.empty());
    CHECK(value.value == (y == 0.0 ? 1.0 : 0.0));
    // For y < 1 the derivative in the base is the first to fail (infinite at 0).
    const char* why = y > 0.0 && y < 1.0 ? "infinite at a = 0 for b < 1" : "needs a > 0";
    CHECK_THAT(b.error("x**y", 1), Contains(why));
    CHECK_THAT(b.error("0**y", 2), Contains(y > 0.0 && y < 1.0 ? "b < 1" : "needs a > 0"));
  }
  CHECK_THAT(b.with(0.0, -1.0)("x**y", 0).error, Contains("0 raised to a negative power"));
  // A negative base with an integer exponent has a value, but ln x does not exist.
  b.with(-2.0, 3.0);
  CHECK(b("x**y", 0).value == -8.0);
  CHECK_THAT(b.error("x**y", 1), Contains("needs a > 0"));
  // The same negative base with a constant exponent is fine: d/dx (x**3) = 3x**2 = 12.
  CHECK(b("x**3").d("x") == 12.0);
}

TEST_CASE("IMPACT and BISTOP at the contact point are the no-contact side, for any exponent", "[singular][contact]") {
  Bench b;
  const std::string e = GENERATE("0.5", "1", "1.5", "2.2");  // text: std::to_string would follow the locale
  const std::string impact = "IMPACT(x, v, 1, 1000, " + e + ", 10, 0.1)";
  const std::string bistop = "BISTOP(x, v, 1, 2, 1000, " + e + ", 10, 0.1)";
  for (double v : {-1.0, 0.0, 1.0}) {
    const Outcome at_x1 = b.with(1.0, 0.0, v)(impact);
    CHECK(at_x1.value == 0.0);
    all_zero(at_x1);
    for (double x : {1.0, 1.5, 2.0}) {
      const Outcome inside = b.with(x, 0.0, v)(bistop);
      CHECK(inside.value == 0.0);
      all_zero(inside);
    }
  }
}

TEST_CASE("IMPACT with e < 1 just inside x1: finite where double precision holds it, an error beyond",
          "[singular][contact]") {
  Bench b;
  SECTION("u = x1 - x = 1E-4, hand-derived") {
    // F = k u^e - STEP(x, x1-d, cmax, x1, 0)·v with k = 1000, e = 0.5, cmax = 10, d = 0.1.
    const double x = 1.0 - 1e-4, v = -2.0, u = 1.0 - x;
    const double delta = (x - 0.9) / 0.1;
    const double damping = 10.0 + (0.0 - 10.0) * delta * delta * (3 - 2 * delta);
    const double ddamping = -10.0 * 6 * delta * (1 - delta) / 0.1;  // d STEP / dx
    const double d2damping = -10.0 * 6 * (1 - 2 * delta) / (0.1 * 0.1);
    const Outcome o = b.with(x, 0.0, v)("IMPACT(x, v, 1, 1000, 0.5, 10, 0.1)");
    REQUIRE(o.error.empty());
    CHECK(o.value == Approx(1000 * std::sqrt(u) - damping * v).epsilon(1e-12));
    CHECK(o.d("x") == Approx(-1000 * 0.5 * std::pow(u, -0.5) - ddamping * v).epsilon(1e-9));
    CHECK(o.d("v") == Approx(-damping).epsilon(1e-9));
    CHECK(o.dd("x", "x") == Approx(1000 * 0.5 * -0.5 * std::pow(u, -1.5) - d2damping * v).epsilon(1e-9));
    CHECK(o.dd("x", "v") == Approx(-ddamping).epsilon(1e-9));
  }
  SECTION("u = 1E-300: the slope k e u^(e-1) = 5E152 is finite, the curvature overflows") {
    b.with(-1e-300, 0.0, 0.0);
    const Outcome o = b("IMPACT(x, v, 0, 1000, 0.5, 10, 0.1)", 1);
    REQUIRE(o.error.empty());
    CHECK(o.value == Approx(1e-147).epsilon(1e-12));
    CHECK(o.d("x") == Approx(-5e152).epsilon(1e-12));
    CHECK_THAT(b.error("IMPACT(x, v, 0, 1000, 0.5, 10, 0.1)", 2), Contains("infinite"));
    CHECK_THAT(b.error("BISTOP(-x, v, -1, 0, 1000, 0.5, 10, 0.1)", 2), Contains("infinite"));
  }
  SECTION("u = 5E-324 with e = 0.01: the slope itself overflows") {
    b.with(-std::numeric_limits<double>::denorm_min(), 0.0, 0.0);
    CHECK(b("IMPACT(x, v, 0, 1000, 0.01, 10, 0.1)", 0).error.empty());
    CHECK_THAT(b.error("IMPACT(x, v, 0, 1000, 0.01, 10, 0.1)", 1), Contains("infinite"));
  }
  SECTION("a force too large for double precision is an overflow error") {
    CHECK_THAT(b.with(-10.0).error("IMPACT(x, v, 0, 1E308, 2, 10, 0.1)", 0), Contains("overflow"));
  }
}

TEST_CASE("fexpr_impact and fexpr_bistop report an infinite result instead of returning it",
          "[singular][contact][capi]") {
  double value[3] = {7, 7, 7};
  int errflg = 0;
  // u = 1E-300 with e = 0.5: order 1 holds -5E152; order 2 would be -2.5E449.
  REQUIRE(fexpr_impact(-1e-300, -1, 0, 1000, 0.5, 10, 0.1, 1, value, &errflg) == FEXPR_OK);
  CHECK(errflg == 0);
  CHECK(value[0] == Approx(-5e152).epsilon(1e-12));
  CHECK(std::isfinite(value[1]));
  struct Call {
    const char* what;
    fexpr_status status;
  };
  const Call calls[] = {
      {"IMPACT order 2", fexpr_impact(-1e-300, -1, 0, 1000, 0.5, 10, 0.1, 2, value, &errflg)},
      {"BISTOP order 2 below x1", fexpr_bistop(-1e-300, -1, 0, 1, 1000, 0.5, 10, 0.1, 2, value, &errflg)},
      {"BISTOP order 2 above x2", fexpr_bistop(1e-300, 1, -1, 0, 1000, 0.5, 10, 0.1, 2, value, &errflg)},
      {"IMPACT order 0 overflowing", fexpr_impact(-10, 0, 0, 1e308, 2, 10, 0.1, 0, value, &errflg)},
  };
  for (const Call& c : calls) {
    INFO(c.what);
    CHECK(c.status == FEXPR_DOMAIN_ERROR);
  }
  CHECK(errflg == 1);
  CHECK(value[0] == 0.0);  // cleared, as after any error
  CHECK(value[1] == 0.0);
  CHECK(value[2] == 0.0);
  const char* message = nullptr;
  fexpr_last_error(&message, nullptr, nullptr);
  CHECK_THAT(std::string(message), Contains("too large for double precision"));
}

TEST_CASE("coincident markers: DM is 0 without a derivative, VR is an error, the components are smooth",
          "[singular][kinematics]") {
  Bench b;
  const Outcome dm = b("DM(20, 30)", 0);
  REQUIRE(dm.error.empty());
  CHECK(dm.value == 0.0);
  for (int order : {1, 2})
    CHECK_THAT(b.error("DM(20, 30)", order), Contains("DM has no derivative when markers coincide"));
  for (int order : {0, 1, 2})
    CHECK_THAT(b.error("VR(20, 30)", order), Contains("VR is undefined when markers coincide"));
  SECTION("DX is differentiable there: +1 in PART/2.x, -1 in PART/3.x") {
    const Outcome dx = b("DX(20, 30)");
    REQUIRE(dx.error.empty());
    CHECK(dx.value == 0.0);
    CHECK(dx.d("PART/2.x") == 1.0);
    CHECK(dx.d("PART/3.x") == -1.0);
  }
  SECTION("the squared distance has gradient 0 and Hessian 2(I, -I; -I, I) in the positions") {
    const Outcome d2 = b("DX(20, 30)**2 + DY(20, 30)**2 + DZ(20, 30)**2");
    REQUIRE(d2.error.empty());
    CHECK(d2.value == 0.0);
    for (const auto& [name, g] : d2.grad) CHECK(g == Approx(0.0).margin(1e-15));
    for (const char* axis : {"x", "y", "z"}) {
      const std::string i = std::string("PART/2.") + axis, j = std::string("PART/3.") + axis;
      CHECK(d2.dd(i, i) == Approx(2.0));
      CHECK(d2.dd(i, j) == Approx(-2.0));
      CHECK(d2.dd(j, j) == Approx(2.0));
    }
  }
  SECTION("VM of two markers at rest on one part is 0, its derivatives an error") {
    const Outcome vm = b("VM(31, 30)", 0);
    REQUIRE(vm.error.empty());
    CHECK(vm.value == 0.0);
    CHECK_THAT(b.error("VM(31, 30)", 1), Contains("VM has no derivative at zero velocity"));
    // Coincident but moving apart at (0, 1, 0): VM = 1 and differentiable.
    CHECK(b("VM(20, 30)").value == 1.0);
  }
}

TEST_CASE("Euler angles at their gimbal lock: the documented values, derivatives an error", "[singular][kinematics]") {
  Bench b;
  SECTION("THETA = 0: PHI = 0 and PSI carries psi + phi") {
    CHECK(b("PSI(40)", 0).value == Approx(0.75).margin(1e-15));
    CHECK(b("THETA(40)", 0).value == 0.0);
    CHECK(b("PHI(40)", 0).value == 0.0);
    for (const char* f : {"PSI(40)", "THETA(40)", "PHI(40)"}) {
      CHECK_THAT(b.error(f, 1), Contains("no derivative where THETA is 0 or pi"));
    }
  }
  SECTION("PITCH = pi/2: ROLL = 0 and YAW carries the rotation") {
    // x axis along ground z: A31 = 1, PITCH = asin(1). With ROLL = 0 the rotation is
    // Rz(YAW)·Ry(-pi/2); matching its y axis Rz(0.3)·(-1, 0, 0) gives YAW = 0.3 + pi/2.
    CHECK(b("PITCH(50)", 0).value == Approx(kPi / 2).margin(1e-12));
    CHECK(b("ROLL(50)", 0).value == 0.0);
    CHECK(b("YAW(50)", 0).value == Approx(0.3 + kPi / 2).margin(1e-12));
    for (const char* f : {"YAW(50)", "PITCH(50)", "ROLL(50)"}) CHECK_FALSE(b.error(f, 1).empty());
  }
  SECTION("AX with both atan2 arguments 0 is an error at every order") {
    for (int order : {0, 1, 2}) CHECK_THAT(b.error("AX(21)", order), Contains("AX is undefined"));
    // AY of the same marker is well defined: the z axis (1, 0, 0) is at +pi/2 about y.
    CHECK(b("AY(21)", 0).value == Approx(kPi / 2).margin(1e-15));
  }
}

}  // namespace test_singular_derivatives
