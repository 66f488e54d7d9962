// Documented function names and argument counts (BUSH, VTORQ, FRICTION), statement names called
// as functions, and the flexible-body constants FXFREQ and FXMODE.
#include "checked_dataset.hpp"
#include "expression_helpers.hpp"
#include "loaded_dataset.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace test_documented_names {

using fexpr::Code;
using fexpr::Severity;
using fexpr::testing::Bench;
using fexpr::testing::LoadedDataset;
using fexpr::testing::where;

namespace {

const std::string kModel =
    "documented names\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n";

std::vector<std::string> problems(const std::string& lines) {
  return fexpr::testing::problems(fexpr::dataset::check_text("t.adm", kModel + lines + "END\n"));
}

std::vector<std::string> notes(const std::string& lines) {
  auto f = fexpr::dataset::check_text("t.adm", kModel + lines + "END\n");
  std::vector<std::string> out;
  for (const auto& d : f.diagnostics) {
    if (d.severity == Severity::info) out.push_back(d.message);
  }
  return out;
}

}  // namespace

TEST_CASE("BUSH and VTORQ are checked against BUSHING and VTORQUE statements", "[names]") {
  LoadedDataset m(kModel + "BUSHING/2, I=20, J=10\nVTORQUE/6, I=20, JFLOAT=10, RM=10, TZ=0\nEND\n");
  SECTION("a defined element is evaluated from its definition (dataset/forces)") {
    // No stiffness, damping or preload, and a zero torque: every component is 0.
    CHECK(m.value("BUSH(2, 0, 4, 0)") == 0.0);
    CHECK(m.value("VTORQ(6, 1, 8, 0)") == 0.0);
  }
  SECTION("an undefined one is a reference error at its id") {
    auto d = m.compile_error("BUSH(3, 0, 4, 0)");
    CHECK(d.code == Code::reference);
    CHECK(d.message == "BUSHING/3 is not defined");
    CHECK(where("BUSH(3, 0, 4, 0)", d) == "1:6");
    d = m.compile_error("1 + VTORQ(7, 0, 8, 0)");
    CHECK(d.code == Code::reference);
    CHECK(d.message == "VTORQUE/7 is not defined");
    CHECK(where("1 + VTORQ(7, 0, 8, 0)", d) == "1:11");
  }
  SECTION("the checker notes a defined one and reports an undefined one") {
    CHECK(problems("BUSHING/2, I=20, J=10\nVARIABLE/1, FUNCTION=BUSH(2,0,4,0)\n").empty());
    CHECK(problems("VARIABLE/1, FUNCTION=BUSH(2,0,4,0)\n") == std::vector<std::string>{"6:27:error:reference"});
  }
}

TEST_CASE("Without a dataset BUSH and VTORQ need a model and FRICTION solver state", "[names]") {
  Bench b;
  for (const char* text : {"BUSH(2, 0, 4, 0)", "VTORQ(6, 0, 8, 0)", "FRICTION(1, 6)"}) {
    const auto d = b.compile_error(text);
    CHECK(d.code == Code::needs_model);
    bool solver = std::string(text).starts_with("FRICTION");
    CHECK(d.message.find(solver ? "needs solver state" : "needs a model") != std::string::npos);
  }
}

TEST_CASE("FRICTION takes an id and an output index, as documented", "[names]") {
  Bench b;
  const auto d = b.compile_error("FRICTION(1, 0, 6, 0)");
  CHECK(d.code == Code::arity);
  CHECK(d.message == "FRICTION takes 2 arguments, got 4: FRICTION(id, index)");
  LoadedDataset m(kModel + "END\n");
  CHECK(m.compile_error("FRICTION(4, 6)").message == "FRICTION/4 is not defined");
}

TEST_CASE("A statement name called as a function names the statement's function", "[names]") {
  Bench b;
  auto [text, message] = GENERATE(table<std::string, std::string>({
      {"BUSHING(2, 0, 4, 0)", "BUSHING is a statement; its function is BUSH(id, jflag, comp, rm)"},
      {"VTORQUE(6, 0, 8, 0)", "VTORQUE is a statement; its function is VTORQ(id, jflag, comp, rm)"},
      {"SPRINGDAMPER(1, 0, 1, 0)", "SPRINGDAMPER is a statement; its function is SPDP(id, jflag, comp, rm)"},
      {"2*variable(3)", "VARIABLE is a statement; its function is VARVAL(id)"},
      {"PINPUT(1, 2)", "PINPUT is a statement; its function is PINVAL(id, nseq)"},
  }));
  const auto d = b.compile_error(text);
  CHECK(d.code == Code::name);
  CHECK(d.message == message);
  CHECK(d.span.begin == text.find_first_of("BVSPv"));
}

TEST_CASE("FXFREQ and FXMODE are known names without a value outside a FLEX_BODY's CRATIO=", "[names][flex]") {
  Bench b;
  SECTION("reading one says what it is and where it has a value") {
    for (const char* name : {"FXMODE", "FXFREQ"}) {
      const std::string text = "STEP(" + std::string(name) + ", 5, 0.02, 10, 0.2)";
      const auto d = b.compile_error(text);
      CHECK(d.code == Code::not_interpreted);
      CHECK(where(text, d) == "1:6");
      CHECK(d.message.find(std::string(name) + " is the ") == 0);
      CHECK(d.message.find("CRATIO=") != std::string::npos);
      CHECK(d.message.find("not evaluated") != std::string::npos);
    }
    CHECK(b.compile_error("fxmode").message.find("0 in every other expression") != std::string::npos);
  }
  SECTION("they are constants, not functions, and cannot be redefined") {
    CHECK(b.compile_error("FXMODE(1)").message == "'FXMODE' is a constant, not a function");
    fexpr::Context c;
    CHECK_THROWS_AS(c.declare_variable("FxFreq"), std::invalid_argument);
  }
  SECTION("the checker notes an expression that reads them, never an error") {
    CHECK(problems("VARIABLE/1, FUNCTION=1 + FXMODE\nVARIABLE/2, FUNCTION=FXFREQ*VARVAL(1)\n").empty());
    const auto n = notes("VARIABLE/1, FUNCTION=1 + FXMODE\n");
    REQUIRE(n.size() == 1);
    CHECK(n[0].find("FXMODE is the mode number") == 0);
  }
}

}  // namespace test_documented_names
