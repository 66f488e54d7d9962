// Evaluation allocates nothing once a workspace has seen a program and the program's machine
// code is made (on its 1000th value and gradient, or at compile time): value, gradient and
// Hessian, for plain expressions and for kinematic functions of a model, and batches over Inputs
// and over columns; and compiling a model's measures costs as many allocations whatever the
// model's size. Counted by replacing the global operator new for this test program
// (counting_new.hpp).
#include "counting_new.hpp"
#include "eval/machine_value.hpp"
#include "kinematics/model_bindings.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>
#include <span>
#include <string>
#include <vector>

using fexpr::testing::allocations;

namespace {

constexpr int kRuns = 1000;

// Evaluates value, gradient and Hessian once to warm the workspace up (and the value and the
// gradient as often as it takes to make their machine code), then kRuns times each at moving
// inputs; returns the allocations made by those runs. Nothing here may allocate inside the
// counted loop (no Catch2 assertion, no string).
long allocations_per_runs(const fexpr::Expression& e, fexpr::Inputs in, std::vector<double>& variables,
                          fexpr::Workspace& ws, double& checksum) {
  const std::size_t n = e.derivative_count();
  std::vector<double> grad(n), hess(n * n);
  in.variables = variables;
  checksum += e.gradient(in, ws, grad) + e.hessian(in, ws, grad, hess);
  for (std::uint32_t k = 0; k < fexpr::detail::kMachineAfter; ++k)
    checksum += e.value(in, ws) + e.gradient(in, ws, grad);
  const long before = allocations.load();
  for (int k = 0; k < kRuns; ++k) {
    in.time = 0.001 * k;
    if (!variables.empty()) variables[0] += 1e-6;
    checksum += e.value(in, ws);
    checksum += e.gradient(in, ws, grad);
    checksum += e.hessian(in, ws, grad, hess);
  }
  return allocations.load() - before;
}

}  // namespace

TEST_CASE("the counting operator new sees allocations", "[eval][allocations]") {
  const long before = allocations.load();
  // Through a volatile pointer, since the compiler may leave out a new whose object is deleted
  // unread (GCC does at -O1).
  static std::vector<double>* volatile kept;
  kept = new std::vector<double>(100);
  delete kept;
  CHECK(allocations.load() - before >= 2);
}

TEST_CASE("evaluating plain expressions allocates nothing after the first evaluation", "[eval][allocations]") {
  const char* expressions[] = {
      "-1E4*(x-0.5) - 25*v",
      "STEP(TIME, 0, 0, 0.5, 100) + STEP(TIME, 1, 0, 1.5, -100)",
      "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)",
      "BISTOP(x, v, 0.2, 0.8, 1E5, 1.5, 50, 0.01)",
      "100*SIN(2*PI*5*TIME)*COS(x) + SQRT(x*x+v*v+1)",
      "1 + 2*x - 3*v + 0.5*x*x - 1.5*x*v + 2.5*v*v + 0.1*x*x*x - 0.2*x*x*v + 0.3*x*v*v - 0.4*v*v*v",
      "IF(x-0.1: -1, 0, IF(x-0.2: -2, 0, IF(x-0.3: -3, 0, x*v)))",
      "POLY(x, 0.1, 1, -2, 3, 0.5)*HAVSIN(TIME, 0, 0, 1, 2) + STEP5(x, 0, 0, 1, 1)",
      "x**v + x**2.5 + ATAN2(v, x) + MIN(x, v) - MAX(x, 0.5) + MOD(TIME, 0.3)",
      "IMPACT(x, v, TIME + 1, 1E5, 1.5, 50, 0.01)",  // parameters that vary: the table's rules
      "a*b*c + d*x*v",                                 // gradient on 8 lanes, Hessian on the reference form
      "MODE*x",
  };
  for (const char* text : expressions) {
    fexpr::Context context;
    std::vector<double> variables;
    for (const char* name : {"x", "v", "a", "b", "c", "d"}) {
      context.declare_variable(name);
      variables.push_back(0.7);
    }
    variables[1] = -0.4;
    auto compiled = fexpr::compile(text, context);
    INFO(text);
    REQUIRE(compiled);
    fexpr::Workspace ws;
    fexpr::Inputs in;
    in.time = 0.3;
    double checksum = 0.0;
    CHECK(allocations_per_runs(*compiled.expression, in, variables, ws, checksum) == 0);
    CHECK(std::isfinite(checksum));
  }
}

