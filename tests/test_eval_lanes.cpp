// The lanes form (eval/run_lanes.hpp) alone, block by block, without the batch loop that hands
// the points it leaves to value(): every point it gives a value for has value()'s bits, every
// point where value() fails is left, and it leaves no point of a block whose points all take
// one way and evaluate cleanly. Random expressions of every fast step, at blocks of every size
// (tails of 1 to 3 points in a group included), points with NaNs, infinities and huge values.
#include "batch_points.hpp"
#include "eval/run_lanes.hpp"
#include "random_expressions.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <string>
#include <vector>

namespace test_eval_lanes {

namespace {

using namespace fexpr;
using testing::bits;
using testing::Points;
using testing::Sampler;

Expression compiled(const std::string& text, const Context& context) {
  auto r = compile(text, context);
  INFO(text << (r.diagnostics.empty() ? "" : " -> " + r.diagnostics.front().message));
  REQUIRE(r.expression);
  return *r.expression;
}

struct Tally {
  std::size_t given = 0, left = 0;
};

// One block of the points: what the lanes give against value() at each point.
void check_block(const Expression& e, const Points& points, Workspace& lanes_ws, Workspace& ws, Tally& tally) {
  const std::size_t size = points.inputs.size();
  std::vector<double> results(detail::kBlockPoints);
  const double* values = nullptr;
  const std::uint64_t left =
      detail::block_values(e.program(), points.inputs, 0, size, lanes_ws.buffers(), results.data(), values);
  for (std::size_t k = 0; k < size; ++k) {
    INFO("point " << k << " of " << size);
    double expected = 0.0;
    bool fails = false;
    try {
      expected = e.value(points.inputs[k], ws);
    } catch (const EvaluationError&) {
      fails = true;
    }
    if (left >> k & 1) {
      ++tally.left;
      continue;
    }
    ++tally.given;
    CHECK_FALSE(fails);
    CHECK(bits(values[k]) == bits(expected));
  }
}

}  // namespace

TEST_CASE("the lanes give value()'s bits where they give a value, and leave every point value() fails at",
          "[eval][batch][lanes]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("y");
  testing::RandomExpressions random(77);
  Sampler sampler(78);
  Workspace lanes_ws, ws;
  Tally tally;
  for (int n = 0; n < 300; ++n) {
    const std::string text = random.node(4);
    INFO(text);
    const Expression e = compiled(text, context);
    const std::size_t size = 1 + static_cast<std::size_t>(n) % detail::kBlockPoints;
    check_block(e, sampler.points(size, 2), lanes_ws, ws, tally);
    // Ordinary numbers: most points of most blocks get their value from the lanes.
    Points gentle(size, 2);
    for (std::size_t k = 0; k < size; ++k) {
      gentle.inputs[k].time = sampler.uniform(0.0, 2.0);
      gentle.row(k)[0] = sampler.uniform(-2.0, 2.0);
      gentle.row(k)[1] = sampler.uniform(-2.0, 2.0);
    }
    check_block(e, gentle, lanes_ws, ws, tally);
  }
  // A block with one failing point is left whole (value() finds which); most random expressions
  // fail somewhere in a block of the sampler's points, but the lanes still give thousands.
  CHECK(tally.given > 5000);
}

TEST_CASE("a block whose points take one way and evaluate cleanly is given whole by the lanes", "[eval][batch][lanes]") {
  Context context;
  context.declare_variable("x");
  context.declare_variable("v");
  Workspace lanes_ws, ws;
  for (const char* text : {"-1E4*(x-0.5) - 25*v", "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)", "STEP(x, 0.99, 0, 1, 1)*v",
                           "IF(x - 5: SIN(x)*v, 0, 1/(x - 5))", "BISTOP(x, v, 0.5, 1.5, 1E3, 2, 10, 0.1) + x**2.5",
                           "MOD(x, 0.3) + ATAN2(x, v) + 2**x"}) {
    INFO(text);
    const Expression e = compiled(text, context);
    for (std::size_t size : {std::size_t{1}, std::size_t{3}, std::size_t{37}, detail::kBlockPoints}) {
      Points points(size, 2);
      for (std::size_t k = 0; k < size; ++k) {
        points.row(k)[0] = 0.98 + 0.001 * static_cast<double>(k);  // all below 5: one way through the IF
        points.row(k)[1] = -1.0 + 0.03 * static_cast<double>(k);
      }
      Tally tally;
      check_block(e, points, lanes_ws, ws, tally);
      CHECK(tally.left == 0);
      CHECK(tally.given == size);
    }
  }
}

TEST_CASE("points of a block going both ways of an IF are given in two passes; three ways leave some",
          "[eval][batch][lanes]") {
  Context context;
  context.declare_variable("x");
  Workspace lanes_ws, ws;
  Points points(detail::kBlockPoints, 1);
  for (std::size_t k = 0; k < points.inputs.size(); ++k) points.row(k)[0] = static_cast<double>(k % 3) - 1.0;
  {
    // x = -1, 0, 1: both ways of the first IF's test x + 0.5 (never 0).
    const Expression e = compiled("IF(x + 0.5: 10*x, 7, SQRT(x + 0.5))", context);
    Tally tally;
    check_block(e, points, lanes_ws, ws, tally);
    CHECK(tally.left == 0);
  }
  {
    const Expression e = compiled("IF(x: 10*x, 7, SQRT(x))", context);
    Tally tally;
    check_block(e, points, lanes_ws, ws, tally);
    // Two passes give the first two ways (x = -1 and x = 0); x = 1, a third of the points, is left.
    CHECK(tally.left == 21);
    CHECK(tally.given == 43);
  }
}

}  // namespace test_eval_lanes
