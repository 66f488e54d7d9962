// The checker on datasets written to be wrong in one known way each: the exact set of errors
// and warnings (line:column:code), worked out by reading each dataset by hand.
#include "checked_dataset.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace test_check_bad_datasets {

namespace {

// Lines 1-6 of every case; the case's own lines start at line 7.
const std::string kBase =
    "bad dataset\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "MARKER/21, PART=2, QP=1,0,0\n";

struct Case {
  const char* name;
  std::string lines;
  std::vector<std::string> expected;  // "line:column:severity:code", sorted by position
};

}  // namespace

TEST_CASE("each bad dataset gives exactly its known diagnostics", "[check][bad]") {
  // Columns: the expression after "VARIABLE/1, FUNCTION=" starts at column 22, after
  // "SFORCE/1, I=20, J=10, FUNCTION=" at 32, after "MOTION/1, JOINT=1, FUNCTION=" at 29.
  auto c = GENERATE(values<Case>({
      {"unknown function", "SFORCE/1, I=20, J=10, FUNCTION=STPE(TIME,0,0,1,1)\n", {"7:32:error:name"}},
      {"unknown name", "VARIABLE/1, FUNCTION=TIMEE*2\n", {"7:22:error:name"}},
      {"wrong argument count", "VARIABLE/1, FUNCTION=STEP(TIME,0,1)\n", {"7:22:error:arity"}},
      {"unclosed parenthesis", "VARIABLE/1, FUNCTION=1 + (2\n", {"7:28:error:syntax"}},
      {"undefined marker in a measure", "VARIABLE/1, FUNCTION=DX(31,10)\n", {"7:25:error:reference"}},
      {"undefined variable", "VARIABLE/1, FUNCTION=VARVAL(5)\n", {"7:29:error:reference"}},
      {"reference cycle", "VARIABLE/1, FUNCTION=VARVAL(2)+1\nVARIABLE/2, FUNCTION=VARVAL(1)*2\n", {"8:22:error:cycle"}},
      {"self reference", "VARIABLE/1, FUNCTION=VARVAL(1)+1\n", {"7:22:error:cycle"}},
      {"duplicate variable", "VARIABLE/1, FUNCTION=1\nVARIABLE/1, FUNCTION=2\n", {"8:10:error:duplicate-id"}},
      {"duplicate marker", "MARKER/20, PART=2\n", {"7:8:error:duplicate-id"}},
      {"SFORCE without FUNCTION", "SFORCE/1, I=20, J=10\n", {"7:1:error:missing-argument"}},
      {"SFORCE without I", "SFORCE/1, J=10, FUNCTION=1\n", {"7:1:error:missing-argument"}},
      {"SFORCE on an undefined marker", "SFORCE/1, I=99, J=10, FUNCTION=1\n", {"7:13:error:reference"}},
      // DZ(20,10) = 1 at the initial state, so the argument of SQRT is -1. The part positions
      // are where the solver starts assembling from: a warning, not an error.
      {"domain error at the initial state", "VARIABLE/1, FUNCTION=SQRT(DZ(20,10)-2)\n", {"7:22:warning:domain"}},
      // DX(20,10) = 0: both markers lie on the z axis.
      {"division by zero at the initial state", "VARIABLE/1, FUNCTION=1/DX(20,10)\n", {"7:22:warning:domain"}},
      // VY(20,10) = 0 only because the dataset gives PART/2 no velocity.
      {"division by a velocity the dataset leaves zero", "VARIABLE/1, FUNCTION=1/VY(20,10)\n", {"7:22:warning:domain"}},
      {"through a VARIABLE that reads a measure", "VARIABLE/1, FUNCTION=1/VY(20,10)\nVARIABLE/2, FUNCTION=2*VARVAL(1)\n",
       {"7:22:warning:domain", "8:24:warning:domain"}},
      // Constants, TIME and VARIABLEs of those fail whatever the model's state.
      {"division by zero in constants", "VARIABLE/1, FUNCTION=1/(2-2*1)\n", {"7:22:error:domain"}},
      {"division by zero on TIME", "VARIABLE/1, FUNCTION=LOG(TIME)\nVARIABLE/2, FUNCTION=VARVAL(1)+1\n",
       {"7:22:error:domain", "8:22:error:domain"}},
      {"MOD by zero", "VARIABLE/1, FUNCTION=MOD(TIME, 0)\n", {"7:22:error:domain"}},
      {"misspelled SFORCE is a warning and its FUNCTION is checked", "SFROCE/1, I=20, J=10, FUNCTION=STPE(TIME,0,0,1,1)\n",
       {"7:1:warning:name", "7:32:error:name"}},
      {"text with a Windows path, a Latin-1 unit and ':' is no error",
       "STRING/1, STRING=C:\\models\\car.adm: (kN\xB7m)\nSPLINE/2, FILE=D:\\x.csv\nVARIABLE/3, FUNCTION=CUBSPL(TIME,0,2)\n", {}},
      {"IF in a MOTION", "JOINT/1, REVOLUTE, I=20, J=10\nMOTION/1, JOINT=1, FUNCTION=IF(TIME-1:0,0,TIME-1)\n",
       {"8:29:warning:discontinuity"}},
      {"STEP in a MOTION", "JOINT/1, REVOLUTE, I=20, J=10\nMOTION/1, JOINT=1, FUNCTION=STEP(TIME,0,0,1,1)\n",
       {"8:29:warning:discontinuity"}},
      // At DZ(20,10) = 0.5 the branches are 0, 0 and 100.
      {"discontinuous IF in a force", "SFORCE/1, I=20, J=10, FUNCTION=IF(DZ(20,10)-0.5: 0, 0, 100)\n",
       {"7:32:warning:discontinuity"}},
      // At VR = 0 the gt branch is 0**3 = 0, equal to the others: continuous.
      {"continuous IF in a force", "SFORCE/1, I=20, J=10, FUNCTION=-6*IF(VR(20,10): 0, 0, VR(20,10)**3)\n", {}},
      // At TIME = 2 the gt branch is 60*(2-2) = 0: continuous.
      {"continuous IF on TIME in a force", "SFORCE/1, I=20, J=10, FUNCTION=IF(TIME-2: 0, 0, 60*(TIME-2))\n", {}},
      // MODE (the analysis: 5 for statics) is fixed while the solver integrates; a force that
      // acts only in statics switches between analyses, never inside one.
      {"IF on MODE in a force", "SFORCE/1, I=20, J=10, FUNCTION=100*IF(MODE-5: 0, 1, 0)\n", {}},
      // At TIME = 2 the gt branch is 5*2 = 10, the others 0.
      {"discontinuous IF on TIME in a force", "SFORCE/1, I=20, J=10, FUNCTION=IF(TIME-2: 0, 0, TIME*5)\n",
       {"7:32:warning:discontinuity"}},
      // The rule finds it on the text (in any branch); evaluating it would report the same place
      // again, so the checker does not.
      {"STEP with x0 >= x1", "VARIABLE/1, FUNCTION=STEP(TIME,2,0,1,1)\n", {"7:22:error:parameter"}},
      {"STEP with x0 >= x1 in a branch not taken", "VARIABLE/1, FUNCTION=IF(TIME-5: 0, 0, STEP5(TIME,7,0,6,1))\n",
       {"7:39:error:parameter"}},
      // "IMPACT(DZ(20,10),VZ(20,10),1.2,1E5," ends at column 66, so the exponent is at 67.
      {"IMPACT exponent below 1",
       "SFORCE/1, I=20, J=10, FUNCTION=IMPACT(DZ(20,10),VZ(20,10),1.2,1E5,0.8,10,0.01)\n",
       {"7:67:warning:parameter"}},
      {"BISTOP with x1 >= x2", "VARIABLE/1, FUNCTION=BISTOP(TIME, 0, 2, 1, 1E3, 2, 1, 0.1)\n",
       {"7:22:warning:parameter", "7:22:error:domain"}},
      {"user subroutine is only noted", "VARIABLE/1, FUNCTION=USER(1,2,3)\n", {}},
      {"uninterpreted statement is only noted", "GRAPHICS/1, CYLINDER, CM=20\n", {}},
      {"marker on an undefined part", "MARKER/30, PART=7\n", {"7:17:error:reference"}},
      {"marker without PART", "MARKER/30, QP=1,2,3\n", {"7:1:error:missing-argument"}},
      {"QP with two numbers", "MARKER/30, PART=2, QP=1,2\n", {"7:20:error:argument"}},
      {"REULER with two numbers", "MARKER/30, PART=2, REULER=90D,0\n", {"7:20:error:argument"}},
      {"ARYVAL outside the array", "ARRAY/1, NUMBERS=1,2,3\nVARIABLE/1, FUNCTION=ARYVAL(1,4)\n", {"8:31:error:reference"}},
      {"ARYVAL of an undefined array", "VARIABLE/1, FUNCTION=ARYVAL(9,1)\n", {"7:29:error:reference"}},
      {"DIF of an undefined DIFF", "VARIABLE/1, FUNCTION=DIF(3)\n", {"7:26:error:reference"}},
      {"CUBSPL of an undefined spline", "VARIABLE/1, FUNCTION=CUBSPL(TIME,0,4)\n", {"7:36:error:reference"}},
      {"SPLINE with three points", "SPLINE/1, X=1,2,3, Y=4,5,6\n", {"7:1:error:argument"}},
      {"SPLINE with X not increasing", "SPLINE/1, X=1,3,2,4, Y=1,2,3,4\n", {"7:1:error:argument"}},
      {"SFORCE function of an undefined SFORCE", "VARIABLE/1, FUNCTION=SFORCE(9,0,1,0)\n", {"7:29:error:reference"}},
      {"SFORCE function with a bad component",
       "SFORCE/1, I=20, J=10, FUNCTION=10\nVARIABLE/1, FUNCTION=SFORCE(1,0,9,0)\n", {"8:33:error:argument"}},
      {"JOINT function of an undefined joint", "VARIABLE/1, FUNCTION=JOINT(5,0,2,0)\n", {"7:28:error:reference"}},
      {"JOINT function of a defined joint is only noted",
       "JOINT/5, REVOLUTE, I=20, J=10\nVARIABLE/1, FUNCTION=JOINT(5,0,2,0)\n", {}},
      {"JOINT on an undefined marker", "JOINT/1, REVOLUTE, I=20, J=77\n", {"7:28:error:reference"}},
      {"Adams/View object name", "VARIABLE/1, FUNCTION=.model.part.marker\n", {"7:22:error:name"}},
      {"marker id that is not an integer", "VARIABLE/1, FUNCTION=DX(20.5)\n", {"7:25:error:argument"}},
      {"marker id that is not a constant", "VARIABLE/1, FUNCTION=DX(TIME)\n", {"7:25:error:argument"}},
      // Line 8 is ", 0, 0, 1, STPE)": STPE starts at column 12.
      {"error on a continuation line", "VARIABLE/1, FUNCTION=STEP(TIME,\n, 0, 0, 1, STPE)\n", {"8:12:error:name"}},
      {"GFORCE without RM", "GFORCE/1, I=20, JFLOAT=10, FX=0\\FY=0\\FZ=0\\TX=0\\TY=0\\TZ=0\n", {"7:1:error:missing-argument"}},
      // "VFORCE/1, I=20, JFLOAT=10, RM=10, FX=1\FY=" is 42 characters.
      {"error in a VFORCE component", "VFORCE/1, I=20, JFLOAT=10, RM=10, FX=1\\FY=SIN()\\FZ=0\n", {"7:43:error:arity"}},
      {"VARVAL of a variable with errors is not an error twice",
       "VARIABLE/1, FUNCTION=SQRT(\nVARIABLE/2, FUNCTION=VARVAL(1)\n", {"7:27:error:syntax"}},
  }));
  INFO(c.name);
  auto f = fexpr::dataset::check_text("bad.adm", kBase + c.lines + "END\n");
  CHECK(fexpr::testing::problems(f) == c.expected);
}

