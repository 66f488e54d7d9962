// The compiled path's failure signal (NaN) in a host built with -ffast-math (tests/CMakeLists.txt
// compiles this file so), which lets the compiler assume that no value is NaN: an evaluation
// error must still throw the interpreter's message and leave the gradient as it was.
#include "expression_helpers.hpp"
#include "native_build.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>
#include <fexpr/native.hpp>

#include <array>
#include <cstdlib>
#include <vector>

using fexpr::testing::error_of;

TEST_CASE("a host built with -ffast-math still sees the compiled path's errors", "[codegen][native]") {
#if !defined(__FINITE_MATH_ONLY__) || !__FINITE_MATH_ONLY__
  FAIL("this file must be compiled with -ffast-math");
#endif
  FEXPR_NEED_C_COMPILER();
  fexpr::testing::ScratchDirectory cache;
  setenv("FEXPR_CACHE", cache.path().c_str(), 1);
  fexpr::testing::Bench bench({{"x", 0.0}, {"v", 0.0}});
  // A division by zero inside, an overflow of the result itself, a square root of a negative.
  const char* texts[] = {"x + 1/(v - 2)", "x*1E300*v", "SQRT(x) + v"};
  // Bench declares its variables in name order: v, then x.
  const std::vector<std::array<double, 2>> points = {{2.0, 1.0}, {1E10, 1E10}, {0.5, -1.0}};
  for (std::size_t k = 0; k < points.size(); ++k) {
    INFO(texts[k]);
    const fexpr::Expression e = bench.compile_ok(texts[k]);
    const auto native = fexpr::compile_native(e);
    INFO(native.why_not);
    REQUIRE(native);
    fexpr::Inputs in;
    in.variables = points[k];
    fexpr::Workspace ws;
    const std::string expected = error_of([&] { e.value(in, ws); });
    CHECK(expected != "no error");
    CHECK(error_of([&] { native.expression->value(in); }) == expected);
    std::array<double, 3> grad{7.0, 7.0, 7.0};
    CHECK(error_of([&] { native.expression->gradient(in, grad); }) == expected);
    CHECK(grad == std::array<double, 3>{7.0, 7.0, 7.0});
  }
}
