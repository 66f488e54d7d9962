// `fexpr eval` as a user runs it: text and JSON output, error positions, exit status.
#include "json_reader.hpp"
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

namespace test_cli_eval {

using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;

TEST_CASE("eval prints the value of each expression and exits 0", "[cli][eval]") {
  auto r = run_fexpr("eval --var x=1.5 'x**2' '2*x + 1'");
  CHECK(r.status == 0);
  CHECK(r.out == "x**2 = 2.25\n2*x + 1 = 4\n");
}

TEST_CASE("eval --grad prints an aligned table of partial derivatives", "[cli][eval]") {
  // f = x*v + TIME; df/dTIME = 1, df/dx = v = -2, df/dv = x = 3
  auto r = run_fexpr("eval --time 1 --var x=3 --var v=-2 --grad 'x*v + TIME'");
  CHECK(r.status == 0);
  CHECK(r.out == "x*v + TIME = -5\n  d/dTIME  1\n  d/dx     -2\n  d/dv     3\n");
}

TEST_CASE("eval --format json writes one object per expression that parses back", "[cli][eval][json]") {
  auto r = run_fexpr("eval --format json --var x=2 --hessian 'x**3' 'SQRT(-x)' 'STPE(x,0,0,1,1)'");
  CHECK(r.status == 1);  // one expression failed
  std::istringstream lines(r.out);
  std::string line;
  std::vector<fexpr::testing::Json> docs;
  while (std::getline(lines, line)) docs.push_back(parse_json(line));
  REQUIRE(docs.size() == 3);
  // x**3 at 2: 8; d/dx = 3x**2 = 12; d2/dx2 = 6x = 12
  CHECK(docs[0]["expr"].str() == "x**3");
  CHECK(docs[0]["value"].number() == 8.0);
  CHECK(docs[0]["gradient"]["x"].number() == 12.0);
  CHECK(docs[0]["gradient"]["TIME"].number() == 0.0);
  CHECK(docs[0]["hessian"]["x,x"].number() == 12.0);
  CHECK(docs[0]["error"].is_null());
  CHECK(docs[1]["value"].is_null());
  CHECK(docs[1]["error"]["kind"].str() == "domain");
  CHECK(docs[1]["error"]["line"].number() == 1.0);
  CHECK(docs[1]["error"]["column"].number() == 1.0);
  CHECK(docs[2]["error"]["kind"].str() == "name");
  CHECK(docs[2]["error"]["message"].str() == "unknown function 'STPE' (did you mean STEP?)");
}

TEST_CASE("eval prints numbers so that they read back exactly", "[cli][eval][json]") {
  auto r = run_fexpr("eval --format json '0.1+0.2' '1/3' '-0*1' '1E300*10'");
  std::istringstream lines(r.out);
  std::string line;
  std::vector<double> expected = {0.1 + 0.2, 1.0 / 3.0, -0.0, 1e301};
  for (double e : expected) {
    REQUIRE(std::getline(lines, line));
    double v = parse_json(line)["value"].number();
    CHECK(v == e);
    CHECK(std::signbit(v) == std::signbit(e));
  }
}

TEST_CASE("eval errors in text show file, line, column, the source line and a caret", "[cli][eval][errors]") {
  auto r = run_fexpr("eval '1 + (2 * 3'");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "<expression 1>:1:11: error: expected ')' to close '(' opened at 1:5 but the expression ends here\n"
        "1 + (2 * 3\n"
        "          ^\n");
}

TEST_CASE("eval --file reads one expression per line and reports real line numbers", "[cli][eval]") {
  std::string path = "cli_eval_file.txt";
  std::ofstream(path) << "# comment\n\n1 + 1\n  2 * STEPX(TIME)\n";
  auto r = run_fexpr("eval --file " + path);
  CHECK(r.status == 1);
  CHECK(r.out ==
        "1 + 1 = 2\n"
        "cli_eval_file.txt:4:7: error: unknown function 'STEPX' (did you mean STEP?)\n"
        "  2 * STEPX(TIME)\n"
        "      ^~~~~\n");
}

TEST_CASE("eval reads standard input with --file -", "[cli][eval]") {
  std::ofstream("cli_eval_stdin.txt") << "3*4\n";
  auto r = run_fexpr("eval --file - < cli_eval_stdin.txt");
  CHECK(r.status == 0);
  CHECK(r.out == "3*4 = 12\n");
}

TEST_CASE("eval usage errors exit 2", "[cli][eval][errors]") {
  CHECK(run_fexpr("eval").status == 2);
  CHECK(run_fexpr("eval --var x 'x'").status == 2);
  CHECK(run_fexpr("eval --var x=abc 'x'").status == 2);
  CHECK(run_fexpr("eval --format xml '1'").status == 2);
  CHECK(run_fexpr("eval --file /nonexistent/file").status == 2);
  CHECK(run_fexpr("nosuchcommand").status == 2);
  CHECK(run_fexpr("eval --var PI=3 'PI'").status == 2);
}

TEST_CASE("eval --ast shows the tree with spans", "[cli][eval]") {
  auto r = run_fexpr("eval --ast '-2**2'");
  CHECK(r.status == 0);
  CHECK(r.out == "negate  [0,5)\n  power  [1,5)\n    number 2  [1,2)\n    number 2  [4,5)\n-2**2 = -4\n");
}

TEST_CASE("eval keeps an expression written as [x, y, z] whole, and DELAY's past errors are not-interpreted",
          "[cli][eval][vector]") {
  // An argument that starts with '[' and ends with ']' is a list to CLI11 unless told otherwise.
  auto r = run_fexpr("eval '[1, 2, 3]*[4, 5, 6]' '[1,2,3]' --time 2 --format json 'DELAY(1, 1, 0)'");
  CHECK(r.status == 1);
  std::istringstream lines(r.out);
  std::vector<fexpr::testing::Json> docs;
  for (std::string line; std::getline(lines, line);) docs.push_back(parse_json(line));
  REQUIRE(docs.size() == 3);
  CHECK(docs[0]["expr"].str() == "[1, 2, 3]*[4, 5, 6]");
  CHECK(docs[0]["value"].number() == 32.0);  // 4 + 10 + 18
  CHECK(docs[1]["error"]["code"].str() == "argument");
  CHECK(docs[2]["error"]["code"].str() == "not-interpreted");
  CHECK(docs[2]["error"]["column"].number() == 1);
}

}  // namespace test_cli_eval
