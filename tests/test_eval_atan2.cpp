// ATAN2 of -0: fexpr treats -0 as 0, so ATAN2(-0, x < 0) is pi (the documented range is
// (-pi, pi]) in every path: constant folding, the value run and both derivative forms.
#include "expression_helpers.hpp"

#include <cmath>
#include <numbers>

namespace test_eval_atan2 {

using fexpr::testing::Bench;
using fexpr::testing::compile_on;
using fexpr::testing::form_name;
using fexpr::testing::kForms;
using std::numbers::pi;

TEST_CASE("ATAN2 of a constant -0 and a negative x folds to pi", "[eval][atan2]") {
  Bench b;
  CHECK(b.value("ATAN2(-0, -1)") == pi);
  CHECK(b.value("ATAN2(-0*1, -3)") == pi);
  CHECK(b.value("ATAN2(0, -1)") == pi);
}

TEST_CASE("ATAN2 of a variable -0 and a negative x is pi with its derivatives, in both forms", "[eval][atan2]") {
  // At (y, x) = (-0, -1), r = 1: d/dy = x/r² = -1, d/dx = -y/r² = 0, d²/dy² = -2xy/r⁴ = 0,
  // d²/dy dx = (y²-x²)/r⁴ = -1, d²/dx² = 2xy/r⁴ = 0.
  for (auto form : kForms) {
    INFO(form_name(form));
    Bench b({{"x", -1.0}, {"y", -0.0}});
    auto e = compile_on(b, "ATAN2(y, x)", form);
    const auto& names = e.derivative_names();
    auto at = [&](const char* name) {
      return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
    };
    const std::size_t n = names.size(), x = at("x"), y = at("y");
    REQUIRE(y < n);
    fexpr::Workspace ws;
    CHECK(e.value(b.inputs(), ws) == pi);
    std::vector<double> g(n), h(n * n);
    CHECK(e.gradient(b.inputs(), ws, g) == pi);
    CHECK(e.hessian(b.inputs(), ws, g, h) == pi);
    CHECK(g[y] == -1.0);
    CHECK(g[x] == 0.0);
    CHECK(h[y * n + y] == 0.0);
    CHECK(h[y * n + x] == -1.0);
    CHECK(h[x * n + x] == 0.0);
  }
}

TEST_CASE("ATAN2 just below the negative x axis is still near -pi", "[eval][atan2]") {
  // Only -0 changes: a negative y, however small, is below the cut.
  Bench b({{"y", -1e-300}});
  fexpr::Workspace ws;
  CHECK(b.compile_ok("ATAN2(y, -1)").value(b.inputs(), ws) == -pi);
}

}  // namespace test_eval_atan2
