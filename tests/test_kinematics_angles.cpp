// AX, AY, AZ, PSI, THETA, PHI, YAW, PITCH, ROLL: orientation of marker i relative to marker j.
#include "test_kinematics_support.hpp"

#include <random>

namespace test_kinematics_angles {

using namespace kinematics_test;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

namespace {

constexpr double kAngle = 1e-13;  // radians; a few roundings through rotation matrices

// Marker 20 with the given axes, measured against ground. Its part sits at the ground pose; it
// is there so that the measure has part states to be differentiated by.
struct OneMarker {
  Model model;
  explicit OneMarker(const Matrix3d& axes) {
    model.add_part(2, PartState{});
    model.add_marker(20, 2, {0, 0, 0}, axes);
  }
  double operator()(const char* name) const { return measure(model, State(model), name, {20}); }
  std::string error(const char* name, int order) const { return error_at(model, State(model), name, {20}, order); }
};

}  // namespace

TEST_CASE("AX, AY, AZ give the angle of a rotation about one axis of j", "[kinematics][angles]") {
  const double a = GENERATE(-3.0, -2.0, -0.5, 0.0, 0.5, 2.0, 3.0);
  CAPTURE(a);
  SECTION("against ground") {
    CHECK(OneMarker(rx(a))("AX") == Approx(a).margin(kAngle));
    CHECK(OneMarker(ry(a))("AY") == Approx(a).margin(kAngle));
    CHECK(OneMarker(rz(a))("AZ") == Approx(a).margin(kAngle));
  }
  SECTION("against a marker in a general pose") {
    CHECK(TwoParts(rx(a))("AX") == Approx(a).margin(kAngle));
    CHECK(TwoParts(ry(a))("AY") == Approx(a).margin(kAngle));
    CHECK(TwoParts(rz(a))("AZ") == Approx(a).margin(kAngle));
  }
}

TEST_CASE("AX, AY, AZ are principal values in (-pi, pi]", "[kinematics][angles]") {
  // An exact half turn makes atan2 see (-0, -1), which alone would give -pi.
  Matrix3d half_turn_x = Matrix3d::Identity();
  half_turn_x(1, 1) = half_turn_x(2, 2) = -1.0;
  CHECK(OneMarker(half_turn_x)("AX") == kPi);
  CHECK(OneMarker(rx(kPi))("AX") == Approx(kPi).margin(kAngle));
  SECTION("angles beyond a half turn wrap: Adams counts revolutions over time, one state cannot") {
    CHECK(OneMarker(rz(kPi + 0.5))("AZ") == Approx(0.5 - kPi).margin(kAngle));
    CHECK(OneMarker(rz(4 * kPi + 0.25))("AZ") == Approx(0.25).margin(kAngle));
  }
}

TEST_CASE("AX, AY, AZ are errors where their atan2 has no arguments", "[kinematics][angles][singular]") {
  CHECK_THAT(OneMarker(ry(kPi / 2)).error("AX", 0), Equals("AX is undefined when the z axis of i is parallel to the x axis of j"));
  CHECK_THAT(OneMarker(rx(kPi / 2)).error("AY", 0), Equals("AY is undefined when the z axis of i is parallel to the y axis of j"));
  CHECK_THAT(OneMarker(ry(-kPi / 2)).error("AZ", 1), Equals("AZ is undefined when the x axis of i is parallel to the z axis of j"));
  SECTION("close to but not at the singular direction they are defined") {
    CHECK(OneMarker(ry(kPi / 2 - 1e-6))("AX") == Approx(0.0).margin(kAngle));
    CHECK(OneMarker(ry(kPi / 2 - 1e-6)).error("AX", 2).empty());
  }
}

TEST_CASE("PSI, THETA, PHI recover body 3-1-3 angles", "[kinematics][angles]") {
  const auto [psi, theta, phi] = GENERATE(table<double, double, double>({
      {0.3, 1.0, -0.4}, {-2.5, 0.2, 3.0}, {3.1, 2.9, -3.1}, {-1.0, kPi / 2, 2.0}, {1.2, 1e-3, -0.7}, {0.0, 3.0, 0.0}}));
  CAPTURE(psi, theta, phi);
  const OneMarker m(r313(psi, theta, phi));
  CHECK(m("PSI") == Approx(psi).margin(1e-12));
  CHECK(m("THETA") == Approx(theta).margin(1e-12));
  CHECK(m("PHI") == Approx(phi).margin(1e-12));
  SECTION("relative to a marker in a general pose") {
    const TwoParts two(r313(psi, theta, phi));
    CHECK(two("PSI") == Approx(psi).margin(1e-12));
    CHECK(two("THETA") == Approx(theta).margin(1e-12));
    CHECK(two("PHI") == Approx(phi).margin(1e-12));
  }
}

TEST_CASE("A negative THETA comes back as the equivalent set with THETA in [0, pi]", "[kinematics][angles]") {
  // Spec: (90, -90, 90) degrees and (-90, 90, -90) degrees are the same orientation.
  const OneMarker m(r313(kPi / 2, -kPi / 2, kPi / 2));
  CHECK(m("PSI") == Approx(-kPi / 2).margin(kAngle));
  CHECK(m("THETA") == Approx(kPi / 2).margin(kAngle));
  CHECK(m("PHI") == Approx(-kPi / 2).margin(kAngle));
}

TEST_CASE("At THETA = 0 or pi, PHI is 0 and PSI carries the rotation about z", "[kinematics][angles][singular]") {
  SECTION("THETA = 0: Rz(psi) Rz(phi) = Rz(psi + phi)") {
    const OneMarker m(r313(0.3, 0.0, 0.5));
    CHECK(m("PSI") == Approx(0.8).margin(kAngle));
    CHECK(m("THETA") == 0.0);
    CHECK(m("PHI") == 0.0);
  }
  SECTION("THETA = pi: Rz(psi) Rx(pi) Rz(phi) = Rz(psi - phi) Rx(pi)") {
    const OneMarker m(r313(0.3, kPi, 0.5));
    CHECK(m("PSI") == Approx(-0.2).margin(kAngle));
    CHECK(m("THETA") == Approx(kPi).margin(kAngle));
    CHECK(m("PHI") == 0.0);
  }
  SECTION("within 1e-8 of the singular point the same convention holds, THETA keeps its value") {
    const OneMarker m(r313(0.3, 1e-9, 0.5));
    CHECK(m("PSI") == Approx(0.8).margin(1e-8));
    CHECK(m("THETA") == Approx(1e-9).epsilon(1e-6));
    CHECK(m("PHI") == 0.0);
  }
  SECTION("derivatives do not exist there") {
    const char* name = GENERATE("PSI", "THETA", "PHI");
    const int order = GENERATE(1, 2);
    CHECK_THAT(OneMarker(r313(0.3, 0.0, 0.5)).error(name, order), Contains("no derivative where THETA is 0 or pi"));
    CHECK_THAT(OneMarker(r313(0.3, kPi, 0.5)).error(name, order), Contains("no derivative where THETA is 0 or pi"));
    CHECK(OneMarker(r313(0.3, 1e-6, 0.5)).error(name, order).empty());
  }
}

TEST_CASE("YAW, PITCH, ROLL recover body 3-2-1 angles with the Adams PITCH sign", "[kinematics][angles]") {
  SECTION("a turn about +y alone is a negative PITCH (PITCH = asin(A31))") {
    const OneMarker m(ry(0.3));
    CHECK(m("PITCH") == Approx(-0.3).margin(kAngle));
    CHECK(m("YAW") == Approx(0.0).margin(kAngle));
    CHECK(m("ROLL") == Approx(0.0).margin(kAngle));
  }
  SECTION("single turns about z and x are YAW and ROLL") {
    CHECK(OneMarker(rz(2.0))("YAW") == Approx(2.0).margin(kAngle));
    CHECK(OneMarker(rx(-2.5))("ROLL") == Approx(-2.5).margin(kAngle));
  }
  SECTION("general sets: A = Rz(YAW) Ry(-PITCH) Rx(ROLL)") {
    const auto [yaw, second, roll] = GENERATE(table<double, double, double>({
        {0.3, 1.0, -0.4}, {-2.5, -1.4, 3.0}, {3.1, 0.01, -3.1}, {-1.0, 1.5, 2.0}}));
    CAPTURE(yaw, second, roll);
    const TwoParts two(r321(yaw, second, roll));
    CHECK(two("YAW") == Approx(yaw).margin(1e-12));
    CHECK(two("PITCH") == Approx(-second).margin(1e-12));
    CHECK(two("ROLL") == Approx(roll).margin(1e-12));
  }
}

TEST_CASE("At PITCH = +-pi/2, ROLL is 0 and YAW carries the rotation", "[kinematics][angles][singular]") {
  SECTION("second angle +pi/2 (PITCH -pi/2): YAW = yaw - roll") {
    const OneMarker m(r321(0.5, kPi / 2, 0.2));
    CHECK(m("PITCH") == Approx(-kPi / 2).margin(1e-8));
    CHECK(m("YAW") == Approx(0.3).margin(kAngle));
    CHECK(m("ROLL") == 0.0);
  }
  SECTION("second angle -pi/2 (PITCH +pi/2): YAW = yaw + roll") {
    const OneMarker m(r321(0.5, -kPi / 2, 0.2));
    CHECK(m("PITCH") == Approx(kPi / 2).margin(1e-8));
    CHECK(m("YAW") == Approx(0.7).margin(kAngle));
    CHECK(m("ROLL") == 0.0);
  }
  SECTION("derivatives do not exist there") {
    const char* name = GENERATE("YAW", "PITCH", "ROLL");
    CHECK_THAT(OneMarker(r321(0.5, kPi / 2, 0.2)).error(name, 1), Contains("no derivative where PITCH is +-pi/2"));
    CHECK(OneMarker(r321(0.5, kPi / 2 - 1e-6, 0.2)).error(name, 2).empty());
  }
}

TEST_CASE("Every angle lies in its documented range and rebuilds the relative rotation", "[kinematics][angles]") {
  std::mt19937 random(20240611);
  std::uniform_real_distribution<double> angle(-4.0, 4.0);
  for (int n = 0; n < 200; ++n) {
    const Matrix3d relative = r313(angle(random), angle(random), angle(random));
    const TwoParts two(relative);
    const double psi = two("PSI"), theta = two("THETA"), phi = two("PHI");
    const double yaw = two("YAW"), pitch = two("PITCH"), roll = two("ROLL");
    CHECK((r313(psi, theta, phi) - relative).cwiseAbs().maxCoeff() < 1e-12);
    CHECK((r321(yaw, -pitch, roll) - relative).cwiseAbs().maxCoeff() < 1e-12);
    for (double a : {psi, phi, yaw, roll, two("AX"), two("AY"), two("AZ")}) {
      CHECK(a > -kPi);
      CHECK(a <= kPi);
    }
    CHECK(theta >= 0.0);
    CHECK(theta <= kPi);
    CHECK(std::abs(pitch) <= kPi / 2);
  }
}

}  // namespace test_kinematics_angles
