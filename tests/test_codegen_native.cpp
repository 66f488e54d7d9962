// fexpr::compile_native: the compiled path against the interpreter (values, gradients and
// errors bit for bit), its misuse checks, its cache, threads sharing one object, and the
// why-not answers when there is no compiler or the generator cannot write the expression.
#include "expression_helpers.hpp"
#include "native_build.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>
#include <fexpr/native.hpp>

#include <array>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <thread>

namespace test_codegen_native {

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::size_t objects_in(const std::filesystem::path& folder) {
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) n += entry.path().extension() == ".so";
  return n;
}

// Sets an environment variable for the test's scope, restoring what was there.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnvironment() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

using fexpr::testing::error_of;

struct Subject {
  fexpr::Context context;
  fexpr::Expression expression;
  explicit Subject(const std::string& text) : expression(compile(text)) {}
  fexpr::Expression compile(const std::string& text) {
    context.declare_variable("x");
    context.declare_variable("v");
    auto compiled = fexpr::compile(text, context);
    REQUIRE(compiled);
    return *compiled.expression;
  }
};

// An expression compiled both ways, the native one into a cache folder of its own.
struct Compiled {
  fexpr::testing::ScratchDirectory cache;
  ScopedEnvironment env{"FEXPR_CACHE", cache.path().string()};
  Subject s;
  fexpr::NativeResult native;
  explicit Compiled(const std::string& text) : s(text), native(fexpr::compile_native(s.expression)) {
    INFO(native.why_not);
    REQUIRE(native);
  }
};

const char* const kText = "-1E4*(x-0.5) - 25*v + IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01) + SQRT(x)*MODE + 1/(v-2)";

}  // namespace

TEST_CASE("compile_native gives the interpreter's value, gradient and errors, and builds once", "[codegen][native]") {
  FEXPR_NEED_C_COMPILER();
  const Compiled compiled(kText);
  const auto& [cache, env, s, native] = compiled;
  CHECK(objects_in(cache.path()) == 1);
  CHECK(native.expression->derivative_names() == s.expression.derivative_names());
  CHECK(native.expression->variable_count() == 2);

  fexpr::Workspace ws;
  for (const auto& point : std::vector<std::array<double, 2>>{{0.995, -0.3}, {0.25, 2.5}, {1.5, 0.0}, {0.999, 1.0}}) {
    fexpr::Inputs in;
    in.time = 0.5;
    in.mode = 3.0;
    in.variables = point;
    std::array<double, 3> expected_grad{}, grad{};
    const double expected = s.expression.gradient(in, ws, expected_grad);
    CHECK(same_bits(native.expression->value(in), s.expression.value(in, ws)));
    CHECK(same_bits(native.expression->gradient(in, grad), expected));
    for (int k = 0; k < 3; ++k) CHECK(same_bits(grad[k], expected_grad[k]));
  }

  SECTION("errors carry the interpreter's message and leave the gradient as it was") {
    for (const auto& point : std::vector<std::array<double, 2>>{{-1.0, 0.0}, {0.5, 2.0}, {0.5, 1e308 * 10}}) {
      fexpr::Inputs in;
      in.variables = point;
      const std::string expected = error_of([&] { s.expression.value(in, ws); });
      INFO(expected);
      CHECK(expected != "no error");
      CHECK(error_of([&] { native.expression->value(in); }) == expected);
      std::array<double, 3> grad{7.0, 7.0, 7.0};
      CHECK_THROWS_AS(native.expression->gradient(in, grad), fexpr::EvaluationError);
      CHECK(grad == std::array<double, 3>{7.0, 7.0, 7.0});
    }
  }
  SECTION("a second compilation, as after a restart, loads the cached object") {
    const auto again = fexpr::compile_native(s.expression);
    REQUIRE(again);
    CHECK(objects_in(cache.path()) == 1);
  }
  SECTION("threads compiling at once share one object") {
    std::vector<std::thread> threads;
    std::vector<int> built(4, 0);
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] { built[static_cast<std::size_t>(t)] = fexpr::compile_native(s.expression) ? 1 : 0; });
    for (auto& t : threads) t.join();
    CHECK(built == std::vector<int>(4, 1));
    CHECK(objects_in(cache.path()) == 1);
  }
}

