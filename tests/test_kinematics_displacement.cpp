// DX, DY, DZ, DM: offsets between marker origins, in the axes of a chosen marker.
#include "test_kinematics_support.hpp"

namespace test_kinematics_displacement {

using namespace kinematics_test;
using Catch::Matchers::Equals;

namespace {

// Part 2 at (1,2,3) turned a quarter about z; part 3 at (-1,0,2) turned a quarter about x.
// Worked out by hand: marker 20 sits at (1,3,3) with axes x=(0,1,0) y=(-1,0,0) z=(0,0,1);
// marker 30 sits at (-1,-1,2) with axes x=(1,0,0) y=(0,0,1) z=(0,-1,0); ground marker 1 sits at
// (0,0,5) with axes x=(0,0,-1) y=(0,1,0) z=(1,0,0).
struct QuarterTurns {
  Model model;
  QuarterTurns() {
    model.add_part(2, at_rest({1, 2, 3}, {kPi / 2, 0, 0}));
    model.add_part(3, at_rest({-1, 0, 2}, {0, kPi / 2, 0}));
    model.add_marker(20, 2, {1, 0, 0}, Matrix3d::Identity());
    model.add_marker(30, 3, {0, 0, 1}, Matrix3d::Identity());
    model.add_marker(1, 0, {0, 0, 5}, orientation_from_reuler(kPi / 2, kPi / 2, -kPi / 2));
  }
};

constexpr double kExact = 1e-14;  // a few rounding errors of quarter-turn sines and cosines

}  // namespace

TEST_CASE("Displacements of one marker are its origin in ground", "[kinematics][displacement]") {
  QuarterTurns f;
  const State s(f.model);
  CHECK(measure(f.model, s, "DX", {20}) == Approx(1.0).margin(kExact));
  CHECK(measure(f.model, s, "DY", {20}) == Approx(3.0).margin(kExact));
  CHECK(measure(f.model, s, "DZ", {20}) == Approx(3.0).margin(kExact));
  CHECK(measure(f.model, s, "DM", {20}) == Approx(std::sqrt(19.0)).epsilon(kExact));
  CHECK(measure(f.model, s, "DX", {1}) == Approx(0.0).margin(kExact));
  CHECK(measure(f.model, s, "DZ", {1}) == Approx(5.0).margin(kExact));
}

TEST_CASE("Displacements between markers are differences of origins", "[kinematics][displacement]") {
  QuarterTurns f;
  const State s(f.model);
  CHECK(measure(f.model, s, "DX", {20, 30}) == Approx(2.0).margin(kExact));
  CHECK(measure(f.model, s, "DY", {20, 30}) == Approx(4.0).margin(kExact));
  CHECK(measure(f.model, s, "DZ", {20, 30}) == Approx(1.0).margin(kExact));
  CHECK(measure(f.model, s, "DM", {20, 30}) == Approx(std::sqrt(21.0)).epsilon(kExact));
  CHECK(measure(f.model, s, "DM", {30, 20}) == Approx(std::sqrt(21.0)).epsilon(kExact));
  CHECK(measure(f.model, s, "DM", {20, 1}) == Approx(std::sqrt(14.0)).epsilon(kExact));
  SECTION("0 for j is the ground origin") {
    CHECK(measure(f.model, s, "DY", {20, 0}) == Approx(3.0).margin(kExact));
  }
}

TEST_CASE("The k marker chooses the axes the offset is expressed in", "[kinematics][displacement]") {
  QuarterTurns f;
  const State s(f.model);
  // r = (2, 4, 1) in ground, projected on the hand-computed axes listed with the fixture.
  SECTION("k = ground (0) gives ground components") {
    CHECK(measure(f.model, s, "DX", {20, 30, 0}) == Approx(2.0).margin(kExact));
  }
  SECTION("k = i") {
    CHECK(measure(f.model, s, "DX", {20, 30, 20}) == Approx(4.0).margin(kExact));
    CHECK(measure(f.model, s, "DY", {20, 30, 20}) == Approx(-2.0).margin(kExact));
    CHECK(measure(f.model, s, "DZ", {20, 30, 20}) == Approx(1.0).margin(kExact));
  }
  SECTION("k = j") {
    CHECK(measure(f.model, s, "DX", {20, 30, 30}) == Approx(2.0).margin(kExact));
    CHECK(measure(f.model, s, "DY", {20, 30, 30}) == Approx(1.0).margin(kExact));
    CHECK(measure(f.model, s, "DZ", {20, 30, 30}) == Approx(-4.0).margin(kExact));
  }
  SECTION("k = a third marker, on ground") {
    CHECK(measure(f.model, s, "DX", {20, 30, 1}) == Approx(-1.0).margin(kExact));
    CHECK(measure(f.model, s, "DY", {20, 30, 1}) == Approx(4.0).margin(kExact));
    CHECK(measure(f.model, s, "DZ", {20, 30, 1}) == Approx(2.0).margin(kExact));
  }
  SECTION("j = 0 with a k: the origin of i in k's axes") {
    // Origin of 20 is (1, 3, 3).
    CHECK(measure(f.model, s, "DX", {20, 0, 30}) == Approx(1.0).margin(kExact));
    CHECK(measure(f.model, s, "DY", {20, 0, 30}) == Approx(3.0).margin(kExact));
    CHECK(measure(f.model, s, "DZ", {20, 0, 30}) == Approx(-3.0).margin(kExact));
  }
}

TEST_CASE("A marker on a part turning about one axis traces a circle", "[kinematics][displacement]") {
  const double a = GENERATE(-3.0, -1.2, 0.0, 0.4, 2.5, 3.1);
  const double length = 1.5;
  Model model;
  model.add_part(2, at_rest({0.5, -1, 2}));
  model.add_marker(20, 2, {length, 0, 0}, Matrix3d::Identity());
  model.add_marker(21, 2, {0, length, 0}, Matrix3d::Identity());
  State s(model);
  SECTION("about z (psi)") {
    set(s, 1, &PartState::euler, {a, 0, 0});
    CHECK(measure(model, s, "DX", {20}) == Approx(0.5 + length * std::cos(a)).margin(1e-14));
    CHECK(measure(model, s, "DY", {20}) == Approx(-1 + length * std::sin(a)).margin(1e-14));
    CHECK(measure(model, s, "DZ", {20}) == Approx(2.0).margin(1e-14));
  }
  SECTION("about x (theta)") {
    set(s, 1, &PartState::euler, {0, a, 0});
    CHECK(measure(model, s, "DX", {21}) == Approx(0.5).margin(1e-14));
    CHECK(measure(model, s, "DY", {21}) == Approx(-1 + length * std::cos(a)).margin(1e-14));
    CHECK(measure(model, s, "DZ", {21}) == Approx(2 + length * std::sin(a)).margin(1e-14));
  }
  SECTION("the distance to the part origin stays the arm length") {
    set(s, 1, &PartState::euler, {a, 0.7 * a, -a});
    model.add_marker(22, 2, {0, 0, 0}, Matrix3d::Identity());
    CHECK(measure(model, s, "DM", {20, 22}) == Approx(length).epsilon(1e-14));
  }
}

TEST_CASE("In general poses the offset is R_k^T (p_i - p_j) with rotations built by hand",
          "[kinematics][displacement]") {
  const Vector3d qi(0.3, -0.2, 0.9), qj(-1.0, 0.4, 0.1), qk(0.2, 0.2, -0.5);
  const Vector3d mi(0.4, 1.1, -0.7), mj(-2.0, 0.5, 2.2), mk(1.3, 2.9, 0.3);  // marker REULER
  Model model;
  model.add_part(2, at_rest({1, 2, -1}, {0.3, 1.2, -2.0}));
  model.add_part(3, at_rest({-0.5, 0.3, 0.8}, {-1.4, 2.6, 0.9}));
  model.add_part(4, at_rest({2, -1, 0.5}, {2.8, 0.4, 1.7}));
  model.add_marker(20, 2, qi, orientation_from_reuler(mi[0], mi[1], mi[2]));
  model.add_marker(30, 3, qj, orientation_from_reuler(mj[0], mj[1], mj[2]));
  model.add_marker(40, 4, qk, orientation_from_reuler(mk[0], mk[1], mk[2]));
  model.add_marker(41, 4, {0, 0, 0}, Matrix3d::Identity());
  const State s(model);

  auto pose = [&](int part, const Vector3d& q, const Vector3d& m, Vector3d& origin) {
    const PartState& p = s.part(part);
    const Matrix3d r_part = r313(p.euler[0], p.euler[1], p.euler[2]);
    origin = p.position + r_part * q;
    return Matrix3d(r_part * r313(m[0], m[1], m[2]));
  };
  Vector3d pi, pj, pk;
  pose(1, qi, mi, pi);
  const Matrix3d axes_j = pose(2, qj, mj, pj);
  const Matrix3d axes_k = pose(3, qk, mk, pk);
  const Vector3d r = pi - pj;
  const char* names[] = {"DX", "DY", "DZ"};

  for (int c = 0; c < 3; ++c) {
    CAPTURE(names[c]);
    CHECK(measure(model, s, names[c], {20, 30}) == Approx(r[c]).margin(1e-13));
    CHECK(measure(model, s, names[c], {20, 30, 30}) == Approx(axes_j.col(c).dot(r)).margin(1e-13));
    CHECK(measure(model, s, names[c], {20, 30, 40}) == Approx(axes_k.col(c).dot(r)).margin(1e-13));
    // Marker 41 has the axes of part 4 itself.
    const PartState& p4 = s.part(3);
    CHECK(measure(model, s, names[c], {20, 30, 41}) ==
          Approx(r313(p4.euler[0], p4.euler[1], p4.euler[2]).col(c).dot(r)).margin(1e-13));
  }
  CHECK(measure(model, s, "DM", {20, 30}) == Approx(r.norm()).epsilon(1e-14));
}

TEST_CASE("DM of coincident markers is 0 and has no derivative", "[kinematics][displacement][singular]") {
  Model model;
  model.add_part(2, at_rest({1, 1, 0}, {0.5, 0, 0}));
  model.add_part(3, at_rest({0, 1, 0}));
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(30, 3, {1, 0, 0}, Matrix3d::Identity());  // same point as 20
  const State s(model);
  CHECK(measure(model, s, "DM", {20, 30}) == 0.0);
  CHECK_THAT(error_at(model, s, "DM", {20, 30}, 1), Equals("DM has no derivative when markers coincide"));
  CHECK_THAT(error_at(model, s, "DM", {20, 30}, 2), Equals("DM has no derivative when markers coincide"));
  SECTION("the components stay differentiable there") {
    CHECK(error_at(model, s, "DX", {20, 30}, 2).empty());
  }
}

}  // namespace test_kinematics_displacement
