// fexpr_evaluate_batch: fexpr_evaluate's bits at every point, a batch longer than the call's
// chunk of points, MODE and the model state as fexpr_evaluate has them, the failing point's index
// and message, and every caller's mistake.
#include "capi_handles.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace test_capi_batch {

namespace {

std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

// The value at each point by fexpr_evaluate: the trusted path.
std::vector<double> one_by_one(const Expression& f, fexpr_workspace* ws, const std::vector<double>& times,
                               const std::vector<double>& vars, std::size_t n) {
  std::vector<double> out(times.size());
  for (std::size_t k = 0; k < times.size(); ++k) {
    const double* row = n > 0 ? vars.data() + k * n : nullptr;
    REQUIRE(fexpr_evaluate(f.handle, ws, times[k], row, n, &out[k]) == FEXPR_OK);
  }
  return out;
}

}  // namespace

TEST_CASE("a batch gives fexpr_evaluate's bits at every point, one row of variables per point", "[capi][batch]") {
  Context ctx;
  ctx.declare("x");
  ctx.declare("v");
  Expression f(ctx.handle, "100*SIN(2*PI*5*TIME)*COS(x) + IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01) + MODE");
  Workspace ws;
  REQUIRE(fexpr_workspace_set_mode(ws.handle, 5.0) == FEXPR_OK);
  // 150 points: more than one of the call's chunks, so that indices carry across them.
  const std::size_t count = 150;
  std::vector<double> times(count), vars(2 * count);
  for (std::size_t k = 0; k < count; ++k) {
    times[k] = 0.01 * static_cast<double>(k);
    vars[2 * k] = 0.98 + 0.0003 * static_cast<double>(k);
    vars[2 * k + 1] = k % 2 ? -0.0 : 0.5 - 0.01 * static_cast<double>(k);
  }
  const std::vector<double> expected = one_by_one(f, ws.handle, times, vars, 2);
  std::vector<double> values(count, -7.0);
  std::size_t failed = 99;
  REQUIRE(fexpr_evaluate_batch(f.handle, ws.handle, count, times.data(), vars.data(), 2, values.data(), &failed) ==
          FEXPR_OK);
  CHECK(failed == count);
  for (std::size_t k = 0; k < count; ++k) {
    INFO("point " << k);
    CHECK(bits(values[k]) == bits(expected[k]));
  }
}

TEST_CASE("a batch of a model's expression reads the workspace's part states", "[capi][batch][model]") {
  Context ctx;
  REQUIRE(fexpr_context_load_model(ctx.handle, (std::string(FEXPR_SOURCE_DIR) + "/examples/models/spring_damper.adm").c_str()) ==
          FEXPR_OK);
  Expression f(ctx.handle, "-1E4*(DM(3, 2) - 0.5) - 25*VR(3, 2) + TIME");
  Workspace ws;
  // PART/3 0.7 from PART/2 along x and moving away at 0.2: -1E4*0.2 - 25*0.2 = -2005, plus TIME.
  const double part3[12] = {1.7, 0, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0};
  const double part2[12] = {1.0, 0, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 0};
  REQUIRE(fexpr_workspace_set_part_state(ws.handle, ctx.handle, 3, part3) == FEXPR_OK);
  REQUIRE(fexpr_workspace_set_part_state(ws.handle, ctx.handle, 2, part2) == FEXPR_OK);
  const std::vector<double> times = {0.0, 1.0, 2.0};
  std::vector<double> values(3);
  std::size_t failed = 0;
  REQUIRE(fexpr_evaluate_batch(f.handle, ws.handle, 3, times.data(), nullptr, 0, values.data(), &failed) == FEXPR_OK);
  CHECK(failed == 3);
  const std::vector<double> expected = one_by_one(f, ws.handle, times, {}, 0);
  for (std::size_t k = 0; k < 3; ++k) CHECK(bits(values[k]) == bits(expected[k]));
  CHECK(values[0] == Approx(-2005.0).epsilon(1e-12));
  CHECK(values[2] == Approx(-2003.0).epsilon(1e-12));
}

