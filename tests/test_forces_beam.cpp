// BEAM: the loads of examples/models/beam.adm worked by hand, the cantilever's closed-form tip
// deflections from the beam's own stiffness, the Jacobian against central differences,
// balance, the damping's power, BEAM(...) and FX..TM in expressions, and errors at their place.
#include "force_checks.hpp"

#include <cmath>
#include <numbers>

namespace test_forces_beam {

namespace {

using fexpr::testing::ForceModel;

void check_vector(const Eigen::Vector3d& v, const Eigen::Vector3d& expected) {
  for (int k = 0; k < 3; ++k) CHECK(v[k] == Approx(expected[k]).margin(1e-9));
}

// One beam from ground's marker 1 to marker 2 on PART/2, with the section below.
constexpr double kL = 1.5, kE = 2E7, kG = 8E6, kA = 0.02, kIxx = 3E-5, kIyy = 2E-5, kIzz = 4E-5, kAsy = 1.2, kAsz = 2.0;

std::string cantilever(const std::string& damping = "") {
  return "cantilever\n"
         "PART/1, GROUND\n"
         "MARKER/1, PART=1\n"
         "PART/2, QG=1.5,0,0\n"
         "MARKER/2, PART=2\n"
         "BEAM/1, I=2, J=1, LENGTH=1.5, AREA=0.02, IXX=3E-5, IYY=2E-5, IZZ=4E-5\n"
         ", EMODULUS=2E7, GMODULUS=8E6, ASY=1.2, ASZ=2" +
         damping +
         "\n"
         "END\n";
}

}  // namespace

TEST_CASE("a BEAM's end loads are -K(X - L) - C V with the Timoshenko stiffness", "[forces][beam]") {
  ForceModel m(fexpr::testing::example_model("beam.adm"));
  // The entries of K and each product are written out in beam.adm's comment.
  SECTION("bending in x-y with shear (ASY), bending in x-z, stretching, CRATIO damping") {
    auto l = m.loads("BEAM", 1);
    Eigen::Vector3d f(-2.5E5 * 0.01 - 0.01 * 2.5E5 * 0.1, -(3E4 * -0.02 - 3E4 * 0.05) - 0.01 * (-3E4 * 0.2),
                      -1.5E4 * 0.03);
    Eigen::Vector3d t(0, -1.5E4 * 0.03, -(-3E4 * -0.02 + 4.5E4 * 0.05) - 0.01 * 4.5E4 * 0.2);
    check_vector(m.load(l, 0), f);
    check_vector(m.load(l, 1), t);
    check_vector(m.load(l, 2), -f);
    check_vector(m.load(l, 3), -t - Eigen::Vector3d(2.01, -0.02, 0.03).cross(f));
    CHECK(m.value(*l.power) == Approx(f[0] * 0.1 + t[2] * 0.2));
  }
  SECTION("torsion") {
    auto l = m.loads("BEAM", 2);
    check_vector(m.load(l, 0), {0, 0, 0});
    check_vector(m.load(l, 1), {-4320 * 0.01, 0, 0});
  }
  SECTION("bending in x-z with shear (ASZ) and CMATRIX, its lower triangle by columns") {
    auto l = m.loads("BEAM", 3);
    check_vector(m.load(l, 0), {0, 0, -(1.2E4 * 0.01 + 1.2E4 * 0.04) - (100 * 0.1 + 10 * 0.2)});
    check_vector(m.load(l, 1), {0, -(1.2E4 * 0.01 + 1.7E4 * 0.04) - (10 * 0.1 + 50 * 0.2), 0});
  }
}

TEST_CASE("a BEAM's stiffness gives the cantilever's closed-form tip deflections", "[forces][beam]") {
  // J is clamped (ground); a static load P on the free end I is held where the beam's force
  // on I is -P. Bending in x-y: with Phi = 12 E IZZ ASY/(G A L^2) the 2x2 stiffness of (y, c) is
  //   [12 E I/(L^3 (1+Phi))   -6 E I/(L^2 (1+Phi))  ]
  //   [-6 E I/(L^2 (1+Phi))   (4+Phi) E I/(L (1+Phi))],
  // whose second row gives c = 6 y/(L (4+Phi)) and whose first then y (12 - 36/(4+Phi)) E I/(L^3 (1+Phi))
  // = 12 E I y/(L^3 (4+Phi)) = P: y = P L^3 (4+Phi)/(12 E I) = P L^3/(3 E I) + P L ASY/(G A), the
  // Euler-Bernoulli deflection plus the shear's, and c = P L^2/(2 E I). In x-z the same with
  // IYY and ASZ, the end turning by -P L^2/(2 E IYY) about y. The matrices here are read from
  // the evaluated loads, unit deflection by unit deflection (each load is linear in them).
  ForceModel m(cantilever());
  const double h = 1e-3, p = 50.0, pi = std::numbers::pi;
  // The beam's load on I (force, torque) with I moved by d from its free position and turned by
  // the Euler angles e.
  auto loads_at = [&](Eigen::Vector3d d, Eigen::Vector3d e) {
    m.move(2, Eigen::Vector3d(kL, 0, 0) + d, e, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero());
    auto l = m.loads("BEAM", 1);
    return std::pair{m.load(l, 0), m.load(l, 1)};
  };
  SECTION("along y, with ASY") {
    auto [fy, ty] = loads_at({0, h, 0}, {0, 0, 0});
    auto [fc, tc] = loads_at({0, 0, 0}, {h, 0, 0});  // psi = h: a turn about z
    Eigen::Matrix2d k;
    k << -fy[1] / h, -fc[1] / h, -ty[2] / h, -tc[2] / h;
    Eigen::Vector2d yc = k.lu().solve(Eigen::Vector2d(p, 0));
    CHECK(yc[0] == Approx(p * kL * kL * kL / (3 * kE * kIzz) + p * kL * kAsy / (kG * kA)).epsilon(1e-9));
    CHECK(yc[1] == Approx(p * kL * kL / (2 * kE * kIzz)).epsilon(1e-9));
  }
  SECTION("along z, with ASZ") {
    auto [fz, tz] = loads_at({0, 0, h}, {0, 0, 0});
    auto [fb, tb] = loads_at({0, 0, 0}, {pi / 2, h, -pi / 2});  // a turn about y
    Eigen::Matrix2d k;
    k << -fz[2] / h, -fb[2] / h, -tz[1] / h, -tb[1] / h;
    Eigen::Vector2d zb = k.lu().solve(Eigen::Vector2d(p, 0));
    CHECK(zb[0] == Approx(p * kL * kL * kL / (3 * kE * kIyy) + p * kL * kAsz / (kG * kA)).epsilon(1e-9));
    CHECK(zb[1] == Approx(-p * kL * kL / (2 * kE * kIyy)).epsilon(1e-9));
  }
  SECTION("axial P L/(E A) and torsional T L/(G IXX)") {
    auto [fx, tx] = loads_at({h, 0, 0}, {0, 0, 0});
    CHECK(p / (-fx[0] / h) == Approx(p * kL / (kE * kA)).epsilon(1e-9));
    auto [fa, ta] = loads_at({0, 0, 0}, {0, h, 0});  // theta = h: a turn about x
    CHECK(p / (-ta[0] / h) == Approx(p * kL / (kG * kIxx)).epsilon(1e-9));
  }
}

TEST_CASE("BEAM loads balance and their Jacobian matches central differences", "[forces][beam][derivatives]") {
  ForceModel m(fexpr::testing::example_model("beam.adm"));
  for (long id : {1, 3}) {
    INFO("BEAM/" << id);
    m.move(id == 1 ? 2 : 4, {2.02, 0.01, -0.03}, {0.1, 0.05, -0.02}, {0.3, -0.2, 0.1}, {0.1, 0.4, -0.2});
    auto l = m.loads("BEAM", id);
    m.check_balance(l, l.element.j, 1E5);
    m.check_jacobian(l);
  }
  auto l = m.loads("BEAM", 1);
  CHECK(m.value("BEAM(1, 0, 3, 0)") == Approx(m.load(l, 0)[1]));
  CHECK(m.value("BEAM(1, 1, 7, 0)") == Approx(m.load(l, 3)[1]));
  CHECK(m.value("BEAM(1, 0, 5, 0)") == Approx(m.load(l, 1).norm()));
  // Along marker 2's axes: the force's components in them.
  CHECK(m.value("BEAM(1, 0, 2, 2)") == Approx(m.value("FX(2, 1, 2)")));
}

TEST_CASE("FX..TM at a BEAM's markers sum its loads", "[forces][beam][net]") {
  ForceModel m(fexpr::testing::example_model("beam.adm"));
  // Marker 2 is BEAM/1's I alone; ground's marker 1 is J of all three.
  CHECK(m.value("FX(2)") == Approx(-2750.0));
  CHECK(m.value("TZ(2)") == Approx(-2940.0));
  CHECK(m.value("FZ(1)") == Approx(450.0 + 0 + 612));
  CHECK(m.value("FZ(1, 2)") == Approx(450.0));
}

TEST_CASE("a BEAM's CRATIO damping takes power out", "[forces][beam]") {
  // The same beam with and without CRATIO: the difference of their powers is the damping's,
  // -V' C V with C = CRATIO K and K positive semidefinite.
  ForceModel damped(cantilever(", CRATIO=0.05")), elastic(cantilever());
  Eigen::Vector3d states[][4] = {{{1.52, 0.01, -0.02}, {0.1, 0.02, 0.03}, {0.3, -0.2, 0.1}, {0.1, 0.4, -0.2}},
                                 {{1.49, -0.03, 0.01}, {-0.2, 0.01, 0.1}, {-1, 2, 0.5}, {-0.3, 0.1, 0.7}},
                                 {{1.5, 0, 0}, {0, 0, 0}, {0, 0, 1}, {0, 0, 0}}};
  for (auto& s : states) {
    damped.move(2, s[0], s[1], s[2], s[3]);
    elastic.move(2, s[0], s[1], s[2], s[3]);
    double p = damped.value(*damped.loads("BEAM", 1).power) - elastic.value(*elastic.loads("BEAM", 1).power);
    CHECK(p < 0);
  }
}

TEST_CASE("a bad BEAM is an error at its place", "[forces][beam]") {
  std::string head = "BEAM/%, I=1, J=2, LENGTH=2, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03, EMODULUS=1E6, GMODULUS=4E5";
  auto beam = [&](int id, const std::string& rest) {
    std::string s = head;
    s.replace(s.find('%'), 1, std::to_string(id));
    return s + rest + "\n";
  };
  std::string lower21 = "1,0,0,0,0,0, 1,0,0,0,0, 1,0,0,0, 1,0,0, 1,0, 1";
  ForceModel m("bad\n"
               "PART/1, GROUND\n"
               "MARKER/1, PART=1\n"
               "MARKER/2, PART=1\n"
               "BEAM/1, I=1, J=2, LENGTH=0, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03, EMODULUS=1E6, GMODULUS=4E5\n"
               "BEAM/2, I=1, J=2, LENGTH=2, AREA=-0.5, IXX=0.02, IYY=0.01, IZZ=0.03, EMODULUS=1E6, GMODULUS=4E5\n"
               "BEAM/3, I=1, J=2, LENGTH=2, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03, EMODULUS=0, GMODULUS=4E5\n"
               "BEAM/4, I=1, J=2, LENGTH=2, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03, EMODULUS=1E6, GMODULUS=-4E5\n"
               "BEAM/5, I=1, J=2, LENGTH=2, AREA=0.5, IXX=0.02, IYY=-0.01, IZZ=0.03, EMODULUS=1E6, GMODULUS=4E5\n" +
               beam(6, ", ASY=-1.2") + beam(7, ", CRATIO=0.1, CMATRIX=" + lower21) +
               beam(8, ", CMATRIX=" + lower21 + ", 0,0,0,0,0,0, 0,0,0,0,0,0, 0,0,0") +
               "BEAM/9, I=1, J=7, LENGTH=2, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03, EMODULUS=1E6, GMODULUS=4E5\n"
               "BEAM/10, I=1, J=2, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03, EMODULUS=1E6, GMODULUS=4E5\n" +
               beam(11, ", CMATRIX=1,0,0,0,0,0, -3,0,0,0,0, 1,0,0,0, 1,0,0, 1,0, 1") + beam(12, ", CRATIO=-0.1") +
               beam(13, ", FORMULATION=STRING") + "END\n");
  CHECK(m.error("BEAM", 1).starts_with("t.adm:5:26: error: BEAM/1 LENGTH= must be positive, got 0"));
  CHECK(m.error("BEAM", 2).starts_with("t.adm:6:34: error: BEAM/2 AREA= must be positive, got -0.5"));
  CHECK(m.error("BEAM", 3).starts_with("t.adm:7:78: error: BEAM/3 EMODULUS= must be positive, got 0"));
  CHECK(m.error("BEAM", 4).starts_with("t.adm:8:92: error: BEAM/4 GMODULUS= must be positive, got -4E5"));
  CHECK(m.error("BEAM", 5).starts_with("t.adm:9:53: error: BEAM/5 IYY= must not be negative, got -0.01"));
  CHECK(m.error("BEAM", 6).starts_with("t.adm:10:101: error: BEAM/6 ASY= must not be negative, got -1.2"));
  CHECK(m.error("BEAM", 7).starts_with("t.adm:11:97: error: BEAM/7 gives its damping twice: CRATIO= and CMATRIX="));
  CHECK(m.error("BEAM", 8).starts_with("t.adm:12:97: error: BEAM/8 CMATRIX= takes 21 numbers, got 36"));
  CHECK(m.error("BEAM", 9).starts_with("t.adm:13:16: error: BEAM/9 J=7: marker 7 is not defined on a rigid part"));
  CHECK(m.error("BEAM", 10).starts_with("t.adm:14:1: error: BEAM/10 needs LENGTH="));
  CHECK(m.error("BEAM", 11).starts_with(
      "t.adm:15:119: error: BEAM/11 CMATRIX is not positive semidefinite: its diagonal entry (2, 2) is -3"));
  CHECK(m.error("BEAM", 12).starts_with("t.adm:16:105: error: BEAM/12 CRATIO= must not be negative, got -0.1"));
  CHECK(m.error("BEAM", 13).starts_with("t.adm:17:98: info: BEAM/13 FORMULATION=STRING is one of Adams' non-linear "
                                        "beams; fexpr evaluates the LINEAR one only; not evaluated"));
  // In expressions: an undefined BEAM is a reference error; a non-linear one is not evaluated.
  CHECK(m.compile_error("BEAM(99, 0, 1, 0)").code == fexpr::Code::reference);
  auto d = m.compile_error("BEAM(13, 0, 1, 0)");
  CHECK(d.code == fexpr::Code::not_interpreted);
  CHECK(d.message.find("FORMULATION=STRING") != std::string::npos);
}

}  // namespace test_forces_beam
