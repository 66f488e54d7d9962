// fexpr loads and fexpr codegen on a command file take an element by its View name as well as
// TYPE/N: examples/models/pendulum.cmd, whose damper is SFORCE/1 (adams_id = 1).
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_cli_view_ids {

using fexpr::testing::run_fexpr;

namespace {

const std::string kModels = std::string(FEXPR_SOURCE_DIR) + "/examples/models/";

}  // namespace

TEST_CASE("fexpr loads --id takes a command file's element by its name", "[cli][view]") {
  const auto by_name = run_fexpr("loads " + kModels + "pendulum.cmd --id .pendulum.damper");
  const auto by_id = run_fexpr("loads " + kModels + "pendulum.cmd --id SFORCE/1");
  CHECK(by_name.status == 0);
  CHECK(by_name.out == by_id.out);
  // The damper's torque on I about z: -0.8*WZ - 12*AZ at WZ = 2 rad/s and AZ = 30 degrees,
  // -1.6 - 12*pi/6 = -7.883185307179586.
  CHECK_THAT(by_name.out, Catch::Matchers::StartsWith("SFORCE/1 (I=2, J=1)"));
  CHECK_THAT(by_name.out, Catch::Matchers::Contains("torque on I: [-0, -0, -7.883185307179586]"));
}

TEST_CASE("a name that names no element is a usage error that says the nearest", "[cli][view][errors]") {
  const auto r = run_fexpr("loads " + kModels + "pendulum.cmd --id .pendulum.dampr", true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr loads: --id: no object is named '.pendulum.dampr' (did you mean .pendulum.damper?)\n");
  const auto c = run_fexpr("codegen " + kModels + "pendulum.cmd --id .pendulum.dampr", true);
  CHECK(c.status == 2);
  CHECK(c.out == "fexpr codegen: --id: no object is named '.pendulum.dampr' (did you mean .pendulum.damper?)\n");
}

TEST_CASE("a View name given with a dataset says that datasets name elements TYPE/N", "[cli][view][errors]") {
  const auto r = run_fexpr("loads " + kModels + "pendulum.adm --id .pendulum.damper", true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr loads: --id: '.pendulum.damper' is an Adams View name, and the model is a dataset, which "
                 "names its elements TYPE/N\n");
}

TEST_CASE("fexpr codegen --id writes a command file's element named as View names it", "[cli][view]") {
  const auto by_name = run_fexpr("codegen " + kModels + "pendulum.cmd --id .pendulum.damper");
  const auto by_id = run_fexpr("codegen " + kModels + "pendulum.cmd --id SFORCE/1");
  CHECK(by_name.status == 0);
  CHECK(by_name.out == by_id.out);
  CHECK_THAT(by_name.out, Catch::Matchers::Contains("FUNCTION= of SFORCE/1"));
}

}  // namespace test_cli_view_ids
