// INCANG(i, j, k): the angle at marker j between the line to marker i and the line to marker k
// (https://adams.thisaray.com/adams_solver/cfunc_incang.html).
#include "test_kinematics_derivative_support.hpp"

namespace test_kinematics_incang {

using namespace kinematics_test;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

namespace {

// Markers 20, 30, 40 on parts 2, 3, 4 in general poses, placed at the given ground points; 1 is
// the ground marker at the origin.
struct Triangle {
  Model model;
  Triangle(const Vector3d& i, const Vector3d& j, const Vector3d& k) {
    const Vector3d points[3] = {i, j, k};
    const Vector3d euler[3] = {{0.4, 1.3, -2.2}, {-1.7, 0.8, 2.9}, {2.1, 2.4, 0.3}};
    const Vector3d position[3] = {{1, 0, 0}, {0, 1, 0}, {0.5, -2, 1}};
    for (int p = 0; p < 3; ++p) {
      model.add_part(2 + p, at_rest(position[p], euler[p]));
      const Matrix3d r = r313(euler[p][0], euler[p][1], euler[p][2]);
      model.add_marker(20 + 10 * p, 2 + p, r.transpose() * (points[p] - position[p]), rz(0.1 * p));
    }
    model.add_marker(1, 0, {0, 0, 0}, Matrix3d::Identity());
  }
  double operator()(std::vector<long> ids = {20, 30, 40}) const { return measure(model, State(model), "INCANG", ids); }
  std::string error(int order) const { return error_at(model, State(model), "INCANG", {20, 30, 40}, order); }
};

// Points at distances a and b from j along two directions `angle` apart, in a tilted plane.
Triangle opened(double angle, double a = 2.0, double b = 0.7) {
  const Matrix3d plane = rx(0.6) * rz(-0.4);
  const Vector3d j(0.3, -1.1, 2.0);
  const Vector3d u = plane * Vector3d::UnitX(), v = plane * (std::cos(angle) * Vector3d::UnitX() + std::sin(angle) * Vector3d::UnitY());
  return Triangle(j + a * u, j, j + b * v);
}

}  // namespace

TEST_CASE("INCANG is the angle at j between the lines to i and to k", "[kinematics][incang]") {
  const double angle = GENERATE(0.3, 1.0, kPi / 2, 2.5, 3.1);
  CAPTURE(angle);
  CHECK(opened(angle)() == Approx(angle).margin(1e-14));
  SECTION("whatever the distances") { CHECK(opened(angle, 1e3, 1e-3)() == Approx(angle).margin(1e-13)); }
}

TEST_CASE("INCANG is symmetric in i and k, and the angles of a triangle add up to pi", "[kinematics][incang]") {
  const Triangle t({1, 2, 0.5}, {-0.5, 0.3, 1.2}, {0.8, -1.4, 2.0});
  CHECK(t({20, 30, 40}) == t({40, 30, 20}));
  CHECK(t({30, 20, 40}) + t({20, 30, 40}) + t({20, 40, 30}) == Approx(kPi).epsilon(1e-15));
  SECTION("a right angle by Pythagoras: sides 3, 4 and 5") {
    const Triangle right({3, 0, 0}, {0, 0, 0}, {0, 4, 0});
    CHECK(right() == Approx(kPi / 2).epsilon(1e-15));
    CHECK(right({30, 20, 40}) == Approx(std::atan2(4.0, 3.0)).epsilon(1e-15));
  }
}

TEST_CASE("INCANG with j = 0 measures the angle at the ground origin", "[kinematics][incang]") {
  const Triangle t({2, 0, 0}, {5, 5, 5}, {-1, 1, 0});
  CHECK(t({20, 0, 40}) == Approx(3 * kPi / 4).epsilon(1e-15));
  CHECK(t({20, 1, 40}) == t({20, 0, 40}));
}

TEST_CASE("INCANG is undefined where j meets i or k", "[kinematics][incang][singular]") {
  const int order = GENERATE(0, 1, 2);
  CAPTURE(order);
  const Vector3d p(1, 2, 3);
  CHECK_THAT(Triangle(p, p, {0, 0, 0}).error(order), Equals("INCANG is undefined when markers i and j coincide"));
  CHECK_THAT(Triangle({0, 0, 0}, p, p).error(order), Equals("INCANG is undefined when markers j and k coincide"));
  SECTION("positions that agree to 1e-8 of their distance from the origin differ by rounding only") {
    CHECK_THAT(Triangle(p * (1 + 1e-9), p, {0, 0, 0}).error(order), Equals("INCANG is undefined when markers i and j coincide"));
    CHECK(Triangle(p * (1 + 1e-7), p, {5, -1, 0}).error(order).empty());
  }
}

TEST_CASE("With the markers on one line INCANG is 0 or pi and has no derivative", "[kinematics][incang][singular]") {
  const Triangle same_side({1, 1, 1}, {0, 0, 0}, {3, 3, 3});
  const Triangle opposite({1, 1, 1}, {0, 0, 0}, {-2, -2, -2});
  CHECK(same_side() == Approx(0.0).margin(1e-15));
  CHECK(opposite() == Approx(kPi).epsilon(1e-15));
  for (int order : {1, 2}) {
    CHECK_THAT(same_side.error(order), Contains("no derivative where the three markers are on one line"));
    CHECK_THAT(opposite.error(order), Contains("no derivative where the three markers are on one line"));
  }
  SECTION("a millionth of a radian off the line the derivatives exist") {
    CHECK(opened(1e-6).error(2).empty());
    CHECK(opened(kPi - 1e-6).error(2).empty());
    CHECK(opened(1e-6)() == Approx(1e-6).epsilon(1e-8));
  }
}

TEST_CASE("INCANG derivatives worked out by hand", "[kinematics][incang][derivatives]") {
  // i on part 2 at (x, y, z) = (1, 0, 0), j at the ground origin, k on ground at (0, 1, 0):
  // theta = atan2(sqrt(x^2 + z^2), y); at the point d/dy = -1, d2/dx dy = 1, the rest 0.
  Model model;
  model.add_part(2, at_rest({1, 0, 0}));
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(1, 0, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(2, 0, {0, 1, 0}, Matrix3d::Identity());
  const MeasureCall call = bound(model, "INCANG", {20, 1, 2});
  const Derivatives d = derivatives(call, model, State(model), 2);
  CHECK(d.value == Approx(kPi / 2).epsilon(1e-15));
  for (std::size_t a = 0; a < 12; ++a) {
    CAPTURE(a);
    CHECK(d.grad[a] == Approx(a == 1 ? -1.0 : 0.0).margin(1e-15));
    for (std::size_t b = 0; b < 12; ++b)
      CHECK(d.hess[a * 12 + b] == Approx((a == 0 && b == 1) || (a == 1 && b == 0) ? 1.0 : 0.0).margin(1e-15));
  }
}

TEST_CASE("INCANG gradient and Hessian match finite differences", "[kinematics][incang][derivatives]") {
  RandomScene scene;
  // Three parts; j on ground; i and j on one part; i and k on one part.
  for (const std::vector<long>& ids : {std::vector<long>{20, 30, 40}, {20, 1, 40}, {20, 21, 30}, {20, 30, 21}})
    check_derivatives(scene, "INCANG", ids, 10);
}

}  // namespace test_kinematics_incang
