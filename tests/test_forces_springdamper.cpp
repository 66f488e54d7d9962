// SPRINGDAMPER: hand-derived loads on a small model, power = -dV/dt for the spring alone, the
// Jacobian against central differences, action = -reaction with the moment balance, SPDP(...)
// in expressions, and errors at their place.
#include "force_checks.hpp"

#include <cmath>
#include <numbers>

namespace test_forces_springdamper {

namespace {

using fexpr::testing::ForceModel;

// examples/models/springdamper.adm, and a spring (3) and a torsion spring (4) alone
const char* kModel =
    "springdamper\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART=1\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=1,0,0\n"
    "MARKER/2, PART=2\n"
    "PART/3, QG=1.6,0,0, VX=0.3\n"
    "MARKER/3, PART=3\n"
    "PART/4, REULER=30D,0D,0D, WZ=2\n"
    "MARKER/40, PART=4\n"
    "SPRINGDAMPER/1, TRANSLATIONAL, I=3, J=2, K=1E4, C=25, LENGTH=0.5, FORCE=100\n"
    "SPRINGDAMPER/2, ROTATIONAL, I=40, J=10, KT=12, CT=0.8, ANGLE=10D, TORQUE=3\n"
    "SPRINGDAMPER/3, TRANSLATION, I=3, J=2, K=1E4, LENGTH=0.5\n"
    "SPRINGDAMPER/4, ROT, I=40, J=10, KT=12, ANGLE=10D\n"
    "END\n";

void off_axis(ForceModel& m) {
  m.move(3, {1.5, 0.2, -0.1}, {0.3, 0.4, 0.5}, {0.3, -0.2, 0.4}, {0.1, 0.2, 0.3});
  m.move(2, {0.9, -0.1, 0.05}, {0.1, 0.2, -0.1}, {-0.1, 0.1, 0.2}, {0.2, -0.1, 0.1});
  m.move(4, {0.1, 0.2, 0.3}, {0.6, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0.0, 0.0, 1.5});
}

}  // namespace

TEST_CASE("a translational SPRINGDAMPER pulls I and J along their line", "[forces][springdamper]") {
  ForceModel m(kModel);
  auto l = m.loads("SPRINGDAMPER", 1);
  // f = -C*VR - K*(DM - LENGTH) + FORCE = -25*0.3 - 1E4*0.1 + 100, along (1, 0, 0) from J to I.
  const double f = -907.5;
  CHECK(m.load(l, 0)[0] == Approx(f));
  CHECK(m.load(l, 0)[1] == Approx(0.0).margin(1e-12));
  CHECK(m.load(l, 2)[0] == Approx(-f));
  CHECK(m.load(l, 1).norm() == 0.0);
  CHECK(m.load(l, 3).norm() == 0.0);
  CHECK(m.value(*l.power) == Approx(f * 0.3));
}

TEST_CASE("a rotational SPRINGDAMPER turns I about J's z axis", "[forces][springdamper]") {
  ForceModel m(kModel);
  auto l = m.loads("SPRINGDAMPER", 2);
  // t = -CT*WZ - KT*(AZ - ANGLE) + TORQUE = -0.8*2 - 12*(30D - 10D) + 3
  const double t = -1.6 - 12 * std::numbers::pi / 9 + 3;
  CHECK(m.load(l, 1)[2] == Approx(t));
  CHECK(m.load(l, 1)[0] == Approx(0.0).margin(1e-12));
  CHECK(m.load(l, 3)[2] == Approx(-t));
  CHECK(m.load(l, 0).norm() == 0.0);
  CHECK(m.value(*l.power) == Approx(2 * t));
}

TEST_CASE("a SPRINGDAMPER without damping or preload has power -dV/dt", "[forces][springdamper]") {
  ForceModel m(kModel);
  off_axis(m);
  // V = K/2 (DM - LENGTH)^2, dV/dt = K (DM - LENGTH) VR
  auto spring = m.loads("SPRINGDAMPER", 3);
  double d = m.value(m.compile_ok("DM(3,2)")), vr = m.value(m.compile_ok("VR(3,2)"));
  CHECK(m.value(*spring.power) == Approx(-1E4 * (d - 0.5) * vr));
  // V = KT/2 (AZ - ANGLE)^2, dV/dt = KT (AZ - ANGLE) WZ(I, J, J)
  auto torsion = m.loads("SPRINGDAMPER", 4);
  double az = m.value(m.compile_ok("AZ(40,10)")), wz = m.value(m.compile_ok("WZ(40,10,10)"));
  CHECK(m.value(*torsion.power) == Approx(-12 * (az - std::numbers::pi / 18) * wz));
}

TEST_CASE("SPRINGDAMPER loads balance and their Jacobian matches central differences", "[forces][springdamper][derivatives]") {
  ForceModel m(kModel);
  off_axis(m);
  for (long id : {1L, 2L}) {
    INFO("SPRINGDAMPER/" << id);
    auto l = m.loads("SPRINGDAMPER", id);
    m.check_balance(l, l.element.j, 1E4);
    m.check_jacobian(l);
  }
}

TEST_CASE("SPDP(id, jflag, comp, rm) gives the SPRINGDAMPER's components", "[forces][springdamper]") {
  ForceModel m(kModel);
  CHECK(m.value("SPDP(1, 0, 2, 0)") == Approx(-907.5));
  CHECK(m.value("SPDP(1, 1, 2, 0)") == Approx(907.5));
  CHECK(m.value("SPDP(1, 0, 1, 0)") == Approx(907.5));
  CHECK(m.value("SPDP(1, 0, 5, 0)") == 0.0);
  CHECK(m.value("SPDP(2, 0, 8, 0)") == Approx(-1.6 - 12 * std::numbers::pi / 9 + 3));
  // Along PART/4's axes, turned 30 degrees about z: the x component of (0, 0, t) stays 0.
  CHECK(m.value("SPDP(2, 1, 8, 40)") == Approx(1.6 + 12 * std::numbers::pi / 9 - 3));
  CHECK(m.value("SPDP(2, 1, 6, 40)") == Approx(0.0).margin(1e-12));
  CHECK(m.compile_error("SPDP(9, 0, 2, 0)").message == "SPRINGDAMPER/9 is not defined");
  CHECK(m.compile_error("SPDP(1, 2, 2, 0)").message == "jflag is 0 (forces on I) or 1 (forces on J)");
}

TEST_CASE("a bad SPRINGDAMPER is an error at its place", "[forces][springdamper]") {
  ForceModel m(
      "bad\n"
      "PART/1, GROUND\n"
      "MARKER/1, PART=1\n"
      "MARKER/2, PART=1\n"
      "SPRINGDAMPER/1, TRANSLATIONAL, I=1, J=2, K=-5\n"
      "SPRINGDAMPER/2, TRANSLATIONAL, I=1, J=7, K=5\n"
      "SPRINGDAMPER/3, I=1, J=2, K=5\n"
      "SPRINGDAMPER/4, TRANSLATIONAL, I=1, J=2, KT=5\n"
      "END\n");
  CHECK(m.error("SPRINGDAMPER", 1) ==
        "t.adm:5:44: error: SPRINGDAMPER/1 K= must not be negative, got -5\n"
        "SPRINGDAMPER/1, TRANSLATIONAL, I=1, J=2, K=-5\n"
        "                                           ^~\n");
  CHECK(m.error("SPRINGDAMPER", 2).starts_with("t.adm:6:39: error: SPRINGDAMPER/2 J=7: marker 7 is not defined"));
  CHECK(m.error("SPRINGDAMPER", 3).starts_with("t.adm:7:1: error: SPRINGDAMPER/3 needs one of TRANSLATIONAL and ROTATIONAL"));
  CHECK(m.error("SPRINGDAMPER", 4).starts_with("t.adm:8:42: error: SPRINGDAMPER/4 is TRANSLATIONAL: KT= belongs"));
}

}  // namespace test_forces_springdamper
