// A ROTATIONAL SFORCE (action-reaction) or SPRINGDAMPER whose I and J markers' z axes are not
// parallel and pointing the same way at the initial state is a warning at I=; the angles are
// worked out by hand from the markers' 3-1-3 Euler angles.
#include "checked_dataset.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace test_forces_z_axes {

namespace {

// Lines 1-8 of every case. Marker 1 has ground's axes. REULER=0, theta, 0 turns z about x by
// theta: z = Rx(theta)·(0, 0, 1) = (0, -sin theta, cos theta), theta from (0, 0, 1). PART/2 is
// turned by Rz(90°)·Rx(90°), which takes its z axis to Rz(90°)·(0, -1, 0) = (1, 0, 0); marker 5 on
// ground points its z axis there too (ZP=1,0,0 from the origin; XP= sets its x axis).
const std::string kBase =
    "z axes\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART=1\n"
    "MARKER/2, PART=1, QP=1,0,0, REULER=0, 30D, 0\n"
    "MARKER/3, PART=1, QP=0,1,0, REULER=0, 180D, 0\n"
    "PART/2, MASS=1, CM=4, QG=0,0,1, REULER=90D, 90D, 0\n"
    "MARKER/4, PART=2\n"
    "MARKER/5, PART=1, ZP=1,0,0, XP=0,1,0\n";

std::vector<std::string> warnings(const std::string& lines) {
  return fexpr::testing::problems(fexpr::dataset::check_text("t.adm", kBase + lines + "END\n"));
}

std::string message(const std::string& lines) {
  auto f = fexpr::dataset::check_text("t.adm", kBase + lines + "END\n");
  auto d = std::find_if(f.diagnostics.begin(), f.diagnostics.end(),
                        [](const fexpr::Diagnostic& x) { return x.code == fexpr::Code::parameter; });
  REQUIRE(d != f.diagnostics.end());
  return d->message;
}

}  // namespace

TEST_CASE("a rotational SFORCE whose I and J z axes are apart is a warning at I=", "[forces][check]") {
  // Line 9, "SFORCE/1, ROTATIONAL, " is 22 characters: I= starts at column 23.
  const std::string tilted = "SFORCE/1, ROTATIONAL, I=2, J=1, FUNCTION=1\n";
  CHECK(warnings(tilted) == std::vector<std::string>{"9:23:warning:parameter"});
  CHECK(message(tilted) ==
        "at the dataset's initial state, before assembly, the z axes of SFORCE/1's markers I=2 and J=1 are 30 "
        "degrees apart; a ROTATIONAL SFORCE needs them parallel and pointing the same way, since its torque acts "
        "about J's z axis: orient marker 2 so that its z axis is along marker 1's, or apply the torque with a "
        "VTORQUE or GFORCE, whose components are along an RM marker's axes");
  SECTION("pointing opposite ways (theta = 180 degrees) is one too") {
    CHECK(message("SFORCE/1, ROTATIONAL, I=3, J=1, FUNCTION=1\n").find("I=3 and J=1 point opposite ways;") !=
          std::string::npos);
  }
  SECTION("marker 4 takes PART/2's z axis (1, 0, 0): 90 degrees from ground's z") {
    CHECK(message("SFORCE/1, ROTATIONAL, I=4, J=1, FUNCTION=1\n").find("I=4 and J=1 are 90 degrees apart;") !=
          std::string::npos);
  }
}

TEST_CASE("parallel z axes, an action-only or a translational SFORCE are clean", "[forces][check]") {
  SECTION("markers on different parts, both z axes along ground x") {
    CHECK(warnings("SFORCE/1, ROTATIONAL, I=4, J=5, FUNCTION=1\n").empty());
  }
  SECTION("ACTIONONLY applies the torque about J's z axis to I alone") {
    CHECK(warnings("SFORCE/1, ROTATIONAL, ACTIONONLY, I=2, J=1, FUNCTION=1\n").empty());
  }
  SECTION("a translational force acts along the line from J to I") {
    CHECK(warnings("SFORCE/1, TRANSLATIONAL, I=2, J=1, FUNCTION=1\n").empty());
  }
}

TEST_CASE("a rotational SPRINGDAMPER needs parallel z axes, a translational one does not", "[forces][check]") {
  // "SPRINGDAMPER/1, ROTATIONAL, " is 28 characters: I= starts at column 29.
  CHECK(warnings("SPRINGDAMPER/1, ROTATIONAL, I=2, J=1, KT=10\n") == std::vector<std::string>{"9:29:warning:parameter"});
  CHECK(message("SPRINGDAMPER/1, ROTATIONAL, I=2, J=1, KT=10\n").find("a ROTATIONAL SPRINGDAMPER needs them") !=
        std::string::npos);
  CHECK(warnings("SPRINGDAMPER/1, TRANSLATIONAL, I=2, J=1, K=10\n").empty());
}

// 1.5708 for 90 degrees is 3.7E-6 rad off, 1.571 is 2.0E-4 rad off: rounding, not a tilt. A tenth
// of a degree is 1.7E-3 rad, past the 1E-3 rad the rule allows.
TEST_CASE("z axes apart by the rounding of a written angle are parallel", "[forces][check]") {
  const std::string right_angle = "MARKER/7, PART=1, REULER=0, 90D, 0\n";
  CHECK(warnings(right_angle + "MARKER/6, PART=1, REULER=0, 1.5708, 0\nSFORCE/1, ROTATIONAL, I=6, J=7, FUNCTION=1\n")
            .empty());
  CHECK(warnings(right_angle + "MARKER/6, PART=1, REULER=0, 1.571, 0\nSFORCE/1, ROTATIONAL, I=6, J=7, FUNCTION=1\n")
            .empty());
  CHECK(message("MARKER/6, PART=1, REULER=0, 0.1D, 0\n"
                "SFORCE/1, ROTATIONAL, I=6, J=1, FUNCTION=1\n")
            .find("are 0.1 degrees apart") != std::string::npos);
}

}  // namespace test_forces_z_axes
