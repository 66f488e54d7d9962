// `fexpr eval --model` and `fexpr sforce` on the bundled example models, with values worked out
// by hand from each model's geometry.
#include "json_reader.hpp"
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <sstream>

namespace test_cli_model {

using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;

namespace {
const std::string kModels = std::string(FEXPR_SOURCE_DIR) + "/examples/models/";

std::vector<fexpr::testing::Json> lines(const std::string& out) {
  std::vector<fexpr::testing::Json> docs;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) docs.push_back(parse_json(line));
  return docs;
}
}  // namespace

TEST_CASE("eval --model evaluates the pendulum's measures", "[cli][model]") {
  // Rod tip 1 m from the hinge at 30 degrees, turning at 2 rad/s about z.
  auto r = run_fexpr("eval --format json --model " + kModels +
                     "pendulum.adm 'DX(22,10)' 'DY(22,10)' 'AZ(22,10)' 'VX(22,10)' 'VY(22,10)' 'ACCX(22,10)' "
                     "'DX(22,10,22)' 'DX(31)'");
  CHECK(r.status == 1);
  auto d = lines(r.out);
  REQUIRE(d.size() == 8);
  const double c = std::cos(std::numbers::pi / 6), s = std::sin(std::numbers::pi / 6);
  CHECK(d[0]["value"].number() == Approx(c));
  CHECK(d[1]["value"].number() == Approx(s));
  CHECK(d[2]["value"].number() == Approx(std::numbers::pi / 6));
  CHECK(d[3]["value"].number() == Approx(-2 * s));    // (w x r).x = -w r sin
  CHECK(d[4]["value"].number() == Approx(2 * c));
  CHECK(d[5]["value"].number() == Approx(-4 * c));    // centripetal: -w^2 r cos
  CHECK(d[6]["value"].number() == Approx(1.0));       // along the rod's own x axis
  CHECK(d[7]["error"]["kind"].str() == "name");
  CHECK(d[7]["error"]["message"].str() == "marker 31 is not defined; the nearest defined markers are 10, 20, 21, 22");
  CHECK(d[7]["error"]["column"].number() == 4);
}

TEST_CASE("eval --model --grad names the part states", "[cli][model]") {
  auto r = run_fexpr("eval --format json --grad --model " + kModels + "spring_damper.adm '-1E4*(DM(3,2)-0.5) - 25*VR(3,2)'");
  CHECK(r.status == 0);
  auto d = parse_json(r.out);
  CHECK(d["value"].number() == Approx(-1007.5));
  CHECK(d["gradient"]["PART/3.x"].number() == Approx(-1E4));
  CHECK(d["gradient"]["PART/3.vx"].number() == Approx(-25));
  CHECK(d["gradient"]["PART/2.x"].number() == Approx(1E4));
}

TEST_CASE("eval --model reports a model that cannot be read and exits 2", "[cli][model]") {
  CHECK(run_fexpr("eval --model /nonexistent.adm 'DX(1)'").status == 2);
}

TEST_CASE("sforce --format json gives the loads, power and Jacobian", "[cli][sforce]") {
  auto r = run_fexpr("sforce --format json --jacobian " + kModels + "spring_damper.adm");
  CHECK(r.status == 0);
  auto d = parse_json(r.out);
  const auto& s = d["sforces"][0];
  CHECK(s["id"].number() == 1);
  CHECK(s["type"].str() == "translational");
  CHECK(s["value"].number() == Approx(-1007.5));
  CHECK(s["on_i"]["force"][0].number() == Approx(-1007.5));
  CHECK(s["on_j"]["force"][0].number() == Approx(1007.5));
  CHECK(s["power"].number() == Approx(-1007.5 * 0.3));
  const auto& columns = s["jacobian"]["columns"].array();
  std::size_t x3 = 0;
  while (columns.at(x3).str() != "PART/3.x") ++x3;
  CHECK(s["jacobian"]["values"][0][x3].number() == Approx(-1E4));
}

