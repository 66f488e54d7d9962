// Sampling for plots: which ranges can be sampled, undefined points kept as gaps with their
// reason, and derivative curves from automatic differentiation.
#include "repl/sampling.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace test_repl_sampling {

using namespace fexpr;
using fexpr::repl::Graph;
using fexpr::repl::Sweep;

namespace {

// An expression of one declared variable, with everything needed to sample it.
struct OneVariable {
  OneVariable(std::string_view variable, std::string_view text)
      : slot(context.declare_variable(variable)), compiled(compile(text, context)) {
    REQUIRE(compiled);
    in.variables = values;
  }
  Context context;
  std::size_t slot;
  CompileResult compiled;
  Workspace ws;
  std::vector<double> values = std::vector<double>(1);
  Inputs in;
  const Expression* expression() const { return &*compiled.expression; }
};

}  // namespace

TEST_CASE("a range is sampled only when its ends are finite, increase and give distinct points", "[repl][sampling]") {
  CHECK(!repl::range_problem(0, 1, 64));
  CHECK(repl::range_problem(1, 0, 64) == "the range must increase: 1..0");
  CHECK(repl::range_problem(1, 1, 64) == "the range must increase: 1..1");
  CHECK(repl::range_problem(-INFINITY, 0, 64) == "the range's ends must be finite numbers, not -inf..0");
  CHECK(repl::range_problem(0, NAN, 64) == "the range's ends must be finite numbers, not 0..nan");
  CHECK(repl::range_problem(-1E308, 1E308, 64) == "the range is wider than a double can hold; make it narrower");
  // Between 1 and the next double there is no room for 64 points.
  CHECK(repl::range_problem(1, std::nextafter(1.0, 2.0), 64) ==
        "the range is too narrow for 64 distinct points at this magnitude; widen it");
}

TEST_CASE("an undefined point is a gap that names where and why", "[repl][sampling]") {
  OneVariable log("z", "LOG(z)");
  Graph graphs[] = {{"LOG(z)", log.expression(), false}};
  // z = -1, -0.5, 0, 0.5, 1: LOG is undefined at the first three.
  auto s = repl::sample(graphs, Sweep{"z", log.slot, -1, 1}, log.in, log.ws, 5);
  REQUIRE(s.curves.size() == 1);
  CHECK(std::isnan(s.curves[0].y[0]));
  CHECK(std::isnan(s.curves[0].y[2]));
  CHECK(s.curves[0].y[3] == std::log(0.5));
  CHECK(s.curves[0].y[4] == 0.0);
  REQUIRE(s.gaps.size() == 1);
  CHECK(repl::gap_note(s, s.gaps[0]) == "LOG(z) is undefined from z = -1 to 0: LOG of a number <= 0");
  // Over 0..1 the gap is the one point z = 0.
  s = repl::sample(graphs, Sweep{"z", log.slot, 0, 1}, log.in, log.ws, 3);
  REQUIRE(s.gaps.size() == 1);
  CHECK(repl::gap_note(s, s.gaps[0]) == "LOG(z) is undefined at z = 0: LOG of a number <= 0");
}

TEST_CASE("a derivative curve is the derivative with respect to the swept input", "[repl][sampling]") {
  OneVariable f("x", "x**2 + 3*TIME");
  f.in.time = 2;
  Graph graphs[] = {{"f", f.expression(), false}, {"d/dx f", f.expression(), true}};
  auto s = repl::sample(graphs, Sweep{"x", f.slot, 0, 2}, f.in, f.ws, 3);
  CHECK(s.curves[0].y == std::vector<double>{6, 7, 10});  // x**2 + 6 at x = 0, 1, 2
  CHECK(s.curves[1].y == std::vector<double>{0, 2, 4});   // 2x
  CHECK(s.gaps.empty());
  Graph over_time[] = {{"d/dTIME f", f.expression(), true}};
  s = repl::sample(over_time, Sweep{"TIME", std::nullopt, 0, 1}, f.in, f.ws, 2);
  CHECK(s.curves[0].y == std::vector<double>{3, 3});
}

}  // namespace test_repl_sampling
