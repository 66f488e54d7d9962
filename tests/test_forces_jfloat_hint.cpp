// GFORCE, VFORCE and VTORQUE take JFLOAT=, not J=: the error that JFLOAT= is missing stands at a
// J= written in its place and says what to write, in `check` and where the element is read
// for its loads alike.
#include "checked_dataset.hpp"
#include "force_checks.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace test_forces_jfloat_hint {

namespace {

const std::string kBase =
    "J instead of JFLOAT\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, MASS=1, CM=20\n"
    "MARKER/20, PART=2\n"
    "MARKER/21, PART=1\n"
    "MARKER/22, PART=1, FLOATING\n";

}  // namespace

TEST_CASE("a GFORCE with J= instead of JFLOAT= is told to write JFLOAT=, at its J=", "[forces][check]") {
  const std::string text = kBase + "GFORCE/1, I=20, J=21, RM=10, FX=1\\FY=0\\FZ=0\\TX=0\\TY=0\\TZ=0\nEND\n";
  auto f = fexpr::dataset::check_text("t.adm", text);
  // Line 8, "GFORCE/1, I=20, " is 16 characters: J= starts at column 17.
  REQUIRE(fexpr::testing::problems(f) == std::vector<std::string>{"8:17:error:missing-argument"});
  const std::string said =
      "GFORCE/1 needs JFLOAT=; J= is not an argument of GFORCE, whose reaction acts at a floating marker: write "
      "JFLOAT= (a FLOATING marker on the reacting part) instead of J=21";
  CHECK(f.diagnostics[0].message == said);
  fexpr::testing::ForceModel m(text);
  CHECK(m.error("GFORCE", 1).starts_with("t.adm:8:17: error: " + said));
}

TEST_CASE("VFORCE and VTORQUE are told the same; without J= the error stays at the name", "[forces][check]") {
  auto f = fexpr::dataset::check_text("t.adm", kBase +
                                                   "VFORCE/2, I=20, J=21, RM=10, FX=1\\FY=0\\FZ=0\n"
                                                   "VTORQUE/3, I=20, J=21, RM=10, TX=1\\TY=0\\TZ=0\n"
                                                   "VTORQUE/4, I=20, RM=10, TX=1\\TY=0\\TZ=0\n"
                                                   "VTORQUE/5, I=20, JFLOAT=22, RM=10, TX=1\\TY=0\\TZ=0\n"
                                                   "END\n");
  CHECK(fexpr::testing::problems(f) == std::vector<std::string>{"8:17:error:missing-argument",
                                                                "9:18:error:missing-argument",
                                                                "10:1:error:missing-argument"});
  REQUIRE(f.diagnostics.size() >= 3);
  CHECK(f.diagnostics[1].message.starts_with("VTORQUE/3 needs JFLOAT=; J= is not an argument of VTORQUE"));
  CHECK(f.diagnostics[2].message == "VTORQUE/4 needs JFLOAT=");
}

}  // namespace test_forces_jfloat_hint
