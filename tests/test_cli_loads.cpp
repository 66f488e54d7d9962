// `fexpr loads` on the bundled force element models, with the loads worked out by hand in
// each model's comments, and its errors.
#include "json_reader.hpp"
#include "run_program.hpp"

#include <catch2/catch.hpp>

using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;

namespace {
const std::string kModels = std::string(FEXPR_SOURCE_DIR) + "/examples/models/";
}  // namespace

TEST_CASE("loads --format json gives every element's loads, power and Jacobian", "[cli][loads]") {
  auto r = run_fexpr("loads --format json --jacobian " + kModels + "springdamper.adm");
  CHECK(r.status == 0);
  auto d = parse_json(r.out);
  const auto& s = d["elements"][0];
  CHECK(s["element"].str() == "SPRINGDAMPER/1");
  // f = -25*0.3 - 1E4*(0.6 - 0.5) + 100
  CHECK(s["on_i"]["force"][0].number() == Approx(-907.5));
  CHECK(s["on_j"]["force"][0].number() == Approx(907.5));
  CHECK(s["power"].number() == Approx(-907.5 * 0.3));
  const auto& columns = s["jacobian"]["columns"].array();
  std::size_t vx3 = 0;
  while (columns.at(vx3).str() != "PART/3.vx") ++vx3;
  CHECK(s["jacobian"]["values"][0][vx3].number() == Approx(-25.0));
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
  CHECK(missing.out.find("BUSHING/9 is not an applied force element of the dataset") != std::string::npos);
}

TEST_CASE("loads reports a bad element with its place and exits 1", "[cli][loads]") {
  auto r = run_fexpr("loads " + std::string(FEXPR_SOURCE_DIR) + "/tests/data/forces/negative_stiffness.adm", true);
  CHECK(r.status == 1);
  CHECK(r.out.find("negative_stiffness.adm:5:44: error: SPRINGDAMPER/1 K= must not be negative, got -1E3") !=
        std::string::npos);
}

TEST_CASE("loads evaluates a BEAM, with its Jacobian", "[cli][loads][beam]") {
  auto r = run_fexpr("loads --format json --jacobian --id BEAM/2 " + kModels + "beam.adm");
  CHECK(r.status == 0);
  auto d = parse_json(r.out);
  const auto& s = d["elements"][0];
  CHECK(s["element"].str() == "BEAM/2");
  // Twisted by 0.01: Tx = -G IXX/L * 0.01 = -4320 * 0.01 (beam.adm).
  CHECK(s["on_i"]["torque"][0].number() == Approx(-43.2));
  CHECK(s["on_j"]["torque"][0].number() == Approx(43.2));
  // AX(3, 1) is PART/3's Euler angle theta while psi = phi = 0: dTx/dtheta = -4320 (row 3: Tx on I).
  const auto& columns = s["jacobian"]["columns"].array();
  std::size_t theta = 0;
  while (columns.at(theta).str() != "PART/3.theta") ++theta;
  CHECK(s["jacobian"]["values"][3][theta].number() == Approx(-4320.0));
}
