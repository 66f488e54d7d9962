// The C++ API refuses a caller's mistake with fexpr::UsageError instead of answering wrongly:
// too few variables, gradient and Hessian spans shorter than the derivatives, and a workspace
// that another thread is evaluating with.
#include <catch2/catch.hpp>
#include <fexpr/bindings.hpp>
#include <fexpr/expression.hpp>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace test_expression_misuse {

namespace {

fexpr::Expression compiled(const std::string& text, const fexpr::Context& context) {
  auto r = fexpr::compile(text, context);
  REQUIRE(r.expression);
  return *r.expression;
}

std::string usage_message(auto&& call) {
  try {
    call();
  } catch (const fexpr::UsageError& e) {
    return e.what();
  }
  FAIL("no UsageError");
  return {};
}

}  // namespace

TEST_CASE("an expression evaluated with fewer variables than it was compiled with is a usage error", "[api][errors]") {
  fexpr::Context ctx;
  ctx.declare_variable("x");
  ctx.declare_variable("y");
  const fexpr::Expression f = compiled("x*y + 1", ctx);
  CHECK(f.variable_count() == 2);
  fexpr::Workspace ws;
  double grad[3], hess[9];

  SECTION("no variables at all: not x = y = 0 and a value of 1") {
    const fexpr::Inputs none;
    CHECK(usage_message([&] { f.value(none, ws); }) ==
          "the expression was compiled with 2 variables; Inputs::variables holds 0");
    CHECK_THROWS_AS(f.gradient(none, ws, grad), fexpr::UsageError);
    CHECK_THROWS_AS(f.hessian(none, ws, grad, hess), fexpr::UsageError);
  }
  SECTION("one of two") {
    const double x = 3.0;
    fexpr::Inputs in;
    in.variables = {&x, 1};
    CHECK(usage_message([&] { f.value(in, ws); }) ==
          "the expression was compiled with 2 variables; Inputs::variables holds 1");
  }
  SECTION("more than enough: the extra ones are not read") {
    const double xyz[3] = {3.0, 4.0, 1e300};
    fexpr::Inputs in;
    in.variables = xyz;
    CHECK(f.value(in, ws) == 13.0);
  }
}

TEST_CASE("gradient and Hessian spans shorter than the derivatives are usage errors", "[api][errors]") {
  fexpr::Context ctx;
  ctx.declare_variable("x");
  ctx.declare_variable("y");
  const fexpr::Expression f = compiled("x*y + 1", ctx);  // derivatives: TIME, x, y
  REQUIRE(f.derivative_count() == 3);
  fexpr::Workspace ws;
  const double xy[2] = {3.0, 4.0};
  fexpr::Inputs in;
  in.variables = xy;
  std::vector<double> grad(3, -7.0), hess(9, -7.0);

  CHECK(usage_message([&] { f.gradient(in, ws, std::span(grad).first(2)); }) ==
        "the gradient has 3 entries; the span holds 2");
  CHECK(usage_message([&] { f.hessian(in, ws, std::span(grad).first(2), hess); }) ==
        "the gradient has 3 entries; the span holds 2");
  CHECK(usage_message([&] { f.hessian(in, ws, grad, std::span(hess).first(8)); }) ==
        "the Hessian has 3x3 = 9 entries; the span holds 8");
  // Nothing was written by the refused calls.
  CHECK(grad == std::vector<double>(3, -7.0));
  CHECK(hess == std::vector<double>(9, -7.0));

  // Spans that fit give d/dx = y, d/dy = x, d2/dxdy = 1.
  CHECK(f.hessian(in, ws, grad, hess) == 13.0);
  CHECK(grad == std::vector<double>{0.0, 4.0, 3.0});
  CHECK(hess == std::vector<double>{0, 0, 0, 0, 0, 1, 0, 1, 0});
}

namespace {

// VARVAL(1) holds the evaluation that calls it until the test lets it go, so that a second
// evaluation can be started while the first still holds its workspace.
class Gate : public fexpr::Bindings {
 public:
  std::atomic<bool> entered{false}, open{false};

  std::variant<Resolved, Rejected> resolve(std::string_view function,
                                           std::span<const std::optional<double>>) const override {
    if (function == "VARVAL") return Resolved{};
    return Rejected{-1, fexpr::Code::name, "unknown"};
  }
  const char* evaluate(std::uintptr_t, const fexpr::Inputs&, const double*, int, double* value, double*,
                       double*) const override {
    auto& self = const_cast<Gate&>(*this);
    self.entered = true;
    while (!self.open) std::this_thread::yield();
    *value = 2.0;
    return nullptr;
  }
};

}  // namespace

TEST_CASE("a workspace another thread is evaluating with is a usage error, not shared scratch memory",
          "[api][errors][threads]") {
  Gate gate;
  fexpr::Context ctx;
  ctx.set_bindings(&gate);
  const fexpr::Expression held = compiled("VARVAL(1) + 1", ctx);
  const fexpr::Expression other = compiled("TIME * 5", ctx);
  fexpr::Workspace shared;

  double first = 0.0;
  std::thread thread([&] { first = held.value({}, shared); });
  while (!gate.entered) std::this_thread::yield();
  fexpr::Inputs in;
  in.time = 2.0;
  CHECK(usage_message([&] { other.value(in, shared); }) ==
        "the workspace is in use by another evaluation: each thread needs its own Workspace");
  gate.open = true;
  thread.join();
  CHECK(first == 3.0);
  // Once the other evaluation is over the workspace serves this thread.
  CHECK(other.value(in, shared) == 10.0);
}

}  // namespace test_expression_misuse
