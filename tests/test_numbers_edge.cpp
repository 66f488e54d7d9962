// Numbers at the edges of double precision: literals that overflow or underflow, denormals,
// exponents and mantissas of any length, -0, 0**0, NaN and infinities handed in by a host, and
// printed numbers that read back to the same bits.
#include "expression_helpers.hpp"
#include "run_program.hpp"
#include "support/json.hpp"
#include "support/number.hpp"

#include <fexpr/fexpr.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace test_numbers_edge {

using Catch::Matchers::Contains;
using fexpr::testing::Bench;
using fexpr::testing::where;

namespace {

constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kMinNormal = std::numeric_limits<double>::min();
constexpr double kDenormMin = std::numeric_limits<double>::denorm_min();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Equal bits: tells -0 from 0, which == does not.
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::string repeated(char c, std::size_t n) { return std::string(n, c); }

}  // namespace

TEST_CASE("a literal beyond the largest double is an overflow error at the literal", "[numbers][overflow]") {
  Bench b({{"x", 1.0}});
  struct Case {
    std::string text;
    const char* at;
  };
  auto c = GENERATE(values<Case>({
      {"1E400", "1:1"},
      {"1E309", "1:1"},
      {"1.8E308", "1:1"},
      {"x + 1.8E308D", "1:5"},  // the degree suffix scales after reading, so it cannot rescue it
      {"-1E400", "1:2"},        // the sign is an operator; the literal starts after it
      {"2*(x + 1E99999999999999999999)", "1:8"},
      {"1" + repeated('0', 400), "1:1"},  // 1E400 written out
      {"1E" + repeated('9', 100000), "1:1"},
  }));
  INFO(c.text.substr(0, 40));
  const fexpr::Diagnostic d = b.compile_error(c.text);
  CHECK(d.code == fexpr::Code::domain);
  CHECK(where(c.text, d) == c.at);
  CHECK_THAT(d.message, Contains("out of the range of double precision"));
}

TEST_CASE("the largest double and what rounds to it read exactly", "[numbers][overflow]") {
  Bench b;
  CHECK(b.value("1.7976931348623157E308") == kMax);
  // Below max + ulp/2 = 1.797693134862315807...E308, so it rounds down to max, not up to infinity.
  CHECK(b.value("1.7976931348623158E308") == kMax);
  CHECK(b.value("1E+0000000000000000000308") == 1e308);
}

TEST_CASE("a literal below half the smallest denormal reads as 0, as an underflow does", "[numbers][underflow]") {
  Bench b;
  // The nearest double to 1E-400 is +0: the literal is not an error (docs/language.md).
  CHECK(same_bits(b.value("1E-400"), 0.0));
  CHECK(same_bits(b.value("-1E-400"), -0.0));  // -(+0)
  CHECK(same_bits(b.value("1E-99999999999999999999"), 0.0));
  // 2E-324 < denorm_min/2 = 2.47E-324 rounds to 0; 3E-324 is nearer to denorm_min.
  CHECK(same_bits(b.value("2E-324"), 0.0));
  CHECK(b.value("3E-324") == kDenormMin);
  // A huge exponent on a zero mantissa is still 0, not an overflow.
  CHECK(same_bits(b.value("0E99999999999999999999"), 0.0));
  CHECK(same_bits(b.value("0.000E+99999999999999999999"), 0.0));
  // The leading zeros count: 0.(1000 zeros)1E400 = 1E-601.
  CHECK(same_bits(b.value("0." + repeated('0', 1000) + "1E400"), 0.0));
  SECTION("the same rule reads --var values and dataset numbers") {
    auto v = fexpr::number::parse("-1E-400");
    REQUIRE(v.has_value());
    CHECK(same_bits(*v, -0.0));
    CHECK_FALSE(fexpr::number::parse("1E400").has_value());
    CHECK_FALSE(fexpr::number::parse("-1E400").has_value());
  }
}

TEST_CASE("denormals read exactly", "[numbers][denormal]") {
  Bench b;
  CHECK(b.value("4.9E-324") == kDenormMin);
  CHECK(b.value("4.9406564584124654E-324") == kDenormMin);
  CHECK(b.value("2.2250738585072014E-308") == kMinNormal);
  // The largest denormal, one step below the smallest normal number.
  CHECK(b.value("2.225073858507201E-308") == std::nextafter(kMinNormal, 0.0));
  CHECK(b.value("1E-310") == 1e-310);  // not flushed to zero
  // Arithmetic on denormals is IEEE, no error: the underflow is gradual.
  CHECK(b.value("4.9E-324*2") == 2 * kDenormMin);
  CHECK(same_bits(b.value("4.9E-324/2"), 0.0));  // rounds to even, 0
}

