// The gradient run as machine code (eval/machine_gradient.cpp): made after kMachineAfter
// gradients, it must change nothing a host can see. Every expression here is differentiated at
// every point twice, by the interpreter (the program's countdown held at zero) and then with its
// machine code made, and the two give the same bits (value and every partial) or the same error
// at the same place. The code's own results (called directly, without the fallback) are checked
// the same way, partials against closed forms derived by hand, and the making itself: when it
// happens, for which programs, under threads.
#include "eval/machine_gradient.hpp"
#include "eval/machine_value.hpp"
#include "expression_helpers.hpp"
#include "kinematics/model_bindings.hpp"
#include "machine_code_helpers.hpp"
#include "random_expressions.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <atomic>
#include <bit>
#include <cmath>
#include <iterator>
#include <limits>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace fexpr;
using detail::kMachineAfter;
using detail::Program;
using namespace fexpr::testing;

// TIME, x, y, v.
using Point = std::vector<double>;

std::vector<Point> grid() {
  const double values[] = {0.0, -0.0, 0.5, -0.7, 1.0, 2.5, 4.9e-324, 1e300, -1e300, kInf, kNaN};
  std::vector<Point> out;
  for (double t : {0.3, -1.0})
    for (double x : values)
      for (double y : values)
        for (double v : {0.0, -0.0, 0.5, -0.7, 2.5, 1e300, kNaN}) out.push_back({t, x, y, v});
  return out;
}

Inputs inputs_at(const Point& point) {
  Inputs in;
  in.time = point[0];
  in.variables = std::span<const double>(point).subspan(1);
  return in;
}

std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

struct Outcome {
  std::vector<std::uint64_t> bits;  // the value, then every partial
  std::string error;                // message at line:column, or empty
  bool operator==(const Outcome&) const = default;
};

Outcome differentiate(const Expression& e, const std::string& text, const Point& point, Workspace& ws) {
  std::vector<double> grad(e.derivative_names().size(), 12345.0);
  try {
    const double v = e.gradient(inputs_at(point), ws, grad);
    Outcome o{{bits(v)}, {}};
    for (double g : grad) o.bits.push_back(bits(g));
    return o;
  } catch (const EvaluationError& err) {
    return {{}, err.diagnostic.message + " at " + testing::where(text, err.diagnostic)};
  }
}

// The machine code run directly: nothing where it gives up (instead of the slow way).
std::optional<Outcome> machine(const Program& p, detail::MachineGradient run, const Point& point) {
  const Inputs in = inputs_at(point);
  Workspace ws;
  std::vector<double> grad(p.derivative_names.size(), 12345.0);
  const double v = run(p, in, ws.buffers(), in.variables.data(), grad.data(),
                       [](const Program&, const Inputs&, Workspace::Buffers&, double*) { return kNaN; });
  if (std::isnan(v)) return std::nullopt;
  Outcome o{{bits(v)}, {}};
  for (double g : grad) o.bits.push_back(bits(g));
  return o;
}

// The interpreter's outcome at each point, then the outcome with machine code where the
// program translates.
Agreement agree(const std::string& text, const Context& context, const std::vector<Point>& points) {
  INFO(text);
  const Expression e = compiled(text, context);
  const Program& p = e.program();
  REQUIRE(p.machine.gradient_countdown.load() == (kTranslates ? kMachineAfter : 0u));
  p.machine.gradient_countdown.store(0);  // the interpreter only, however many points
  Workspace ws;
  std::vector<Outcome> interpreted;
  for (const Point& point : points) interpreted.push_back(differentiate(e, text, point, ws));
  REQUIRE(p.machine.gradient.load() == nullptr);
  Agreement a;
  a.points = points.size();
  if (!machine_code()) return a;
  const detail::MachineGradient run = detail::make_machine_gradient(p);
  a.translated = run != nullptr;
  if (!run) return a;
  REQUIRE(p.machine.gradient.load() == run);
  for (std::size_t k = 0; k < points.size(); ++k) {
    INFO("TIME, x, y, v = " << points[k][0] << ", " << points[k][1] << ", " << points[k][2] << ", " << points[k][3]);
    REQUIRE(differentiate(e, text, points[k], ws) == interpreted[k]);
    if (const auto direct = machine(p, run, points[k])) {
      // The machine code's own result: only where the interpreter gives one, and its bits.
      REQUIRE(interpreted[k].error.empty());
      REQUIRE(*direct == interpreted[k]);
      ++a.machine;
    }
    if (!interpreted[k].error.empty()) ++a.errors;
  }
  return a;
}

}  // namespace