TEST_CASE("a batch stops at a failing point with its index and goes on from the next", "[capi][batch][errors]") {
  Context ctx;
  ctx.declare("x");
  Expression f(ctx.handle, "1 +\n  SQRT(x)");
  Workspace ws;
  // 100 points, x = 1 but for a negative one at 70 and a NaN at 90: past the first chunk.
  std::vector<double> times(100, 0.0), x(100, 1.0), values(100, -7.0);
  x[70] = -4.0;
  x[90] = std::numeric_limits<double>::quiet_NaN();
  std::size_t failed = 0;
  CHECK(fexpr_evaluate_batch(f.handle, ws.handle, 100, times.data(), x.data(), 1, values.data(), &failed) ==
        FEXPR_DOMAIN_ERROR);
  CHECK(failed == 70);
  Error err = last_error();
  CHECK(err.status == FEXPR_DOMAIN_ERROR);
  CHECK(err.line == 2);  // SQRT's place, as fexpr_evaluate gives it
  CHECK(err.column == 3);
  double alone = 0.0;
  REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, &x[70], 1, &alone) == FEXPR_DOMAIN_ERROR);
  CHECK(err.message == "point 70: " + last_error().message);
  for (std::size_t k = 0; k < 70; ++k) CHECK(values[k] == 2.0);
  for (std::size_t k = 70; k < 100; ++k) CHECK(values[k] == -7.0);

  // The loop of docs/c-cpp.md: a gap at each failing point.
  std::size_t done = 0;
  std::vector<std::size_t> gaps;
  fexpr_status s;
  while ((s = fexpr_evaluate_batch(f.handle, ws.handle, 100 - done, times.data() + done, x.data() + done, 1,
                                   values.data() + done, &failed)) == FEXPR_DOMAIN_ERROR) {
    gaps.push_back(done + failed);
    values[done + failed] = std::numeric_limits<double>::quiet_NaN();
    done += failed + 1;
  }
  CHECK(s == FEXPR_OK);
  CHECK(gaps == std::vector<std::size_t>{70, 90});
  for (std::size_t k = 0; k < 100; ++k) {
    if (k != 70 && k != 90) CHECK(values[k] == 2.0);
  }
}

TEST_CASE("a batch's caller mistakes are usage errors that change nothing", "[capi][batch][errors]") {
  Context ctx;
  ctx.declare("x");
  ctx.declare("v");
  Expression f(ctx.handle, "x*v");
  Workspace ws;
  const double times[2] = {0.0, 1.0}, vars[4] = {1, 2, 3, 4};
  double values[2] = {-7.0, -7.0};
  std::size_t failed = 99;
  auto refused = [&](fexpr_status s, const std::string& message) {
    CHECK(s == FEXPR_USAGE_ERROR);
    CHECK(last_error().message == message);
    CHECK(values[0] == -7.0);
    CHECK(values[1] == -7.0);
    CHECK(failed == 99);
  };
  refused(fexpr_evaluate_batch(nullptr, ws.handle, 2, times, vars, 2, values, &failed),
          "fexpr_evaluate_batch: expression is NULL");
  refused(fexpr_evaluate_batch(f.handle, nullptr, 2, times, vars, 2, values, &failed),
          "fexpr_evaluate_batch: workspace is NULL");
  refused(fexpr_evaluate_batch(f.handle, ws.handle, 2, times, vars, 2, values, nullptr),
          "fexpr_evaluate_batch: failed is NULL");
  refused(fexpr_evaluate_batch(f.handle, ws.handle, 2, nullptr, vars, 2, values, &failed),
          "fexpr_evaluate_batch: times is NULL but count is 2");
  refused(fexpr_evaluate_batch(f.handle, ws.handle, 2, times, nullptr, 2, values, &failed),
          "fexpr_evaluate_batch: variables is NULL but n is 2");
  refused(fexpr_evaluate_batch(f.handle, ws.handle, 2, times, vars, 2, nullptr, &failed),
          "fexpr_evaluate_batch: values is NULL but count is 2");
  refused(fexpr_evaluate_batch(f.handle, ws.handle, 2, times, vars, 1, values, &failed),
          "fexpr_evaluate_batch: the expression was compiled with 2 variables, got 1");

  SECTION("a workspace with another model's part states") {
    Context model;
    REQUIRE(fexpr_context_load_model(model.handle,
                                     (std::string(FEXPR_SOURCE_DIR) + "/examples/models/spring_damper.adm").c_str()) ==
            FEXPR_OK);
    Context other;
    REQUIRE(fexpr_context_load_model(other.handle,
                                     (std::string(FEXPR_SOURCE_DIR) + "/examples/models/spring_damper.adm").c_str()) ==
            FEXPR_OK);
    Expression g(model.handle, "DM(3, 2)");
    const double state[12] = {1.7, 0, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0};
    REQUIRE(fexpr_workspace_set_part_state(ws.handle, other.handle, 3, state) == FEXPR_OK);
    refused(fexpr_evaluate_batch(g.handle, ws.handle, 2, times, nullptr, 0, values, &failed),
            "fexpr_evaluate_batch: the workspace holds part states of another model than the expression's");
  }
  SECTION("no points: times and values may be NULL") {
    CHECK(fexpr_evaluate_batch(f.handle, ws.handle, 0, nullptr, vars, 2, nullptr, &failed) == FEXPR_OK);
    CHECK(failed == 0);
  }
}

}  // namespace test_capi_batch