TEST_CASE("the base model of the bad-dataset suite is clean", "[check][bad]") {
  auto f = fexpr::dataset::check_text("base.adm", kBase + "END\n");
  CHECK(fexpr::testing::problems(f).empty());
}

TEST_CASE("a cycle is reported once, with the whole cycle", "[check][cycle]") {
  auto f = fexpr::dataset::check_text(
      "cycle.adm", kBase + "VARIABLE/1, FUNCTION=VARVAL(2)\nVARIABLE/2, FUNCTION=VARVAL(3)\nVARIABLE/3, FUNCTION=VARVAL(1)\nEND\n");
  std::vector<std::string> cycles;
  for (const auto& d : f.diagnostics) {
    if (d.code == fexpr::Code::cycle) cycles.push_back(d.message);
  }
  REQUIRE(cycles.size() == 1);
  CHECK(cycles[0] == "reference cycle: VARIABLE/1 -> VARIABLE/2 -> VARIABLE/3 -> VARIABLE/1");
}

TEST_CASE("elements evaluate with the values the dataset gives them", "[check][elements]") {
  // VARIABLE/2 = 3*VARVAL(1) + ARYVAL(1,2) + DIF(1) + DIF1(1) = 3*4 + 20 + 0.5 + 0.25 = 32.75;
  // SQRT(VARVAL(2) - 32.75) is SQRT(0) = 0, and SQRT(VARVAL(2) - 33) fails only if the
  // value is right, so the checker's domain error is the evidence.
  auto f = fexpr::dataset::check_text("elements.adm", kBase +
                                                          "VARIABLE/1, FUNCTION=4\n"
                                                          "ARRAY/1, NUMBERS=10,20,30\n"
                                                          "DIFF/1, FUNCTION=1, IC=0.5,0.25\n"
                                                          "VARIABLE/2, FUNCTION=3*VARVAL(1) + ARYVAL(1,2) + DIF(1) + DIF1(1)\n"
                                                          "VARIABLE/3, FUNCTION=SQRT(VARVAL(2) - 32.75)\n"
                                                          "VARIABLE/4, FUNCTION=SQRT(VARVAL(2) - 32.76)\n"
                                                          "END\n");
  CHECK(fexpr::testing::problems(f) == std::vector<std::string>{"12:22:error:domain"});
}