TEST_CASE("many threads calling one compiled expression get the interpreter's bits", "[codegen][native][threads]") {
  FEXPR_NEED_C_COMPILER();
  const Compiled compiled(kText);
  const auto& [cache, env, s, native] = compiled;
  constexpr int kThreads = 8, kCalls = 2000;
  std::vector<int> disagreements(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      fexpr::Workspace ws;
      for (int k = 0; k < kCalls; ++k) {
        const double point[2] = {0.98 + 1e-5 * k, -0.5 + 0.01 * t};
        fexpr::Inputs in;
        in.time = 0.001 * k;
        in.variables = point;
        double grad[3], expected_grad[3];
        const double v = native.expression->gradient(in, grad);
        const double expected = s.expression.gradient(in, ws, expected_grad);
        bool same = same_bits(v, expected) && same_bits(native.expression->value(in), expected);
        for (int i = 0; i < 3; ++i) same = same && same_bits(grad[i], expected_grad[i]);
        disagreements[static_cast<std::size_t>(t)] += same ? 0 : 1;
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(disagreements == std::vector<int>(kThreads, 0));
}

TEST_CASE("the compiled path refuses a caller's mistake as the interpreter does", "[codegen][native][errors]") {
  FEXPR_NEED_C_COMPILER();
  const Compiled compiled("x*v + 1");
  const auto& [cache, env, s, native] = compiled;
  fexpr::Workspace ws;
  const double one[1] = {3.0}, two[2] = {3.0, 4.0};
  fexpr::Inputs few;
  few.variables = one;
  CHECK_THROWS_AS(native.expression->value(few), fexpr::UsageError);
  CHECK(error_of([&] { native.expression->value(few); }) == error_of([&] { s.expression.value(few, ws); }));
  CHECK(error_of([&] { native.expression->value(few); }) ==
        "the expression was compiled with 2 variables; Inputs::variables holds 1");
  fexpr::Inputs in;
  in.variables = two;
  std::array<double, 2> short_grad{5.0, 5.0};
  CHECK_THROWS_AS(native.expression->gradient(in, short_grad), fexpr::UsageError);
  CHECK(error_of([&] { native.expression->gradient(in, short_grad); }) == "the gradient has 3 entries; the span holds 2");
  CHECK(short_grad == std::array<double, 2>{5.0, 5.0});
}

TEST_CASE("compile_native differentiates more inputs than the fast form takes, as the interpreter's reference form",
          "[codegen][native]") {
  FEXPR_NEED_C_COMPILER();
  // 17 variables: the interpreter has no fast form for this gradient (16 lanes at most).
  fexpr::testing::ScratchDirectory cache;
  const ScopedEnvironment env{"FEXPR_CACHE", cache.path().string()};
  fexpr::Context context;
  std::string text;
  std::vector<double> vars;
  for (int k = 1; k <= 17; ++k) {
    context.declare_variable("a" + std::to_string(k));
    text += (k > 1 ? " + a" : "a") + std::to_string(k) + (k % 3 == 0 ? "*a1" : k % 3 == 1 ? "/1E-300" : "**2");
    vars.push_back(0.25 * k - 2.0);
  }
  const auto compiled = fexpr::compile(text, context);
  REQUIRE(compiled);
  const auto native = fexpr::compile_native(*compiled.expression);
  INFO(native.why_not);
  REQUIRE(native);
  fexpr::Inputs in;
  in.time = 0.5;
  in.variables = vars;
  fexpr::Workspace ws;
  std::vector<double> expected(18), got(18);
  const double value = compiled.expression->gradient(in, ws, expected);
  CHECK(same_bits(native.expression->gradient(in, got), value));
  for (std::size_t k = 0; k < 18; ++k) CHECK(same_bits(got[k], expected[k]));
  // By hand: d/da1 = 1/1E-300 + a3 + a6 + ... + a15 (the a_k*a1 terms), d/da2 = 2*a2.
  double da1 = 1.0 / 1e-300;
  for (int k = 3; k <= 17; k += 3) da1 += vars[static_cast<std::size_t>(k - 1)];
  CHECK(got[1] == da1);
  CHECK(got[2] == 2.0 * vars[1]);
}

TEST_CASE("without a C compiler compile_native says so and the interpreter stays", "[codegen][native]") {
  const Subject s("x + v");
  SECTION("CC names no program") {
    const ScopedEnvironment cc("CC", "/nonexistent/cc");
    const auto native = fexpr::compile_native(s.expression);
    CHECK_FALSE(native);
    CHECK(native.why_not == "no C compiler found (/nonexistent/cc; set CC to choose one); keep using the interpreter");
  }
  SECTION("cc is not on the PATH") {
    const ScopedEnvironment path("PATH", "/nonexistent");
    const ScopedEnvironment cc("CC", "cc");
    const auto native = fexpr::compile_native(s.expression);
    CHECK_FALSE(native);
    CHECK(native.why_not.find("no C compiler found (cc;") == 0);
  }
}

// The compiled path runs code that tests a value feeding +, -, * only through what it feeds,
// and the fully checked code for the message when that fails (codegen/native.cpp): the errors
// must still be the interpreter's, first failure first, and the bits the same.
void agrees_with_interpreter(const std::string& text, const std::vector<std::array<double, 3>>& points) {
  const Compiled compiled(text);
  const auto& [cache, env, s, native] = compiled;
  fexpr::Workspace ws;
  for (const auto& p : points) {
    fexpr::Inputs in;
    in.time = p[0];
    in.variables = std::span<const double>(p).subspan(1);
    INFO(text << " at " << p[0] << " " << p[1] << " " << p[2]);
    std::array<double, 3> expected_grad{}, grad{};
    double expected = 0.0;
    const std::string expected_error = error_of([&] { expected = s.expression.gradient(in, ws, expected_grad); });
    double got = 0.0;
    CHECK(error_of([&] { got = native.expression->gradient(in, grad); }) == expected_error);
    CHECK(error_of([&] { native.expression->value(in); }) == error_of([&] { s.expression.value(in, ws); }));
    if (expected_error != "no error") continue;
    CHECK(same_bits(got, expected));
    CHECK(same_bits(native.expression->value(in), s.expression.value(in, ws)));
    for (int k = 0; k < 3; ++k) CHECK(same_bits(grad[k], expected_grad[k]));
  }
}

const double kInf = std::numeric_limits<double>::infinity(), kNaN = std::numeric_limits<double>::quiet_NaN();

TEST_CASE("a compiled expression of sums and products gives the interpreter's bits and errors", "[codegen][native]") {
  FEXPR_NEED_C_COMPILER();
  agrees_with_interpreter(
      "1 + 2*x - 3*v + 0.5*x*x - 1.5*x*v + 2.5*v*v + 0.1*x*x*x - x*x*v*1E-300 + (x-v)*(x-v)**2",
      {{0.0, 0.7, -0.4}, {1.0, -3.0, 2.5}, {0.5, 1e100, 1.0}, {0.5, 1e103, -1e103}, {0.5, 1e200, 0.0},
       {0.5, 1.0, 1e160}, {0.5, -1e155, 1e155}, {kNaN, 1.0, 1.0}, {0.0, kInf, 1.0}, {0.0, 1.0, kNaN}});
}

// After its fast form fails, the interpreter evaluates again in its reference form, which leaves
// constant operands out of the chain rule: it may still give a gradient (x / 1E-300, whose fast
// term -(x/b)·(1/b) overflows) or fail with another message (the contact's d of 0, met after the
// division). The compiled path's code has no reference form's function (Options::reference_form),
// so it asks the interpreter before it reports a failure.
TEST_CASE("the compiled path gives what the interpreter gives where only its reference form succeeds",
          "[codegen][native]") {
  FEXPR_NEED_C_COMPILER();
  const std::vector<std::array<double, 3>> points = {{0.0, 2.0, 1.0}, {0.5, -3.0, 0.25}, {0.0, 1e-300, 1.0},
                                                     {0.0, 0.0, -1.0}, {1.0, 1e300, 0.5}};
  for (const char* text : {"x / 1E-300", "x / 1E-300 + v", "((0.25*x + 1E-310) / (-1E-300) - v)*0",
                           "IMPACT(v, x / 1E-300, 1, 1E3, 2, 10, v*0)"})
    agrees_with_interpreter(text, points);
}

TEST_CASE("values feeding sums beside other operations fail with the interpreter's message", "[codegen][native]") {
  FEXPR_NEED_C_COMPILER();
  const std::vector<std::array<double, 3>> points = {{0.5, 2.0, -3.0}, {0.0, 1e200, 1.0},  {0.0, 1.0, 1.0},
                                                     {0.0, -1.0, 0.5}, {0.0, 1.0, 1e300}, {0.0, kNaN, 1.0},
                                                     {kInf, 1.0, 2.0}, {-1.0, -0.0, 3.0}, {0.0, 1e160, -1e160},
                                                     {0.0, kInf, kInf}};
  // The last two: the value entry tests their result itself, after the generated code.
  for (const char* text : {"1E200*x*x + v", "x + 1/(v - 1)", "SQRT(x)*v + x*x*1E300", "IF(x: v*1E300, 0, x*x) + v",
                           "(TIME*x - (-TIME))*v - v*0", "x*v*1E300 - SQRT(v)", "x*v", "x - v"})
    agrees_with_interpreter(text, points);
}

}  // namespace test_codegen_native
