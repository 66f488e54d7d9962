// The C API of the compiled path: fexpr_compile_native and its calls against fexpr_evaluate and
// fexpr_gradient (bits, errors with their place), the misuse statuses, a short gradient buffer,
// threads sharing one compiled expression, and FEXPR_NOT_COMPILED with the reason.
#include "capi_handles.hpp"
#include "native_build.hpp"

#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

namespace test_capi_native {

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// A compiled expression owned by the test.
struct Native {
  fexpr_native* handle = nullptr;
  explicit Native(const fexpr_expression* expression) {
    const fexpr_status s = fexpr_compile_native(expression, &handle);
    INFO(last_error().message);
    REQUIRE(s == FEXPR_OK);
  }
  ~Native() { fexpr_native_destroy(handle); }
  Native(const Native&) = delete;
  Native& operator=(const Native&) = delete;
};

// Each test compiles into a folder of its own.
struct Cache {
  fexpr::testing::ScratchDirectory folder;
  Cache() { setenv("FEXPR_CACHE", folder.path().c_str(), 1); }
  ~Cache() { unsetenv("FEXPR_CACHE"); }
};

// A context of the variables x and v.
struct XV : Context {
  XV() {
    declare("x");
    declare("v");
  }
};

const char* const kText = "-1E4*(x-0.5) - 25*v + IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01) + SQRT(x)*MODE";

}  // namespace

TEST_CASE("fexpr_compile_native gives fexpr_evaluate's and fexpr_gradient's bits and errors", "[capi][native]") {
  FEXPR_NEED_C_COMPILER();
  const Cache cache;
  const XV context;
  const Expression f(context.handle, kText);
  const Native native(f.handle);
  Workspace ws;
  REQUIRE(fexpr_workspace_set_mode(ws.handle, 3.0) == FEXPR_OK);
  for (const auto& vars : std::vector<std::array<double, 2>>{{0.995, -0.3}, {0.25, 2.0}, {1.5, 0.0}}) {
    double expected = 0, value = 0, expected_grad[3], grad[3];
    REQUIRE(fexpr_gradient(f.handle, ws.handle, 0.5, vars.data(), 2, &expected, expected_grad) == FEXPR_OK);
    REQUIRE(fexpr_native_gradient(native.handle, 0.5, vars.data(), 2, 3.0, &value, grad, 3) == FEXPR_OK);
    CHECK(same_bits(value, expected));
    for (int k = 0; k < 3; ++k) CHECK(same_bits(grad[k], expected_grad[k]));
    REQUIRE(fexpr_native_evaluate(native.handle, 0.5, vars.data(), 2, 3.0, &value) == FEXPR_OK);
    CHECK(same_bits(value, expected));
  }

  SECTION("an evaluation error has the interpreter's status and message, outputs unchanged") {
    const double negative[2] = {-1.0, 0.0};
    double value = 7.0;
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, negative, 2, &value) == FEXPR_DOMAIN_ERROR);
    const Error expected = last_error();
    CHECK(fexpr_native_evaluate(native.handle, 0.0, negative, 2, 4.0, &value) == FEXPR_DOMAIN_ERROR);
    const Error error = last_error();
    CHECK(error.message == expected.message);
    CHECK(error.line == 1);
    CHECK(error.column == 1);
    CHECK(value == 7.0);
  }
  SECTION("a gradient buffer shorter than the gradient is refused, not filled in part") {
    const double vars[2] = {0.5, 0.0};
    double value = 7.0, grad[2] = {7.0, 7.0};
    CHECK(fexpr_native_gradient(native.handle, 0.0, vars, 2, 4.0, &value, grad, 2) == FEXPR_USAGE_ERROR);
    CHECK(last_error().message ==
          "fexpr_native_gradient: grad holds 2 values; the gradient has 3 (fexpr_expression_derivative_count)");
    CHECK(value == 7.0);
    CHECK(grad[0] == 7.0);
    CHECK(grad[1] == 7.0);
  }
  SECTION("misuse is FEXPR_USAGE_ERROR with what to fix") {
    const double vars[2] = {0.5, 0.0};
    double value = 0, grad[3];
    CHECK(fexpr_native_evaluate(native.handle, 0.0, vars, 1, 4.0, &value) == FEXPR_USAGE_ERROR);
    CHECK(last_error().message == "fexpr_native_evaluate: the expression was compiled with 2 variables, got 1");
    CHECK(fexpr_native_evaluate(nullptr, 0.0, vars, 2, 4.0, &value) == FEXPR_USAGE_ERROR);
    CHECK(last_error().message == "fexpr_native_evaluate: native is NULL");
    CHECK(fexpr_native_evaluate(native.handle, 0.0, vars, 2, 4.0, nullptr) == FEXPR_USAGE_ERROR);
    CHECK(fexpr_native_evaluate(native.handle, 0.0, nullptr, 2, 4.0, &value) == FEXPR_USAGE_ERROR);
    CHECK(last_error().message == "fexpr_native_evaluate: variables is NULL but n is 2");
    CHECK(fexpr_native_gradient(native.handle, 0.0, vars, 2, 4.0, &value, nullptr, 3) == FEXPR_USAGE_ERROR);
    CHECK(last_error().message == "fexpr_native_gradient: grad is NULL");
    CHECK(fexpr_native_gradient(nullptr, 0.0, vars, 2, 4.0, &value, grad, 3) == FEXPR_USAGE_ERROR);
    fexpr_native* none = nullptr;
    CHECK(fexpr_compile_native(nullptr, &none) == FEXPR_USAGE_ERROR);
    CHECK(fexpr_compile_native(f.handle, nullptr) == FEXPR_USAGE_ERROR);
    fexpr_native_destroy(nullptr);
  }
}