TEST_CASE("a provisional error names the measures that made it fail, with their values", "[check][state]") {
  // VY(20, 10) = 0 (PART/2 has no VY=) and DZ(20, 10) = 1 (QG=0,0,1).
  auto f = fexpr::dataset::check_text("state.adm", kBase + "VARIABLE/1, FUNCTION=DZ(20,10)/VY(20,10)\nEND\n");
  REQUIRE(f.warnings() == 1);
  CHECK(f.errors() == 0);
  const auto& d = f.diagnostics.back();
  CHECK_THAT(d.message, Catch::Matchers::StartsWith("at the dataset's initial state, before assembly (DZ(20, 10) = 1, VY(20, 10) = 0)"));
  CHECK_THAT(d.message, Catch::Matchers::Contains("division by zero"));
}

TEST_CASE("an element is said to have errors only when it has them", "[check][elements]") {
  // VARIABLE/2 reads a solver ARRAY (no NUMBERS=), VARIABLE/3 a joint reaction: neither has an
  // error, so VARVAL of them says what they read. VARIABLE/4 has a real error.
  auto f = fexpr::dataset::check_text("reasons.adm", kBase +
                                                         "ARRAY/1, X, SIZE=2\n"
                                                         "JOINT/5, REVOLUTE, I=20, J=10\n"
                                                         "VARIABLE/2, FUNCTION=ARYVAL(1,1)+1\n"
                                                         "VARIABLE/3, FUNCTION=JOINT(5,0,2,0)\n"
                                                         "VARIABLE/4, FUNCTION=STPE(TIME)\n"
                                                         "VARIABLE/5, FUNCTION=VARVAL(2)+VARVAL(3)+VARVAL(4)\n"
                                                         "END\n");
  std::vector<std::string> on_line_12;
  for (const auto& d : f.diagnostics) {
    if (f.source->position(d.span.begin).line == 12) on_line_12.push_back(d.message);
  }
  REQUIRE(on_line_12.size() == 3);
  CHECK_THAT(on_line_12[0], Catch::Matchers::Contains("VARIABLE/2 reads what fexpr does not evaluate (ARRAY/1 holds solver values"));
  CHECK_THAT(on_line_12[1], Catch::Matchers::Contains("VARIABLE/3 reads what fexpr does not evaluate (JOINT(...) needs solver state"));
  CHECK_THAT(on_line_12[2], Catch::Matchers::EndsWith("VARIABLE/4 has errors"));
}

}  // namespace test_check_bad_datasets
