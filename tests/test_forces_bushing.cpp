// BUSHING: the six components on a small model worked by hand, the reaction on J with the
// moment of the force over the deflection, power = -dV/dt for the springs, the Jacobian
// against central differences, BUSH(...) in expressions, and errors at their place.
#include "force_checks.hpp"

namespace test_forces_bushing {

namespace {

using fexpr::testing::ForceModel;

void check_vector(const Eigen::Vector3d& v, const Eigen::Vector3d& expected) {
  for (int k = 0; k < 3; ++k) CHECK(v[k] == Approx(expected[k]).margin(1e-9));
}

}  // namespace

TEST_CASE("a BUSHING loads I along J's axes and J with the reaction over the deflection", "[forces][bushing]") {
  ForceModel m(fexpr::testing::example_model("bushing.adm"));
  auto l = m.loads("BUSHING", 1);
  // x, y, z = 0.01, -0.02, 0.03; vx = 0.1; AZ = 0.05; wz = 0.2 (J is ground's marker).
  Eigen::Vector3d f(-1E5 * 0.01 - 100 * 0.1 + 1, -2E5 * -0.02 + 2, -3E5 * 0.03 + 3);
  Eigen::Vector3d t(4, 5, -3000 * 0.05 - 30 * 0.2 + 6);
  Eigen::Vector3d d(0.01, -0.02, 0.03);
  check_vector(m.load(l, 0), f);
  check_vector(m.load(l, 1), t);
  check_vector(m.load(l, 2), -f);
  check_vector(m.load(l, 3), -t - d.cross(f));
  // J is on ground: only I's loads work, F.v_I + T.w_I.
  CHECK(m.value(*l.power) == Approx(f[0] * 0.1 + t[2] * 0.2));
}

TEST_CASE("BUSHING springs have power -dV/dt", "[forces][bushing]") {
  ForceModel m(fexpr::testing::example_model("bushing.adm"));
  SECTION("translational, in a general pose of both markers") {
    m.move(2, {0.02, 0.01, -0.03}, {0.1, 0.2, 0.3}, {0.3, -0.2, 0.1}, {0.1, 0.4, -0.2});
    auto l = m.loads("BUSHING", 2);
    // V = 1/2 sum K_k x_k^2 with x = DX/DY/DZ(I, J, J), whose rates seen from J are VX/VY/VZ(I, J, J, J).
    double rate = 0;
    const double k[3] = {1E5, 2E5, 3E5};
    const char* axis[3] = {"X", "Y", "Z"};
    for (int a = 0; a < 3; ++a) {
      double x = m.value(std::string("D") + axis[a] + "(2, 1, 1)");
      double v = m.value(std::string("V") + axis[a] + "(2, 1, 1, 1)");
      rate += k[a] * x * v;
    }
    CHECK(m.value(*l.power) == Approx(-rate));
  }
  SECTION("rotational, turning about J's z axis, where AZ changes at WZ") {
    auto l = m.loads("BUSHING", 3);
    CHECK(m.value(*l.power) == Approx(-3000 * 0.05 * 0.2));
  }
}

TEST_CASE("BUSHING loads balance and their Jacobian matches central differences", "[forces][bushing][derivatives]") {
  ForceModel m(fexpr::testing::example_model("bushing.adm"));
  m.move(2, {0.02, 0.01, -0.03}, {0.1, 0.2, 0.3}, {0.3, -0.2, 0.1}, {0.1, 0.4, -0.2});
  auto l = m.loads("BUSHING", 1);
  m.check_balance(l, l.element.j, 1E5);
  m.check_jacobian(l);
}

TEST_CASE("BUSH(id, jflag, comp, rm) gives the BUSHING's components", "[forces][bushing]") {
  ForceModel m(fexpr::testing::example_model("bushing.adm"));
  CHECK(m.value("BUSH(1, 0, 2, 0)") == Approx(-1009.0));
  CHECK(m.value("BUSH(1, 0, 8, 0)") == Approx(-150.0));
  CHECK(m.value("BUSH(1, 1, 3, 0)") == Approx(-4002.0));
  // Along marker 2's axes, turned 0.05 about z: x component of F is Fx cos + Fy sin.
  CHECK(m.value("BUSH(1, 0, 2, 2)") == Approx(-1009.0 * std::cos(0.05) + 4002.0 * std::sin(0.05)));
}

TEST_CASE("a bad BUSHING is an error at its place", "[forces][bushing]") {
  ForceModel m(
      "bad\n"
      "PART/1, GROUND\n"
      "MARKER/1, PART=1\n"
      "MARKER/2, PART=1\n"
      "BUSHING/1, I=1, J=2, K=1,2\n"
      "BUSHING/2, I=1, J=2, CT=1,-2,3\n"
      "BUSHING/3, J=2, K=1,2,3\n"
      "END\n");
  CHECK(m.error("BUSHING", 1).starts_with("t.adm:5:22: error: BUSHING/1 K= takes 3 numbers, got 2"));
  CHECK(m.error("BUSHING", 2).starts_with("t.adm:6:27: error: BUSHING/2 CT= must not be negative, got -2"));
  CHECK(m.error("BUSHING", 3).starts_with("t.adm:7:1: error: BUSHING/3 needs I="));
}

}  // namespace test_forces_bushing
