// fexpr codegen FILE.adm --id TYPE/N on the command line: the inputs it documents, and each
// element it refuses, with the place and what to do.
#include "run_program.hpp"

#include <catch2/catch.hpp>

namespace test_cli_codegen_dataset {

using fexpr::testing::run_fexpr;

namespace {
const std::string kRefused = std::string(FEXPR_SOURCE_DIR) + "/tests/data/codegen/refused.adm";
const std::string kRefusedDiffs = std::string(FEXPR_SOURCE_DIR) + "/tests/data/codegen/refused_diffs.adm";
bool has(const std::string& out, const std::string& part) { return out.find(part) != std::string::npos; }
// What fexpr codegen says of an element it refuses, with exit status 1.
std::string refusal(const std::string& file, const std::string& id) {
  const auto r = run_fexpr("codegen " + file + " --id " + id, true);
  CHECK(r.status == 1);
  return r.out;
}
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

TEST_CASE("fexpr codegen --id takes the DIFF states as inputs after TIME, in dataset order, as the C API does") {
  const auto r = run_fexpr("codegen " + kRefusedDiffs + " --id VARIABLE/4 --gradient");
  REQUIRE(r.status == 0);
  // DIFF/4 among them, which VARIABLE/4 does not read; DIF(2) reads in[2].
  for (int k = 1; k <= 4; ++k)
    CHECK(has(r.out, " *   in[" + std::to_string(k) + "]  DIFF/" + std::to_string(k) + "  (the DIFF's state, which DIF reads)\n"));
  for (const char* part : {" *   in[5]  PART/2.x  (x of the part's origin in ground)\n", "grad[17], d/d(in[k])",
                           "const double r3 = in[2];"})
    CHECK(has(r.out, part));
}

TEST_CASE("fexpr codegen --id writes UVX, UVY, UVZ over the part states and ARYVAL as the ARRAY's number") {
  // VARIABLE/12 of measures.adm reads all nine unit-vector components and ARRAY/1, NUMBERS =
  // 2.5, -0.75, 40D: 40 degrees is 0.6981317007977318 radians, the shortest form of 40 pi/180.
  const auto r = run_fexpr("codegen " + std::string(FEXPR_SOURCE_DIR) + "/tests/data/codegen/measures.adm --id VARIABLE/12");
  REQUIRE(r.status == 0);
  for (const char* part : {" *   in[1]  PART/2.x  (x of the part's origin in ground)\n", " = 2.5;", "(-0.75)",
                           "0.6981317007977318", "int fexpr_function(const double *in, double *value, const char **error)"})
    CHECK(has(r.out, part));
}

TEST_CASE("fexpr codegen --id writes a spline's knots and cubics as static arrays of the function") {
  const auto r = run_fexpr("codegen " + std::string(FEXPR_SOURCE_DIR) + "/tests/data/codegen/splines.adm --id VARIABLE/2");
  REQUIRE(r.status == 0);
  // SPLINE/1's knots, and its first cubic's constant term, y at the first knot.
  for (const char* part : {"static const double spline", "x[6] = {\n      (-1.0), 0.0, 0.5, 2.0, 3.0, 4.5\n",
                           "p[20] = {\n      2.0, ", "the parabola through three end points (e)"})
    CHECK(has(r.out, part));
}

TEST_CASE("fexpr codegen --id refuses what it cannot write, at its place") {
  SECTION("an element that is not defined, with the ids that are") {
    const std::string r = refusal(kRefused, "VARIABLE/99");
    CHECK(has(r, "refused.adm: error: VARIABLE/99 is not defined in the dataset; its VARIABLE ids are 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13\n"));
  }
  SECTION("an element without FUNCTION=") {
    const std::string r = refusal(kRefused, "MARKER/20");
    CHECK(has(r, "refused.adm:7:1: error: MARKER/20 has no FUNCTION= expression to generate"));
    CHECK(has(r, "\nMARKER/20, PART = 2\n^~~~"));
  }
  SECTION("an error in a vector function, once for its three components") {
    const std::string r = refusal(kRefused, "VARIABLE/1");
    const std::string message = "refused.adm:8:42: error: marker 99 is not defined; the nearest defined markers are 1, 20\n"
                                "VARIABLE/1, FUNCTION = DX(20) + DXYZ(20, 99)*[1, 0, 0]\n"
                                "                                         ^~\n";
    CHECK(has(r, message));
    CHECK(r.find(message) == r.rfind(message));
    CHECK(!has(r, "int fexpr_function"));
  }
  SECTION("a VARVAL on a reference cycle") {
    const std::string r = refusal(kRefused, "VARIABLE/2");
    CHECK(has(r, "refused.adm:9:24: error: VARVAL(3) is not evaluated: VARIABLE/3 is on the reference cycle"));
  }
  SECTION("a VARVAL of a VARIABLE with errors, as the interpreter says it") {
    CHECK(has(refusal(kRefused, "VARIABLE/4"), "refused.adm:11:28: error: VARVAL(1) is not evaluated: VARIABLE/1 has errors\n"
                                               "VARIABLE/4, FUNCTION = 1 + VARVAL(1)\n"
                                               "                           ^~~~~~~~~\n"));
  }
  SECTION("an id that is not TYPE/N, and --var, which an element does not take") {
    CHECK(run_fexpr("codegen " + kRefused + " --id VARIABLE5", true).status == 2);
    const auto var = run_fexpr("codegen " + kRefused + " --id VARIABLE/5 --var x", true);
    CHECK(var.status == 2);
    CHECK(has(var.out, "an element's inputs are TIME, the dataset's DIFF states and the part states it reads"));
  }
  SECTION("a VARVAL of a VARIABLE that reads MODE is written: MODE is the last input, tested with the others") {
    const auto r = run_fexpr("codegen " + kRefused + " --id VARIABLE/7", true);
    CHECK(r.status == 0);
    CHECK(has(r.out, " *   in[13]  MODE  (the analysis mode; not differentiated)\n"));
    CHECK(has(r.out, "  const double r1 = in[13];\n"));
    CHECK(has(r.out, "if (!(isfinite(r1) && "));
  }
  SECTION("a VARIABLE that reads a load composed with UV is written, with UV's zero-vector check") {
    const auto r = run_fexpr("codegen " + kRefused + " --id VARIABLE/13 --gradient", true);
    CHECK(r.status == 0);
    CHECK(has(r.out, "return fx_fail(error, \"UV of a zero vector is undefined (it has no direction)\");"));
  }
  SECTION("an ARYVAL the interpreter does not evaluate, with its message at its place") {
    CHECK(has(refusal(kRefused, "VARIABLE/8"),
              "refused.adm:16:24: error: ARRAY/2 holds solver values (no NUMBERS=); ARYVAL is not evaluated\n"
              "VARIABLE/8, FUNCTION = ARYVAL(2, 1)\n                       ^~~~~~~~~~~~\n"));
    CHECK(has(refusal(kRefused, "VARIABLE/9"), "refused.adm:17:43: error: ARRAY/1 has 2 numbers; position 3 is outside\n"));
    CHECK(has(refusal(kRefused, "VARIABLE/10"), "refused.adm:18:25: error: ARRAY/3 entry is not a number\n"));
  }
  SECTION("a spline's iord that the interpreter refuses: not a constant, or on a surface") {
    CHECK(has(refusal(kRefused, "VARIABLE/11"),
              "refused.adm:23:46: error: iord is 0, 1 or 2\n"
              "VARIABLE/11, FUNCTION = CUBSPL(DX(20), 0, 1, TIME)\n                                             ^~~~\n"));
    CHECK(has(refusal(kRefused, "VARIABLE/12"), "refused.adm:25:49: error: iord is not allowed for a SPLINE surface\n"));
  }
  SECTION("a measure in an expression without its dataset, with the way codegen writes it (--id)") {
    const auto r = run_fexpr("codegen 'DM(2, 1)'", true);
    CHECK(r.status == 1);
    CHECK(has(r.out, "DM needs a model; an expression alone has none: write the element that reads one from its "
                     "dataset, with fexpr codegen FILE.adm --id TYPE/N\n"));
    CHECK(!has(r.out, "--model"));
  }
}

TEST_CASE("fexpr codegen --id refuses a DIF or DIF1 it cannot write, as the interpreter does or at its place") {
  struct Refused {
    const char* id;
    const char* message;
  };
  const Refused c = GENERATE(values<Refused>({
      {"VARIABLE/2", "refused_diffs.adm:11:24: error: DIFF/2 is IMPLICIT: its FUNCTION is a residual, so DIF1(2) is the solver's"},
      {"VARIABLE/3", "refused_diffs.adm:12:28: error: DIFF/7 is not defined"},
      {"VARIABLE/5", "refused_diffs.adm:16:24: error: DIF1(3) is not evaluated: DIFF/3 is on the reference cycle DIFF/3 -> DIFF/4 -> DIFF/3"},
  }));
  INFO(c.id);
  CHECK(has(refusal(kRefusedDiffs, c.id), c.message));
}

TEST_CASE("fexpr codegen --id writes a DIF1 of a DIFF that reads MODE, which becomes the last input") {
  const auto r = run_fexpr("codegen " + kRefusedDiffs + " --id VARIABLE/1", true);
  CHECK(r.status == 0);
  CHECK(has(r.out, "MODE  (the analysis mode; not differentiated)\n"));
}

}  // namespace test_cli_codegen_dataset
