// VFORCE, VTORQUE and GFORCE: components along RM taken to ground by hand, the reaction on the
// JFLOAT part at I, the power, -dV/dt for a spring written as a GFORCE, the Jacobian against
// central differences, the balance of forces and moments, the element functions, and errors.
#include "force_checks.hpp"

namespace test_forces_vector {

namespace {

using fexpr::testing::ForceModel;

void check_vector(const Eigen::Vector3d& v, double x, double y, double z) {
  CHECK(v[0] == Approx(x).margin(1e-12));
  CHECK(v[1] == Approx(y).margin(1e-12));
  CHECK(v[2] == Approx(z).margin(1e-12));
}

}  // namespace

TEST_CASE("a VFORCE's components along RM act on I, their opposite on the JFLOAT part", "[forces][vforce]") {
  ForceModel m(fexpr::testing::example_model("vector_forces.adm"));
  auto l = m.loads("VFORCE", 1);
  // RM's x axis is ground y, its y axis ground -x: 10*(0, 1, 0) - 4*(-1, 0, 0) + 3*(0, 0, 1).
  check_vector(m.load(l, 0), 4, 10, 3);
  check_vector(m.load(l, 2), -4, -10, -3);
  check_vector(m.load(l, 1), 0, 0, 0);
  // I moves at (0.5, 0, 0) + (0, 0, 1) x (0.5, 0, 0); the disc's point at I, (1.5, 2, 0), at
  // (0, 0, 2) x (1.5, 2, 0) = (-4, 3, 0). Power (4, 10, 3).(4.5, -2.5, 0).
  CHECK(m.value(*l.power) == Approx(-7.0));
  m.time = 1.0;
  CHECK(m.load(l, 0)[2] == Approx(5.0));
}

TEST_CASE("a VTORQUE's components along RM turn I, their opposite the JFLOAT part", "[forces][vtorque]") {
  ForceModel m(fexpr::testing::example_model("vector_forces.adm"));
  auto l = m.loads("VTORQUE", 2);
  check_vector(m.load(l, 1), -2, 1, 3);
  check_vector(m.load(l, 3), 2, -1, -3);
  check_vector(m.load(l, 0), 0, 0, 0);
  // (-2, 1, 3).(w_arm - w_disc) = 3*(1 - 2)
  CHECK(m.value(*l.power) == Approx(-3.0));
}

TEST_CASE("a GFORCE spring has power -dV/dt and balanced loads", "[forces][gforce]") {
  ForceModel m(fexpr::testing::example_model("vector_forces.adm"));
  auto l = m.loads("GFORCE", 3);
  // d = (1.5, 2, 0) - (1, 1, 0); F = -100 d; T = (0, 0, 5)
  check_vector(m.load(l, 0), -50, -100, 0);
  check_vector(m.load(l, 1), 0, 0, 5);
  // The spring's V = 50 |d|^2 changes at 100 d.(v_I - v_30), v_30 = (0, 0, 2) x (1, 1, 0) =
  // (-2, 2, 0): 100 (0.5, 1, 0).(2.5, -1.5, 0) = -25, so its power is 25; the torque's is
  // 5*(1 - 2). The reaction at the disc's point under I does no work of its own here because
  // w_disc x d is normal to d.
  CHECK(m.value(*l.power) == Approx(20.0));
  for (const char* type : {"VFORCE", "VTORQUE", "GFORCE"}) {
    INFO(type);
    auto each = m.loads(type, std::string(type) == "VFORCE" ? 1 : std::string(type) == "VTORQUE" ? 2 : 3);
    m.check_balance(each, each.element.i, 100);
    m.check_jacobian(each);
  }
}

TEST_CASE("VFORCE, VTORQ and GFORCE functions give the components", "[forces][vforce]") {
  ForceModel m(fexpr::testing::example_model("vector_forces.adm"));
  CHECK(m.value("VFORCE(1, 0, 2, 0)") == Approx(4.0));
  CHECK(m.value("VFORCE(1, 1, 3, 0)") == Approx(-10.0));
  // Along RM = marker 1: the components as written.
  CHECK(m.value("VFORCE(1, 0, 2, 1)") == Approx(10.0));
  CHECK(m.value("VFORCE(1, 0, 3, 1)") == Approx(-4.0));
  CHECK(m.value("VFORCE(1, 0, 1, 0)") == Approx(std::sqrt(125.0)));
  CHECK(m.value("VTORQ(2, 0, 6, 1)") == Approx(1.0));
  CHECK(m.value("GFORCE(3, 1, 8, 0)") == Approx(-5.0));
}

TEST_CASE("a vector force that cannot be evaluated says why, at its place", "[forces][vforce]") {
  ForceModel m(
      "bad\n"
      "PART/1, GROUND\n"
      "MARKER/1, PART=1\n"
      "PART/2\n"
      "MARKER/2, PART=2\n"
      "MARKER/3, PART=2, FLOATING\n"
      "VFORCE/1, I=2, JFLOAT=9, RM=1, FX=1\\FY=0\\FZ=0\n"
      "VFORCE/2, I=2, JFLOAT=3, RM=1, FUNCTION=USER(1)\n"
      "VFORCE/3, I=2, JFLOAT=3, RM=1, FX=VFORCE(3, 0, 2, 0)\\FY=0\\FZ=0\n"
      "GFORCE/4, I=2, JFLOAT=3, RM=1, FX=DM(2, 99)\\FY=0\\FZ=0\n"
      "END\n");
  CHECK(m.error("VFORCE", 1).starts_with("t.adm:7:23: error: VFORCE/1 JFLOAT=9: marker 9 is not defined"));
  CHECK(m.error("VFORCE", 2).starts_with("t.adm:8:32: info: VFORCE/2 is computed by a user subroutine; not evaluated"));
  CHECK(m.error("VFORCE", 3).find("its loads refer back to it") != std::string::npos);
  CHECK(m.error("GFORCE", 4).starts_with("t.adm:10:41: error: marker 99 is not defined"));
}

}  // namespace test_forces_vector