TEST_CASE("gradient machine code gives the interpreter's bits and errors on every kind of step", "[eval][machine]") {
  const Context context = xyv();
  const std::vector<Point> points = grid();
  std::vector<std::string> texts = every_kind_of_step();
  const char* more[] = {
      // constants and zeros in shapes, constant powers of products
      "x/2 + 3/y", "(1 - x)*(2 + y) - 0*v", "-x*0 + y*(-0)", "(x*y)**1.5 + (v - x)**4", "(x + 1)**(y*v)",
      "x**(v*0) - y",
      // smooth steps of expressions, IMPACT of every exponent written inline and one that calls pow
      "STEP(x*y, 0.1, -3, 0.4, 7) * v", "STEP(x, 0, 0, 3, 1)", "IMPACT(x, v, 0.5, 1E5, 2, 50, 0.01) - y",
      "IMPACT(y, v, 0.5, 1E5, 2.2, 50, 0.01) * x + IMPACT(x*y, y, 1, 10, 4, 5, 0.5)",
      "IF(x - 0.5: -1E4*(x - 0.5), 0, SIN(y)*v)", "MAX(TIME, x*y) - MIN(v, 1)",
      // four partials, MODE's none
      "100*SIN(2*PI*5*TIME)*COS(x) + SQRT(x*x+v*v+y*y)", "MODE*2",
      // zero partials through a chain rule or a division, with coefficients that overflow
      "SIN(2*TIME) * COS(x) + SQRT(y*y + v*v)", "0/SIN(x) + y*v", "EXP(x)*0 - v", "x*1E-300/(y*1E-300)",
      "SQRT(x) * TIME + LOG(y)", "(x + y)/(v*1E-310)", "EXP(x*1E3) * y",
  };
  texts.insert(texts.end(), std::begin(more), std::end(more));
  Agreement total;
  for (const std::string& text : texts) {
    const Agreement a = agree(text, context, points);
    if (machine_code()) {
      INFO(text);
      CHECK(a.translated);
    }
    total += a;
  }
  testing::check_both_outcomes(total, 5);
}

TEST_CASE("gradient machine code agrees with the interpreter on 400 random expressions", "[eval][machine]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("y");
  testing::RandomExpressions random(20261205);
  std::size_t translated = 0;
  for (int k = 0; k < 400; ++k) {
    const std::string text = random.node(4);
    std::vector<Point> points;
    for (const auto& p : random.points(12)) points.push_back({p[0], p[1], p[2], 0.0});
    translated += agree(text, context, points).translated ? 1 : 0;
  }
  if (machine_code()) CHECK(translated == 400);
}

TEST_CASE("gradient machine code computes partials derived by hand", "[eval][machine]") {
  if (!machine_code()) return;
  const Context context = xyv();
  struct Case {
    const char* text;
    // d/dx, d/dy, d/dv
    std::array<double, 3> (*partials)(double x, double y, double v);
  };
  const Case cases[] = {
      {"-1E4*(x-0.5) - 25*v", [](double, double, double) { return std::array{-1E4, 0.0, -25.0}; }},
      {"x**3 - y**4 + v", [](double x, double y, double) { return std::array{3 * (x * x), -(4 * (y * y * y)), 1.0}; }},
      {"x*y*v", [](double x, double y, double v) { return std::array{y * v, x * v, x * y}; }},
      {"SIN(x) * y", [](double x, double y, double) { return std::array{y * std::cos(x), std::sin(x), 0.0}; }},
      {"IF(x - y: -v, 0, v*v)",
       [](double x, double y, double v) { return x < y ? std::array{0.0, 0.0, -1.0} : std::array{0.0, 0.0, 2 * v}; }},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const Expression e = compiled(c.text, context);
    const detail::MachineGradient run = detail::make_machine_gradient(e.program());
    REQUIRE(run != nullptr);
    for (double x : {0.25, 1.5, 3.0})
      for (double y : {-2.0, 0.5, 1.25})
        for (double v : {-0.75, 2.0}) {
          const auto got = machine(e.program(), run, {0.0, x, y, v});
          REQUIRE(got);
          const auto want = c.partials(x, y, v);
          // TIME's partial first (it is zero), then x, y, v.
          REQUIRE(got->bits.size() == 5);
          CHECK(std::bit_cast<double>(got->bits[1]) == 0.0);
          for (int k = 0; k < 3; ++k) CHECK(std::bit_cast<double>(got->bits[2 + k]) == Approx(want[k]).epsilon(1e-15));
        }
  }
}