TEST_CASE("exponents of any length read in one pass", "[numbers][exponent]") {
  Bench b;
  CHECK(b.value("1E0000000000000000000001") == 10.0);
  CHECK(b.value("1E-0000000000000000000001") == 0.1);
  CHECK(b.value("1E" + repeated('0', 10000) + "2") == 100.0);
  CHECK(same_bits(b.value("1E-" + repeated('9', 100000)), 0.0));
}

TEST_CASE("long mantissas are correctly rounded", "[numbers][mantissa]") {
  Bench b;
  // 1 + 2^-53 exactly, the midpoint of 1 and the next double 1 + 2^-52.
  const std::string midpoint = "1.00000000000000011102230246251565404236316680908203125";
  const double next = std::nextafter(1.0, 2.0);
  // At the midpoint the tie goes to the even neighbour, 1; a 1 in the 1000th digit breaks the
  // tie upwards, which a reader that keeps only the first 17 or 19 digits cannot see.
  CHECK(b.value(midpoint + repeated('0', 1000 - midpoint.size())) == 1.0);
  CHECK(b.value(midpoint + repeated('0', 999 - midpoint.size()) + "1") == next);
  // 0.999... (1000 nines) differs from 1 by 1E-1000, far below half an ulp.
  CHECK(b.value("0." + repeated('9', 1000)) == 1.0);
  // 1000 digits standing for 1E999 scaled back: 1(999 zeros)E-999 = 1.
  CHECK(b.value("1" + repeated('0', 999) + "E-999") == 1.0);
  // Leading zeros do not count as digits.
  CHECK(b.value(repeated('0', 1000) + "2.5") == 2.5);
}

TEST_CASE("-0 evaluates and prints as -0; dividing by it is division by zero", "[numbers][zero]") {
  Bench b({{"z", -0.0}});
  CHECK(same_bits(b.value("-0"), -0.0));
  CHECK(same_bits(b.value("0*-1"), -0.0));
  CHECK(same_bits(b.value("z"), -0.0));      // a host's -0 is a finite input like any other
  CHECK(same_bits(b.value("-0 + 0"), 0.0));  // IEEE: the sum of opposite zeros is +0
  CHECK(same_bits(b.value("(-0)**0.5"), 0.0));
  CHECK(b.value("(-0)**0") == 1.0);
  CHECK(fexpr::number::format(-0.0) == "-0");
  CHECK(fexpr::json::number(-0.0) == "-0");  // JSON allows -0
  // Neither 1/0 nor 1/-0 is an infinity here: both are the same evaluation error.
  for (const char* text : {"1/-0", "1/z", "1/(0*-1)"}) {
    INFO(text);
    const fexpr::Diagnostic d = b.evaluation_error(text);
    CHECK(d.code == fexpr::Code::domain);
    CHECK_THAT(d.message, Contains("division by zero"));
  }
  CHECK_THAT(b.evaluation_error("LOG(z)").message, Contains("LOG"));  // -0 <= 0
}

TEST_CASE("0**0 is 1, with derivative 0 in the base", "[numbers][power]") {
  // The Fortran (and Adams) convention: x**0 = 1 for every x, so its derivatives in x are 0.
  Bench b({{"x", 0.0}, {"y", 0.0}});
  CHECK(b.value("0**0") == 1.0);
  CHECK(b.value("x**0") == 1.0);
  CHECK(b.value("x**y") == 1.0);
  fexpr::Workspace ws;
  const fexpr::Expression e = b.compile_ok("x**0");
  std::vector<double> grad(e.derivative_count(), 7.0), hess(grad.size() * grad.size(), 7.0);
  CHECK(e.hessian(b.inputs(), ws, grad, hess) == 1.0);
  for (double g : grad) CHECK(g == 0.0);
  for (double h : hess) CHECK(h == 0.0);
  // With the exponent varying too, 0**y jumps from 0 (y > 0) to 1 (y = 0) to an error (y < 0):
  // no derivative in y exists there (docs/language.md: d/db needs a > 0).
  const fexpr::Expression f = b.compile_ok("x**y");
  CHECK_THROWS_WITH(f.gradient(b.inputs(), ws, grad), Contains("needs a > 0"));
}

