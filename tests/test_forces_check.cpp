// `fexpr check` reads SPRINGDAMPER, BUSHING, FIELD and BEAM and evaluates them at the initial state:
// their errors at their places, coincident spring markers as a warning (before assembly).
#include "checked_dataset.hpp"
#include "force_checks.hpp"

#include <catch2/catch.hpp>

namespace test_forces_check {

TEST_CASE("check reports bad force elements at their places", "[forces][check]") {
  auto f = fexpr::dataset::check_text("t.adm",
                                      "bad forces\n"
                                      "PART/1, GROUND\n"
                                      "MARKER/1, PART=1\n"
                                      "MARKER/2, PART=1\n"
                                      "SPRINGDAMPER/1, TRANSLATIONAL, I=1, J=2, K=-5\n"
                                      "BUSHING/2, I=1, J=9, K=1,2,3\n"
                                      "FIELD/3, I=1, J=2, CRATIO=0.1\n"
                                      "SPRINGDAMPER/4, TRANSLATIONAL, I=1, J=2, K=5\n"
                                      "SPRINGDAMPER/5, ROTATIONAL, I=1, J=2, KT=5\n"
                                      "BEAM/6, I=1, J=2, LENGTH=0, AREA=1, IXX=1, IYY=1, IZZ=1, EMODULUS=1, GMODULUS=1\n"
                                      "BEAM/7, I=1, J=2, LENGTH=1, AREA=1, IXX=1, IYY=1, IZZ=1, EMODULUS=1, GMODULUS=1\n"
                                      "END\n");
  // SPRINGDAMPER/4's markers coincide: its direction is undefined where the dataset starts.
  // BEAM/7's markers coincide too, which is a beam squeezed to nothing, not an undefined load.
  CHECK(fexpr::testing::problems(f) ==
        std::vector<std::string>{"5:44:error:parameter", "6:19:error:reference", "7:20:error:missing-argument",
                                 "8:1:warning:domain", "10:26:error:parameter"});
}

// Adams applies forces at markers on flexible bodies and point masses; fexpr cannot follow
// their motion, so such an element is a note (not evaluated), never an error. A marker the
// dataset does not define at all stays an error, for I, J, JFLOAT and RM alike.
TEST_CASE("a force element at a marker off the rigid parts is noted, an undefined marker is an error",
          "[forces][check]") {
  const std::string text =
      "markers off the rigid parts\n"
      "PART/1, GROUND\n"
      "MARKER/1, PART=1\n"
      "FLEX_BODY/20, MATRICES=1\n"
      "MARKER/5, FLEX_BODY=20, NODE_ID=3\n"
      "PART/2, MASS=1, CM=2\n"
      "MARKER/2, PART=2\n"
      "MARKER/7, PART=2, FLOATING\n"
      "BUSHING/1, I=5, J=1, K=1,1,1\n"
      "BEAM/2, I=2, J=5, LENGTH=1, AREA=1, IXX=1, IYY=1, IZZ=1, EMODULUS=1, GMODULUS=1\n"
      "BUSHING/3, I=7, J=1, K=1,1,1\n"
      "VFORCE/4, I=2, JFLOAT=5, RM=1, FX=1\n"
      "VFORCE/5, I=2, JFLOAT=7, RM=5, FX=1\n"
      "VFORCE/6, I=2, JFLOAT=7, RM=99, FX=1\n"
      "BUSHING/7, I=2, J=98, K=1,1,1\n"
      "END\n";
  fexpr::testing::ForceModel m(text);
  const std::string off = ", whose motion fexpr does not know; not evaluated";
  CHECK(m.error("BUSHING", 1).starts_with("t.adm:9:14: info: BUSHING/1 I=5: marker 5 is on a flexible body or point mass" + off));
  CHECK(m.error("BEAM", 2).starts_with("t.adm:10:16: info: BEAM/2 J=5: marker 5 is on a flexible body or point mass" + off));
  CHECK(m.error("BUSHING", 3).starts_with("t.adm:11:14: info: BUSHING/3 I=7: marker 7 is a floating marker" + off));
  CHECK(m.error("VFORCE", 4).starts_with("t.adm:12:23: info: VFORCE/4 JFLOAT=5: marker 5 is on a flexible body or point mass" + off));
  CHECK(m.error("VFORCE", 5).starts_with("t.adm:13:29: info: VFORCE/5 RM=5: marker 5 is on a flexible body or point mass" + off));
  CHECK(m.error("VFORCE", 6).starts_with("t.adm:14:29: error: VFORCE/6 RM=99: marker 99 is not defined on a rigid part"));
  CHECK(m.error("BUSHING", 7).starts_with("t.adm:15:19: error: BUSHING/7 J=98: marker 98 is not defined on a rigid part"));
  // The checker reports the two undefined markers once each, and nothing about the others.
  auto f = fexpr::dataset::check_text("t.adm", text);
  CHECK(fexpr::testing::problems(f) == std::vector<std::string>{"14:29:error:reference", "15:19:error:reference"});
}

// check evaluates a BUSHING, FIELD or BEAM through its power alone, whose text is made of the
// four loads' texts: it must fail exactly where evaluating the twelve loads and the power fails.
// Stiffnesses of 1E300 over markers 1E10 apart overflow (an error in Adams as here); the same
// elements at a metre are fine. SPRINGDAMPER's power (f*VR) is not made of its loads, so its
// loads are compiled as well.
TEST_CASE("check evaluates an element through its power exactly where its loads fail", "[forces][check]") {
  fexpr::testing::ForceModel m(
      "overflowing loads\n"
      "PART/1, GROUND\n"
      "MARKER/1, PART=1\n"
      "MARKER/2, PART=1, QP=1E10, 0, 0\n"
      "MARKER/3, PART=1, QP=1, 0.5, 0\n"
      "BEAM/1, I=2, J=1, LENGTH=1, AREA=1, IXX=1, IYY=1, IZZ=1, EMODULUS=1E300, GMODULUS=1\n"
      "BEAM/2, I=3, J=1, LENGTH=1, AREA=1, IXX=1, IYY=1, IZZ=1, EMODULUS=1E300, GMODULUS=1\n"
      "FIELD/3, I=2, J=1, KMATRIX=1E300,0,0,0,0,0, 0,1,0,0,0,0, 0,0,1,0,0,0, 0,0,0,1,0,0, 0,0,0,0,1,0, 0,0,0,0,0,1\n"
      "FIELD/4, I=3, J=1, KMATRIX=1E300,0,0,0,0,0, 0,1,0,0,0,0, 0,0,1,0,0,0, 0,0,0,1,0,0, 0,0,0,0,1,0, 0,0,0,0,0,1\n"
      "BUSHING/5, I=2, J=1, K=1E300,1,1\n"
      "BUSHING/6, I=3, J=1, K=1E300,1,1\n"
      "SPRINGDAMPER/7, TRANSLATIONAL, I=2, J=1, K=1E300\n"
      "SPRINGDAMPER/8, TRANSLATIONAL, I=3, J=1, K=1E300\n"
      "END\n");
  auto fails = [&](const std::vector<const fexpr::Expression*>& all) {
    fexpr::Workspace ws;
    try {
      for (const fexpr::Expression* e : all) e->value(m.inputs(), ws);
    } catch (const fexpr::EvaluationError&) {
      return true;
    }
    return false;
  };
  const std::pair<std::string, std::size_t> elements[] = {{"BEAM", 1},     {"BEAM", 1},    {"FIELD", 1},
                                                          {"FIELD", 1},    {"BUSHING", 1}, {"BUSHING", 1},
                                                          {"SPRINGDAMPER", 13}, {"SPRINGDAMPER", 13}};
  for (long id = 1; id <= 8; ++id) {
    const auto& [type, compiled] = elements[id - 1];
    INFO(type << "/" << id);
    const fexpr::dataset::Statement* s = nullptr;
    for (const auto& t : m.dataset.statements)
      if (t.id == id && t.name == type) s = &t;
    REQUIRE(s);
    auto checked = fexpr::dataset::force_check(*s, m.elements, m.source);
    REQUIRE(std::holds_alternative<std::vector<fexpr::Expression>>(checked));
    const auto& expressions = std::get<std::vector<fexpr::Expression>>(checked);
    CHECK(expressions.size() == compiled);
    std::vector<const fexpr::Expression*> by_check;
    for (const auto& e : expressions) by_check.push_back(&e);
    const fexpr::dataset::ForceLoads loads = m.loads(type, id);
    std::vector<const fexpr::Expression*> by_loads{&*loads.power};
    for (const auto& e : loads.loads) by_loads.push_back(&*e);
    // Odd ids are 1E10 apart and overflow; even ones are not.
    CHECK(fails(by_loads) == (id % 2 == 1));
    CHECK(fails(by_check) == fails(by_loads));
  }
}

}  // namespace test_forces_check
