#include "dataset/view/frames.hpp"

#include "kinematics/rotation.hpp"

#include <catch2/catch.hpp>

#include <Eigen/LU>

#include <cmath>
#include <numbers>
#include <string>

namespace test_view_frames {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using fexpr::dataset::view::along_axis;
using fexpr::dataset::view::body313;
using fexpr::dataset::view::in_plane;
using fexpr::dataset::view::one_axis;
using fexpr::dataset::view::rotation;
using fexpr::dataset::view::sequence;
using fexpr::dataset::view::two_axes;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kDeg = kPi / 180;

// The elementary turns written out, so that the sequences are checked against matrices that
// do not come from the code under test.
Matrix3d turn(int axis, double a) {
  const double c = std::cos(a), s = std::sin(a);
  Matrix3d r;
  if (axis == 0) r << 1, 0, 0, 0, c, -s, 0, s, c;
  if (axis == 1) r << c, 0, s, 0, 1, 0, -s, 0, c;
  if (axis == 2) r << c, -s, 0, s, c, 0, 0, 0, 1;
  return r;
}

Matrix3d euler313(double psi, double theta, double phi) { return turn(2, psi) * turn(0, theta) * turn(2, phi); }

bool near(const Matrix3d& a, const Matrix3d& b, double tolerance = 1e-12) { return (a - b).cwiseAbs().maxCoeff() < tolerance; }

// An angle brought into (-pi, pi].
double wrapped(double a) {
  a = std::remainder(a, 2 * kPi);
  return a <= -kPi ? a + 2 * kPi : a;
}

}  // namespace

TEST_CASE("the 24 rotation sequences are named body or space and three axes, no axis twice in a row") {
  int accepted = 0;
  for (const std::string kind : {"body", "space"}) {
    for (char a = '0'; a <= '4'; ++a) {
      for (char b = '0'; b <= '4'; ++b) {
        for (char c = '0'; c <= '4'; ++c) {
          const std::string name = kind + a + b + c;
          const bool valid = a >= '1' && a <= '3' && b >= '1' && b <= '3' && c >= '1' && c <= '3' && a != b && b != c;
          INFO(name);
          const auto s = sequence(name);
          CHECK(s.has_value() == valid);
          if (!s) continue;
          ++accepted;
          CHECK(s->body == (kind == "body"));
          CHECK(s->axes[0] == a - '1');
          CHECK(s->axes[1] == b - '1');
          CHECK(s->axes[2] == c - '1');
        }
      }
    }
  }
  CHECK(accepted == 24);
  CHECK(sequence("BODY313"));
  CHECK(sequence("Space123"));
  for (const char* name : {"", "body", "space", "body3133", "body31", "bod313", "spaces123", "313", "body 313"}) {
    INFO(name);
    CHECK_FALSE(sequence(name));
  }
}

TEST_CASE("body-fixed sequences turn about the new axes, space-fixed ones about the fixed axes") {
  const Vector3d angles(0.3, -1.1, 2.0);
  for (const std::string kind : {"body", "space"}) {
    for (const char* axes : {"121", "123", "131", "132", "212", "213", "231", "232", "312", "313", "321", "323"}) {
      const std::string name = kind + axes;
      INFO(name);
      const auto s = sequence(name);
      REQUIRE(s);
      const Matrix3d r1 = turn(axes[0] - '1', angles[0]), r2 = turn(axes[1] - '1', angles[1]), r3 = turn(axes[2] - '1', angles[2]);
      const Matrix3d expected = kind == "body" ? Matrix3d(r1 * r2 * r3) : Matrix3d(r3 * r2 * r1);
      CHECK(near(rotation(*s, angles), expected));
    }
  }
}

TEST_CASE("rotations in a sequence, worked by hand") {
  SECTION("body313 90, 90, 0: x goes to y, y to z, z to x") {
    Matrix3d expected;
    expected << 0, 0, 1, 1, 0, 0, 0, 1, 0;
    CHECK(near(rotation(*sequence("body313"), {90 * kDeg, 90 * kDeg, 0}), expected));
  }
  SECTION("body123 -90, 0, -90 (the Loader1 export's ORI_ALIGN_AXIS zy): x along z, y along x, z along y") {
    // Rx(-90) Rz(-90): Rz(-90) takes x to -y and y to x; Rx(-90) then takes -y to z and x to x.
    Matrix3d expected;
    expected << 0, 1, 0, 0, 0, 1, 1, 0, 0;
    CHECK(near(rotation(*sequence("body123"), {-90 * kDeg, 0, -90 * kDeg}), expected));
  }
  SECTION("space123 a, b, c is body321 c, b, a") {
    const Vector3d a(0.4, 0.5, -0.6);
    CHECK(near(rotation(*sequence("space123"), a), rotation(*sequence("body321"), {a[2], a[1], a[0]})));
  }
}

