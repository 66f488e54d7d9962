// The value run as machine code (eval/machine_value.cpp): made after kMachineAfter values, it
// must change nothing a host can see. Every expression here is evaluated at every point twice,
// by the interpreter (the program's countdown held at zero) and then with its machine code made,
// and the two give the same bits or the same error at the same place. Values are also checked
// against the same operations written here in C++, and the making itself: when it happens, for
// which programs, under threads, and in the batch entry.
#include "eval/machine_value.hpp"
#include "expression_helpers.hpp"
#include "kinematics/model_bindings.hpp"
#include "loaded_dataset.hpp"
#include "machine_code_helpers.hpp"
#include "random_expressions.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
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
  const double values[] = {0.0, -0.0, 0.5, -0.7, 1.0, -1.0, 2.5, 4.9e-324, 1e300, -1e300, kInf, kNaN};
  std::vector<Point> out;
  for (double t : {0.3, -1.0})
    for (double x : values)
      for (double y : values)
        for (double v : values) out.push_back({t, x, y, v});
  return out;
}

struct Outcome {
  std::uint64_t bits = 0;
  std::string error;  // message at line:column, or empty
  bool operator==(const Outcome&) const = default;
};

Outcome evaluate(const Expression& e, const std::string& text, const Point& point, Workspace& ws) {
  Inputs in;
  in.time = point[0];
  in.variables = std::span<const double>(point).subspan(1);
  try {
    return {std::bit_cast<std::uint64_t>(e.value(in, ws)), {}};
  } catch (const EvaluationError& err) {
    return {0, err.diagnostic.message + " at " + testing::where(text, err.diagnostic)};
  }
}

// The machine code run directly: NaN where it gives up (instead of the slow way).
double machine(const Program& p, detail::MachineValue run, double time, const double* variables) {
  Inputs in;
  in.time = time;
  in.variables = std::span<const double>(variables, 3);
  Workspace ws;
  return run(p, in, ws.buffers(), variables, [](const Program&, const Inputs&, Workspace::Buffers&) { return kNaN; });
}

// The interpreter's outcome at each point, then the outcome with machine code, which must be made.
Agreement agree(const std::string& text, const Context& context, const std::vector<Point>& points) {
  INFO(text);
  const Expression e = compiled(text, context);
  const Program& p = e.program();
  REQUIRE(p.machine.countdown.load() == (kTranslates ? kMachineAfter : 0u));
  p.machine.countdown.store(0);  // the interpreter only, however many points
  Workspace ws;
  std::vector<Outcome> interpreted;
  for (const Point& point : points) interpreted.push_back(evaluate(e, text, point, ws));
  REQUIRE(p.machine.run.load() == nullptr);
  Agreement a;
  if (!machine_code()) return a;
  const detail::MachineValue run = detail::make_machine_value(p);
  REQUIRE(run != nullptr);
  REQUIRE(p.machine.run.load() == run);
  for (std::size_t k = 0; k < points.size(); ++k) {
    INFO("TIME, x, y, v = " << points[k][0] << ", " << points[k][1] << ", " << points[k][2] << ", " << points[k][3]);
    REQUIRE(evaluate(e, text, points[k], ws) == interpreted[k]);
    const double direct = machine(p, run, points[k][0], points[k].data() + 1);
    if (!std::isnan(direct)) {
      // The machine code's own value: only where the interpreter gives one, and its bits.
      REQUIRE(interpreted[k].error.empty());
      REQUIRE(std::bit_cast<std::uint64_t>(direct) == interpreted[k].bits);
      ++a.machine;
    }
    if (!interpreted[k].error.empty()) ++a.errors;
  }
  a.points = points.size();
  return a;
}

// A right-nested sum keeps every left operand live while the right one is computed: more live
// values than the 14 xmm registers the translation allocates.
std::string nested_products(int depth) {
  std::string text;
  for (int k = 1; k <= depth; ++k) text += "(x + " + std::to_string(k) + ")*(y - " + std::to_string(k) + ") + (";
  text += "v";
  text += std::string(static_cast<std::size_t>(depth), ')');
  return text;
}

}  // namespace

