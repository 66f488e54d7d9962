// FX FY FZ FM TX TY TZ TM (i[, j][, k]): the net applied load at a marker, summed by hand from
// the element loads of examples/models/vector_forces.adm, and not evaluated where a joint acts.
#include "force_checks.hpp"

#include <cmath>

namespace test_forces_net {

using fexpr::testing::ForceModel;

TEST_CASE("FX..TM sum the loads of the force elements at a marker", "[forces][net]") {
  ForceModel m(fexpr::testing::example_model("vector_forces.adm"));
  // On marker 20: VFORCE/1 (4, 10, 3) and GFORCE/3 (-50, -100, 0); torques VTORQUE/2 (-2, 1, 3)
  // and GFORCE/3 (0, 0, 5). On the floating marker 31 their reactions.
  CHECK(m.value("FX(20)") == Approx(-46.0));
  CHECK(m.value("FY(20)") == Approx(-90.0));
  CHECK(m.value("FZ(20)") == Approx(3.0));
  CHECK(m.value("FM(20)") == Approx(std::sqrt(46.0 * 46.0 + 90.0 * 90.0 + 9.0)));
  CHECK(m.value("TZ(20)") == Approx(8.0));
  CHECK(m.value("TX(20)") == Approx(-2.0));
  CHECK(m.value("FX(31)") == Approx(46.0));
  // Between 20 and 31 all of them act; between 20 and 30 none. Along marker 1's x axis (ground y).
  CHECK(m.value("FX(20, 31)") == Approx(-46.0));
  CHECK(m.value("FX(20, 30)") == 0.0);
  CHECK(m.value("FX(20, 0, 1)") == Approx(-90.0));
}

TEST_CASE("FX where a joint acts is not evaluated and says why", "[forces][net]") {
  ForceModel m(fexpr::testing::example_model("spring_damper.adm"));
  // SFORCE/1 alone acts at marker 3; JOINT/1 also acts at marker 2.
  CHECK(m.value("FX(3)") == Approx(-1007.5));
  auto d = m.compile_error("FX(2)");
  CHECK(d.code == fexpr::Code::not_interpreted);
  CHECK(d.message == "FX(2, ...) is not evaluated: JOINT/1 also acts at marker 2: its load there is a reaction only a solver knows");
  CHECK(m.compile_error("FX(99)").message == "marker 99 is not defined");
}

}  // namespace test_forces_net
