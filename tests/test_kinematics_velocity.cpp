// VX, VY, VZ, VM, VR and WX, WY, WZ, WM: velocities of marker origins and angular velocities.
#include "test_kinematics_support.hpp"

namespace test_kinematics_velocity {

using namespace kinematics_test;
using Catch::Matchers::Equals;

namespace {

Matrix3d skew(const Vector3d& w) {
  Matrix3d m;
  m << 0, -w.z(), w.y(), w.z(), 0, -w.x(), -w.y(), w.x(), 0;
  return m;
}

constexpr double kTimeDerivative = 1e-8;  // five-point differences with h = 1e-3 on O(1) motions

}  // namespace

TEST_CASE("The test motions have angular velocities that match their turning", "[kinematics][velocity]") {
  // The motion helper derives omega and alpha from Euler angle rates; check them against the
  // rotation itself, skew(omega) = dR/dt R^T and alpha = d(omega)/dt.
  const MovingScene scene;
  const double t = 0.3;
  for (const Motion& m : scene.motion) {
    auto rotation = [&](double time) {
      const Vector3d e = m.at(time).euler;
      return Matrix3d(r313(e[0], e[1], e[2]));
    };
    const Matrix3d w = time_derivative(rotation, t) * rotation(t).transpose();
    CHECK((w - skew(m.at(t).omega)).norm() < kTimeDerivative);
    auto omega = [&](double time) { return Vector3d(m.at(time).omega); };
    CHECK((time_derivative(omega, t) - m.at(t).alpha).norm() < kTimeDerivative);
  }
}

TEST_CASE("A point on a spinning part moves with omega x r", "[kinematics][velocity]") {
  const double w = 2.5, arm = 0.8;
  const double a = GENERATE(-2.0, 0.0, 0.6, 3.0);
  Model model;
  PartState spin = at_rest({1, -1, 0.5}, {a, 0, 0});
  spin.omega = {0, 0, w};
  model.add_part(2, spin);
  model.add_marker(20, 2, {arm, 0, 0}, Matrix3d::Identity());
  model.add_marker(21, 2, {0, 0, 0}, Matrix3d::Identity());
  const State s(model);
  // The arm points along (cos a, sin a, 0); omega x arm = w*arm*(-sin a, cos a, 0).
  CHECK(measure(model, s, "VX", {20}) == Approx(-w * arm * std::sin(a)).margin(1e-14));
  CHECK(measure(model, s, "VY", {20}) == Approx(w * arm * std::cos(a)).margin(1e-14));
  CHECK(measure(model, s, "VZ", {20}) == Approx(0.0).margin(1e-14));
  CHECK(measure(model, s, "VM", {20}) == Approx(w * arm).epsilon(1e-14));
  SECTION("relative to the hub the motion is tangential, so VR is 0") {
    CHECK(measure(model, s, "VR", {20, 21}) == Approx(0.0).margin(1e-14));
  }
  SECTION("seen in the spinning part's own frame nothing on it moves") {
    CHECK(measure(model, s, "VX", {20, 21, 0, 21}) == Approx(0.0).margin(1e-14));
    CHECK(measure(model, s, "VY", {20, 21, 0, 21}) == Approx(0.0).margin(1e-14));
    CHECK(measure(model, s, "VM", {20, 21, 21}) == Approx(0.0).margin(1e-14));
  }
  SECTION("its angular velocity is the part's") {
    CHECK(measure(model, s, "WZ", {20}) == Approx(w).epsilon(1e-15));
    CHECK(measure(model, s, "WM", {20}) == Approx(w).epsilon(1e-15));
    CHECK(measure(model, s, "WX", {20, 21}) == 0.0);
  }
}

TEST_CASE("A translating and spinning part gives v + omega x (R qp) in general", "[kinematics][velocity]") {
  Model model;
  PartState p = at_rest({1, 2, 3}, {0.3, 0.8, -0.4});
  p.velocity = {0.2, 0.1, -0.3};
  p.omega = {0.5, -1.0, 2.0};
  model.add_part(2, p);
  const Vector3d qp(0.4, -0.3, 1.2);
  model.add_marker(20, 2, qp, Matrix3d::Identity());
  const State s(model);
  const Vector3d rho = r313(0.3, 0.8, -0.4) * qp;
  const Vector3d v = p.velocity + p.omega.cross(rho);
  CHECK(measure(model, s, "VX", {20}) == Approx(v.x()).margin(1e-14));
  CHECK(measure(model, s, "VY", {20}) == Approx(v.y()).margin(1e-14));
  CHECK(measure(model, s, "VZ", {20}) == Approx(v.z()).margin(1e-14));
  CHECK(measure(model, s, "VM", {20}) == Approx(v.norm()).epsilon(1e-14));
  const Vector3d r = p.position + rho;
  CHECK(measure(model, s, "VR", {20}) == Approx(v.dot(r) / r.norm()).epsilon(1e-14));
}

TEST_CASE("Seen from a turning frame, a point at rest sweeps backwards", "[kinematics][velocity]") {
  // Ground marker at (x, 0, 0); frame l spins about the ground z axis at rate w through the
  // origin. In l the point moves with -omega x r = (0, -w x, 0).
  const double w = 1.5, x = 2.0;
  Model model;
  PartState spin;
  spin.omega = {0, 0, w};
  model.add_part(2, spin);
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(1, 0, {x, 0, 0}, Matrix3d::Identity());
  const State s(model);
  CHECK(measure(model, s, "VX", {1, 0, 0, 20}) == Approx(0.0).margin(1e-15));
  CHECK(measure(model, s, "VY", {1, 0, 0, 20}) == Approx(-w * x).epsilon(1e-15));
  CHECK(measure(model, s, "VM", {1, 0, 20}) == Approx(w * x).epsilon(1e-15));
  CHECK(measure(model, s, "VR", {1, 0, 20}) == Approx(0.0).margin(1e-15));
}

TEST_CASE("Each V measure is the time derivative of its D measure along a motion", "[kinematics][velocity]") {
  const MovingScene scene;
  const double t = GENERATE(0.0, 0.4, 1.3);
  const State s = scene.at(t);
  const char* d[] = {"DX", "DY", "DZ"};
  const long i = 20;
  const long j = GENERATE(0L, 30L, 21L, 1L);
  const long l = GENERATE(0L, 40L, 30L, 20L);
  CAPTURE(t, j, l);
  // d/dt of the components of r in frame l's axes.
  const RateInL rate = rate_in_l(scene, l, t, [&](const State& at, int c) {
    return measure(scene.model, at, d[c], {i, j, l});
  });

  SECTION("k = l, k = ground, k = j and k = a third marker: the same vector rotated by hand") {
    check_components(scene, t, {"VX", "VY", "VZ"}, i, j, l, {l, 0L, j, 40L, 1L}, rate.in_ground, kTimeDerivative);
  }
  SECTION("VM is the length of that rate") {
    CHECK(measure(scene.model, s, "VM", {i, j, l}) == Approx(rate.in_l.norm()).margin(kTimeDerivative));
  }
  SECTION("VR is the rate of DM, whatever l is") {
    auto dm = [&](double time) { return measure(scene.model, scene.at(time), "DM", {i, j}); };
    CHECK(measure(scene.model, s, "VR", {i, j, l}) == Approx(time_derivative(dm, t)).margin(kTimeDerivative));
  }
}

TEST_CASE("W measures are relative angular velocities in the axes of k", "[kinematics][velocity]") {
  // omega of a marker from its hand-built axes: skew(omega) = dR/dt R^T, read off the matrix.
  const MovingScene scene;
  const double t = 0.7;
  const State s = scene.at(t);
  auto omega_of = [&](long id) -> Vector3d {
    if (id == 0) return Vector3d::Zero();
    auto axes = [&](double time) { return scene.axes(id, time); };
    const Matrix3d w = time_derivative(axes, t) * scene.axes(id, t).transpose();
    return {w(2, 1), w(0, 2), w(1, 0)};
  };
  const long i = GENERATE(20L, 30L);
  const long j = GENERATE(0L, 40L, 21L, 1L);
  const long k = GENERATE(0L, 20L, 40L, 1L);
  CAPTURE(i, j, k);
  const Vector3d relative = omega_of(i) - omega_of(j);
  const Matrix3d axes_k = k == 0 ? Matrix3d::Identity() : scene.axes(k, t);
  const char* names[] = {"WX", "WY", "WZ"};
  for (int c = 0; c < 3; ++c)
    CHECK(measure(scene.model, s, names[c], {i, j, k}) == Approx(axes_k.col(c).dot(relative)).margin(kTimeDerivative));
  CHECK(measure(scene.model, s, "WM", {i, j}) == Approx(relative.norm()).margin(kTimeDerivative));
}

TEST_CASE("Velocity singular points are errors or documented values", "[kinematics][velocity][singular]") {
  Model model;
  PartState moving = at_rest({1, 0, 0});
  moving.velocity = {0, 1, 0};
  model.add_part(2, moving);
  model.add_part(3, at_rest({1, 0, 0}));
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(30, 3, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(31, 3, {0, 0, 1}, Matrix3d::Identity());
  const State s(model);
  SECTION("VR of coincident markers is an error at every order") {
    const int order = GENERATE(0, 1, 2);
    CHECK_THAT(error_at(model, s, "VR", {20, 30}, order), Equals("VR is undefined when markers coincide"));
  }
  SECTION("VM at zero relative velocity is 0 with no derivative") {
    CHECK(measure(model, s, "VM", {31, 30}) == 0.0);
    CHECK_THAT(error_at(model, s, "VM", {31, 30}, 1), Equals("VM has no derivative at zero velocity"));
    CHECK_THAT(error_at(model, s, "VM", {31, 30}, 2), Equals("VM has no derivative at zero velocity"));
    CHECK(error_at(model, s, "VM", {20, 30}, 2).empty());  // coincident but moving apart: fine
  }
  SECTION("WM at zero angular velocity is 0 with no derivative") {
    CHECK(measure(model, s, "WM", {20, 30}) == 0.0);
    CHECK_THAT(error_at(model, s, "WM", {20, 30}, 1), Equals("WM has no derivative at zero angular velocity"));
  }
}

}  // namespace test_kinematics_velocity