TEST_CASE("machine code gives the interpreter's bits and errors on every kind of step", "[eval][machine]") {
  const Context context = xyv();
  const std::vector<Point> points = grid();
  std::vector<std::string> texts = every_kind_of_step();
  texts.push_back(nested_products(20));  // many values live at once
  Agreement total;
  for (const std::string& text : texts) total += agree(text, context, points);
  testing::check_both_outcomes(total, 4);
}

TEST_CASE("machine code agrees with the interpreter on 300 random expressions", "[eval][machine]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("y");
  testing::RandomExpressions random(20261204);
  for (int k = 0; k < 300; ++k) {
    const std::string text = random.node(4);
    std::vector<Point> points;
    for (const auto& p : random.points(12)) points.push_back({p[0], p[1], p[2], 0.0});
    agree(text, context, points);
  }
}

TEST_CASE("machine code computes what the same operations written in C++ compute", "[eval][machine]") {
  if (!machine_code()) return;
  const Context context = xyv();
  struct Case {
    const char* text;
    double (*native)(double x, double y, double v);
  };
  const Case cases[] = {
      {"-1E4*(x-0.5) - 25*v", [](double x, double, double v) { return (x - 0.5) * -1E4 - 25 * v; }},
      {"x**3 - y**4 + v", [](double x, double y, double v) { return x * x * x - (y * y) * (y * y) + v; }},
      {"(x + y)/(v - x)", [](double x, double y, double v) { return (x + y) / (v - x); }},
      {"SQRT(x*x + y*y) * SIN(v)", [](double x, double y, double v) { return std::sqrt(x * x + y * y) * std::sin(v); }},
      {"IF(x - y: -v, 0, v*v)", [](double x, double y, double v) { return x - y < 0 ? -v : x - y > 0 ? v * v : 0.0; }},
      {"x**1.5 * EXP(-y)", [](double x, double y, double) { return x * std::sqrt(x) * std::exp(-y); }},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const Expression e = compiled(c.text, context);
    const detail::MachineValue run = detail::make_machine_value(e.program());
    REQUIRE(run != nullptr);
    for (double x : {0.25, 1.5, 3.0})
      for (double y : {-2.0, 0.5, 1.25})
        for (double v : {-0.75, 0.0, 2.0}) {
          const double vars[3] = {x, y, v};
          REQUIRE(std::bit_cast<std::uint64_t>(machine(e.program(), run, 0.0, vars)) ==
                  std::bit_cast<std::uint64_t>(c.native(x, y, v)));
        }
  }
}

TEST_CASE("a program's machine code is made on its kMachineAfter-th value", "[eval][machine]") {
  const Context context = xyv();
  const double vars[3] = {0.6, 0.2, -1.5};
  Inputs in;
  in.variables = vars;
  Workspace ws;
  const double expected = (0.6 - 0.5) * -1E4 - 25 * -1.5;

  const Expression spring = compiled("-1E4*(x-0.5) - 25*v", context);
  for (std::uint32_t k = 1; k < kMachineAfter; ++k) REQUIRE(spring.value(in, ws) == expected);
  REQUIRE(spring.program().machine.run.load() == nullptr);
  REQUIRE(spring.value(in, ws) == expected);
  REQUIRE((spring.program().machine.run.load() != nullptr) == machine_code());
  REQUIRE(spring.value(in, ws) == expected);

  // A call through the builtin table too.
  const Expression table = compiled("MAX(x, y) * v", context);
  for (std::uint32_t k = 0; k < kMachineAfter; ++k) REQUIRE(table.value(in, ws) == 0.6 * -1.5);
  REQUIRE((table.program().machine.run.load() != nullptr) == machine_code());
  REQUIRE(detail::translate_value_run(table.program()).has_value() == kTranslates);

  // A batch of kMachineAfter points makes it at once (and then computes the batch on it or on
  // lanes, whichever is faster for the program).
  const Expression batch = compiled("x*y + v", context);
  std::vector<Inputs> points(kMachineAfter, in);
  std::vector<double> out(points.size());
  batch.values(points, ws, out);
  REQUIRE((batch.program().machine.run.load() != nullptr) == machine_code());
  for (double o : out) REQUIRE(o == 0.6 * 0.2 + -1.5);
}

