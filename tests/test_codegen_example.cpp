// examples/codegen: the user force built by its own script from fexpr codegen's C, called
// through its solver-shaped interface, against the interpreter.
#include "native_build.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <cstring>
#include <fstream>

namespace test_codegen_example {

namespace {

std::string example_expression() {
  std::ifstream in(std::string(FEXPR_SOURCE_DIR) + "/examples/codegen/contact_force.txt");
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') return line;
  return {};
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("The example user force gives the interpreter's force and Jacobian bit for bit") {
  FEXPR_NEED_C_COMPILER();
  fexpr::testing::ScratchDirectory directory;
  const std::string examples = std::string(FEXPR_SOURCE_DIR) + "/examples/codegen";
  // The example's script, pointed at this build's fexpr and at a copy of the example's files.
  for (const char* file : {"build.sh", "contact_force.txt", "user_force.c", "user_force.h"})
    std::filesystem::copy_file(examples + "/" + file, directory.path() / file);
  const auto built = fexpr::testing::run_shell("sh " + (directory.path() / "build.sh").string() + " " + FEXPR_BINARY, true);
  INFO(built.out);
  REQUIRE(built.status == 0);
  void* handle = dlopen((directory.path() / "libuser_force.so").c_str(), RTLD_NOW | RTLD_LOCAL);
  REQUIRE(handle);
  using Jacobian = int (*)(double, const double*, double*, double*, const char**);
  using Evaluate = int (*)(double, const double*, double*, const char**);
  using Initialize = int (*)(double, const double*, const char**);
  const auto jacobian = reinterpret_cast<Jacobian>(dlsym(handle, "user_force_jacobian"));
  const auto evaluate = reinterpret_cast<Evaluate>(dlsym(handle, "user_force_evaluate"));
  const auto initialize = reinterpret_cast<Initialize>(dlsym(handle, "user_force_initialize"));
  REQUIRE(jacobian);
  REQUIRE(evaluate);
  REQUIRE(initialize);

  fexpr::Context context;
  context.declare_variable("z");
  context.declare_variable("vz");
  const auto compiled = fexpr::compile(example_expression(), context);
  REQUIRE(compiled);
  fexpr::Workspace ws;
  const double start[2] = {0.2, 0.0};
  const char* error = nullptr;
  CHECK(initialize(0.0, start, &error) == 0);
  // Open, inside the damping ramp, fully damped, and pulled away fast enough to clip to 0.
  for (const auto& m : std::vector<std::array<double, 2>>{{0.2, -1.0}, {0.095, -0.5}, {0.05, -2.0}, {0.099, 30.0}}) {
    INFO("z = " << m[0] << ", vz = " << m[1]);
    fexpr::Inputs in;
    in.variables = m;
    double grad[3];
    const double expected = compiled.expression->gradient(in, ws, grad);
    double force = 0.0, value = 0.0, dfdm[2];
    REQUIRE(jacobian(0.0, m.data(), &force, dfdm, &error) == 0);
    REQUIRE(evaluate(0.0, m.data(), &value, &error) == 0);
    CHECK(same_bits(force, expected));
    CHECK(same_bits(value, expected));
    CHECK(same_bits(dfdm[0], grad[1]));
    CHECK(same_bits(dfdm[1], grad[2]));
  }
  const double bad[2] = {std::numeric_limits<double>::infinity(), 0.0};
  double force = 0.0;
  CHECK(evaluate(0.0, bad, &force, &error) == 1);
  CHECK(std::string(error) == "an input (TIME, MODE or a variable) is NaN or infinite");
  dlclose(handle);
}

}  // namespace test_codegen_example