TEST_CASE("sforce of a contact model and of an unknown id", "[cli][sforce]") {
  // 5 mm into the floor: 1E5*0.005**1.5, plus damping 25 (half of cmax) times 0.5 m/s.
  auto r = run_fexpr("sforce --format json " + kModels + "contact.adm");
  auto d = parse_json(r.out);
  CHECK(d["sforces"][0]["on_i"]["force"][2].number() == Approx(1E5 * std::pow(0.005, 1.5) + 12.5));
  auto missing = run_fexpr("sforce --id 9 " + kModels + "contact.adm", true);
  CHECK(missing.status == 1);
  // contact.adm defines SFORCE/1 alone.
  CHECK(missing.out == kModels + "contact.adm: SFORCE/9 is not defined; its SFORCEs are SFORCE/1\n");
}

TEST_CASE("sforce on a dataset without SFORCE says so, names the force elements it has, and exits 0",
          "[cli][sforce]") {
  // bushing.adm's force elements are BUSHING/1, /2 and /3.
  auto r = run_fexpr("sforce " + kModels + "bushing.adm", true);
  CHECK(r.status == 0);
  CHECK(r.out == kModels + "bushing.adm: the dataset has no SFORCE to evaluate; fexpr loads evaluates its other "
                           "force elements, BUSHING/1, BUSHING/2, BUSHING/3\n");
  SECTION("standard output holds what --format promises, an empty list") {
    r = run_fexpr("sforce --format json " + kModels + "bushing.adm");
    CHECK(r.status == 0);
    CHECK(parse_json(r.out)["sforces"].array().empty());
  }
  SECTION("an --id asked for is missing, which is a failure") {
    r = run_fexpr("sforce --id 1 " + kModels + "bushing.adm", true);
    CHECK(r.status == 1);
    CHECK(r.out == kModels + "bushing.adm: SFORCE/1 is not defined; the dataset has no SFORCE\n");
  }
}

TEST_CASE("eval --model gives Adams' own Euler parameters for the Chrono pendulum", "[cli][model]") {
  // REQUEST/04 of projectchrono/chrono's test_Revolute_Case01.adm; Adams wrote at time 0
  // (data/testing/joints/revolute_joint/Revolute_Case01_ADAMS_Quat.txt) e0 = +7.071070E-01,
  // e1 = -7.071070E-01, e2 = 0, e3 = +8.659560E-17. Marker ids keep the dataset's leading zeros.
  const std::string model = std::string(FEXPR_SOURCE_DIR) +
                            "/tests/data/corpus/projectchrono__chrono/data__testing__joints__adams_models__test_Revolute_Case01.adm";
  auto r = run_fexpr("eval --format json --grad --model " + model +
                     " 'ORIENT(27,1,0201,0101)' 'ORIENT(27,2,0201,0101)' 'ORIENT(27,3,0201,0101)' "
                     "'ORIENT(27,4,0201,0101)' 'INCANG(0201,0101,0103)' 'ORIENT(27,5,0201,0101)'");
  CHECK(r.status == 1);
  auto d = lines(r.out);
  REQUIRE(d.size() == 6);
  const double adams[4] = {7.071070E-01, -7.071070E-01, 0.0, 8.659560E-17};
  for (int c = 0; c < 4; ++c) CHECK(d[static_cast<std::size_t>(c)]["value"].number() == Approx(adams[c]).margin(5e-7));
  // Part 2 turning by theta about ground x takes 0201 from Rx(-90 deg) to Rx(theta - 90 deg):
  // d e0/d theta = -sin(-pi/4)/2.
  CHECK(d[0]["gradient"]["PART/2.theta"].number() == Approx(std::sqrt(0.125)).epsilon(1e-14));
  // 0201 at (2, 0, 0) and 0103 at (0, -0.4, 0) seen from the origin: a right angle, which opens
  // by 1/2 per unit 0201 moves along +y.
  CHECK(d[4]["value"].number() == Approx(std::numbers::pi / 2).epsilon(1e-15));
  CHECK(d[4]["gradient"]["PART/2.y"].number() == Approx(0.5).epsilon(1e-14));
  CHECK(d[5]["error"]["message"].str() == "ORIENT system 27 (Euler parameters) has components 1 to 4, not 5");
  CHECK(d[5]["error"]["column"].number() == 11);
}

}  // namespace test_cli_model
