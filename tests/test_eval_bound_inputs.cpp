// The derivative inputs of bound calls: each input once, in the order it is first read,
// however many calls read it and however its name is written (names compare without case, as
// Context compares them). A force element's loads read hundreds of measures of two or three
// parts; the compiler looks each list of inputs up once.
#include "kinematics/model_bindings.hpp"

#include <fexpr/bindings.hpp>
#include <fexpr/expression.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace test_eval_bound_inputs {

namespace {

// Parts 3 and 4 with markers 30 and 40; marker 1 on ground.
struct TwoParts {
  fexpr::kinematics::Model model;
  TwoParts() {
    fexpr::kinematics::PartState part;
    part.position = {1.0, 2.0, 0.5};
    part.velocity = {0.1, 0.0, -0.2};
    model.add_part(3, part);
    part.position = {-1.0, 0.5, 0.0};
    model.add_part(4, part);
    model.add_marker(30, 3, {0.0, 0.1, 0.0}, Eigen::Matrix3d::Identity());
    model.add_marker(40, 4, {0.2, 0.0, 0.0}, Eigen::Matrix3d::Identity());
    model.add_marker(1, 0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
  }
};

std::vector<std::string> labels(long part) {
  std::vector<std::string> out;
  for (const char* s : {"x", "y", "z", "psi", "theta", "phi", "vx", "vy", "vz", "wx", "wy", "wz"})
    out.push_back("PART/" + std::to_string(part) + "." + s);
  return out;
}

// VARVAL(1) reads an input named Speed, every other VARVAL one named SPEED: one input.
struct NamedInputs : fexpr::Bindings {
  std::variant<Resolved, Rejected> resolve(std::string_view,
                                           std::span<const std::optional<double>> arguments) const override {
    return Resolved{reinterpret_cast<std::uintptr_t>(this), {arguments[0] == 1.0 ? "Speed" : "SPEED"}, {}};
  }
  const char* evaluate(std::uintptr_t, const fexpr::Inputs&, const double*, int order, double* value, double* grad,
                       double*) const override {
    *value = 2.0;
    if (order >= 1) grad[0] = 1.0;
    return nullptr;
  }
};

// VARVAL(k) = k*a + b*b, reading the context's variables a and b.
// As a host's bindings may give the names: copied into each Resolved, or a list kept and shared.
class Weighted : public fexpr::Bindings {
 public:
  explicit Weighted(bool share) : share_(share) {}
  std::variant<Resolved, Rejected> resolve(std::string_view, std::span<const std::optional<double>> arguments) const override {
    Resolved r{static_cast<std::uintptr_t>(*arguments[0]), {}, {}};
    if (share_) r.shared_inputs = &names_;
    else r.inputs = names_;
    return r;
  }
  const char* evaluate(std::uintptr_t handle, const fexpr::Inputs& in, const double*, int order, double* value,
                       double* grad, double* hess) const override {
    const double k = static_cast<double>(handle), a = in.variables[0], b = in.variables[1];
    *value = k * a + b * b;
    if (order >= 1) {
      grad[0] = k;
      grad[1] = 2 * b;
    }
    if (order == 2) hess[3] = 2;
    return nullptr;
  }

 private:
  bool share_;
  std::vector<std::string> names_{"a", "b"};
};

}  // namespace

TEST_CASE("bound calls' inputs are derivative inputs once each, in the order first read", "[eval][bindings]") {
  TwoParts m;
  fexpr::kinematics::ModelBindings bindings(m.model);
  fexpr::Context context;
  context.set_bindings(&bindings);
  auto one = fexpr::compile("DM(30, 1) + DM(30, 1)*DX(30, 1) - DM(30, 1)", context);
  REQUIRE(one);
  std::vector<std::string> expected{"TIME"};
  for (const auto& l : labels(3)) expected.push_back(l);
  CHECK(one.expression->derivative_names() == expected);

  // DX(40, 30) reads part 4 then part 3; DY(30, 1) part 3 again; VX(40, 1) part 4 again.
  auto two = fexpr::compile("DX(40, 30) + DY(30, 1)*VX(40, 1) + DX(40, 30)", context);
  REQUIRE(two);
  expected = {"TIME"};
  for (const auto& l : labels(4)) expected.push_back(l);
  for (const auto& l : labels(3)) expected.push_back(l);
  CHECK(two.expression->derivative_names() == expected);

  NamedInputs named;
  context.set_bindings(&named);
  auto three = fexpr::compile("VARVAL(1) + VARVAL(2)*VARVAL(1)", context);
  REQUIRE(three);
  CHECK(three.expression->derivative_names() == std::vector<std::string>{"TIME", "Speed"});
  // d/dspeed (s + s*s) = 1 + 2s at s = 2.
  std::vector<double> grad(2);
  fexpr::Workspace ws;
  CHECK(three.expression->gradient({}, ws, grad) == 6.0);
  CHECK(grad[1] == 5.0);
}

TEST_CASE("bound inputs shared by the bindings compile as copied ones do", "[eval][bindings]") {
  for (bool share : {false, true}) {
    INFO("shared: " << share);
    Weighted bindings(share);
    fexpr::Context ctx;
    ctx.declare_variable("a");
    ctx.declare_variable("b");
    ctx.set_bindings(&bindings);
    auto r = fexpr::compile("VARVAL(2) + VARVAL(3)*a", ctx);
    REQUIRE(r.expression);
    // f = 2a + b² + (3a + b²)·a at a = 1.5, b = -2: 3 + 4 + 8.5·1.5 = 19.75;
    // df/da = 2 + 6a + b² = 15, df/db = 2b + 2ab = -4 - 6 = -10.
    const double values[2] = {1.5, -2.0};
    fexpr::Inputs in;
    in.variables = values;
    fexpr::Workspace ws;
    const auto& names = r.expression->derivative_names();
    REQUIRE(names.size() == 3);  // TIME, a, b
    CHECK(names[1] == "a");
    CHECK(names[2] == "b");
    double grad[3] = {};
    CHECK(r.expression->gradient(in, ws, grad) == 19.75);
    CHECK(grad[0] == 0);
    CHECK(grad[1] == 15);
    CHECK(grad[2] == -10);
  }
}

}  // namespace test_eval_bound_inputs
