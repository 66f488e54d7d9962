// fexpr codegen FILE.adm --id TYPE/N on the command line: the inputs it documents, and each
// element it refuses, with the place and what to do.
#include "run_program.hpp"

#include <catch2/catch.hpp>

using fexpr::testing::run_fexpr;

namespace {
const std::string kRefused = std::string(FEXPR_SOURCE_DIR) + "/tests/data/codegen/refused.adm";
bool has(const std::string& out, const std::string& part) { return out.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("fexpr codegen --id writes an element's FUNCTION over TIME and the part states it reads") {
  const auto r = run_fexpr("codegen " + kRefused + " --id variable/5 --gradient --name dx_time");
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "FUNCTION= of VARIABLE/5"));
  CHECK(has(r.out, " *   in[0]  TIME  (the simulation time)\n"));
  CHECK(has(r.out, " *   in[1]  PART/2.x  (x of the part's origin in ground)\n"));
  CHECK(has(r.out, " *   in[4]  PART/2.psi  (first body 3-1-3 Euler angle of the part (radians))\n"));
  CHECK(has(r.out, " *   in[12]  PART/2.wz  (z of the angular velocity in ground)\n"));
  CHECK(has(r.out, "grad[13], d/d(in[k])"));
  CHECK(has(r.out, "int dx_time(const double *in, double *value, double *grad, const char **error)"));
  const auto h = run_fexpr("codegen " + kRefused + " --id VARIABLE/5 --hessian");
  REQUIRE(h.status == 0);
  CHECK(has(h.out, "grad[13], d/d(in[k]); hess[169], row-major and symmetric"));
}

TEST_CASE("fexpr codegen --id refuses what it cannot write, at its place") {
  SECTION("an element that is not defined, with the ids that are") {
    const auto r = run_fexpr("codegen " + kRefused + " --id VARIABLE/9", true);
    CHECK(r.status == 1);
    CHECK(has(r.out, "refused.adm: error: VARIABLE/9 is not defined in the dataset; its VARIABLE ids are 1, 2, 3, 4, 5, 6, 7"));
  }
  SECTION("an element without FUNCTION=") {
    const auto r = run_fexpr("codegen " + kRefused + " --id MARKER/20", true);
    CHECK(r.status == 1);
    CHECK(has(r.out, "refused.adm:7:1: error: MARKER/20 has no FUNCTION= expression to generate"));
    CHECK(has(r.out, "\nMARKER/20, PART = 2\n^~~~"));
  }
  SECTION("a measure it does not write, naming those it does") {
    const auto r = run_fexpr("codegen " + kRefused + " --id VARIABLE/1", true);
    CHECK(r.status == 1);
    CHECK(has(r.out, "refused.adm:8:33: error: fexpr codegen does not write UVZ.X yet; it writes DX, DY, DZ, DM"));
    CHECK(has(r.out, ", WM, ACCX, ACCY, ACCZ, ACCM, WDTX, WDTY, WDTZ, WDTM, AX, "));
    CHECK(has(r.out, "\n                                ^~~~~~~\n"));
    CHECK(!has(r.out, "int fexpr_function"));
  }
  SECTION("a VARVAL on a reference cycle") {
    const auto r = run_fexpr("codegen " + kRefused + " --id VARIABLE/2", true);
    CHECK(r.status == 1);
    CHECK(has(r.out, "refused.adm:9:24: error: VARVAL(3) is not evaluated: VARIABLE/3 is on the reference cycle"));
  }
  SECTION("a VARVAL of a VARIABLE it cannot write: the error inside it, then the call") {
    const auto r = run_fexpr("codegen " + kRefused + " --id VARIABLE/4", true);
    CHECK(r.status == 1);
    CHECK(has(r.out, "refused.adm:8:33: error: fexpr codegen does not write UVZ.X yet"));
    CHECK(has(r.out, "refused.adm:11:28: error: fexpr codegen cannot write VARIABLE/1 inline; see the error in it"));
  }
  SECTION("an id that is not TYPE/N, and --var, which an element does not take") {
    CHECK(run_fexpr("codegen " + kRefused + " --id VARIABLE5", true).status == 2);
    CHECK(run_fexpr("codegen " + kRefused + " --id VARIABLE/5 --var x", true).status == 2);
  }
  SECTION("a VARVAL of a VARIABLE that reads MODE, which is not passed in") {
    const auto r = run_fexpr("codegen " + kRefused + " --id VARIABLE/7", true);
    CHECK(r.status == 1);
    CHECK(has(r.out, "refused.adm:13:24: error: this VARIABLE reads MODE; fexpr codegen does not pass MODE into a VARVAL yet"));
  }
  SECTION("a measure in an expression without its dataset, as fexpr eval reports it") {
    const auto r = run_fexpr("codegen 'DX(2, 1)'", true);
    CHECK(r.status == 1);
    CHECK(has(r.out, "DX needs a model"));
  }
}