TEST_CASE("a program's gradient machine code is made on its kMachineAfter-th gradient", "[eval][machine]") {
  const Context context = xyv();
  const Point point = {0.0, 0.6, 0.2, -1.5};
  Workspace ws;
  std::vector<double> grad(4);
  const double expected = (0.6 - 0.5) * -1E4 - 25 * -1.5;

  const Expression spring = compiled("-1E4*(x-0.5) - 25*v", context);
  for (std::uint32_t k = 1; k < kMachineAfter; ++k) REQUIRE(spring.gradient(inputs_at(point), ws, grad) == expected);
  REQUIRE(spring.program().machine.gradient.load() == nullptr);
  REQUIRE(spring.program().machine.run.load() == nullptr);  // values count on their own
  REQUIRE(spring.gradient(inputs_at(point), ws, grad) == expected);
  REQUIRE((spring.program().machine.gradient.load() != nullptr) == machine_code());
  std::fill(grad.begin(), grad.end(), 7.0);
  REQUIRE(spring.gradient(inputs_at(point), ws, grad) == expected);
  CHECK(grad == std::vector<double>{0.0, -1E4, 0.0, -25.0});

  // Programs the translation leaves to the interpreter: more than 4 partials read.
  Context wide = xyv();
  wide.declare_variable("w");
  for (const char* text : {"x + y + v + w + TIME", "MAX(x, y) + v*w*TIME"}) {
    INFO(text);
    const Expression e = compiled(text, wide);
    CHECK_FALSE(detail::translate_gradient_run(e.program()).has_value());
    CHECK(detail::make_machine_gradient(e.program()) == nullptr);
  }
  // And functions of a model, whose partials are the model's states.
  kinematics::Model model;
  model.add_part(2, kinematics::PartState{});
  model.add_marker(1, 0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
  model.add_marker(2, 2, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
  const kinematics::ModelBindings bindings(model);
  Context bound = xyv();
  bound.set_bindings(&bindings);
  const Expression dm = compiled("DM(2,1) * x", bound);
  CHECK_FALSE(detail::translate_gradient_run(dm.program()).has_value());
}

TEST_CASE("errors found after the gradient machine code is made name the operation and its place",
          "[eval][machine][errors]") {
  if (!machine_code()) return;
  const Context context = xyv();
  Workspace ws;
  auto error_at = [&](const std::string& text, double x) {
    const Expression e = compiled(text, context);
    REQUIRE(detail::make_machine_gradient(e.program()) != nullptr);
    std::vector<double> grad(4);
    try {
      e.gradient(inputs_at({0.0, x, 0.0, 0.0}), ws, grad);
    } catch (const EvaluationError& err) {
      return err.diagnostic.message + " at " + testing::where(text, err.diagnostic);
    }
    return std::string("no error");
  };
  for (const testing::LocatedError& e : testing::kLocatedErrors) testing::check_located(e, error_at(e.text, e.x));
  CHECK(error_at("y + SQRT(x)", 0.0).find("at 1:5") != std::string::npos);  // SQRT's derivative at 0
  // The caller's own mistake, a gradient span too short, is reported as before.
  const Expression e = compiled("x*y", context);
  REQUIRE(detail::make_machine_gradient(e.program()) != nullptr);
  std::vector<double> short_grad(2);
  CHECK_THROWS_AS(e.gradient(inputs_at({0.0, 1.0, 2.0, 3.0}), ws, short_grad), std::invalid_argument);
}

TEST_CASE("threads that share an expression while its gradient machine code is made all get its partials",
          "[eval][machine]") {
  const Context context = xyv();
  const Expression e = compiled("-1E4*(x-0.5) - 25*v + x**3", context);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      Workspace ws;
      std::vector<double> grad(4);
      for (int k = 0; k < 3 * static_cast<int>(kMachineAfter); ++k) {
        const double x = 0.001 * k + t, v = -0.5 * t;
        const double expected = ((x - 0.5) * -1E4 - 25 * v) + x * x * x;
        if (e.gradient(inputs_at({0.0, x, 0.0, v}), ws, grad) != expected || grad[1] != -1E4 + 3.0 * (x * x) ||
            grad[3] != -25.0)
          ++wrong;
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(wrong == 0);
  CHECK((e.program().machine.gradient.load() != nullptr) == machine_code());
}

TEST_CASE("CompileOptions::machine_code makes the gradient machine code at compile time, or never", "[eval][machine]") {
  const Context context = xyv();
  Workspace ws;
  std::vector<double> grad(4);
  CompileOptions now;
  now.machine_code = CompileOptions::MachineCode::now;
  const auto made = compile("x*y + v", context, now);
  REQUIRE(made);
  REQUIRE((made.expression->program().machine.gradient.load() != nullptr) == machine_code());
  REQUIRE(made.expression->gradient(inputs_at({0.0, 0.6, 0.2, -1.5}), ws, grad) == 0.6 * 0.2 + -1.5);
  CHECK(grad == std::vector<double>{0.0, 0.2, 0.6, 1.0});

  CompileOptions never;
  never.machine_code = CompileOptions::MachineCode::never;
  const auto kept = compile("x*y + v", context, never);
  REQUIRE(kept);
  for (std::uint32_t k = 0; k < 2 * kMachineAfter; ++k)
    REQUIRE(kept.expression->gradient(inputs_at({0.0, 0.6, 0.2, -1.5}), ws, grad) == 0.6 * 0.2 + -1.5);
  REQUIRE(kept.expression->program().machine.gradient.load() == nullptr);
}