TEST_CASE("NaN and infinite host inputs are an evaluation error, at every order", "[numbers][host]") {
  // docs/language.md: "NaN or infinite inputs from the host" are errors, never propagated as a result.
  struct Case {
    double x, time, mode;
  };
  auto c = GENERATE(values<Case>({
      {kNaN, 0, 4},
      {kInf, 0, 4},
      {-kInf, 0, 4},
      {1, kNaN, 4},
      {1, -kInf, 4},
      {1, 0, kNaN},
      {1, 0, kInf},
  }));
  Bench b({{"x", c.x}, {"unused", 0.0}});
  b.time = c.time;
  fexpr::Inputs in = b.inputs();
  in.mode = c.mode;
  const fexpr::Expression e = b.compile_ok("x*TIME + MODE");
  fexpr::Workspace ws;
  std::vector<double> grad(e.derivative_count()), hess(grad.size() * grad.size());
  CHECK_THROWS_WITH(e.value(in, ws), Contains("NaN or infinite"));
  CHECK_THROWS_WITH(e.gradient(in, ws, grad), Contains("NaN or infinite"));
  CHECK_THROWS_WITH(e.hessian(in, ws, grad, hess), Contains("NaN or infinite"));
  SECTION("but not when the expression does not read the bad input") {
    // Only the inputs an expression reads are checked (docs/language.md): an evaluation costs what the
    // expression reads, not how many variables its context declares.
    const fexpr::Expression constant = b.compile_ok("2");
    CHECK(constant.value(in, ws) == 2.0);
    CHECK(constant.gradient(in, ws, grad) == 2.0);
    CHECK(constant.hessian(in, ws, grad, hess) == 2.0);
    for (double g : grad) CHECK(g == 0.0);
    const fexpr::Expression unused = b.compile_ok("unused + 1");
    CHECK(unused.value(in, ws) == 1.0);
  }
  SECTION("the error points at the expression as written, not at its canonical text") {
    // Found by fuzz/expression_fuzzer: the span was the length of the printed "10 + 20" (7),
    // past the end of the 5 characters written. (The expression reads the inputs, since only
    // those are checked; printed, "x*TIME+MODE" is "x*TIME + MODE", 13 characters for 11.)
    const std::string written = " x*TIME+MODE ";
    const fexpr::Expression tight = b.compile_ok(written);
    try {
      (void)tight.value(in, ws);
      FAIL("no error for a bad input");
    } catch (const fexpr::EvaluationError& error) {
      CHECK(error.diagnostic.span.begin == 1);
      CHECK(error.diagnostic.span.end == 12);
    }
  }
  SECTION("and a clean evaluation afterwards on the same workspace succeeds") {
    Bench good({{"x", 2.0}, {"unused", 0.0}});
    good.time = 3.0;
    CHECK(e.value(good.inputs(), ws) == 2.0 * 3.0 + 4.0);
  }
}

