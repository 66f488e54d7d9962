// The chain rule leaves a call's constant arguments out (eval/run.cpp, varying_arguments):
// derivatives are the same bits as when the same numbers come from registers the chain rule
// cannot leave out (MODE times a constant, with MODE = 1, whose derivatives are zero too), and
// a contact force on a model's measures has the Hessian of finite differences and of the chain
// rule worked by hand from IMPACT's own partials and the measures' derivatives.
#include "builtins/contact.hpp"
#include "expression_helpers.hpp"
#include "kinematics/model_bindings.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace test_eval_constant_arguments {

using fexpr::testing::Bench;
using fexpr::testing::Form;

namespace {

struct Run {
  double value = 0.0;
  std::vector<double> grad, hess;
};

Run hessian_of(const fexpr::Expression& e, const fexpr::Inputs& in) {
  const std::size_t n = e.derivative_count();
  Run r{0.0, std::vector<double>(n), std::vector<double>(n * n)};
  fexpr::Workspace ws;
  r.value = e.hessian(in, ws, r.grad, r.hess);
  return r;
}

std::vector<std::uint64_t> bits(const Run& r) {
  std::vector<std::uint64_t> out{std::bit_cast<std::uint64_t>(r.value)};
  for (double g : r.grad) out.push_back(std::bit_cast<std::uint64_t>(g));
  for (double h : r.hess) out.push_back(std::bit_cast<std::uint64_t>(h));
  return out;
}

}  // namespace

TEST_CASE("constant arguments of a call change no bit of its derivatives", "[eval][derivatives]") {
  // Each with its constants, then with each constant c written MODE*c. On the fast form, IMPACT
  // and BISTOP with constant parameters are steps of their own rather than calls (their second
  // derivatives may differ from the table rule's in the last bit), so they are compared on the
  // reference form only.
  struct Case {
    const char* constants;
    const char* registers;
    bool call_on_both_forms;
  };
  const Case cases[] = {
      {"IMPACT(x, v, 1, 1E5, 1.5, 50, 0.1)", "IMPACT(x, v, MODE*1, MODE*1E5, MODE*1.5, MODE*50, MODE*0.1)", false},
      {"BISTOP(x, v, 0.2, 0.8, 100, 2, 10, 0.05)*x",
       "BISTOP(x, v, MODE*0.2, MODE*0.8, MODE*100, MODE*2, MODE*10, MODE*0.05)*x", false},
      {"SHF(x, 0.1, 2, 3, v, 5) + SWEEP(TIME, 1, 0, 1, 2, 3, 0.5)",
       "SHF(x, MODE*0.1, MODE*2, MODE*3, v, MODE*5) + SWEEP(TIME, MODE*1, MODE*0, MODE*1, MODE*2, MODE*3, MODE*0.5)",
       true},
      {"STEP(x*v, 0, 1, 1, TIME) - 3*x*v + v/2", "STEP(x*v, MODE*0, MODE*1, MODE*1, TIME) - MODE*3*x*v + v/(MODE*2)",
       true},
  };
  for (const auto& [constants, registers, call_on_both_forms] : cases) {
    for (double x : {0.85, 0.97, 1.03}) {
      for (auto form : fexpr::testing::kForms) {
        if (form == Form::fast && !call_on_both_forms) continue;
        Bench b({{"x", x}, {"v", -0.7}});
        b.time = 0.6;
        const fexpr::Expression with_constants = fexpr::testing::compile_on(b, constants, form);
        const fexpr::Expression with_registers = fexpr::testing::compile_on(b, registers, form);
        fexpr::Inputs in = b.inputs();
        in.mode = 1.0;
        INFO(constants << " at x = " << x << " on the " << fexpr::testing::form_name(form));
        CHECK(bits(hessian_of(with_constants, in)) == bits(hessian_of(with_registers, in)));
      }
    }
  }
}

TEST_CASE("IMPACT and BISTOP give the same value and slopes as their own steps and as the table's rule",
          "[eval][derivatives]") {
  // With constant parameters the fast form runs a contact step of its own; with each parameter
  // written MODE*c it calls the table's rule. Both take u^e by power_value (u*u*u for e = 3, not
  // pow) and its slope as e*u^(e-1), so the value has the same bits and the gradient the same
  // numbers (a zero's sign may differ: the rule chains zero rows that the step never has).
  const char* const exponents[] = {"1.5", "3", "2.2", "0.5", "1"};
  for (const char* e : exponents) {
    const std::string m = std::string("MODE*") + e;
    const std::string cases[][2] = {
        {std::string("IMPACT(x, v, 1, 1E5, ") + e + ", 50, 0.1)",
         "IMPACT(x, v, MODE*1, MODE*1E5, " + m + ", MODE*50, MODE*0.1)"},
        {std::string("BISTOP(x, v, 0.2, 0.8, 100, ") + e + ", 10, 0.05)",
         "BISTOP(x, v, MODE*0.2, MODE*0.8, MODE*100, " + m + ", MODE*10, MODE*0.05)"},
    };
    for (const auto& [step, rule] : cases) {
      for (double x : {0.13, 0.17, 0.85, 0.93, 0.97, 0.999, 1.01}) {
        Bench b({{"x", x}, {"v", -0.7}});
        const fexpr::Expression with_step = fexpr::testing::compile_on(b, step.c_str(), Form::fast);
        const fexpr::Expression with_rule = fexpr::testing::compile_on(b, rule.c_str(), Form::fast);
        fexpr::Inputs in = b.inputs();
        in.mode = 1.0;
        INFO(step << " at x = " << x);
        fexpr::Workspace ws;
        CHECK(std::bit_cast<std::uint64_t>(with_step.value(in, ws)) ==
              std::bit_cast<std::uint64_t>(with_rule.value(in, ws)));
        std::vector<double> g_step(with_step.derivative_count()), g_rule(with_rule.derivative_count());
        with_step.gradient(in, ws, g_step);
        with_rule.gradient(in, ws, g_rule);
        CHECK(g_step == g_rule);
      }
    }
  }
}