TEST_CASE("errors found after the machine code is made name the operation and its place", "[eval][machine][errors]") {
  if (!machine_code()) return;
  const Context context = xyv();
  Workspace ws;
  auto error_at = [&](const std::string& text, double x) {
    const Expression e = compiled(text, context);
    REQUIRE(detail::make_machine_value(e.program()) != nullptr);
    const double vars[3] = {x, 0.0, 0.0};
    Inputs in;
    in.variables = vars;
    try {
      e.value(in, ws);
    } catch (const EvaluationError& err) {
      return err.diagnostic.message + " at " + testing::where(text, err.diagnostic);
    }
    return std::string("no error");
  };
  for (const testing::LocatedError& e : testing::kLocatedErrors) testing::check_located(e, error_at(e.text, e.x));
  CHECK(error_at("y + SQRT(x)", -4.0).find("at 1:5") != std::string::npos);
}

TEST_CASE("threads that share an expression while its machine code is made all get its values", "[eval][machine]") {
  const Context context = xyv();
  const Expression e = compiled("-1E4*(x-0.5) - 25*v + x**3", context);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      Workspace ws;
      for (int k = 0; k < 3 * static_cast<int>(kMachineAfter); ++k) {
        const double x = 0.001 * k + t, v = -0.5 * t;
        const double vars[3] = {x, 0.0, v};
        Inputs in;
        in.variables = vars;
        const double expected = ((x - 0.5) * -1E4 - 25 * v) + x * x * x;
        if (e.value(in, ws) != expected) ++wrong;
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(wrong == 0);
  CHECK((e.program().machine.run.load() != nullptr) == machine_code());
}

TEST_CASE("CompileOptions::machine_code makes the machine code at compile time, or never", "[eval][machine]") {
  const Context context = xyv();
  const double vars[3] = {0.6, 0.2, -1.5};
  Inputs in;
  in.variables = vars;
  Workspace ws;
  CompileOptions now;
  now.machine_code = CompileOptions::MachineCode::now;
  const auto made = compile("x*y + v", context, now);
  REQUIRE(made);
  REQUIRE((made.expression->program().machine.run.load() != nullptr) == machine_code());
  REQUIRE(made.expression->value(in, ws) == 0.6 * 0.2 + -1.5);

  CompileOptions never;
  never.machine_code = CompileOptions::MachineCode::never;
  const auto kept = compile("x*y + v", context, never);
  REQUIRE(kept);
  for (std::uint32_t k = 0; k < 2 * kMachineAfter; ++k) REQUIRE(kept.expression->value(in, ws) == 0.6 * 0.2 + -1.5);
  REQUIRE(kept.expression->program().machine.run.load() == nullptr);
}

TEST_CASE("machine code of model-bound expressions gives the interpreter's bits and errors", "[eval][machine]") {
  using namespace fexpr::kinematics;
  Model model;
  PartState part;
  part.position = {0.6, 0.1, 0.987};
  part.euler = {0.3, 0.2, -0.1};
  part.velocity = {0.3, -0.1, -0.5};
  part.omega = {0.1, -0.2, 0.3};
  model.add_part(3, part);
  model.add_marker(1, 0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
  model.add_marker(3, 3, {0.05, -0.02, 0.01}, orientation_from_reuler(0.4, 0.5, 0.6));
  const ModelBindings bindings(model);
  State state(model);
  Context context = xyv();
  context.set_bindings(&bindings);
  const std::vector<std::string> texts = {
      "-1E4*(DM(3,1)-0.5) - 25*VR(3,1)",
      "IMPACT(DZ(3,1), VZ(3,1), 1, 1E5, 1.5, 50, 0.01) + x",
      "DX(3,1)*y + SIN(PSI(3)) - v/DY(3,1)",
      // Measures called directly (Bindings::value_function) with every marker slot, and VR of
      // coincident markers, whose error the direct call leaves to evaluate().
      "VX(3,1,3,3) * VM(3,1,3) + VY(1,3,3) + DZ(1,3,3)",
      "VR(3,3) + x",
  };
  const double heights[] = {0.9, 0.995, 1.2, 1e300};
  for (const std::string& text : texts) {
    INFO(text);
    const Expression e = compiled(text, context);
    const Program& p = e.program();
    p.machine.countdown.store(0);
    Workspace ws;
    auto outcomes = [&](bool with_state) {
      std::vector<Outcome> out;
      for (double z : heights) {
        PartState moved = part;
        moved.position[2] = z;
        state.set_part(model.find_part(3), moved);
        for (const double x : {0.5, -1.0}) {
          const double vars[3] = {x, 2.0, 0.25};
          Inputs in;
          in.variables = vars;
          in.state = with_state ? &state : nullptr;
          try {
            out.push_back({std::bit_cast<std::uint64_t>(e.value(in, ws)), {}});
          } catch (const EvaluationError& err) {
            out.push_back({0, err.diagnostic.message + " at " + testing::where(text, err.diagnostic)});
          }
        }
      }
      return out;
    };
    const std::vector<Outcome> interpreted = outcomes(true), without_state = outcomes(false);
    REQUIRE(p.machine.run.load() == nullptr);
    // The interpreter calls the measures directly too; an error is still evaluate()'s.
    if (text == "VR(3,3) + x") CHECK(interpreted.front().error == "VR is undefined when markers coincide at 1:1");
    if (!machine_code()) continue;
    REQUIRE(fexpr::detail::make_machine_value(p) != nullptr);
    CHECK(outcomes(true) == interpreted);
    // No state: the bound call's error, at the call's place.
    CHECK(outcomes(false) == without_state);
    CHECK_FALSE(without_state.front().error.empty());
  }
}

TEST_CASE("machine code calls a dataset's measures directly, with the interpreter's bits", "[eval][machine][dataset]") {
  LoadedDataset m(
      "two parts\n"
      "PART/1, GROUND\n"
      "MARKER/1, PART=1\n"
      "PART/2, QG=1,0,0\n"
      "MARKER/2, PART=2\n"
      "PART/3, QG=1.6,0.2,-0.1, REULER=0.3,0.2,-0.1, VX=0.3, WZ=0.5\n"
      "MARKER/3, PART=3, QP=0.05,-0.02,0.01, REULER=0.4,0.5,0.6\n"
      "VARIABLE/1, FUNCTION=2*TIME\n"
      "END\n");
  // The element bindings hand out the model's direct function for a measure, none for VARVAL.
  const std::optional<double> markers[] = {3.0, 2.0};
  const auto dm = std::get<Bindings::Resolved>(m.elements.resolve("DM", markers));
  const auto direct = m.elements.value_function(dm.handle);
  REQUIRE(direct.function != nullptr);
  double value = 0.0;
  REQUIRE(m.elements.evaluate(dm.handle, m.inputs(), nullptr, 0, &value, nullptr, nullptr) == nullptr);
  CHECK(std::bit_cast<std::uint64_t>(direct.function(direct.data, m.inputs())) == std::bit_cast<std::uint64_t>(value));
  const std::optional<double> one[] = {1.0};
  const auto varval = std::get<Bindings::Resolved>(m.elements.resolve("VARVAL", one));
  CHECK(m.elements.value_function(varval.handle).function == nullptr);

  const std::string text = "-1E4*(DM(3,2)-0.5) - 25*VR(3,2) + VARVAL(1)*VZ(3,1,3,2)";
  const Expression e = m.compile_ok(text);
  const Program& p = e.program();
  p.machine.countdown.store(0);
  Workspace ws;
  auto values = [&] {
    std::vector<std::uint64_t> out;
    for (const double t : {0.0, 0.25, -3.0}) {
      m.time = t;
      out.push_back(std::bit_cast<std::uint64_t>(e.value(m.inputs(), ws)));
    }
    return out;
  };
  const std::vector<std::uint64_t> interpreted = values();
  if (!machine_code()) return;
  REQUIRE(detail::make_machine_value(p) != nullptr);
  CHECK(values() == interpreted);
}
