// PINVAL and POUVAL: the VARVAL of a VARIABLE listed in a PINPUT or POUTPUT, with its
// derivatives, and every way the reference can be wrong.
#include "checked_dataset.hpp"
#include "expression_helpers.hpp"
#include "loaded_dataset.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace test_plant_values {

using fexpr::Code;
using fexpr::testing::LoadedDataset;
using fexpr::testing::where;

namespace {

// PART/2 is 1 above ground, so DZ(20, 10) = 1.
const std::string kModel =
    "plant lists\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "VARIABLE/1, FUNCTION=2*TIME + 1\n"
    "VARIABLE/2, FUNCTION=DZ(20, 10)**2\n"
    "PINPUT/1, VARIABLES=2, 1\n"
    "POUTPUT/3, VARIABLES=1\n"
    "PINPUT/4, VARIABLES=7\n"
    "PINPUT/5, VARIABLES=2.5\n";

std::vector<std::string> problems(const std::string& lines) {
  return fexpr::testing::problems(fexpr::dataset::check_text("t.adm", kModel + lines + "END\n"));
}

}  // namespace

TEST_CASE("PINVAL and POUVAL evaluate the listed VARIABLE with its derivatives", "[plant]") {
  LoadedDataset m(kModel + "END\n");
  m.time = 0.5;
  SECTION("values: the nseq-th entry of VARIABLES=, counted from 1") {
    CHECK(m.value("PINVAL(1, 1)") == Approx(1.0));  // DZ**2 = 1
    CHECK(m.value("PINVAL(1, 2)") == Approx(2.0));  // 2*0.5 + 1
    CHECK(m.value("POUVAL(3, 1)") == Approx(2.0));
  }
  SECTION("derivatives are those of the VARIABLE: d/dz DZ**2 = 2 DZ = 2, d2/dz2 = 2, d/dTIME (2 TIME + 1) = 2") {
    const fexpr::Expression e = m.compile_ok("PINVAL(1, 1) + 3*POUVAL(3, 1)");
    const auto& names = e.derivative_names();
    std::vector<double> grad(names.size()), hess(names.size() * names.size());
    fexpr::Workspace ws;
    CHECK(e.hessian(m.inputs(), ws, grad, hess) == Approx(1.0 + 3 * 2.0));
    std::size_t time = 0, z = 0;
    for (std::size_t k = 0; k < names.size(); ++k) {
      if (names[k] == "TIME") time = k;
      if (names[k] == "PART/2.z") z = k;
    }
    REQUIRE(names[z] == "PART/2.z");
    CHECK(grad[time] == Approx(6.0));
    CHECK(grad[z] == Approx(2.0));
    CHECK(hess[z * names.size() + z] == Approx(2.0));
    CHECK(hess[time * names.size() + time] == 0.0);
  }
  SECTION("exactly as VARVAL of the same VARIABLE") {
    const fexpr::Expression p = m.compile_ok("PINVAL(1, 1)"), v = m.compile_ok("VARVAL(2)");
    REQUIRE(p.derivative_names() == v.derivative_names());
    const std::size_t n = p.derivative_count();
    std::vector<double> gp(n), hp(n * n), gv(n), hv(n * n);
    fexpr::Workspace ws;
    CHECK(p.hessian(m.inputs(), ws, gp, hp) == v.hessian(m.inputs(), ws, gv, hv));
    CHECK(gp == gv);
    CHECK(hp == hv);
  }
}

TEST_CASE("A wrong PINVAL or POUVAL reference is an error at the argument that names it", "[plant][errors]") {
  LoadedDataset m(kModel + "END\n");
  auto [text, code, column, message] = GENERATE(table<std::string, Code, std::string, std::string>({
      {"PINVAL(9, 1)", Code::reference, "1:8", "PINPUT/9 is not defined"},
      {"POUVAL(1, 1)", Code::reference, "1:8", "POUTPUT/1 is not defined"},
      {"PINVAL(1, 3)", Code::reference, "1:11",
       "PINPUT/1 lists 2 VARIABLEs in VARIABLES=; position 3 is outside (the first is 1)"},
      {"POUVAL(3, 0)", Code::reference, "1:11",
       "POUTPUT/3 lists 1 VARIABLE in VARIABLES=; position 0 is outside (the first is 1)"},
      {"PINVAL(4, 1)", Code::reference, "1:11", "VARIABLE/7, listed at position 1 of PINPUT/4, is not defined"},
      {"PINVAL(5, 1)", Code::argument, "1:11", "PINPUT/5 VARIABLES= entry 1 is '2.5', not a VARIABLE id"},
      {"PINVAL(1.5, 1)", Code::argument, "1:8", "PINVAL takes a PINPUT id, an integer constant"},
      {"POUVAL(TIME, 1)", Code::argument, "1:8", "POUVAL takes a POUTPUT id, an integer constant"},
      {"PINVAL(1, TIME)", Code::argument, "1:11", "PINVAL takes a position in the VARIABLES= list, an integer constant"},
  }));
  const auto d = m.compile_error(text);
  CHECK(d.code == code);
  CHECK(where(text, d) == column);
  CHECK(d.message == message);
}

TEST_CASE("The checker checks PINPUT and POUTPUT lists and cycles through them", "[plant][check]") {
  // Lines 1-11 are the model; PINPUT/4 lists the undefined VARIABLE/7 (10:21) and PINPUT/5 a
  // number that is no id (11:21).
  const std::vector<std::string> base = {"10:21:error:reference", "11:21:error:argument"};
  CHECK(problems("") == base);
  SECTION("a list without VARIABLES=") {
    auto expected = base;
    expected.push_back("12:1:error:missing-argument");
    CHECK(problems("POUTPUT/6\n") == expected);
  }
  SECTION("a VARIABLE that reads itself through a PINPUT") {
    auto expected = base;
    expected.push_back("13:22:error:cycle");
    CHECK(problems("PINPUT/2, VARIABLES=8\nVARIABLE/8, FUNCTION=PINVAL(2, 1) + 1\n") == expected);
  }
}

}  // namespace test_plant_values