TEST_CASE("a contact force on a model's measures has the Hessian of its gradient's finite differences and of the "
          "chain rule by hand",
          "[eval][derivatives][kinematics]") {
  using fexpr::kinematics::Model;
  Model model;
  fexpr::kinematics::PartState part;
  part.position = {0.6, 0.1, 0.99};
  part.velocity = {0.3, -0.2, -0.5};
  part.euler = {0.1, 0.2, 0.3};
  part.omega = {0.4, -0.3, 1.0};
  const int index = model.add_part(2, part);
  model.add_marker(1, 0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
  model.add_marker(2, 2, Eigen::Vector3d(0.1, 0.05, -0.02), Eigen::Matrix3d::Identity());
  fexpr::kinematics::State state(model);
  fexpr::kinematics::ModelBindings bindings(model);
  fexpr::Context context;
  context.set_bindings(&bindings);
  auto compile = [&](const char* text) {
    auto compiled = fexpr::compile(text, context);
    INFO(text);
    REQUIRE(compiled);
    return *compiled.expression;
  };
  const double x1 = 1, k = 1E5, e = 1.5, cmax = 50, d = 0.02;
  const fexpr::Expression force = compile("IMPACT(DZ(2,1), VZ(2,1), 1, 1E5, 1.5, 50, 0.02)");
  const fexpr::Expression dz = compile("DZ(2,1)"), vz = compile("VZ(2,1)");
  const std::size_t n = force.derivative_count();
  REQUIRE(n == 13);  // TIME and the part's 12 states
  fexpr::Inputs in;
  in.state = &state;
  const Run f = hessian_of(force, in), z = hessian_of(dz, in), w = hessian_of(vz, in);
  // In contact and on the damping ramp, where every term of the Hessian is at work.
  REQUIRE(z.value > x1 - d);
  REQUIRE(z.value < x1);
  REQUIRE(f.value > 0.0);

  SECTION("the chain rule by hand") {
    double first[3], second[3];
    REQUIRE(fexpr::builtins::impact(z.value, w.value, x1, k, e, cmax, d, 1, first) == nullptr);
    REQUIRE(fexpr::builtins::impact(z.value, w.value, x1, k, e, cmax, d, 2, second) == nullptr);
    const double fx = first[0], fv = first[1], fxx = second[0], fxv = second[1], fvv = second[2];
    for (std::size_t i = 0; i < n; ++i) {
      INFO("d/d" << force.derivative_names()[i]);
      CHECK(f.grad[i] == Approx(fx * z.grad[i] + fv * w.grad[i]).epsilon(1e-13).margin(1e-9));
      for (std::size_t j = 0; j < n; ++j) {
        INFO("d/d" << force.derivative_names()[j]);
        const double expected = fx * z.hess[i * n + j] + fv * w.hess[i * n + j] + fxx * z.grad[i] * z.grad[j] +
                                fxv * (z.grad[i] * w.grad[j] + w.grad[i] * z.grad[j]) + fvv * w.grad[i] * w.grad[j];
        CHECK(f.hess[i * n + j] == Approx(expected).epsilon(1e-12).margin(1e-7));
      }
    }
  }

  SECTION("finite differences of the gradient") {
    // Gradient order: TIME, then the part's states in state_value order.
    const double step = 1e-7;
    for (int s = 0; s < fexpr::kinematics::kStatesPerPart; ++s) {
      auto gradient_at = [&](double delta) {
        fexpr::kinematics::State moved(model);
        fexpr::kinematics::PartState p = part;
        fexpr::kinematics::state_value(p, s) += delta;
        moved.set_part(index, p);
        fexpr::Inputs at = in;
        at.state = &moved;
        std::vector<double> g(n);
        fexpr::Workspace ws;
        force.gradient(at, ws, g);
        return g;
      };
      const std::vector<double> plus = gradient_at(step), minus = gradient_at(-step);
      const std::size_t i = static_cast<std::size_t>(s) + 1;
      INFO("d/d" << force.derivative_names()[i]);
      for (std::size_t j = 0; j < n; ++j) {
        const double fd = (plus[j] - minus[j]) / (2 * step);
        INFO("d/d" << force.derivative_names()[j]);
        CHECK(f.hess[i * n + j] == Approx(fd).epsilon(1e-5).margin(1e-5 * (1 + std::abs(fd))));
      }
    }
  }
}

}  // namespace test_eval_constant_arguments
