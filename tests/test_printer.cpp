// The canonical printer: upper-case names, minimal parentheses, and a fixed point under
// print(parse(print(e))).
#include "ast/ast.hpp"
#include "grammar/parse.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <string>
#include <variant>

namespace test_printer {

namespace {

std::string print(const std::string& text) {
  auto parsed = fexpr::grammar::parse(text);
  if (auto* d = std::get_if<fexpr::Diagnostic>(&parsed)) {
    FAIL("does not parse: " << text << ": " << d->message);
  }
  return fexpr::ast::print(std::get<fexpr::ast::Tree>(parsed));
}

void check_round_trip(const std::string& text) {
  INFO("expression: " << text);
  std::string once = print(text);
  CHECK(print(once) == once);
}

}  // namespace

TEST_CASE("the printer writes the canonical form", "[printer]") {
  struct Case {
    const char* text;
    const char* canonical;
  };
  auto c = GENERATE(values<Case>({
      {"step( time ,0,0 , 1,1 )", "STEP(TIME, 0, 0, 1, 1)"},
      {"((a+b))*c", "(A + B)*C"},
      {"a-(b+c)", "A - (B + C)"},
      {"(a+b)+c", "A + B + C"},
      {"a/(b*c)", "A/(B*C)"},
      {"(a*b)/c", "A*B/C"},
      {"-2**2", "-2**2"},
      {"(-2)**2", "(-2)**2"},
      {"2**(-2)", "2**-2"},
      {"(2**3)**2", "(2**3)**2"},
      {"2**(3**2)", "2**3**2"},
      {"-(a+b)", "-(A + B)"},
      {"a*(-b)", "A*-B"},
      {"if(x:1,2,3)", "IF(X: 1, 2, 3)"},
      {"90d", "90D"},
      {"1.5E-3", "0.0015"},
      {"1e5", "1E+05"},
      {".5", "0.5"},
      {"x * * 2", "X**2"},
      {"+x", "+X"},
      {"POLY (time, 0, 1,1,1)", "POLY(TIME, 0, 1, 1, 1)"},
      {".model.PART_1.MKR_2", ".MODEL.PART_1.MKR_2"},
      {"[ x,1 ,2]", "[X, 1, 2]"},
      {"dxyz(1,2)%fxyz(1)", "DXYZ(1, 2) % FXYZ(1)"},
      {"v*(v%w)", "V*(V % W)"},
      {"(v*v)%w", "V*V % W"},
      {"mag([a+b, -c, (d)])", "MAG([A + B, -C, D])"},
  }));
  CHECK(print(c.text) == c.canonical);
}

TEST_CASE("printing is a fixed point for every test expression", "[printer]") {
  const char* expressions[] = {
      "-6*IF(VR(10,31): 0, 0, VR(10,31)**3)",
      "IMPACT(DZ(2,1), VZ(2,1), 0.1, 1E5, 1.5, 50, 0.01)",
      "-1E4*(x-0.5) - 25*v",
      "2**-1**2",
      "-2**-2**-1",
      "a - -b + (c - d) - (e + f)*g/(h/i)",
      "((((x))))",
      "IF(IF(a: b, c, d): -e, f**-g, (h))",
  };
  for (const char* e : expressions) check_round_trip(e);
}

TEST_CASE("every expression of the bundled examples prints to a fixed point", "[printer][examples]") {
  std::ifstream in(std::string(FEXPR_SOURCE_DIR) + "/examples/expressions.txt");
  REQUIRE(in);
  std::string line;
  int count = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    check_round_trip(line);
    ++count;
  }
  CHECK(count >= 30);
}

TEST_CASE("every real expression of the corpus parses and prints to a fixed point", "[printer][corpus]") {
  // Known-malformed lines and where their error is: the a2m translator's stress samples of
  // alex-marinov/mbdyn (';' ends statements, '^' for '**', an IF without its test) and one
  // .acf line that the harvest cut at its '&' continuation.
  const std::map<std::string, std::string> malformed = {
      {"18;", "1:3"},
      {"33;", "1:3"},
      {"21E08+32E-06/(74.12E+01*441-18-57*VR(78,81)-65)^12+2**78+2/(1+5)", "1:48"},
      {"50*(11+24+(IF(VR:1.2,2.4)))", "1:25"},
      {"IF(TIME-4.0: 0, 0,  ", "1:21"},
  };
  std::ifstream in(std::string(FEXPR_SOURCE_DIR) + "/tests/data/expressions/corpus_expressions.txt");
  REQUIRE(in);
  std::string line;
  int count = 0, failures = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::string text = line.substr(0, line.find('\t'));
    // '&' continues a line in .acf command files; the harvest kept it where it joined lines.
    for (char& ch : text) {
      if (ch == '&') ch = ' ';
    }
    ++count;
    if (auto it = malformed.find(text); it != malformed.end()) {
      auto parsed = fexpr::grammar::parse(text);
      REQUIRE(std::holds_alternative<fexpr::Diagnostic>(parsed));
      auto p = fexpr::SourceText("t", text).position(std::get<fexpr::Diagnostic>(parsed).span.begin);
      CHECK(std::to_string(p.line) + ":" + std::to_string(p.column) == it->second);
      ++failures;
      continue;
    }
    check_round_trip(text);
  }
  CHECK(count > 1400);
  CHECK(failures == static_cast<int>(malformed.size()));
}

}  // namespace test_printer
