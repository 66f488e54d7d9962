// FIELD: six coupled loads on a small model worked by hand (matrices read by columns, LENGTH,
// FORCE, CRATIO), power = -dV/dt for the stiffness alone, the Jacobian against central
// differences, balance, FIELD(...) in expressions, and errors at their place.
#include "force_checks.hpp"

namespace test_forces_field {

namespace {

using fexpr::testing::ForceModel;

void check_vector(const Eigen::Vector3d& v, const Eigen::Vector3d& expected) {
  for (int k = 0; k < 3; ++k) CHECK(v[k] == Approx(expected[k]).margin(1e-9));
}

const char* kMatrix =
    "1E5,0,0,0,0,100, 0,2E5,5E4,0,0,0, 0,5E4,3E5,0,0,0, 0,0,0,1E3,0,0, 0,0,0,0,2E3,0, 100,0,0,0,0,3E3";

}  // namespace

TEST_CASE("a FIELD couples its six loads through KMATRIX and CMATRIX = CRATIO*KMATRIX", "[forces][field]") {
  ForceModel m(fexpr::testing::example_model("field.adm"));
  auto l = m.loads("FIELD", 1);
  // X - LENGTH = (0, -0.02, 0.03, 0, 0, 0.05), V = (0.1, 0, 0, 0, 0, 0.2), K[x][rz] = 100,
  // K[y][z] = 5E4, C = 0.01 K.
  Eigen::Vector3d f(1 - 100 * 0.05 - 0.01 * (1E5 * 0.1 + 100 * 0.2), 2 - (2E5 * -0.02 + 5E4 * 0.03),
                    3 - (5E4 * -0.02 + 3E5 * 0.03));
  Eigen::Vector3d t(4, 5, 6 - 3E3 * 0.05 - 0.01 * (100 * 0.1 + 3E3 * 0.2));
  check_vector(m.load(l, 0), f);
  check_vector(m.load(l, 1), t);
  check_vector(m.load(l, 2), -f);
  check_vector(m.load(l, 3), -t - Eigen::Vector3d(0.01, -0.02, 0.03).cross(f));
  CHECK(m.value(*l.power) == Approx(f[0] * 0.1 + t[2] * 0.2));
}

TEST_CASE("a FIELD's stiffness alone has power -dV/dt", "[forces][field]") {
  ForceModel m(fexpr::testing::example_model("field.adm"));
  auto l = m.loads("FIELD", 2);
  // V = 1/2 (X - L)' K (X - L); turning about z only, X changes at (0.1, 0, 0, 0, 0, 0.2), so
  // dV/dt = (X - L)' K Xdot = 0.05 * (100*0.1 + 3E3*0.2).
  CHECK(m.value(*l.power) == Approx(-0.05 * (100 * 0.1 + 3E3 * 0.2)));
}

TEST_CASE("FIELD loads balance and their Jacobian matches central differences", "[forces][field][derivatives]") {
  ForceModel m(fexpr::testing::example_model("field.adm"));
  m.move(2, {0.02, 0.01, -0.03}, {0.1, 0.2, 0.3}, {0.3, -0.2, 0.1}, {0.1, 0.4, -0.2});
  auto l = m.loads("FIELD", 1);
  m.check_balance(l, l.element.j, 1E5);
  m.check_jacobian(l);
  CHECK(m.value("FIELD(1, 0, 2, 0)") == Approx(m.load(l, 0)[0]));
  CHECK(m.value("FIELD(1, 1, 8, 0)") == Approx(m.load(l, 3)[2]));
}

TEST_CASE("a bad FIELD is an error at its place", "[forces][field]") {
  ForceModel m(std::string("bad\n"
                           "PART/1, GROUND\n"
                           "MARKER/1, PART=1\n"
                           "MARKER/2, PART=1\n"
                           "FIELD/1, I=1, J=2, KMATRIX=1,2,3\n"
                           "FIELD/2, I=1, J=2, CRATIO=0.1, CMATRIX=") +
               kMatrix + ", KMATRIX=" + kMatrix +
               "\n"
               "FIELD/3, I=1, J=2, KMATRIX=-1E5" + std::string(kMatrix).substr(3) +
               "\n"
               "FIELD/4, I=1, J=2, CRATIO=0.1\n"
               "END\n");
  CHECK(m.error("FIELD", 1).starts_with("t.adm:5:20: error: FIELD/1 KMATRIX= takes 36 numbers, got 3"));
  CHECK(m.error("FIELD", 2).starts_with("t.adm:6:20: error: FIELD/2 gives its damping twice: CRATIO= and CMATRIX="));
  CHECK(m.error("FIELD", 3).starts_with(
      "t.adm:7:28: error: FIELD/3 KMATRIX is not positive semidefinite: its diagonal entry (1, 1) is -1E5"));
  CHECK(m.error("FIELD", 4).starts_with("t.adm:8:20: error: FIELD/4 CRATIO= needs KMATRIX="));
}

TEST_CASE("a PART placed by ZG= and XG= has the axes they point to", "[forces][field][model]") {
  // z towards ZG = (1, 0, 1) from QG = (0, 0, 1): ground x; x towards XG, straight up: ground z.
  ForceModel m(
      "zg xg\n"
      "PART/1, GROUND\n"
      "PART/2, QG=0,0,1, ZG=1,0,1, XG=0,0,2\n"
      "MARKER/2, PART=2\n"
      "END\n");
  CHECK(m.value("UVZ(2)*[1, 0, 0]") == Approx(1.0));
  CHECK(m.value("UVX(2)*[0, 0, 1]") == Approx(1.0));
  CHECK(m.value("UVY(2)*[0, -1, 0]") == Approx(1.0));
}

TEST_CASE("the FAST tower's FIELDs carry no load at their free length", "[forces][field][corpus]") {
  // old-NWTC/FAST CertTest 01: each tower section's FIELD has LENGTH = its spacing along J's x
  // axis and the sections are placed there by ZG= and XG=, so every load is zero but rounding.
  ForceModel m(fexpr::testing::read_text(std::string(FEXPR_SOURCE_DIR) +
                                         "/tests/data/corpus/old-NWTC__FAST/CertTest__Test01_ADAMS.adm"));
  auto l = m.loads("FIELD", 1101);
  for (int row = 0; row < 4; ++row) CHECK(m.load(l, row).norm() < 1e-6);
}

}  // namespace test_forces_field
