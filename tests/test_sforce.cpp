// SFORCE elements: loads on I and J, power and Jacobian against hand derivations, and the
// Jacobian against central finite differences of the part states.
#include "dataset/sforce.hpp"
#include "loaded_dataset.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <numbers>

namespace test_sforce {

namespace {

struct Loaded : fexpr::testing::LoadedDataset {
  using LoadedDataset::LoadedDataset;

  fexpr::dataset::Sforce sforce(long id) {
    for (const auto& s : dataset.statements) {
      if (s.name == "SFORCE" && s.id == id) {
        auto made = fexpr::dataset::make_sforce(s, elements);
        INFO((std::holds_alternative<std::string>(made) ? std::get<std::string>(made) : ""));
        REQUIRE(std::holds_alternative<fexpr::dataset::Sforce>(made));
        return std::get<fexpr::dataset::Sforce>(made);
      }
    }
    FAIL("no SFORCE/" << id);
    throw;
  }
  double load(const fexpr::dataset::Sforce& s, int row) {
    fexpr::Workspace ws;
    return s.loads[static_cast<std::size_t>(row)]->value(inputs(), ws);
  }
};

// PART/3 sits 0.6 from PART/2 and moves away at 0.3; k = 1E4, L = 0.5, c = 25.
const char* kSpringDamper =
    "spring-damper\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART=1\n"
    "PART/2, QG=1,0,0\n"
    "MARKER/2, PART=2\n"
    "PART/3, QG=1.6,0,0, VX=0.3\n"
    "MARKER/3, PART=3\n"
    "SFORCE/1, TRANSLATIONAL, I=3, J=2, FUNCTION=-1E4*(DM(3,2)-0.5) - 25*VR(3,2)\n"
    "END\n";

enum Row { FIx, FIy, FIz, TIx, TIy, TIz, FJx, FJy, FJz, TJx, TJy, TJz };

}  // namespace

TEST_CASE("a linear spring-damper SFORCE gives the analytic force, power and Jacobian", "[sforce]") {
  Loaded m(kSpringDamper);
  auto s = m.sforce(1);
  fexpr::Workspace ws;
  // f = -k (d - L) - c v = -1E4*0.1 - 25*0.3 = -1007.5, along u = (1, 0, 0) from J to I.
  const double f = -1007.5;
  CHECK(s.value.value(m.inputs(), ws) == Approx(f));
  CHECK(m.load(s, FIx) == Approx(f));
  CHECK(m.load(s, FIy) == Approx(0.0).margin(1e-12));
  CHECK(m.load(s, FJx) == Approx(-f));
  CHECK(m.load(s, TIz) == 0.0);
  // Power f*v_rel: the damper seed's lossPower with the sign of work done on the parts.
  CHECK(s.power.value(m.inputs(), ws) == Approx(f * 0.3));
  // Jacobian of F_I.x = f*ux: df/dx3 = -k (the damping term's dVR/dx3 = (vx - VR ux)/d = 0),
  // df/dvx3 = -c; F_I.y = f*uy with duy/dy3 = 1/d: f/d = -1007.5/0.6.
  auto gradient = [&](Row row) {
    const auto& e = *s.loads[row];
    std::vector<double> g(e.derivative_count());
    e.gradient(m.inputs(), ws, g);
    std::map<std::string, double> out;
    for (std::size_t k = 0; k < g.size(); ++k) out[e.derivative_names()[k]] = g[k];
    return out;
  };
  auto fix = gradient(FIx);
  CHECK(fix["PART/3.x"] == Approx(-1E4));
  CHECK(fix["PART/2.x"] == Approx(1E4));
  CHECK(fix["PART/3.vx"] == Approx(-25.0));
  CHECK(fix["PART/2.vx"] == Approx(25.0));
  CHECK(gradient(FIy)["PART/3.y"] == Approx(f / 0.6));
  CHECK(gradient(FJx)["PART/3.x"] == Approx(1E4));
}

TEST_CASE("the SFORCE Jacobian matches central differences of the part states", "[sforce][derivatives]") {
  Loaded m(kSpringDamper);
  // Move off the axis so that every component and every state matters.
  const int part3 = m.build.model.find_part(3);
  fexpr::kinematics::PartState p3 = m.state.part(part3);
  p3.position = {1.5, 0.2, -0.1};
  p3.velocity = {0.3, -0.2, 0.4};
  p3.euler = {0.3, 0.4, 0.5};
  p3.omega = {0.1, 0.2, 0.3};
  m.state.set_part(part3, p3);
  auto s = m.sforce(1);
  fexpr::Workspace ws;
  for (int row = 0; row < 12; ++row) {
    const auto& e = *s.loads[static_cast<std::size_t>(row)];
    std::vector<double> g(e.derivative_count());
    e.gradient(m.inputs(), ws, g);
    for (std::size_t k = 0; k < g.size(); ++k) {
      const std::string& name = e.derivative_names()[k];
      if (name.rfind("PART/3.", 0) != 0) continue;
      int state = 0;
      while (fexpr::kinematics::state_name(state) != name.substr(7)) ++state;
      const double h = 1e-6, x0 = fexpr::kinematics::state_value(p3, state);
      m.state.set_value(part3, state, x0 + h);
      double up = e.value(m.inputs(), ws);
      m.state.set_value(part3, state, x0 - h);
      double down = e.value(m.inputs(), ws);
      m.state.set_value(part3, state, x0);
      INFO("row " << row << " d/d" << name);
      CHECK(g[k] == Approx((up - down) / (2 * h)).epsilon(1e-6).margin(1e-4));
    }
  }
}

TEST_CASE("a rotational SFORCE is a torque about J's z axis", "[sforce]") {
  Loaded m(
      "pendulum\n"
      "PART/1, GROUND\n"
      "MARKER/10, PART=1\n"
      "PART/2, REULER=30D,0D,0D, WZ=2\n"
      "MARKER/20, PART=2\n"
      "SFORCE/1, ROTATIONAL, I=20, J=10, FUNCTION=-0.8*WZ(20,10) - 12*AZ(20,10)\n"
      "END\n");
  auto s = m.sforce(1);
  // f = -0.8*2 - 12*pi/6; z of ground is (0, 0, 1); power = f*WZ(20, 10, 10) = 2f.
  const double f = -1.6 - 2 * std::numbers::pi;
  fexpr::Workspace ws;
  CHECK(m.load(s, TIz) == Approx(f));
  CHECK(m.load(s, TIx) == Approx(0.0).margin(1e-12));
  CHECK(m.load(s, TJz) == Approx(-f));
  CHECK(m.load(s, FIx) == 0.0);
  CHECK(s.power.value(m.inputs(), ws) == Approx(2 * f));
}

TEST_CASE("an action-only SFORCE loads I along J's z axis and leaves J alone", "[sforce]") {
  // J's axes are turned 90 degrees about x: z_J = Rx(90D) (0, 0, 1) = (0, -1, 0).
  Loaded m(
      "action only\n"
      "PART/1, GROUND\n"
      "MARKER/1, PART=1, REULER=0,90D,0\n"
      "PART/2, QG=0,0,2, VY=-3\n"
      "MARKER/2, PART=2\n"
      "SFORCE/1, TRANSLATIONAL, ACTIONONLY, I=2, J=1, FUNCTION=100\n"
      "END\n");
  auto s = m.sforce(1);
  fexpr::Workspace ws;
  CHECK(m.load(s, FIx) == Approx(0.0).margin(1e-12));
  CHECK(m.load(s, FIy) == Approx(-100.0));
  CHECK(m.load(s, FIz) == Approx(0.0).margin(1e-12));
  CHECK(m.load(s, FJy) == 0.0);
  // Power: F . v_I = (0, -100, 0) . (0, -3, 0) = 300.
  CHECK(s.power.value(m.inputs(), ws) == Approx(300.0));
}

TEST_CASE("the SFORCE function gives the components of another SFORCE", "[sforce][elements]") {
  auto f = std::string(kSpringDamper);
  f.replace(f.find("END"), 3,
            "VARIABLE/1, FUNCTION=SFORCE(1, 0, 2, 0)\n"
            "VARIABLE/2, FUNCTION=SFORCE(1, 1, 2, 0)\n"
            "VARIABLE/3, FUNCTION=SFORCE(1, 0, 1, 0)\n"
            "END");
  Loaded m(f);
  fexpr::Workspace ws;
  auto value = [&](long id) {
    auto* e = m.elements.element("VARIABLE", id);
    REQUIRE(e->expression);
    return e->expression->value(m.inputs(), ws);
  };
  CHECK(value(1) == Approx(-1007.5));
  CHECK(value(2) == Approx(1007.5));
  CHECK(value(3) == Approx(1007.5));  // FM = |f|
}

}  // namespace test_sforce