TEST_CASE("a compiled expression outlives its expression and serves several threads", "[capi][native][threads]") {
  FEXPR_NEED_C_COMPILER();
  const Cache cache;
  const XV context;
  auto f = std::make_unique<Expression>(context.handle, kText);
  const Native native(f->handle);
  Workspace ws;
  std::vector<std::array<double, 3>> expected;  // value, d/dx, d/dv at each point
  for (int k = 0; k < 500; ++k) {
    const double vars[2] = {0.98 + 4e-5 * k, -0.5};
    double value = 0, grad[3];
    REQUIRE(fexpr_gradient(f->handle, ws.handle, 0.0, vars, 2, &value, grad) == FEXPR_OK);
    expected.push_back({value, grad[1], grad[2]});
  }
  f.reset();
  std::vector<int> disagreements(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int k = 0; k < 500; ++k) {
        const double vars[2] = {0.98 + 4e-5 * k, -0.5};
        double value = 0, grad[3];
        const bool ok = fexpr_native_gradient(native.handle, 0.0, vars, 2, 4.0, &value, grad, 3) == FEXPR_OK;
        const auto& e = expected[static_cast<std::size_t>(k)];
        disagreements[static_cast<std::size_t>(t)] +=
            ok && same_bits(value, e[0]) && same_bits(grad[1], e[1]) && same_bits(grad[2], e[2]) ? 0 : 1;
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(disagreements == std::vector<int>(4, 0));
}

TEST_CASE("fexpr_compile_native says why it cannot compile", "[capi][native]") {
  Context context;
  context.declare("x");
  fexpr_native* native = nullptr;
  SECTION("an expression of a model, whose C the dataset's codegen writes") {
    const char* ground = "ground\nPART/1, GROUND\nMARKER/1, PART = 1\nMARKER/2, PART = 1, QP = 3, 4, 0\nEND\n";
    REQUIRE(fexpr_context_load_model_text(context.handle, "ground.adm", ground) == FEXPR_OK);
    const Expression f(context.handle, "DM(2, 1)");
    CHECK(fexpr_compile_native(f.handle, &native) == FEXPR_NOT_COMPILED);
    // The C API has no way to write a dataset's C, so the message names none.
    CHECK(last_error().message == "the expression reads a model or dataset, which the compiled path does not take (TIME "
                                  "and variables only); keep using the interpreter");
  }
  SECTION("no C compiler") {
    const Expression f(context.handle, "x + 1");
    setenv("CC", "/nonexistent/cc", 1);
    CHECK(fexpr_compile_native(f.handle, &native) == FEXPR_NOT_COMPILED);
    unsetenv("CC");
    CHECK(last_error().message == "no C compiler found (/nonexistent/cc; set CC to choose one); keep using the interpreter");
  }
  CHECK(native == nullptr);
  CHECK(std::string(fexpr_status_name(FEXPR_NOT_COMPILED)) == "FEXPR_NOT_COMPILED");
}

}  // namespace test_capi_native
