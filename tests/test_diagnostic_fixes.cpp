// Where fixes are made: the compiler's unknown names, the reader's misspelt statements and the
// MOTION rule. Each fix is checked for its span (by the text it covers), its replacement and
// whether it is safe; a diagnostic without one certain correction has none.
#include "dataset/checker.hpp"

#include <fexpr/expression.hpp>

#include <catch2/catch.hpp>

namespace test_diagnostic_fixes {

using fexpr::Code;
using fexpr::Diagnostic;

namespace {

const std::string kModel =
    "fixes\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "JOINT/1, REVOLUTE, I=20, J=10\n";

struct Found {
  std::string text;  // what the fix replaces
  std::string replacement;
  bool safe;
};

// The fix of the one diagnostic of `code`, for a dataset of kModel and lines.
std::optional<Found> fix_of(const std::string& lines, Code code) {
  auto f = fexpr::dataset::check_text("f.adm", kModel + lines + "END\n");
  std::optional<Found> out;
  int count = 0;
  for (const Diagnostic& d : f.diagnostics) {
    if (d.code != code) continue;
    ++count;
    if (d.fix)
      out = Found{f.source->text().substr(d.fix->span.begin, d.fix->span.end - d.fix->span.begin), d.fix->replacement,
                  d.fix->safe};
  }
  REQUIRE(count == 1);
  return out;
}

}  // namespace

TEST_CASE("an unknown function with one near name has a safe fix to it", "[diagnostic][fix]") {
  auto fix = fix_of("VARIABLE/1, FUNCTION=1 + stpe(TIME, 0, 0, 1, 1)\n", Code::name);
  REQUIRE(fix);
  CHECK(fix->text == "stpe");
  CHECK(fix->replacement == "STEP");
  CHECK(fix->safe);
}

TEST_CASE("a statement called as a function has a safe fix to its function", "[diagnostic][fix]") {
  auto fix = fix_of("VARIABLE/1, FUNCTION=BUSHING(1, 0, 2, 0)\n", Code::name);
  REQUIRE(fix);
  CHECK(fix->text == "BUSHING");
  CHECK(fix->replacement == "BUSH");
  CHECK(fix->safe);
}

TEST_CASE("an unknown name with one near name has a safe fix to it", "[diagnostic][fix]") {
  auto fix = fix_of("VARIABLE/1, FUNCTION=2*PII\n", Code::name);
  REQUIRE(fix);
  CHECK(fix->text == "PII");
  CHECK(fix->replacement == "PI");
}

TEST_CASE("a name with no near match, or a constant called as a function, has no fix", "[diagnostic][fix]") {
  CHECK_FALSE(fix_of("VARIABLE/1, FUNCTION=QWERTYUIOP(1)\n", Code::name));
  CHECK_FALSE(fix_of("VARIABLE/1, FUNCTION=PI(1)\n", Code::name));
  CHECK_FALSE(fix_of("VARIABLE/1, FUNCTION=2*QWERTYUIOP\n", Code::name));
}

TEST_CASE("a name as near to two known names as to one has no fix", "[diagnostic][fix]") {
  // COSIN is two edits from COS and from ASIN; SIM one from SIN and from DIM.
  CHECK_FALSE(fix_of("VARIABLE/1, FUNCTION=COSIN(1)\n", Code::name));
  CHECK_FALSE(fix_of("VARIABLE/1, FUNCTION=SIM(1)\n", Code::name));
}

TEST_CASE("a near function that does not take the call's arguments is no fix", "[diagnostic][fix]") {
  // US is one edit from UV alone, but UV takes one argument.
  CHECK_FALSE(fix_of("VARIABLE/1, FUNCTION=US(20, 10)\n", Code::name));
  auto one = fix_of("VARIABLE/1, FUNCTION=US(1)\n", Code::name);
  REQUIRE(one);
  CHECK(one->replacement == "UV");
}

TEST_CASE("a misspelt statement has a safe fix to the statement it is checked as", "[diagnostic][fix]") {
  auto fix = fix_of("SFROCE/3, I=20, J=10, FUNCTION=1\n", Code::name);
  REQUIRE(fix);
  CHECK(fix->text == "SFROCE");
  CHECK(fix->replacement == "SFORCE");
  CHECK(fix->safe);
}

TEST_CASE("STEP in a MOTION has an unsafe fix to STEP5; other rough functions have none", "[diagnostic][fix]") {
  auto fix = fix_of("MOTION/1, JOINT=1, FUNCTION=1 + step(TIME, 0, 0, 1, 1)\n", Code::discontinuity);
  REQUIRE(fix);
  CHECK(fix->text == "step");
  CHECK(fix->replacement == "STEP5");
  CHECK_FALSE(fix->safe);
  CHECK_FALSE(fix_of("MOTION/1, JOINT=1, FUNCTION=IF(TIME-1: 0, 0, 1)\n", Code::discontinuity));
}

}  // namespace test_diagnostic_fixes
