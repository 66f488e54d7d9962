// The units rule in datasets: each finding with its nearest clean neighbour, which must stay
// clean. Columns are counted by hand from the statement's text: "VARIABLE/1, FUNCTION=" is 21
// characters, so a function starts at column 22.
#include "dataset/checker.hpp"
#include "dataset/suppressions.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace test_check_units {

namespace {

// Lines 1-8; a case's own line is line 9.
const std::string kModel =
    "units\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "MARKER/21, PART=2, QP=1,0,0\n"
    "JOINT/1, REVOLUTE, I=20, J=10\n"
    "JOINT/2, TRANSLATIONAL, I=20, J=10\n";

fexpr::dataset::CheckedFile checked(const std::string& lines, const std::string& units = "") {
  return fexpr::dataset::check_text("units.adm", kModel + lines + units + "END\n");
}

// "line:column" of each units warning.
std::vector<std::string> units_found(const fexpr::dataset::CheckedFile& f) {
  std::vector<std::string> out;
  for (const auto& d : f.diagnostics) {
    if (d.code != fexpr::Code::units) continue;
    CHECK(d.severity == fexpr::Severity::warning);
    auto p = f.source->position(d.span.begin);
    out.push_back(std::to_string(p.line) + ":" + std::to_string(p.column));
  }
  return out;
}

const fexpr::Diagnostic& only_units(const fexpr::dataset::CheckedFile& f) {
  const fexpr::Diagnostic* found = nullptr;
  for (const auto& d : f.diagnostics) {
    if (d.code != fexpr::Code::units) continue;
    REQUIRE(found == nullptr);
    found = &d;
  }
  REQUIRE(found != nullptr);
  return *found;
}

struct Pair {
  const char* rule;
  std::string finding;   // line 9
  std::string at;        // "9:column" of the warning
  std::string neighbour; // the nearest clean text
};

}  // namespace

