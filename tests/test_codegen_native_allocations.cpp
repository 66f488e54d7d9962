// Calling a compiled expression allocates nothing, value and gradient, from the first call:
// it needs no workspace. Counted by replacing the global operator new (counting_new.hpp).
#include "counting_new.hpp"
#include "expression_helpers.hpp"
#include "native_build.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>
#include <fexpr/native.hpp>

#include <cmath>
#include <cstdlib>
#include <vector>

using fexpr::testing::allocations;

TEST_CASE("calling a compiled expression allocates nothing", "[codegen][native][allocations]") {
  FEXPR_NEED_C_COMPILER();
  fexpr::testing::ScratchDirectory cache;
  setenv("FEXPR_CACHE", cache.path().c_str(), 1);
  const char* expressions[] = {
      "-1E4*(x-0.5) - 25*v",
      "STEP(TIME, 0, 0, 0.5, 100) + STEP(TIME, 1, 0, 1.5, -100)",
      "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)",
      "100*SIN(2*PI*5*TIME)*COS(x) + SQRT(x*x+v*v+d*d)",
      "IF(x-0.1: -1, 0, IF(x-0.2: -2, 0, x*v))",
      "a*b*c + d*x*v + MODE",
  };
  for (const char* text : expressions) {
    fexpr::testing::Bench bench({{"x", 0.7}, {"v", -0.4}, {"a", 0.7}, {"b", 0.7}, {"c", 0.7}, {"d", 0.7}});
    const fexpr::Expression compiled = bench.compile_ok(text);
    INFO(text);
    const auto native = fexpr::compile_native(compiled);
    INFO(native.why_not);
    REQUIRE(native);
    std::vector<double> grad(native.expression->derivative_count());
    fexpr::Inputs in = bench.inputs();
    double checksum = 0.0;
    const long before = allocations.load();
    for (int k = 0; k < 1000; ++k) {
      in.time = 0.001 * k;
      bench.values[*bench.context.variable_slot("x")] += 1e-6;
      checksum += native.expression->value(in);
      checksum += native.expression->gradient(in, grad);
    }
    CHECK(allocations.load() - before == 0);
    CHECK(std::isfinite(checksum));
  }
  unsetenv("FEXPR_CACHE");
}
