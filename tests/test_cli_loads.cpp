// `fexpr loads` on the bundled force element models, with the loads worked out by hand in
// each model's comments, and its errors.
#include "json_reader.hpp"
#include "run_program.hpp"
#include "scratch_folder.hpp"

#include <catch2/catch.hpp>

namespace test_cli_loads {

using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;

namespace {
const std::string kModels = std::string(FEXPR_SOURCE_DIR) + "/examples/models/";

// The element's Jacobian entry of load row (FI.x, FI.y, ... TJ.z) by the state named.
double jacobian(const fexpr::testing::Json& element, std::size_t row, const std::string& state) {
  const auto& columns = element["jacobian"]["columns"].array();
  std::size_t k = 0;
  while (columns.at(k).str() != state) ++k;
  return element["jacobian"]["values"][row][k].number();
}

// `fexpr loads --format json --jacobian ARGS`, which must succeed, read.
fexpr::testing::Json loads_with_jacobian(const std::string& args) {
  auto r = run_fexpr("loads --format json --jacobian " + args);
  CHECK(r.status == 0);
  return parse_json(r.out);
}
}  // namespace

TEST_CASE("loads --format json gives every element's loads, power and Jacobian", "[cli][loads]") {
  auto d = loads_with_jacobian(kModels + "springdamper.adm");
  const auto& s = d["elements"][0];
  CHECK(s["element"].str() == "SPRINGDAMPER/1");
  // f = -25*0.3 - 1E4*(0.6 - 0.5) + 100
  CHECK(s["on_i"]["force"][0].number() == Approx(-907.5));
  CHECK(s["on_j"]["force"][0].number() == Approx(907.5));
  CHECK(s["power"].number() == Approx(-907.5 * 0.3));
  CHECK(jacobian(s, 0, "PART/3.vx") == Approx(-25.0));
  CHECK(d["elements"][1]["element"].str() == "SPRINGDAMPER/2");
}

TEST_CASE("loads --id picks elements by TYPE/N, and an unknown one is an error", "[cli][loads]") {
  auto r = run_fexpr("loads --format json --id vtorque/2 --id GFORCE/3 " + kModels + "vector_forces.adm");
  CHECK(r.status == 0);
  auto d = parse_json(r.out);
  CHECK(d["elements"].array().size() == 2);
  CHECK(d["elements"][0]["on_i"]["torque"][0].number() == Approx(-2.0));
  CHECK(d["elements"][1]["on_i"]["torque"][2].number() == Approx(5.0));
  auto missing = run_fexpr("loads --id BUSHING/9 " + kModels + "bushing.adm", true);
  CHECK(missing.status == 1);
  // bushing.adm's force elements are BUSHING/1, /2 and /3.
  CHECK(missing.out == kModels + "bushing.adm: BUSHING/9 is not an applied force element of the dataset; its applied "
                                 "force elements are BUSHING/1, BUSHING/2, BUSHING/3\n");
  SECTION("an --id that is not TYPE/N is a usage error") {
    auto usage = run_fexpr("loads --id BUSHING " + kModels + "bushing.adm", true);
    CHECK(usage.status == 2);
    CHECK(usage.out.starts_with("--id: takes an element as TYPE/N (SFORCE, SPRINGDAMPER, BUSHING, FIELD, BEAM, VFORCE, "
                            "VTORQUE, GFORCE; SPRINGDAMPER/3) or, in a command file, by its name (.model.spring), "
                                "not 'BUSHING'\n"));
  }
}

TEST_CASE("loads on a dataset without force elements says so and exits 0", "[cli][loads]") {
  fexpr::testing::ScratchFolder folder;
  const std::string file = folder.write("parts.adm", "parts only\nPART/1, GROUND\nMARKER/1, PART = 1\nEND\n");
  auto r = run_fexpr("loads " + file, true);
  CHECK(r.status == 0);
  CHECK(r.out == file + ": the dataset has no applied force element to evaluate (SFORCE, SPRINGDAMPER, BUSHING, "
                        "FIELD, BEAM, VFORCE, VTORQUE, GFORCE)\n");
}

TEST_CASE("loads reports a bad element with its place and exits 1", "[cli][loads]") {
  auto r = run_fexpr("loads " + std::string(FEXPR_SOURCE_DIR) + "/tests/data/forces/negative_stiffness.adm", true);
  CHECK(r.status == 1);
  CHECK(r.out.find("negative_stiffness.adm:5:44: error: SPRINGDAMPER/1 K= must not be negative, got -1E3") !=
        std::string::npos);
}

TEST_CASE("loads evaluates a BEAM, with its Jacobian", "[cli][loads][beam]") {
  auto d = loads_with_jacobian("--id BEAM/2 " + kModels + "beam.adm");
  const auto& s = d["elements"][0];
  CHECK(s["element"].str() == "BEAM/2");
  // Twisted by 0.01: Tx = -G IXX/L * 0.01 = -4320 * 0.01 (beam.adm).
  CHECK(s["on_i"]["torque"][0].number() == Approx(-43.2));
  CHECK(s["on_j"]["torque"][0].number() == Approx(43.2));
  // AX(3, 1) is PART/3's Euler angle theta while psi = phi = 0: dTx/dtheta = -4320 (row 3: Tx on I).
  CHECK(jacobian(s, 3, "PART/3.theta") == Approx(-4320.0));
}

}  // namespace test_cli_loads