TEST_CASE("a workspace shared by several expressions allocates nothing once it fits them all",
          "[eval][allocations]") {
  fexpr::Context context;
  context.declare_variable("x");
  context.declare_variable("v");
  auto small = fexpr::compile("x + v", context);
  auto large = fexpr::compile("IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01) * SIN(x*v) + POLY(x, 0, 1, 2, 3, 4)", context);
  REQUIRE(small);
  REQUIRE(large);
  std::vector<double> variables = {0.995, -0.5};
  fexpr::Inputs in;
  fexpr::Workspace ws;
  double checksum = 0.0;
  allocations_per_runs(*small.expression, in, variables, ws, checksum);
  allocations_per_runs(*large.expression, in, variables, ws, checksum);
  long counted = 0;
  for (int k = 0; k < 10; ++k) {
    counted += allocations_per_runs(*small.expression, in, variables, ws, checksum);
    counted += allocations_per_runs(*large.expression, in, variables, ws, checksum);
  }
  CHECK(counted == 0);
}

TEST_CASE("evaluating kinematic functions of a model allocates nothing after the first evaluation",
          "[eval][allocations][kinematics]") {
  using fexpr::kinematics::Model;
  Model model;
  fexpr::kinematics::PartState part;
  part.position = {0.6, 0.0, 0.995};
  part.velocity = {0.3, 0.0, -0.5};
  part.euler = {0.1, 0.2, 0.3};
  part.omega = {0.0, 0.0, 1.0};
  model.add_part(2, part);
  model.add_marker(1, 0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
  model.add_marker(2, 2, Eigen::Vector3d(0.1, 0.0, 0.0), Eigen::Matrix3d::Identity());
  fexpr::kinematics::State state(model);
  fexpr::kinematics::ModelBindings bindings(model);
  const char* expressions[] = {
      "-1E4*(DM(2,1)-0.5) - 25*VR(2,1)",
      "IMPACT(DZ(2,1), VZ(2,1), 1, 1E5, 1.5, 50, 0.01)",
      "DX(2,1)*x + AZ(2,1) + WZ(2,1)",
  };
  for (const char* text : expressions) {
    fexpr::Context context;
    context.declare_variable("x");
    context.set_bindings(&bindings);
    auto compiled = fexpr::compile(text, context);
    INFO(text);
    REQUIRE(compiled);
    std::vector<double> variables = {1.5};
    fexpr::Inputs in;
    in.state = &state;
    fexpr::Workspace ws;
    double checksum = 0.0;
    CHECK(allocations_per_runs(*compiled.expression, in, variables, ws, checksum) == 0);
    CHECK(std::isfinite(checksum));
  }
}

TEST_CASE("a batch allocates nothing once the workspace has seen the program", "[eval][allocations][batch]") {
  using fexpr::kinematics::Model;
  Model model;
  fexpr::kinematics::PartState part;
  part.position = {0.6, 0.0, 0.995};
  part.velocity = {0.3, 0.0, -0.5};
  model.add_part(2, part);
  model.add_marker(1, 0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
  model.add_marker(2, 2, Eigen::Vector3d(0.1, 0.0, 0.0), Eigen::Matrix3d::Identity());
  fexpr::kinematics::State state(model);
  fexpr::kinematics::ModelBindings bindings(model);
  fexpr::Context context;
  context.declare_variable("x");
  context.declare_variable("v");
  context.set_bindings(&bindings);
  std::vector<double> variables(2 * kRuns);
  std::vector<fexpr::Inputs> points(kRuns);
  for (int k = 0; k < kRuns; ++k) {
    variables[2 * k] = 0.99 + 1e-5 * k;
    variables[2 * k + 1] = -0.5;
    points[k].time = 0.001 * k;
    points[k].variables = std::span<const double>(variables).subspan(2 * k, 2);
    points[k].state = &state;
  }
  std::vector<double> out(kRuns);
  // One program of each run the batch chooses: calling nothing, calling a builtin, a bound call.
  for (const char* text : {"-1E4*(x-0.5) - 25*v", "100*SIN(2*PI*5*TIME)*COS(x) + IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)",
                           "IMPACT(DZ(2,1), VZ(2,1), 1, 1E5, 1.5, 50, 0.01) + x"}) {
    auto compiled = fexpr::compile(text, context);
    INFO(text);
    REQUIRE(compiled);
    fexpr::Workspace ws;
    compiled.expression->values(points, ws, out);
    const long before = allocations.load();
    for (int round = 0; round < 10; ++round) compiled.expression->values(points, ws, out);
    CHECK(allocations.load() - before == 0);
    CHECK(std::isfinite(out[kRuns - 1]));
    // Over columns (on lanes, or gathered into Inputs for a bound call).
    std::vector<double> time(kRuns);
    for (int k = 0; k < kRuns; ++k) time[k] = points[k].time;
    const fexpr::Column columns[] = {{variables.data(), 2}, {variables.data() + 1, 2}};
    fexpr::Columns batch;
    batch.points = kRuns;
    batch.time = {time.data(), 1};
    batch.variables = columns;
    batch.state = &state;
    compiled.expression->values(batch, ws, out);
    const long before_columns = allocations.load();
    for (int round = 0; round < 10; ++round) compiled.expression->values(batch, ws, out);
    CHECK(allocations.load() - before_columns == 0);
  }
}

TEST_CASE("compiling measures of two parts does as much work in a model of 3 parts as in one of 3000",
          "[eval][allocations][kinematics]") {
  // Work counted in allocations, which a timing cannot give: a compile that named, or searched,
  // every part's states (the derivative inputs it might read) would grow with the model.
  auto allocations_to_compile = [](int parts) {
    using fexpr::kinematics::Model;
    Model model;
    fexpr::kinematics::PartState part;
    part.position = {0.6, 0.0, 0.995};
    for (int id = 2; id < 2 + parts; ++id) {
      model.add_part(id, part);
      model.add_marker(id, id, Eigen::Vector3d(0.1, 0.0, 0.0), Eigen::Matrix3d::Identity());
    }
    model.add_marker(1, 0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity());
    fexpr::kinematics::ModelBindings bindings(model);
    fexpr::Context context;
    context.set_bindings(&bindings);
    // The bindings' own first use (their look-up tables of the model, made once) is not the
    // expression's work: a measure of another part first.
    REQUIRE(fexpr::compile("DX(4,1)", context));
    const long before = allocations.load();
    auto compiled = fexpr::compile("-1E4*(DM(2,1)-0.5) - 25*VR(2,1) + DX(3,1)", context);
    const long counted = allocations.load() - before;
    REQUIRE(compiled);
    CHECK(compiled.expression->derivative_count() == 25);  // TIME and the 12 states of parts 2 and 3
    return counted;
  };
  // The thread's first compile of a program this size grows the compiler's working vectors, kept
  // on the thread for the next.
  allocations_to_compile(3);
  const long small = allocations_to_compile(3);
  CHECK(small > 0);
  CHECK(allocations_to_compile(30) == small);
  CHECK(allocations_to_compile(300) == small);
  CHECK(allocations_to_compile(3000) == small);
}