TEST_CASE("body 3-1-3 angles give the kinematics' own rotation, bit for bit") {
  for (const double psi : {-2.0, 0.0, 0.7}) {
    for (const double theta : {0.0, 0.4, kPi}) {
      for (const double phi : {-0.3, 0.0, 3.0}) {
        const Matrix3d a = rotation(*sequence("body313"), {psi, theta, phi});
        const Matrix3d b = fexpr::kinematics::rotation_313(psi, theta, phi);
        CHECK(a == b);
      }
    }
  }
}

TEST_CASE("body313 inverts the 3-1-3 rotation; where theta is 0 or pi psi takes the whole turn") {
  int checked = 0;
  for (int i = -5; i <= 6; ++i) {
    for (const double theta : {0.0, 1e-9, 0.1, 0.5 * kPi, 2.0, kPi - 1e-9, kPi}) {
      for (int k = -5; k <= 6; ++k) {
        const double psi = i * kPi / 6, phi = k * kPi / 6;
        const Matrix3d r = euler313(psi, theta, phi);
        const Vector3d e = body313(r);
        INFO(psi << " " << theta << " " << phi << " -> " << e.transpose());
        CHECK(near(euler313(e[0], e[1], e[2]), r, 1e-9));
        CHECK(e[1] >= 0.0);
        CHECK(e[1] <= kPi);
        if (theta == 0.0) {
          CHECK(e[2] == 0.0);
          CHECK(wrapped(e[0] - (psi + phi)) == Approx(0.0).margin(1e-12));
        } else if (theta == kPi) {
          // Rz(psi) Rx(pi) Rz(phi) = Rz(psi - phi) Rx(pi).
          CHECK(e[2] == 0.0);
          CHECK(wrapped(e[0] - (psi - phi)) == Approx(0.0).margin(1e-12));
        } else if (theta > 1e-6 && theta < kPi - 1e-6) {
          CHECK(e[1] == Approx(theta).margin(1e-12));
          CHECK(wrapped(e[0] - psi) == Approx(0.0).margin(1e-12));
          CHECK(wrapped(e[2] - phi) == Approx(0.0).margin(1e-12));
        }
        ++checked;
      }
    }
  }
  CHECK(checked == 12 * 7 * 12);
}

TEST_CASE("one axis along a direction keeps the y axis as near the reference's y as it can") {
  SECTION("ORI_ONE_AXIS's example: x from (10, 16, 0) to (8, 16, 0) is 180, 180, 0") {
    const auto r = one_axis(0, Vector3d(8, 16, 0) - Vector3d(10, 16, 0));
    REQUIRE(r);
    CHECK(near(*r, euler313(180 * kDeg, 180 * kDeg, 0)));
  }
  SECTION("ORI_ALONG_AXIS's example: y along the line at 45 degrees in xy is 315, 0, 0") {
    const auto r = one_axis(1, Vector3d(1, 1, 0));
    REQUIRE(r);
    CHECK(near(*r, euler313(315 * kDeg, 0, 0)));
  }
  SECTION("the orientations the corpus's exports hold for ORI_ALONG_AXIS") {
    // Each is the body 3-1-3 orientation (degrees) Adams View wrote at `marker create` for a
    // marker whose orientation is ORI_ALONG_AXIS(a, b, axis), on an unturned part; the
    // direction from a to b is that orientation's axis, and the rule must give the other two.
    struct Export {
      const char* marker;
      int axis;
      double psi, theta, phi;
    };
    for (const Export& e : {
             Export{"VehLib Backhoe/bh1.cmd MARKER_70 (z)", 2, -90.0, 156.5245, 90.0},
             Export{"VehLib Hitch/RearHitch.cmd MKR_HitchL_cyl_master (z)", 2, 138.3665, 13.5408, -137.5632},
             Export{"VehLib Stabilizer/Stabi1.cmd MKR_L_cyl_master (z)", 2, -160.0, 146.3099, 23.6264},
             Export{"VehLib Steering/acmTeleF.cmd MARKER_44 (z)", 2, 6.5819, 90.0, -90.0},
             Export{"VehLib Steering/acmTeleF.cmd MKR_slide_cyl_master (z along -y)", 2, 0.0, 90.0, 0.0},
             Export{"VehLib Hitch/RearHitch.cmd MARKER_43 (x)", 0, 90.0, 90.0, -100.9159},
             Export{"VehLib Steering/acmTeleF.cmd MARKER_16 (x)", 0, 90.0, 164.4759, -77.9146},
             Export{"RL_with_Continuous_Action_Space pendulum.cmd PART_2.MARKER_1 (x along -z)", 0, 90.0, 90.0, -90.0},
         }) {
      INFO(e.marker);
      const Matrix3d exported = euler313(e.psi * kDeg, e.theta * kDeg, e.phi * kDeg);
      const auto r = one_axis(e.axis, exported.col(e.axis));
      REQUIRE(r);
      // The exports write angles to 4 decimals of a degree.
      CHECK(near(*r, exported, 2e-6));
    }
  }
  SECTION("every axis in every direction gives a right-handed frame with that axis along it") {
    for (int axis = 0; axis < 3; ++axis) {
      for (const Vector3d& d : {Vector3d(1, 0, 0), Vector3d(-1, 0, 0), Vector3d(0, 1, 0), Vector3d(0, -1, 0), Vector3d(0, 0, 1),
                                Vector3d(0, 0, -1), Vector3d(0.3, -2, 5), Vector3d(-1e-3, 4, 0)}) {
        INFO(axis << " " << d.transpose());
        const auto r = one_axis(axis, d);
        REQUIRE(r);
        CHECK(near(r->transpose() * *r, Matrix3d::Identity()));
        CHECK(r->determinant() == Approx(1.0).epsilon(1e-12));
        CHECK((r->col(axis) - d.normalized()).cwiseAbs().maxCoeff() < 1e-12);
      }
    }
  }
  SECTION("a zero direction has no frame") { CHECK_FALSE(one_axis(2, Vector3d::Zero())); }
}

