// check leaves a BUSHING, FIELD or BEAM uncompiled when a bound shows every value of its
// evaluation finite (dataset/forces/linear_loads_bound.hpp). The bound must never hold where
// evaluation fails, must hold on ordinary elements, and where it says nothing check evaluates.
#include "checked_dataset.hpp"
#include "dataset/forces/linear_loads_bound.hpp"
#include "force_checks.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

namespace test_forces_linear_loads_bound {

namespace {

// The twelve loads and the power evaluated, as `fexpr loads` does.
bool evaluates(fexpr::testing::ForceModel& m, const std::string& type, long id) {
  const fexpr::dataset::ForceLoads l = m.loads(type, id);
  fexpr::Workspace ws;
  try {
    for (const auto& e : l.loads) e->value(m.inputs(), ws);
    l.power->value(m.inputs(), ws);
  } catch (const fexpr::EvaluationError&) {
    return false;
  }
  return true;
}

bool bounded(fexpr::testing::ForceModel& m, const std::string& type, long id) {
  return fexpr::dataset::loads_certainly_finite(m.loads(type, id).element, m.build.model, m.state);
}

}  // namespace

// I is 10 along x from J, both on ground at rest: DX(I,J,J) = 10, every other measure 0 but J's
// axes (entries 0 and 1). The x load is K*10 along J's axes and in ground alike; on J the arm
// DXYZ(I,J) is 10 long, so the torque's bound, 2*10*(10*K) = 200*K, is the largest: under 1E300
// for K under 5E297. Above it the bound says nothing, though the arm is parallel to the force
// (no torque): check then evaluates the element and finds it fine.
TEST_CASE("the bound at its threshold, computed by hand", "[forces][check]") {
  const std::string text =
      "bound\n"
      "PART/1, GROUND\n"
      "MARKER/1, PART=1\n"
      "MARKER/2, PART=1, QP=10, 0, 0\n"
      "BUSHING/1, I=2, J=1, K=4E297, 0, 0\n"
      "BUSHING/2, I=2, J=1, K=6E297, 0, 0\n"
      "END\n";
  fexpr::testing::ForceModel m(text);
  CHECK(bounded(m, "BUSHING", 1));
  CHECK_FALSE(bounded(m, "BUSHING", 2));
  CHECK(evaluates(m, "BUSHING", 1));
  CHECK(evaluates(m, "BUSHING", 2));
  CHECK(fexpr::testing::problems(fexpr::dataset::check_text("t.adm", text)).empty());
}

// Every law at three placements of I (on a moving, turned part: velocities and axes in every
// term), its stiffness and damping scaled by 1 to 1E305: where the bound holds the element must
// evaluate; where it fails, check must report what evaluating reports.
TEST_CASE("the bound never holds where evaluation fails", "[forces][check]") {
  std::ostringstream text;
  text << "scaled laws\n"
          "PART/1, GROUND\n"
          "MARKER/1, PART=1, QP=0.5, -1, 2, REULER=10D, 20D, 30D\n"
          "PART/2, MASS=1, CM=10, QG=1, 2, 3, REULER=0.3, -0.2, 0.1, VX=3, VY=-2, VZ=1, WX=0.5, WY=-0.4, WZ=2\n"
          "MARKER/10, PART=2\n"
          "MARKER/11, PART=2, QP=1E5, 0, 0\n"
          "MARKER/12, PART=2, QP=-2, 1E10, 3\n"
          "MARKER/13, PART=2, QP=0.1, 0.2, 0.3, REULER=40D, 50D, 60D\n";
  const char* scales[] = {"1", "1E100", "1E200", "1E250", "1E280", "1E290", "1E295", "1E298", "1E300", "1E305"};
  long id = 0;
  std::vector<std::pair<std::string, long>> elements;
  for (const char* s : scales) {
    for (int i = 11; i <= 13; ++i) {
      text << "BUSHING/" << ++id << ", I=" << i << ", J=1, K=" << s << ", 2, 3, C=" << s << ", 1, 1, KT=" << s
           << ", 1, 1, CT=1, " << s << ", 1, FORCE=1, 2, 3, TORQUE=4, 5, 6\n";
      elements.emplace_back("BUSHING", id);
      text << "FIELD/" << ++id << ", I=" << i << ", J=1, LENGTH=1, 0, 0, 0, 0, 0, FORCE=0, 0, 1, 0, 0, 0, KMATRIX=" << s
           << ",0,0,0,0,0, 0,1,0,0,0," << s << ", 0,0,1,0,0,0, 0,0,0,1,0,0, 0,0,0,0,1,0, 0," << s
           << ",0,0,0,1, CRATIO=0.01\n";
      elements.emplace_back("FIELD", id);
      text << "BEAM/" << ++id << ", I=" << i << ", J=1, LENGTH=2, AREA=1, IXX=1, IYY=2, IZZ=3, EMODULUS=" << s
           << ", GMODULUS=1, CRATIO=0.001\n";
      elements.emplace_back("BEAM", id);
    }
  }
  text << "END\n";
  fexpr::testing::ForceModel m(text.str());
  const auto checked = fexpr::dataset::check_text("t.adm", text.str());
  const auto reported = fexpr::testing::problems(checked);
  int held = 0, failed = 0;
  for (const auto& [type, n] : elements) {
    INFO(type << "/" << n);
    const bool ok = evaluates(m, type, n);
    if (bounded(m, type, n)) {
      ++held;
      CHECK(ok);
    }
    if (!ok) ++failed;
  }
  // Unscaled, every element is bounded (9 of them); the largest scales overflow somewhere.
  CHECK(held >= 9);
  CHECK(failed > 0);
  // check warns once for each element that fails, and for no other.
  CHECK(std::count_if(reported.begin(), reported.end(), [](const std::string& r) {
          return r.ends_with(":warning:domain");
        }) == failed);
}

}  // namespace test_forces_linear_loads_bound
