// Expression::values, the batch entry, over Inputs and over Columns: at every point exactly the
// bits value() gives, over the examples, the benchmark cases, random expressions of every step
// the lanes form runs, model-bound expressions (each point with its own state) and element
// functions, at random points with signed zeros, subnormals and values near overflow;
// an error at a point reported with its index after the points before it; every caller's
// mistake a UsageError before anything is written; threads sharing one Expression.
#include "batch_points.hpp"
#include "random_expressions.hpp"
#include "bench/cases.hpp"
#include "dataset/loaded_model.hpp"
#include "loaded_dataset.hpp"

#include <catch2/catch.hpp>
#include <fexpr/bindings.hpp>
#include <fexpr/expression.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace test_eval_batch {

namespace {

using namespace fexpr;
using testing::bits;
using testing::check_batch;
using testing::check_columns;
using testing::kUntouchedBits;
using testing::Points;
using testing::Sampler;

constexpr std::size_t kPoints = 400;

Expression compiled(const std::string& text, const Context& context) {
  auto r = compile(text, context);
  INFO(text << (r.diagnostics.empty() ? "" : " -> " + r.diagnostics.front().message));
  REQUIRE(r.expression);
  return *r.expression;
}

std::vector<std::string> example_lines() {
  std::ifstream in(std::string(FEXPR_SOURCE_DIR) + "/examples/expressions.txt");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

std::string usage_message(auto&& call) {
  try {
    call();
  } catch (const UsageError& e) {
    return e.what();
  }
  FAIL("no UsageError");
  return {};
}

}  // namespace

TEST_CASE("a batch gives value()'s bits at every point of every example expression", "[eval][batch]") {
  const auto lines = example_lines();
  REQUIRE(lines.size() > 30);
  Context context;
  context.declare_variable("x");
  context.declare_variable("v");
  Sampler sampler(15);
  Workspace ws;  // one for all: a batch prepares it for each new program
  std::size_t failures = 0;
  for (const std::string& text : lines) {
    INFO(text);
    const Expression e = compiled(text, context);
    const Points points = sampler.points(kPoints, 2);
    failures += check_batch(e, points.inputs, ws);
    check_columns(e, points.inputs, ws);
  }
  // The sampler's NaNs, infinities and huge values make some points fail.
  CHECK(failures > 0);
}

TEST_CASE("a batch gives value()'s bits on the benchmark cases, errors, MODE and programs of every kind",
          "[eval][batch]") {
  std::vector<std::pair<std::string, std::vector<std::string>>> subjects;
  for (const auto& c : bench::cases()) {
    if (c.model || !c.dataset.empty()) continue;
    std::vector<std::string> names;
    for (const auto& [name, value] : c.variables) names.push_back(name);
    subjects.emplace_back(c.text, names);
  }
  REQUIRE(subjects.size() == 6);
  // Failing operations at places of their own, MODE, a program that reads no input, one with
  // more variables than the unrolled loads, one whose context declares variables it never reads.
  const std::vector<std::string> xv = {"x", "v"};
  for (const char* text : {"SQRT(x) + LOG(v)", "1 + 3/(x*2)", "ACOS(x)*ASIN(v)", "x**v", "MODE*x + MOD(TIME, v)",
                           "2.5", "EXP(x*700) - SINH(v*700)", "ATAN2(x, v) + MIN(x, v) - DIM(x, v)"})
    subjects.emplace_back(text, xv);
  subjects.emplace_back("a*b + c*d - e/x", std::vector<std::string>{"a", "b", "c", "d", "e", "x"});
  subjects.emplace_back("TIME + 1", std::vector<std::string>{"unused", "other"});
  Sampler sampler(150);
  for (const auto& [text, names] : subjects) {
    INFO(text);
    Context context;
    for (const std::string& name : names) context.declare_variable(name);
    const Expression e = compiled(text, context);
    const Points points = sampler.points(kPoints, names.size());
    Workspace ws;
    check_batch(e, points.inputs, ws);
    check_columns(e, points.inputs, ws);
  }
}

TEST_CASE("a batch of model-bound expressions reads each point's own state", "[eval][batch][kinematics]") {
  Sampler sampler(1500);
  std::size_t models = 0;
  for (const auto& file : std::filesystem::directory_iterator(std::string(FEXPR_SOURCE_DIR) + "/examples/models")) {
    if (file.path().extension() != ".adm") continue;
    INFO(file.path().filename().string());
    std::ostringstream errors;
    auto loaded = dataset::load_model(file.path().string(), errors);
    INFO(errors.str());
    REQUIRE(loaded);
    dataset::LoadedModel& m = **loaded;
    ++models;
    // Every element FUNCTION, and measures between each pair of the first markers.
    std::vector<Expression> expressions;
    for (const dataset::Statement& s : m.dataset.statements) {
      if (!s.id) continue;
      const auto* element = m.elements->element(s.name, *s.id);
      if (element && element->expression) expressions.push_back(*element->expression);
    }
    const auto& markers = m.build.model.markers();
    for (std::size_t i = 0; i < markers.size() && i < 4; ++i) {
      for (std::size_t j = 0; j < markers.size() && j < 4; ++j) {
        if (i == j) continue;
        const std::string pair = std::to_string(markers[i].id) + "," + std::to_string(markers[j].id);
        for (const std::string& text :
             {"-1E4*(DM(" + pair + ")-0.5) - 25*VR(" + pair + ")",
              "IMPACT(DZ(" + pair + "), VZ(" + pair + "), 0.1, 1E5, 1.5, 50, 0.01)",
              "DX(" + pair + ")*TIME + AZ(" + pair + ") + WZ(" + pair + ")", "ACOS(DX(" + pair + ")/DM(" + pair + "))"}) {
          auto r = compile(text, m.elements->context());
          if (r) expressions.push_back(*r.expression);
        }
      }
    }
    REQUIRE(!expressions.empty());
    // Each point has a state of its own, every part moved and turned from the initial one.
    std::vector<kinematics::State> states(kPoints / 4, *m.state);
    Points points(states.size(), m.elements->context().variables().size());
    for (std::size_t k = 0; k < states.size(); ++k) {
      for (int part = 1; part < states[k].size(); ++part) {
        kinematics::PartState s = states[k].part(part);
        for (int c = 0; c < 3; ++c) {
          s.position[c] += sampler.uniform(-0.2, 0.2);
          s.euler[c] += sampler.uniform(-0.5, 0.5);
          s.velocity[c] += sampler.uniform(-1.0, 1.0);
          s.omega[c] += sampler.uniform(-1.0, 1.0);
        }
        states[k].set_part(part, s);
      }
      points.inputs[k].state = &states[k];
      points.inputs[k].time = sampler.uniform(0.0, 2.0);
    }
    Workspace ws;
    for (const Expression& e : expressions) check_batch(e, points.inputs, ws);
  }
  CHECK(models >= 8);
}

TEST_CASE("a batch of element functions: nested evaluations, and their errors at their points", "[eval][batch]") {
  for (const auto& c : bench::cases()) {
    if (c.dataset.empty()) continue;
    INFO(c.name);
    testing::LoadedDataset d(c.dataset);
    const Expression e = d.compile_ok(c.text);
    Sampler sampler(15000);
    Points points = sampler.points(kPoints, 0);
    for (Inputs& in : points.inputs) in.state = &d.state;
    Workspace ws;
    CHECK(check_batch(e, points.inputs, ws) > 0);  // TIME is sometimes NaN or too large
    CHECK(check_columns(e, points.inputs, ws) > 0);
  }
  testing::LoadedDataset d("roots\nPART/1, GROUND\nVARIABLE/1, FUNCTION = SQRT(TIME - 1)\nEND\n");
  const Expression e = d.compile_ok("VARVAL(1) + 1");
  Points points(6, 0);
  const double times[] = {1.0, 2.0, 0.5, 5.0, 0.0, 10.0};
  for (std::size_t k = 0; k < 6; ++k) {
    points.inputs[k].time = times[k];
    points.inputs[k].state = &d.state;
  }
  Workspace ws;
  CHECK(check_batch(e, points.inputs, ws) == 2);
  CHECK(check_columns(e, points.inputs, ws) == 2);
}

TEST_CASE("random expressions of every fast step: a batch gives value()'s bits over blocks and their tails",
          "[eval][batch]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("y");
  testing::RandomExpressions random(2024);
  Sampler sampler(2025);
  Workspace ws;
  std::size_t failures = 0;
  for (int n = 0; n < 150; ++n) {
    const std::string text = random.node(4);
    INFO(text);
    // 64 points a block: two whole blocks and a tail of 9, whose last group has one point.
    const Points points = sampler.points(137, 2);
    // Over Inputs on lanes while the program has no machine code, else point by point on it;
    // over columns on lanes (detail::batch_on_lanes).
    for (const auto machine : {CompileOptions::MachineCode::never, CompileOptions::MachineCode::now}) {
      CompileOptions options;
      options.machine_code = machine;
      auto r = compile(text, context, options);
      REQUIRE(r.expression);
      failures += check_batch(*r.expression, points.inputs, ws);
      check_columns(*r.expression, points.inputs, ws);
    }
  }
  CHECK(failures > 0);
}

TEST_CASE("points of one block taking different branches of IF each get their own branch's value", "[eval][batch]") {
  Context context;
  context.declare_variable("x");
  const Expression e = compiled("IF(x: 10*x, 7, SQRT(x)) + IF(x - 2: 1, 2, 3)", context);
  std::vector<double> x(100);
  Points points(x.size(), 1);
  for (std::size_t k = 0; k < x.size(); ++k) points.row(k)[0] = x[k] = static_cast<double>(k % 7) - 3.0;
  std::vector<double> out(x.size());
  Workspace ws;
  e.values(points.inputs, ws, out);
  for (std::size_t k = 0; k < x.size(); ++k) {
    INFO("x = " << x[k]);
    const double first = x[k] < 0 ? 10 * x[k] : x[k] == 0 ? 7 : std::sqrt(x[k]);
    const double second = x[k] < 2 ? 1 : x[k] == 2 ? 2 : 3;
    CHECK(bits(out[k]) == bits(first + second));
  }
}

TEST_CASE("columns: a stride of 0 shares one value, TIME and MODE without data are 0 and 4", "[eval][batch]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("k");
  const Expression e = compiled("k*x + 100*TIME + MODE", context);
  std::vector<double> x(70);  // a block and a tail
  std::iota(x.begin(), x.end(), 1.0);
  const double k = 0.5;
  const Column variables[] = {{x.data(), 1}, {&k, 0}};
  Columns columns;
  columns.points = x.size();
  columns.variables = variables;
  std::vector<double> out(x.size());
  Workspace ws;
  e.values(columns, ws, out);
  for (std::size_t p = 0; p < x.size(); ++p) CHECK(out[p] == 0.5 * x[p] + 4.0);
  const double time = 2.0, mode = 5.0;
  columns.time = {&time, 0};
  columns.mode = {&mode, 0};
  e.values(columns, ws, out);
  for (std::size_t p = 0; p < x.size(); ++p) CHECK(out[p] == 0.5 * x[p] + 205.0);
}

TEST_CASE("columns: the caller's mistakes are UsageErrors that write nothing", "[eval][batch][errors]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("v");
  const Expression e = compiled("x + v", context);
  const double x[] = {1, 2, 3};
  std::vector<double> out(3, -7.0);
  Workspace ws;
  Columns columns;
  columns.points = 3;
  const Column one[] = {{x, 1}};
  columns.variables = one;
  CHECK(usage_message([&] { e.values(columns, ws, out); }) ==
        "the expression was compiled with 2 variables; Columns::variables holds 1");
  const Column missing[] = {{x, 1}, {nullptr, 1}};
  columns.variables = missing;
  CHECK(usage_message([&] { e.values(columns, ws, out); }) ==
        "Columns::variables[1] has no data; give every variable's column");
  const Column both[] = {{x, 1}, {x, 1}};
  columns.variables = both;
  CHECK(usage_message([&] { e.values(columns, ws, std::span<double>(out).first(2)); }) ==
        "the batch has 3 points; the output span holds 2");
  CHECK(out == std::vector<double>(3, -7.0));
}

TEST_CASE("an error at a point stops the batch there, after the points before it", "[eval][batch][errors]") {
  Context context;
  context.declare_variable("x");
  const Expression e = compiled("1 + SQRT(x)", context);
  const double x[] = {4.0, 9.0, -1.0, 16.0, -0.5, 0.0};
  std::vector<Inputs> points(6);
  for (std::size_t k = 0; k < 6; ++k) points[k].variables = std::span<const double>(&x[k], 1);
  std::vector<double> out(6, std::bit_cast<double>(kUntouchedBits));
  Workspace ws;

  BatchEvaluationError caught(Diagnostic{}, 99);
  try {
    e.values(points, ws, out);
    FAIL("no error");
  } catch (const BatchEvaluationError& err) {
    caught = err;
  }
  // The same diagnostic as value() at x = -1: SQRT's message at SQRT(x), columns 4 to 11.
  CHECK(caught.point == 2);
  CHECK(caught.diagnostic.span.begin == 4);
  CHECK(caught.diagnostic.span.end == 11);
  CHECK(caught.diagnostic.code == Code::domain);
  std::string message;
  try {
    e.value(points[2], ws);
  } catch (const EvaluationError& err) {
    message = err.what();
  }
  REQUIRE(!message.empty());
  CHECK(caught.diagnostic.message == message);
  CHECK(std::string(caught.what()) == "point 2: " + message);
  CHECK(out[0] == 3.0);
  CHECK(out[1] == 4.0);
  for (std::size_t k = 2; k < 6; ++k) CHECK(bits(out[k]) == kUntouchedBits);

  SECTION("going on after it: the index is the failing point's in the batch it was given") {
    try {
      e.values(std::span(points).subspan(3), ws, std::span(out).subspan(3));
      FAIL("no error");
    } catch (const BatchEvaluationError& err) {
      CHECK(err.point == 1);  // x = -0.5, point 4 of the whole
      CHECK(std::string(err.what()) == "point 1: " + message);
    }
    CHECK(out[3] == 5.0);
    e.values(std::span(points).subspan(5), ws, std::span(out).subspan(5));
    CHECK(out[5] == 1.0);
  }
  SECTION("it is an EvaluationError, for callers that do not ask which point") {
    CHECK_THROWS_AS(e.values(points, ws, out), EvaluationError);
  }
  SECTION("the workspace is free again after the error") {
    CHECK(e.value(points[3], ws) == 5.0);
  }
}

TEST_CASE("a batch's usage errors name sizes and points and write nothing", "[eval][batch][errors]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("y");
  const Expression e = compiled("x*y + 1", context);
  const double xy[2] = {3.0, 4.0};
  std::vector<Inputs> points(3);
  for (Inputs& in : points) in.variables = xy;
  std::vector<double> out(3, -7.0);
  Workspace ws;

  SECTION("out shorter than the points") {
    CHECK(usage_message([&] { e.values(points, ws, std::span(out).first(2)); }) ==
          "the batch has 3 points; the output span holds 2");
    CHECK(out == std::vector<double>(3, -7.0));
  }
  SECTION("a point with too few variables, though the points before it have enough") {
    points[1].variables = std::span<const double>(xy, 1);
    CHECK(usage_message([&] { e.values(points, ws, out); }) ==
          "point 1: the expression was compiled with 2 variables; Inputs::variables holds 1");
    CHECK(out == std::vector<double>(3, -7.0));
  }
  SECTION("out longer than the points: the rest is left as it was") {
    out.push_back(-7.0);
    e.values(points, ws, out);
    CHECK(out == std::vector<double>{13.0, 13.0, 13.0, -7.0});
  }
  SECTION("no points: nothing to do") {
    e.values(std::span<const Inputs>{}, ws, {});
    const double x = 1.0;
    const Column variables[] = {{&x, 0}, {&x, 0}};
    Columns none;
    none.variables = variables;
    e.values(none, ws, {});
    CHECK(out == std::vector<double>(3, -7.0));
  }
}

namespace {

// VARVAL(1) is 2 + TIME, and runs `during` while its evaluation holds the workspace. A flaky one
// fails every other call: the fast run's, and not the reference run's that follows it.
class Reentrant : public Bindings {
 public:
  std::function<void()> during;
  bool flaky = false;
  mutable int calls = 0;

