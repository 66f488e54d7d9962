// One compiled expression evaluated from several threads at once, each with its own workspace:
// every result equals the single-thread reference bit for bit. The C++ API first, then the C
// API with per-workspace model states and per-thread errors.
#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>
#include <fexpr/fexpr.h>

#include <cmath>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kThreads = 4;
constexpr std::size_t kInputs = 20000;

// Value, gradient and Hessian of one evaluation, or the message of its error.
struct Result {
  double value = 0.0;
  std::vector<double> grad;
  std::vector<double> hess;
  std::string error;
  bool operator==(const Result&) const = default;
};

struct Point {
  double time;
  double vars[2];
};

// x on a grid that hits x = 0.25, where 1/(x - 0.25) fails, every 41st point.
Point point(std::size_t i) {
  return {0.002 * static_cast<double>(i % 1000),
          {static_cast<double>(i % 41) / 40.0, -2.0 + 4.0 * static_cast<double>(i % 97) / 96.0}};
}

Result run(const fexpr::Expression& f, fexpr::Workspace& ws, std::size_t i) {
  const Point p = point(i);
  fexpr::Inputs in;
  in.time = p.time;
  in.variables = p.vars;
  Result r;
  const std::size_t n = f.derivative_count();
  r.grad.resize(n);
  r.hess.resize(n * n);
  try {
    r.value = f.hessian(in, ws, r.grad, r.hess);
  } catch (const fexpr::EvaluationError& e) {
    r = Result{};
    r.error = e.what();
  }
  return r;
}

}  // namespace

TEST_CASE("four threads sharing one Expression agree with one thread", "[threads]") {
  fexpr::Context ctx;
  ctx.declare_variable("x");
  ctx.declare_variable("v");
  auto compiled = fexpr::compile(
      "IF(x - 0.5: IMPACT(x, v, 0.5, 1E4, 1.5, 20, 0.01), STEP(TIME, 0, 0, 1, x*v), SIN(x*v) + x**3 - 2*x*TIME)"
      " + SQRT(1 + x*x)*COS(v) + 1/(x - 0.25)",
      ctx);
  REQUIRE(compiled);
  const fexpr::Expression& f = *compiled.expression;

  std::vector<Result> reference(kInputs);
  {
    fexpr::Workspace ws;
    for (std::size_t i = 0; i < kInputs; ++i) reference[i] = run(f, ws, i);
  }
  std::size_t errors = 0;
  for (const Result& r : reference) errors += r.error.empty() ? 0 : 1;
  REQUIRE(errors > 0);
  REQUIRE(errors < kInputs / 10);

  // Each thread walks all inputs from its own starting point, so that at any moment the
  // threads evaluate different inputs, through both branches of IF and through errors.
  std::vector<std::vector<Result>> results(kThreads, std::vector<Result>(kInputs));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      fexpr::Workspace ws;
      for (std::size_t k = 0; k < kInputs; ++k) {
        const std::size_t i = (k + static_cast<std::size_t>(t) * kInputs / kThreads) % kInputs;
        results[static_cast<std::size_t>(t)][i] = run(f, ws, i);
      }
    });
  }
  for (auto& thread : threads) thread.join();

  for (int t = 0; t < kThreads; ++t) {
    const auto& got = results[static_cast<std::size_t>(t)];
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < kInputs; ++i) mismatches += got[i] == reference[i] ? 0 : 1;
    INFO("thread " << t);
    CHECK(mismatches == 0);
  }
}

TEST_CASE("C API threads evaluate one model expression at their own states, with their own errors", "[threads][capi]") {
  fexpr_context* ctx = nullptr;
  fexpr_expression* f = nullptr;
  std::size_t s = 0;
  REQUIRE(fexpr_context_create(&ctx) == FEXPR_OK);
  REQUIRE(fexpr_context_declare_variable(ctx, "s", &s) == FEXPR_OK);
  const std::string model = std::string(FEXPR_SOURCE_DIR) + "/examples/models/spring_damper.adm";
  REQUIRE(fexpr_context_load_model(ctx, model.c_str()) == FEXPR_OK);
  // F = -1E4*(DM-0.5) - 25*VR, and SQRT(s) fails for s < 0 at column 39.
  REQUIRE(fexpr_compile(ctx, "-1E4*(DM(3, 2) - 0.5) - 25*VR(3, 2) + SQRT(s)", &f) == FEXPR_OK);

  // Thread t puts PART/3 at x = 1.1 + 0.1 t (DM = 0.1 + 0.1 t), moving at vx = t.
  auto expected = [](int t) { return -1E4 * (0.1 + 0.1 * t - 0.5) - 25.0 * t; };
  std::vector<int> wrong(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      fexpr_workspace* ws = nullptr;
      if (fexpr_workspace_create(&ws) != FEXPR_OK) {
        ++wrong[static_cast<std::size_t>(t)];
        return;
      }
      const double state[12] = {1.1 + 0.1 * t, 0, 0, 0, 0, 0, static_cast<double>(t), 0, 0, 0, 0, 0};
      if (fexpr_workspace_set_part_state(ws, ctx, 3, state) != FEXPR_OK) ++wrong[static_cast<std::size_t>(t)];
      for (int k = 0; k < 2000; ++k) {
        // Every third evaluation fails; the error read back must be this thread's.
        const double var = k % 3 == 0 ? -1.0 - t : static_cast<double>(k);
        double value = 0.0;
        const fexpr_status status = fexpr_evaluate(f, ws, 0.0, &var, 1, &value);
        if (k % 3 == 0) {
          const char* message = nullptr;
          unsigned line = 0, column = 0;
          if (status != FEXPR_DOMAIN_ERROR || fexpr_last_error(&message, &line, &column) != FEXPR_DOMAIN_ERROR ||
              line != 1 || column != 39 || std::string(message).find("SQRT") == std::string::npos)
            ++wrong[static_cast<std::size_t>(t)];
        } else if (status != FEXPR_OK || std::abs(value - (expected(t) + std::sqrt(var))) > 1e-9) {
          ++wrong[static_cast<std::size_t>(t)];
        }
        // A usage error in between, which must not leak into another thread's next read.
        if (k % 7 == 0 && fexpr_evaluate(f, ws, 0.0, nullptr, 0, &value) != FEXPR_USAGE_ERROR)
          ++wrong[static_cast<std::size_t>(t)];
        if (k % 7 == 0 && fexpr_last_error(nullptr, nullptr, nullptr) != FEXPR_USAGE_ERROR)
          ++wrong[static_cast<std::size_t>(t)];
      }
      fexpr_workspace_destroy(ws);
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) {
    INFO("thread " << t);
    CHECK(wrong[static_cast<std::size_t>(t)] == 0);
  }
  fexpr_expression_destroy(f);
  fexpr_context_destroy(ctx);
}