TEST_CASE("two axes: the first along a line, the second in the plane towards a third point") {
  SECTION("ORI_ALL_AXES's example: {{14,18,0},{10,14,0},{16,14,0}}, \"xz\" is 45, 90, 180") {
    const Vector3d p1(14, 18, 0), p2(10, 14, 0), p3(16, 14, 0);
    const auto r = two_axes(0, p2 - p1, 2, p3 - p1);
    REQUIRE(r);
    CHECK(near(*r, euler313(45 * kDeg, 90 * kDeg, 180 * kDeg)));
  }
  SECTION("in_plane: z to the first point, x towards the second, y = z cross x") {
    const Vector3d origin(1, 1, 1);
    const auto r = in_plane(origin, origin + Vector3d(0, 0, 5), origin + Vector3d(3, 4, 1));
    REQUIRE(r);
    Matrix3d expected;
    expected << 0.6, -0.8, 0, 0.8, 0.6, 0, 0, 0, 1;
    CHECK(near(*r, expected));
  }
  SECTION("every pair of axes is right-handed") {
    for (int first = 0; first < 3; ++first) {
      for (int second = 0; second < 3; ++second) {
        if (first == second) continue;
        const auto r = two_axes(first, Vector3d(1, 2, 3), second, Vector3d(-1, 0, 2));
        REQUIRE(r);
        CHECK(r->determinant() == Approx(1.0).epsilon(1e-12));
        CHECK(r->col(second).dot(Vector3d(-1, 0, 2)) > 0);
      }
    }
  }
  SECTION("points on one line, a zero direction, one axis twice: no frame") {
    CHECK_FALSE(in_plane(Vector3d::Zero(), Vector3d(1, 1, 1), Vector3d(2, 2, 2)));
    CHECK_FALSE(in_plane(Vector3d::Zero(), Vector3d::Zero(), Vector3d(2, 0, 0)));
    CHECK_FALSE(two_axes(1, Vector3d(1, 0, 0), 1, Vector3d(0, 1, 0)));
  }
}

TEST_CASE("along_axis points z from the origin to the point") {
  // z along -z: y stays the reference's y, x = y cross z = (0,1,0) x (0,0,-1) = (-1,0,0).
  const auto r = along_axis(Vector3d(1, 2, 3), Vector3d(1, 2, 1));
  REQUIRE(r);
  Matrix3d expected;
  expected << -1, 0, 0, 0, 1, 0, 0, 0, -1;
  CHECK(near(*r, expected));
  CHECK_FALSE(along_axis(Vector3d(1, 2, 3), Vector3d(1, 2, 3)));
}

}  // namespace test_view_frames