  std::variant<Resolved, Rejected> resolve(std::string_view function,
                                           std::span<const std::optional<double>>) const override {
    if (function == "VARVAL") return Resolved{};
    return Rejected{-1, Code::name, "unknown"};
  }
  const char* evaluate(std::uintptr_t, const Inputs& in, const double*, int, double* value, double*,
                       double*) const override {
    if (during) during();
    if (flaky && calls++ % 2 == 0) return "not this time";
    *value = 2.0 + in.time;
    return nullptr;
  }
};

}  // namespace

TEST_CASE("a workspace held by an evaluation under way is a usage error for a batch and during one",
          "[eval][batch][errors]") {
  Reentrant bindings;
  Context context;
  context.set_bindings(&bindings);
  const Expression outer = compiled("VARVAL(1) + 1", context);
  const Expression inner = compiled("TIME * 5", context);
  Workspace ws;
  std::vector<Inputs> points(4);
  std::vector<double> out(4, -7.0);
  const std::string in_use = "the workspace is in use by another evaluation: each thread needs its own Workspace";

  SECTION("a batch started while value() holds the workspace") {
    std::string message;
    bindings.during = [&] { message = usage_message([&] { inner.values(points, ws, out); }); };
    CHECK(outer.value({}, ws) == 3.0);
    CHECK(message == in_use);
    CHECK(out == std::vector<double>(4, -7.0));
  }
  SECTION("value() started while a batch holds the workspace") {
    std::string message;
    bindings.during = [&] { message = usage_message([&] { inner.value({}, ws); }); };
    outer.values(points, ws, out);
    CHECK(out == std::vector<double>(4, 3.0));
    CHECK(message == in_use);
  }
  SECTION("once the batch is over the workspace serves others") {
    outer.values(points, ws, out);
    Inputs in;
    in.time = 2.0;
    CHECK(inner.value(in, ws) == 10.0);
  }
}

TEST_CASE("two threads with their own workspaces share one Expression's batches", "[eval][batch][threads]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("v");
  const Expression e = compiled("100*SIN(2*PI*5*TIME)*COS(x) + IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01) + SQRT(x)", context);
  Sampler sampler(150000);
  Points points(1000, 2);
  for (std::size_t k = 0; k < 1000; ++k) {
    points.inputs[k].time = sampler.uniform(0.0, 1.0);
    points.row(k)[0] = sampler.uniform(0.9, 1.1);
    points.row(k)[1] = sampler.uniform(-1.0, 1.0);
  }
  const testing::OneByOne expected = testing::one_by_one(e, points.inputs);
  std::vector<double> first(1000), second(1000);
  auto sweep = [&](std::vector<double>& out) {
    Workspace ws;
    for (int round = 0; round < 50; ++round) e.values(points.inputs, ws, out);
  };
  std::thread a([&] { sweep(first); });
  std::thread b([&] { sweep(second); });
  a.join();
  b.join();
  for (std::size_t k = 0; k < 1000; ++k) {
    INFO("point " << k);
    CHECK(bits(first[k]) == bits(expected.values[k]));
    CHECK(bits(second[k]) == bits(expected.values[k]));
  }
}

TEST_CASE("a point the fast run gives up on is computed by the reference form, and the batch goes on",
          "[eval][batch]") {
  Reentrant bindings;
  bindings.flaky = true;
  Context context;
  context.set_bindings(&bindings);
  const Expression e = compiled("VARVAL(1) + 1", context);
  std::vector<Inputs> points(5);
  for (std::size_t k = 0; k < 5; ++k) points[k].time = static_cast<double>(k);
  std::vector<double> out(5, -7.0);
  Workspace ws;
  e.values(points, ws, out);
  // Each point: the fast run's call fails, the reference run's gives 2 + TIME of that point.
  CHECK(out == std::vector<double>{3.0, 4.0, 5.0, 6.0, 7.0});
  CHECK(bindings.calls == 10);
}

}  // namespace test_eval_batch
