// The expression language: precedence, numbers, case, blanks, and every malformed-input path.
#include "expression_helpers.hpp"

#include <cmath>
#include <numbers>

namespace test_grammar {

using fexpr::testing::Bench;
using fexpr::testing::where;

TEST_CASE("operators follow the Adams precedence and associativity rules", "[grammar]") {
  Bench b;
  struct Case {
    const char* text;
    double expected;  // worked out by hand from the rules in spec section 1.3
  };
  auto c = GENERATE(values<Case>({
      {"1+2*3", 7.0},
      {"(1+2)*3", 9.0},
      {"8-2-2", 4.0},              // left-associative: (8-2)-2
      {"8/2/2", 2.0},              // (8/2)/2
      {"2**3**2", 512.0},          // right-associative: 2**(3**2) = 2**9
      {"(2**3)**2", 64.0},
      {"-2**2", -4.0},             // ** binds tighter than the sign on its left
      {"(-2)**2", 4.0},
      {"2**-2", 0.25},             // and accepts a sign on its right
      {"-2**-2", -0.25},           // -(2**(-2))
      {"2**-1**2", 0.5},           // 2**(-(1**2))
      {"2*-3", -6.0},
      {"1 - -1", 2.0},
      {"- -3", 3.0},
      {"+3", 3.0},
      {"2**3*2", 16.0},
      {"2*3**2", 18.0},
      {"-(2)**2", -4.0},
      {"2* *3", 8.0},              // the documentation writes '* *' for '**'
      {"12/3*2", 8.0},
      {"1-2+3", 2.0},
      {"2*(3+4)*5", 70.0},
  }));
  INFO(c.text);
  CHECK(b.value(c.text) == Approx(c.expected).epsilon(1e-15));
}

TEST_CASE("a chain of signs and powers nests to the right", "[grammar]") {
  Bench b;
  // -2**-2**-1 = -(2**(-(2**(-1)))) = -(2**(-0.5))
  CHECK(b.value("-2**-2**-1") == Approx(-std::pow(2.0, -std::pow(2.0, -1.0))).epsilon(1e-15));
}

TEST_CASE("numbers are read in every FORTRAN form and the degree suffix", "[grammar]") {
  Bench b;
  const double deg = std::numbers::pi / 180.0;
  CHECK(b.value("12") == 12.0);
  CHECK(b.value("12.") == 12.0);
  CHECK(b.value(".5") == 0.5);
  CHECK(b.value("1.5E-3") == 1.5e-3);
  CHECK(b.value("1e5") == 100000.0);
  CHECK(b.value("1E+05") == 100000.0);
  CHECK(b.value("5.0E-002") == 0.05);
  CHECK(b.value("90D") == Approx(std::numbers::pi / 2).epsilon(1e-15));
  CHECK(b.value("90d") == Approx(std::numbers::pi / 2).epsilon(1e-15));
  CHECK(b.value("25D") == Approx(25 * deg).epsilon(1e-15));
  CHECK(b.value("1.5E1D") == Approx(15 * deg).epsilon(1e-15));
  CHECK(b.value("-30*(1-25D)") == Approx(-30 * (1 - 25 * deg)).epsilon(1e-15));
  CHECK(b.value("360D-1") == Approx(2 * std::numbers::pi - 1).epsilon(1e-15));  // D then minus, not an exponent
}

TEST_CASE("names are case-insensitive and blanks may stand between any tokens", "[grammar]") {
  Bench b({{"Speed", 2.0}});
  b.time = 3.0;
  CHECK(b.value("pi") == Approx(std::numbers::pi));
  CHECK(b.value("Pi") == Approx(std::numbers::pi));
  CHECK(b.value("time") == 3.0);
  CHECK(b.value("TiMe*SPEED") == 6.0);
  CHECK(b.value("speed") == 2.0);
  CHECK(b.value(" 1 +\t2 \n* 3 ") == 7.0);
  CHECK(b.value("( 1 + 2 ) * 3") == 9.0);
  CHECK(b.value("2 ** 3") == 8.0);
  CHECK(b.value("dtor*180") == Approx(std::numbers::pi));
  CHECK(b.value("RTOD*PI") == Approx(180.0));
}

TEST_CASE("malformed expressions give one message at the right line and column", "[grammar][errors]") {
  Bench b;
  struct Case {
    std::string text;
    const char* at;       // line:column, counted by hand
    const char* message;  // a part of the message
  };
  auto c = GENERATE(values<Case>({
      {"", "1:1", "expected an expression but the expression ends here"},
      {"   ", "1:4", "expected an expression"},
      {"1 +", "1:4", "expected an operand after '+' or '-' but the expression ends here"},
      {"1 + * 2", "1:5", "expected an operand after '+' or '-' but found '*'"},
      {"(1 + 2", "1:7", "expected ')' to close '(' opened at 1:1"},
      {"((1)", "1:5", "expected ')' to close '(' opened at 1:1"},
      {"STEP(TIME, 0, 0, 1, 1", "1:22", "expected ')' to close '(' opened at 1:5"},
      {"1 + 2)", "1:6", "unmatched ')'"},
      {"1 2", "1:3", "expected an operator or the end of the expression but found '2'"},
      {"1.D3", "1:4", "FORTRAN 'D' exponent"},
      {"90D3", "1:4", "'D' after a number means degrees"},
      {"1E", "1:3", "expected digits after the exponent 'E'"},
      {"1E+", "1:4", "expected digits after the exponent 'E'"},
      {"2PI", "1:2", "unexpected 'P' after a number"},
      {"1e5e5", "1:4", "unexpected 'e' after a number"},
      {"IF(1: 2, 3)", "1:11", "expected ',' between the branches of IF"},
      {"IF(1 2, 3, 4)", "1:6", "expected ':' after the test of IF"},
      {"IF(: 1, 2, 3)", "1:4", "expected the test of IF(test: lt, eq, gt) but found ':'"},
      {"IF(1: , 2, 3)", "1:7", "expected a branch of IF"},
      {"IF(1: 2, 3, 4", "1:14", "expected ')' to close '(' opened at 1:3"},
      {"IF(", "1:4", "expected the test of IF(test: lt, eq, gt) but the expression ends here"},
      {"IF(1", "1:5", "expected ':'"},
      {"IF(1:2", "1:7", "expected ','"},
      {"IF(1:2,3", "1:9", "expected ','"},
      {"IF(1:2,3,4", "1:11", "expected ')' to close '(' opened at 1:3"},
      {"IF(1:2,3,4,5)", "1:11", "expected ')' to close '(' opened at 1:3 but found ','"},
      {"STEP(TIME,)", "1:11", "expected a function argument after ','"},
      {"STEP(,TIME)", "1:6", "expected ')' to close '(' opened at 1:5 but found ','"},
      {"2 ** ", "1:6", "expected an operand after '**' but the expression ends here"},
      {"2**", "1:4", "expected an operand after '**'"},
      {"- ", "1:3", "expected an operand after the sign"},
      {"3 * / 2", "1:5", "expected an operand after '*' or '/' but found '/'"},
      {"a \\ b", "1:3", "'\\', which ends a FUNCTION= expression"},
      {"[1, 2, 3", "1:9", "expected ']' to close '[' opened at 1:1 but the expression ends here"},
      {"DXYZ(1,2) % ", "1:13", "expected an operand after the cross product '%' but the expression ends here"},
      {"1, 2", "1:2", "unexpected ',' outside a function call"},
      {"x : 1", "1:3", "unexpected ':'"},
      {"1\n+\n", "3:1", "expected an operand after '+' or '-' but the expression ends here"},
      {"STEP(TIME,\n 0, 0,\n 1", "3:3", "expected ')' to close '(' opened at 1:5"},
      {"1 = 2", "1:3", "but found '='"},
      {"x < 1", "1:3", "but found '<'"},
      {"1..2", "1:3", "but found '.'"},
      {"1.5.5", "1:4", "but found '.'"},
      {"()", "1:2", "expected an expression but found ')'"},
      {"@", "1:1", "expected an expression but found '@'"},
      {"x$", "1:2", "but found '$'"},
      {"\xC3\xA9", "1:1", "but found byte 0xC3"},
      {"1 + 2 +", "1:8", "expected an operand"},
      {"((((", "1:5", "expected an expression"},
      {".", "1:1", "expected an expression but found '.'"},
      {"..a", "1:1", "expected an expression but found '.'"},
      {"1 + (2 * 3))", "1:12", "unmatched ')'"},
      {"\t1 +", "1:5", "expected an operand"},
      {"1 +\r\n", "2:1", "expected an operand"},
      {"SIN(1)(2)", "1:7", "but found '('"},
      {"x;y", "1:2", "but found ';'"},
      {"1E400", "1:1", "out of the range of double precision"},
      {"'x'", "1:1", "but found '''"},
      {"\"x\"", "1:1", "but found '\"'"},
      {std::string("1 +\0 2", 6), "1:4", "but found byte 0x00"},
  }));
  INFO("text: " << c.text);
  fexpr::Diagnostic d = b.compile_error(c.text);
  CHECK(where(c.text, d) == c.at);
  CHECK_THAT(d.message, Catch::Matchers::Contains(c.message));
  CHECK(d.message.find("tao::") == std::string::npos);
  CHECK(d.message.find("pegtl") == std::string::npos);
}

TEST_CASE("nesting deeper than the limit is a clean error at the first level too deep", "[grammar][limits]") {
  Bench b;
  SECTION("parentheses") {
    std::string t = std::string(150, '(') + "1" + std::string(150, ')');
    auto d = b.compile_error(t);
    CHECK(d.code == fexpr::Code::limit);
    CHECK(where(t, d) == "1:101");  // the k-th nested operand starts at column k
  }
  SECTION("signs") {
    std::string t = std::string(150, '-') + "1";
    auto d = b.compile_error(t);
    CHECK(d.code == fexpr::Code::limit);
    CHECK(where(t, d) == "1:101");
  }
  SECTION("powers") {
    std::string t;
    for (int i = 0; i < 150; ++i) t += "2**";
    t += "2";
    auto d = b.compile_error(t);
    CHECK(d.code == fexpr::Code::limit);
    CHECK(where(t, d) == "1:301");  // operand k >= 2 starts after k-1 "2**": column 3(k-1)+1
  }
  SECTION("nesting at the limit still parses") {
    std::string t = std::string(99, '(') + "1" + std::string(99, ')');
    CHECK(b.value(t) == 1.0);
  }
}

TEST_CASE("a long flat expression parses and evaluates without deep recursion", "[grammar][limits]") {
  Bench b;
  std::string t = "1";
  for (int i = 0; i < 200000; ++i) t += "+1";
  CHECK(b.value(t) == 200001.0);
}

}  // namespace test_grammar
