// codegen::compile_native: the compiled path against the interpreter, its cache, and threads.
#include "codegen/native.hpp"
#include "native_build.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <cstring>
#include <thread>

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::size_t objects_in(const std::filesystem::path& folder) {
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) n += entry.path().extension() == ".so";
  return n;
}

}  // namespace

TEST_CASE("compile_native gives the interpreter's value, gradient and errors, and builds once") {
  if (!fexpr::testing::have_c_compiler()) {
    WARN("no C compiler (cc) on this system: nothing to compare");
    return;
  }
  fexpr::testing::ScratchDirectory cache;
  setenv("FEXPR_CACHE", cache.path().c_str(), 1);
  fexpr::Context context;
  context.declare_variable("x");
  context.declare_variable("v");
  const std::string text = "-1E4*(x-0.5) - 25*v + IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01) + SQRT(x)*MODE";
  const auto compiled = fexpr::compile(text, context);
  REQUIRE(compiled);
  const auto native = fexpr::codegen::compile_native(*compiled.expression, text);
  INFO(native.why_not);
  REQUIRE(native.function);
  CHECK(objects_in(cache.path()) == 1);

  fexpr::Workspace ws;
  for (const auto& point : std::vector<std::array<double, 2>>{{0.995, -0.3}, {0.25, 2.0}, {1.5, 0.0}}) {
    fexpr::Inputs in;
    in.time = 0.5;
    in.mode = 3.0;
    in.variables = point;
    double expected_grad[3], grad[3];
    const double expected = compiled.expression->gradient(in, ws, expected_grad);
    CHECK(same_bits(native.function->value(in), compiled.expression->value(in, ws)));
    CHECK(same_bits(native.function->gradient(in, grad), expected));
    for (int k = 0; k < 3; ++k) CHECK(same_bits(grad[k], expected_grad[k]));
  }
  fexpr::Inputs negative;
  const double bad[2] = {-1.0, 0.0};
  negative.variables = bad;
  CHECK_THROWS_WITH(native.function->value(negative), "SQRT of a negative number");

  SECTION("a second compilation, as after a restart, loads the cached object") {
    const auto again = fexpr::codegen::compile_native(*compiled.expression, text);
    REQUIRE(again.function);
    CHECK(objects_in(cache.path()) == 1);
  }
  SECTION("threads compiling and evaluating at once agree") {
    std::vector<std::thread> threads;
    std::vector<int> agree(4, 0);
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&, t] {
        const auto mine = fexpr::codegen::compile_native(*compiled.expression, text);
        if (!mine.function) return;
        fexpr::Workspace own;
        fexpr::Inputs in;
        const double point[2] = {0.99 + 0.001 * t, -0.5};
        in.variables = point;
        agree[static_cast<std::size_t>(t)] =
            same_bits(mine.function->value(in), compiled.expression->value(in, own)) ? 1 : 0;
      });
    }
    for (auto& t : threads) t.join();
    CHECK(agree == std::vector<int>(4, 1));
  }
  unsetenv("FEXPR_CACHE");
}

TEST_CASE("compile_native says why when the generator cannot write the expression") {
  fexpr::Context context;
  context.declare_variable("x");
  const auto compiled = fexpr::compile("MAG([x, 1, 0])", context);
  REQUIRE(compiled);
  const auto native = fexpr::codegen::compile_native(*compiled.expression, "MAG([x, 1, 0])");
  CHECK_FALSE(native.function);
  CHECK_FALSE(native.why_not.empty());
}
