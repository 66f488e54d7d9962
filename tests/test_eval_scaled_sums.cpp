// Scaled sums (eval/program.hpp): the value run computes x0*(x1 ± x2) ± R in one step, the
// derivative runs in two. Both must give the bits of the operations as written, signed zeros
// and overflow included.
#include "expression_helpers.hpp"

#include "eval/program.hpp"

#include <bit>
#include <cmath>
#include <functional>

namespace test_eval_scaled_sums {

using fexpr::testing::Bench;

namespace {

struct Shape {
  const char* text;
  std::function<double(double, double, double)> native;  // x, y, v, the same operations in order
};

const Shape kShapes[] = {
    {"-1E4*(x-0.5) - 25*v", [](double x, double, double v) { return -1E4 * (x - 0.5) - 25 * v; }},
    {"3*(x+y) + v", [](double x, double y, double v) { return 3 * (x + y) + v; }},
    {"(x-y)*2 - v*y", [](double x, double y, double v) { return (x - y) * 2 - v * y; }},
    {"y*(x+v) + 2*v", [](double x, double y, double v) { return y * (x + v) + 2 * v; }},
    {"v*(y-x) - x", [](double x, double y, double v) { return v * (y - x) - x; }},
};

const double kValues[] = {0.0, -0.0, 0.5, -0.5, 1.0, 3.0, 4.9e-324, -2.5e-310, 1e300, -1e300};

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

}  // namespace

TEST_CASE("a spring-damper is one scaled-sum step of the value run and two of the derivative runs", "[eval][fast]") {
  Bench b({{"x", 0.6}, {"v", 0.3}});
  const fexpr::Expression e = b.compile_ok("-1E4*(x-0.5) - 25*v");
  CHECK(e.program().value_steps.size() == 2);  // the scaled sum and ret
  CHECK(e.program().steps.size() == 3);
}

TEST_CASE("scaled sums give the bits of the operations as written, in the value and the derivative runs",
          "[eval][fast][bits]") {
  for (const Shape& shape : kShapes) {
    Bench b({{"x", 0.0}, {"y", 0.0}, {"v", 0.0}});
    const fexpr::Expression e = b.compile_ok(shape.text);
    INFO(shape.text);
    REQUIRE(e.program().value_steps.size() == 2);  // one scaled sum, then ret
    fexpr::Workspace ws;
    std::vector<double> grad(e.derivative_count());
    const std::size_t sx = *b.context.variable_slot("x"), sy = *b.context.variable_slot("y"),
                      sv = *b.context.variable_slot("v");
    for (double x : kValues) {
      for (double y : kValues) {
        for (double v : kValues) {
          b.values[sx] = x;
          b.values[sy] = y;
          b.values[sv] = v;
          INFO(shape.text << " at x = " << x << ", y = " << y << ", v = " << v);
          // An infinity anywhere inside carries through +, - and * to the result: an error in
          // both runs exactly when the written arithmetic does not give a finite number.
          const double expected = shape.native(x, y, v);
          if (!std::isfinite(expected)) {
            CHECK_THROWS_AS(e.value(b.inputs(), ws), fexpr::EvaluationError);
            CHECK_THROWS_AS(e.gradient(b.inputs(), ws, grad), fexpr::EvaluationError);
            continue;
          }
          CHECK(same_bits(e.value(b.inputs(), ws), expected));
          CHECK(same_bits(e.gradient(b.inputs(), ws, grad), expected));
        }
      }
    }
  }
}

}  // namespace test_eval_scaled_sums