TEST_CASE("each units finding, and its clean neighbour", "[check][units]") {
  const Pair pairs[] = {
      {"terms of a sum", "VARIABLE/1, FUNCTION=DX(20, 10) + VX(20, 10)\n", "9:22",
       "VARIABLE/1, FUNCTION=DX(20, 10) + 0.1*VX(20, 10)\n"},
      {"a length less a time", "VARIABLE/1, FUNCTION=DZ(20, 10) - TIME\n", "9:22",
       "VARIABLE/1, FUNCTION=DZ(20, 10) - 0.01*TIME\n"},
      {"IF's branches", "VARIABLE/1, FUNCTION=IF(TIME - 1: DX(20, 10), 0, VX(20, 10))\n", "9:22",
       "VARIABLE/1, FUNCTION=IF(TIME - 1: DX(20, 10), 0, DY(20, 10))\n"},
      // "VARIABLE/1, FUNCTION=IF(AZ(20, 10) - " is 37 characters: 90 at column 38.
      {"an angle tested against degrees", "VARIABLE/1, FUNCTION=IF(AZ(20, 10) - 90: 0, 0, 1)\n", "9:38",
       "VARIABLE/1, FUNCTION=IF(AZ(20, 10) - 90D: 0, 0, 1)\n"},
      {"an angle tested against degrees, PI/2 neighbour", "VARIABLE/1, FUNCTION=IF(AZ(20, 10) + 180: 0, 0, 1)\n",
       "9:38", "VARIABLE/1, FUNCTION=IF(AZ(20, 10) - PI/2: 0, 0, 1)\n"},
      {"an angle in radians beside a radian value", "VARIABLE/1, FUNCTION=AZ(20, 10) - 30\n", "9:35",
       "VARIABLE/1, FUNCTION=AZ(20, 10) - 3\n"},
      // "VARIABLE/1, FUNCTION=STEP(AZ(20, 10), 0, 0, " is 21 + 5 + 10 + 8 = 44 characters.
      {"STEP of an angle to degrees", "VARIABLE/1, FUNCTION=STEP(AZ(20, 10), 0, 0, 45, 1)\n", "9:45",
       "VARIABLE/1, FUNCTION=STEP(AZ(20, 10), 0, 0, 45D, 1)\n"},
      {"STEP's x1 of another dimension", "VARIABLE/1, FUNCTION=STEP(DX(20, 10), 0, 0, VX(20, 10), 1)\n", "9:22",
       "VARIABLE/1, FUNCTION=STEP(DX(20, 10), 0, 0, DY(20, 10), 1)\n"},
      {"IMPACT's xdot not the rate of x", "VARIABLE/1, FUNCTION=IMPACT(DZ(20, 10), DZ(20, 10), 1, 1E5, 1.5, 10, 0.1)\n",
       "9:22", "VARIABLE/1, FUNCTION=IMPACT(DZ(20, 10), VZ(20, 10), 1, 1E5, 1.5, 10, 0.1)\n"},
      {"IMPACT of an angle", "VARIABLE/1, FUNCTION=IMPACT(AZ(20, 10), VZ(20, 10), 1, 1E5, 1.5, 10, 0.1)\n", "9:22",
       "VARIABLE/1, FUNCTION=IMPACT(AZ(20, 10), WZ(20, 10), 1, 1E5, 1.5, 10, 0.1)\n"},
      {"SIN of a length", "VARIABLE/1, FUNCTION=SIN(DX(20, 10))\n", "9:22", "VARIABLE/1, FUNCTION=SIN(AZ(20, 10))\n"},
      {"SIN of a length, TIME neighbour", "VARIABLE/1, FUNCTION=COS(DX(20, 10))\n", "9:22",
       "VARIABLE/1, FUNCTION=COS(TIME)\n"},
      {"ATAN2 of unlike arguments", "VARIABLE/1, FUNCTION=ATAN2(DY(20, 10), VX(20, 10))\n", "9:22",
       "VARIABLE/1, FUNCTION=ATAN2(DY(20, 10), DX(20, 10))\n"},
      {"MAX of unlike arguments", "VARIABLE/1, FUNCTION=MAX(DX(20, 10), TIME)\n", "9:22",
       "VARIABLE/1, FUNCTION=MAX(DX(20, 10), 0)\n"},
      // "VARIABLE/1, FUNCTION=INCANG(20, 10, 21) - 4": the sum starts at column 22.
      {"INCANG against a value it never reaches", "VARIABLE/1, FUNCTION=INCANG(20, 10, 21) - 4\n", "9:22",
       "VARIABLE/1, FUNCTION=INCANG(20, 10, 21) - 1\n"},
      // "SFORCE/1, I=20, J=10, FUNCTION=" is 31 characters.
      {"a translational SFORCE that is a length", "SFORCE/1, I=20, J=10, FUNCTION=DX(20, 10)\n", "9:32",
       "SFORCE/1, I=20, J=10, FUNCTION=-1E4*DX(20, 10)\n"},
      {"a rotational SFORCE that is an angle", "SFORCE/1, ROTATIONAL, I=20, J=10, FUNCTION=-AZ(20, 10)\n", "9:44",
       "SFORCE/1, ROTATIONAL, I=20, J=10, FUNCTION=-100*AZ(20, 10)\n"},
      {"a rotational SFORCE that is a force", "SFORCE/1, ROTATIONAL, I=20, J=10, FUNCTION=FX(20, 10)\n", "9:44",
       "SFORCE/1, ROTATIONAL, I=20, J=10, FUNCTION=TX(20, 10)\n"},
      // "VFORCE/1, I=20, JFLOAT=21, RM=10, FX=" is 37 characters.
      {"a VFORCE component that is a velocity", "VFORCE/1, I=20, JFLOAT=21, RM=10, FX=VX(20, 10)\\ FY=0\\ FZ=0\n",
       "9:38", "VFORCE/1, I=20, JFLOAT=21, RM=10, FX=-10*VX(20, 10)\\ FY=0\\ FZ=0\n"},
      // "MOTION/1, JOINT=1, FUNCTION=" is 28 characters.
      {"a rotational MOTION reaching degrees", "MOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 0, 0, 1, 90)\n", "9:29",
       "MOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 0, 0, 1, 90D)\n"},
      {"a rotational MOTION reaching degrees, PI neighbour", "MOTION/1, JOINT=1, FUNCTION=360*STEP5(TIME, 0, 0, 1, 1)\n",
       "9:29", "MOTION/1, JOINT=1, FUNCTION=2*PI*STEP5(TIME, 0, 0, 1, 1)\n"},
      {"a rotational MOTION reaching degrees, radians neighbour", "MOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 0, 0, 2, 180)\n",
       "9:29", "MOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 0, 0, 2, 3.14)\n"},
      {"an SFORCE's function through a VARIABLE", "VARIABLE/5, FUNCTION=DX(20, 10)\nSFORCE/1, I=20, J=10, FUNCTION=VARVAL(5)\n",
       "10:32", "VARIABLE/5, FUNCTION=1E4*DX(20, 10)\nSFORCE/1, I=20, J=10, FUNCTION=VARVAL(5)\n"},
  };
  for (const Pair& p : pairs) {
    INFO(p.rule);
    CHECK(units_found(checked(p.finding)) == std::vector<std::string>{p.at});
    CHECK(units_found(checked(p.neighbour)).empty());
  }
}