TEST_CASE("the C API rejects NaN and infinite inputs and leaves its outputs unchanged", "[numbers][host][capi]") {
  fexpr_context* ctx = nullptr;
  REQUIRE(fexpr_context_create(&ctx) == FEXPR_OK);
  std::size_t slot = 0;
  REQUIRE(fexpr_context_declare_variable(ctx, "x", &slot) == FEXPR_OK);
  fexpr_expression* f = nullptr;
  REQUIRE(fexpr_compile(ctx, "x*TIME", &f) == FEXPR_OK);
  fexpr_workspace* ws = nullptr;
  REQUIRE(fexpr_workspace_create(&ws) == FEXPR_OK);

  double value = 123.0, grad[2] = {7.0, 7.0}, hess[4] = {7.0, 7.0, 7.0, 7.0};
  const double finite = 2.0;
  for (double bad : {kNaN, kInf, -kInf}) {
    CHECK(fexpr_evaluate(f, ws, 1.0, &bad, 1, &value) == FEXPR_DOMAIN_ERROR);
    CHECK(fexpr_gradient(f, ws, bad, &finite, 1, &value, grad) == FEXPR_DOMAIN_ERROR);
    CHECK(fexpr_hessian(f, ws, 1.0, &bad, 1, &value, grad, hess) == FEXPR_DOMAIN_ERROR);
    const char* message = nullptr;
    CHECK(fexpr_last_error(&message, nullptr, nullptr) == FEXPR_DOMAIN_ERROR);
    CHECK_THAT(std::string(message), Contains("NaN or infinite"));
  }
  CHECK(value == 123.0);
  for (double g : grad) CHECK(g == 7.0);
  for (double h : hess) CHECK(h == 7.0);

  SECTION("a NaN or infinite MODE is refused when it is set, like a part state") {
    CHECK(fexpr_workspace_set_mode(ws, kNaN) == FEXPR_DOMAIN_ERROR);
    CHECK(fexpr_workspace_set_mode(ws, -kInf) == FEXPR_DOMAIN_ERROR);
    fexpr_expression* mode = nullptr;
    REQUIRE(fexpr_compile(ctx, "MODE", &mode) == FEXPR_OK);
    CHECK(fexpr_evaluate(mode, ws, 0.0, &finite, 1, &value) == FEXPR_OK);
    CHECK(value == 4.0);  // unchanged
    fexpr_expression_destroy(mode);
  }
  SECTION("denormal and -0 inputs are ordinary finite numbers") {
    const double tiny = kDenormMin;
    REQUIRE(fexpr_evaluate(f, ws, 2.0, &tiny, 1, &value) == FEXPR_OK);
    CHECK(value == 2 * kDenormMin);
    const double negative_zero = -0.0;
    REQUIRE(fexpr_evaluate(f, ws, 2.0, &negative_zero, 1, &value) == FEXPR_OK);
    CHECK(same_bits(value, -0.0));
  }
  fexpr_workspace_destroy(ws);
  fexpr_expression_destroy(f);
  fexpr_context_destroy(ctx);
}

TEST_CASE("printed numbers are the shortest text that reads back to the same bits", "[numbers][print]") {
  struct Case {
    double value;
    const char* text;  // what std::to_chars' shortest form gives, with E for e
  };
  auto c = GENERATE(values<Case>({
      {0.1, "0.1"},
      {-0.0, "-0"},
      {0.0, "0"},
      {1e5, "1E+05"},
      {0.1 + 0.2, "0.30000000000000004"},
      {1.0 / 3.0, "0.3333333333333333"},
      {kDenormMin, "5E-324"},
      {kMinNormal, "2.2250738585072014E-308"},
      {kMax, "1.7976931348623157E+308"},
      {-kMax, "-1.7976931348623157E+308"},
      {9007199254740993.0, "9007199254740992"},  // 2^53 + 1 is not a double; it rounds to 2^53
      {1e23, "1E+23"},
      {123456.0, "123456"},
  }));
  INFO(c.text);
  const std::string text = fexpr::number::format(c.value);
  CHECK(text == c.text);
  CHECK(fexpr::json::number(c.value) == text);
  auto back = fexpr::number::parse(text);
  REQUIRE(back.has_value());
  CHECK(same_bits(*back, c.value));
  SECTION("and the grammar reads the printed text back to the same value") {
    Bench b;
    CHECK(same_bits(b.value(text), c.value));
  }
}

TEST_CASE("the fexpr program reads --time, --mode and --var as expressions read numbers", "[numbers][cli]") {
  using fexpr::testing::run_fexpr;
  // Below the denormals to 0 (-0 with the sign), as literals.
  const auto tiny = run_fexpr("eval --time 1E-400 --var x=-1E-400 TIME x");
  CHECK(tiny.status == 0);
  CHECK(tiny.out == "TIME = 0\nx = -0\n");
  // Not finite, hexadecimal (which strtod would take) or with a comma: a usage error, exit 2.
  for (const char* args : {"--time nan", "--time inf", "--mode -inf", "--time 0x10", "--time 1E400", "--var x=nan",
                           "--var x=1E400", "--time 1,5"}) {
    INFO(args);
    CHECK(run_fexpr(std::string("eval ") + args + " TIME").status == 2);
  }
  const auto overflow = run_fexpr("eval '1 + 1E400'");
  CHECK(overflow.status == 1);
  CHECK_THAT(overflow.out, Contains("<expression 1>:1:5: error: number 1E400 is out of the range of double precision"));
}

}  // namespace test_numbers_edge
