// ACCX, ACCY, ACCZ, ACCM and WDTX, WDTY, WDTZ, WDTM: accelerations, in any frame.
#include "test_kinematics_support.hpp"

namespace test_kinematics_acceleration {

using namespace kinematics_test;
using Catch::Matchers::Equals;

namespace {

constexpr double kTimeDerivative = 1e-8;  // five-point differences with h = 1e-3 on O(1) motions

}  // namespace

TEST_CASE("A point on a part spinning steadily accelerates towards the axis", "[kinematics][acceleration]") {
  const double w = 3.0, arm = 0.5;
  const double a = GENERATE(-2.5, 0.0, 1.0);
  Model model;
  PartState spin = at_rest({1, 2, 0}, {a, 0, 0});
  spin.omega = {0, 0, w};
  model.add_part(2, spin);
  model.add_marker(20, 2, {arm, 0, 0}, Matrix3d::Identity());
  model.add_marker(21, 2, {0, 0, 0}, Matrix3d::Identity());
  State s(model);
  // Centripetal: -w^2 * arm * (cos a, sin a, 0).
  CHECK(measure(model, s, "ACCX", {20}) == Approx(-w * w * arm * std::cos(a)).margin(1e-13));
  CHECK(measure(model, s, "ACCY", {20}) == Approx(-w * w * arm * std::sin(a)).margin(1e-13));
  CHECK(measure(model, s, "ACCZ", {20}) == Approx(0.0).margin(1e-13));
  CHECK(measure(model, s, "ACCM", {20}) == Approx(w * w * arm).epsilon(1e-14));
  SECTION("an angular acceleration adds alpha x r, tangential") {
    const double alpha = 0.7;
    set(s, 1, &PartState::alpha, {0, 0, alpha});
    CHECK(measure(model, s, "ACCX", {20}) ==
          Approx(-w * w * arm * std::cos(a) - alpha * arm * std::sin(a)).margin(1e-13));
    CHECK(measure(model, s, "ACCY", {20}) ==
          Approx(-w * w * arm * std::sin(a) + alpha * arm * std::cos(a)).margin(1e-13));
    CHECK(measure(model, s, "WDTZ", {20}) == Approx(alpha).epsilon(1e-15));
    CHECK(measure(model, s, "WDTM", {20}) == Approx(alpha).epsilon(1e-15));
  }
  SECTION("the part's own translational acceleration adds on") {
    set(s, 1, &PartState::acceleration, {0.1, -0.2, 0.3});
    CHECK(measure(model, s, "ACCZ", {20}) == Approx(0.3).epsilon(1e-15));
    CHECK(measure(model, s, "ACCX", {21}) == Approx(0.1).epsilon(1e-15));
  }
  SECTION("seen in the spinning part's own frame nothing on it accelerates") {
    set(s, 1, &PartState::alpha, {0.2, -0.4, 0.7});
    CHECK(measure(model, s, "ACCX", {20, 21, 0, 21}) == Approx(0.0).margin(1e-13));
    CHECK(measure(model, s, "ACCY", {20, 21, 0, 21}) == Approx(0.0).margin(1e-13));
    CHECK(measure(model, s, "ACCZ", {20, 21, 21, 21}) == Approx(0.0).margin(1e-13));
  }
}

TEST_CASE("In a turning frame a point moving steadily in ground feels Coriolis and centrifugal terms",
          "[kinematics][acceleration]") {
  // Ground frame: the point is at (x, 0, 0) moving with (0, u, 0), no acceleration. Frame l spins
  // about ground z at rate w through the origin. In l's own coordinates (at the instant l's axes
  // meet ground's) the point is at q(t) = Rz(-w t) (x, u t, 0); its second derivative at t = 0 is
  // (2 w u - w^2 x, 0, 0) by differentiating by hand.
  const double w = 1.2, x = 2.0, u = 0.5;
  Model model;
  PartState spin;
  spin.omega = {0, 0, w};
  model.add_part(2, spin);
  PartState mover = at_rest({x, 0, 0});
  mover.velocity = {0, u, 0};
  model.add_part(3, mover);
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(30, 3, {0, 0, 0}, Matrix3d::Identity());
  const State s(model);
  CHECK(measure(model, s, "ACCX", {30, 0, 0, 20}) == Approx(2 * w * u - w * w * x).epsilon(1e-14));
  CHECK(measure(model, s, "ACCY", {30, 0, 0, 20}) == Approx(0.0).margin(1e-14));
  CHECK(measure(model, s, "ACCM", {30, 0, 20}) == Approx(std::abs(2 * w * u - w * w * x)).epsilon(1e-14));
  SECTION("the same by differentiating q(t) numerically") {
    auto q = [&](double t) { return Vector3d(rz(-w * t) * Vector3d(x, u * t, 0)); };
    const Vector3d second = time_derivative([&](double t) { return time_derivative(q, t); }, 0.0);
    CHECK(measure(model, s, "ACCX", {30, 0, 0, 20}) == Approx(second.x()).margin(1e-6));
    CHECK(measure(model, s, "ACCY", {30, 0, 0, 20}) == Approx(second.y()).margin(1e-6));
  }
  SECTION("and in ground the point does not accelerate") {
    CHECK(measure(model, s, "ACCM", {30}) == 0.0);
  }
}

TEST_CASE("Seen from a turning frame, a steady spin tilts: WDT in l is -omega_l x omega", "[kinematics][acceleration]") {
  // Part 2 spins about ground x at rate w, steadily; frame l (part 3) turns about ground z at
  // rate s. In l the spin axis swings round: d/dt in l of (w, 0, 0) is -(0, 0, s) x (w, 0, 0)
  // = (0, -s w, 0).
  const double w = 2.0, s = 0.5;
  Model model;
  PartState spinner;
  spinner.omega = {w, 0, 0};
  model.add_part(2, spinner);
  PartState turner;
  turner.omega = {0, 0, s};
  model.add_part(3, turner);
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(30, 3, {0, 0, 0}, Matrix3d::Identity());
  const State state(model);
  CHECK(measure(model, state, "WDTX", {20, 0, 0, 30}) == Approx(0.0).margin(1e-15));
  CHECK(measure(model, state, "WDTY", {20, 0, 0, 30}) == Approx(-s * w).epsilon(1e-15));
  CHECK(measure(model, state, "WDTZ", {20, 0, 0, 30}) == Approx(0.0).margin(1e-15));
  CHECK(measure(model, state, "WDTM", {20, 0, 30}) == Approx(s * w).epsilon(1e-15));
  SECTION("in ground the steady spin has no angular acceleration") {
    CHECK(measure(model, state, "WDTM", {20}) == 0.0);
  }
  SECTION("relative to l itself, l's own spin drops out of the cross product") {
    // omega_i - omega_l = (w, 0, -s); omega_l x that = (0, s w, 0), same as above.
    CHECK(measure(model, state, "WDTY", {20, 30, 0, 30}) == Approx(-s * w).epsilon(1e-15));
  }
}

TEST_CASE("Each ACC and WDT measure is the time derivative of its V or W measure along a motion",
          "[kinematics][acceleration]") {
  const MovingScene scene;
  const double t = GENERATE(0.0, 0.9);
  const State s = scene.at(t);
  const long i = GENERATE(20L, 30L);
  const long j = GENERATE(0L, 40L, 21L, 1L);
  const long l = GENERATE(0L, 40L, 20L, 1L);
  CAPTURE(t, i, j, l);
  SECTION("ACC: the velocity in l, in l's components (k = l), differentiated") {
    const char* v[] = {"VX", "VY", "VZ"};
    const RateInL rate = rate_in_l(scene, l, t, [&](const State& at, int c) {
      return measure(scene.model, at, v[c], {i, j, l, l});
    });
    check_components(scene, t, {"ACCX", "ACCY", "ACCZ"}, i, j, l, {l, 0L, j, 30L}, rate.in_ground, kTimeDerivative);
    CHECK(measure(scene.model, s, "ACCM", {i, j, l}) == Approx(rate.in_l.norm()).margin(kTimeDerivative));
  }
  SECTION("WDT: omega_i - omega_j in l's components, differentiated") {
    const char* w[] = {"WX", "WY", "WZ"};
    const RateInL rate = rate_in_l(scene, l, t, [&](const State& at, int c) {
      return measure(scene.model, at, w[c], {i, j, l});
    });
    check_components(scene, t, {"WDTX", "WDTY", "WDTZ"}, i, j, l, {l, 0L, j, 30L}, rate.in_ground, kTimeDerivative);
    CHECK(measure(scene.model, s, "WDTM", {i, j, l}) == Approx(rate.in_l.norm()).margin(kTimeDerivative));
  }
}

TEST_CASE("ACCM and WDTM of a zero vector are 0 with no derivative", "[kinematics][acceleration][singular]") {
  Model model;
  PartState drifting = at_rest({1, 0, 0});
  drifting.velocity = {1, 0, 0};
  model.add_part(2, drifting);
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  const State s(model);
  CHECK(measure(model, s, "ACCM", {20}) == 0.0);
  CHECK_THAT(error_at(model, s, "ACCM", {20}, 1), Equals("ACCM has no derivative at zero acceleration"));
  CHECK_THAT(error_at(model, s, "ACCM", {20}, 2), Equals("ACCM has no derivative at zero acceleration"));
  CHECK(measure(model, s, "WDTM", {20}) == 0.0);
  CHECK_THAT(error_at(model, s, "WDTM", {20}, 1), Equals("WDTM has no derivative at zero angular acceleration"));
  SECTION("the components stay differentiable there") {
    CHECK(error_at(model, s, "ACCX", {20}, 2).empty());
    CHECK(error_at(model, s, "WDTX", {20}, 2).empty());
  }
}

}  // namespace test_kinematics_acceleration