TEST_CASE("what is not certainly a mistake stays clean", "[check][units]") {
  for (const char* clean : {
           // A constant carries the dimension a term needs.
           "SFORCE/1, I=20, J=10, FUNCTION=-1E4*(DM(20, 10) - 0.5) - 25*VR(20, 10)\n",
           // v = w*r: an angle is a ratio of lengths.
           "VARIABLE/1, FUNCTION=VX(20, 10) - WZ(20, 10)*DY(20, 10)\n",
           // A rotational spring written as a torque: stiffness by an angle.
           "SFORCE/1, ROTATIONAL, I=20, J=10, FUNCTION=-1E3*(AZ(20, 10) - 30D) - 5*WZ(20, 10)\n",
           // Functions of TIME alone are the shorthand of one unit per time unit.
           "MOTION/1, JOINT=1, FUNCTION=TIME\n",
           "MOTION/1, JOINT=2, FUNCTION=SIN(TIME)\n",
           "SFORCE/1, I=20, J=10, FUNCTION=TIME\n",
           // A translational MOTION of 90 length units.
           "MOTION/1, JOINT=2, FUNCTION=STEP5(TIME, 0, 0, 1, 90)\n",
           // A rotational velocity of 360: a speed, not a degree value where an angle is read.
           "MOTION/1, JOINT=1, VELOCITY, FUNCTION=360\n",
           // Angles the writer gave a unit: D, DTOR, RTOD.
           "VARIABLE/1, FUNCTION=AZ(20, 10)*RTOD - 90\n",
           "VARIABLE/1, FUNCTION=STEP(AZ(20, 10), 0, 0, 90*DTOR, 1)\n",
           // ACOS of a direction cosine: a length over a unit length.
           "VARIABLE/1, FUNCTION=ACOS(DZ(21, 20, 10))\n",
           // VARVAL of a VARIABLE of no certain dimension.
           "VARIABLE/2, FUNCTION=5\nSFORCE/1, I=20, J=10, FUNCTION=VARVAL(2)\n",
       }) {
    INFO(clean);
    CHECK(units_found(checked(clean)).empty());
  }
}

TEST_CASE("a degree value has an unsafe fix to its D form", "[check][units]") {
  auto f = checked("VARIABLE/1, FUNCTION=IF(AZ(20, 10) - 90: 0, 0, 1)\n");
  const auto& d = only_units(f);
  REQUIRE(d.fix);
  CHECK(d.fix->replacement == "90D");
  CHECK_FALSE(d.fix->safe);
  CHECK(f.source->text().substr(d.fix->span.begin, d.fix->span.end - d.fix->span.begin) == "90");
  CHECK_THAT(d.message, Catch::Matchers::Contains("90D") && Catch::Matchers::Contains("14.3 turns"));  // 90/(2 pi)

  auto motion = checked("MOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 1, 0, 2, 90)\n");
  const auto& m = only_units(motion);
  REQUIRE(m.fix);
  CHECK(m.fix->replacement == "90D");
  CHECK_THAT(m.message, Catch::Matchers::Contains("TIME = 2"));
}

TEST_CASE("messages name the dataset's units, from UNITS", "[check][units]") {
  const std::string sforce = "SFORCE/1, I=20, J=10, FUNCTION=DX(20, 10)\n";
  auto named = checked(sforce, "UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=MILLIMETER, TIME=SECOND\n");
  CHECK_THAT(only_units(named).message,
             Catch::Matchers::Contains("a force (N)") && Catch::Matchers::Contains("a length (mm)"));
  auto system = checked(sforce, "UNITS/SYSTEM=MKS\n");
  CHECK_THAT(only_units(system).message, Catch::Matchers::Contains("a length (m)"));
  auto unnamed = checked(sforce);
  CHECK_THAT(only_units(unnamed).message, Catch::Matchers::Contains("a force, but") && Catch::Matchers::Contains("a length;"));
}

TEST_CASE("a command file's defaults units name its units", "[check][units]") {
  const std::string cmd =
      "defaults units length = mm force = newton mass = kg time = sec angle = deg\n"
      "model create model_name = m\n"
      "part create rigid_body name_and_position part_name = .m.p location = 0, 0, 1\n"
      "marker create marker_name = .m.p.a location = 0, 0, 1\n"
      "marker create marker_name = .m.ground.o location = 0, 0, 0\n"
      "data_element create variable variable_name = .m.v function = \"DX(.m.p.a, .m.ground.o) + VX(.m.p.a, .m.ground.o)\"\n";
  auto f = fexpr::dataset::check_text("units.cmd", cmd);
  CHECK_THAT(only_units(f).message, Catch::Matchers::Contains("a length (mm)") &&
                                        Catch::Matchers::Contains("a velocity (mm/s)"));
}

TEST_CASE("units warnings are suppressible like every code", "[check][units]") {
  auto f = checked("VARIABLE/1, FUNCTION=DX(20, 10) + VX(20, 10)  ! fexpr: ignore[units]\n");
  fexpr::dataset::apply_suppressions(f, {});
  CHECK(units_found(f).empty());
}

}  // namespace test_check_units
