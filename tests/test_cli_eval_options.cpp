// `fexpr eval` options beyond the value: the tree in JSON, names checked before anything is
// evaluated, part states set from the command line, and the digits of text output.
#include "json_reader.hpp"
#include "run_program.hpp"

#include <catch2/catch.hpp>

namespace test_cli_eval_options {

using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;

namespace {

const std::string kContact = std::string(FEXPR_SOURCE_DIR) + "/examples/models/contact.adm";

}  // namespace

TEST_CASE("eval --ast --format json puts the tree in the expression's object", "[cli][eval][json]") {
  auto r = run_fexpr("eval --ast --format json '-2**2'");
  CHECK(r.status == 0);
  // -2**2 is -(2**2): a negate over a power of two numbers, as `--ast` prints it in text.
  CHECK(r.out ==
        "{\"expr\": \"-2**2\", \"value\": -4, \"error\": null, \"ast\": {\"kind\": \"negate\", \"span\": [0, 5], "
        "\"children\": [{\"kind\": \"power\", \"span\": [1, 5], \"children\": [{\"kind\": \"number\", \"value\": 2, "
        "\"text\": \"2\", \"span\": [1, 2]}, {\"kind\": \"number\", \"value\": 2, \"text\": \"2\", \"span\": [4, "
        "5]}]}]}}\n");
  SECTION("operators, names, degrees; an expression that fails to evaluate keeps its tree") {
    r = run_fexpr("eval --ast --format json 'a - 90D*b'");
    CHECK(r.status == 1);
    auto object = parse_json(r.out);
    CHECK(object["error"]["message"].str().starts_with("unknown name 'a'"));
    const auto& sum = object["ast"];
    CHECK(sum["kind"].str() == "sum");
    const auto& product = sum["children"].array()[1];
    CHECK(product["op"].str() == "-");
    CHECK(product["children"].array()[0]["text"].str() == "90D");
    CHECK(product["children"].array()[0]["value"].number() == Approx(M_PI / 2).epsilon(1e-15));
    CHECK(product["children"].array()[1]["op"].str() == "*");
    CHECK(product["children"].array()[1]["name"].str() == "B");
  }
  SECTION("an expression that does not parse has no tree") {
    r = run_fexpr("eval --ast --format json '1 + ('");
    CHECK(!parse_json(r.out).has("ast"));
  }
}

TEST_CASE("eval checks --var names and says what a name is", "[cli][eval][errors]") {
  const std::string rule = "' is not a name: letters, digits and '_', not starting with a digit\n";
  for (std::string bad : {" x", "1x", "x-1", "a b"}) {
    CAPTURE(bad);
    auto r = run_fexpr("eval --var '" + bad + "=1' 1", true);
    CHECK(r.status == 2);
    CHECK(r.out == "fexpr eval: --var '" + bad + "=1': '" + bad + rule);
  }
  auto r = run_fexpr("eval --var '=3' 1", true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr eval: --var expects NAME=NUMBER, got '=3'\n");
  r = run_fexpr("eval --var 'TIME=3' 1", true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr eval: --var 'TIME=3': 'TIME' is a reserved name (the simulation time); choose another\n");
}

TEST_CASE("eval's errors name its own options for what is missing", "[cli][eval][errors]") {
  auto r = run_fexpr("eval 'x + 1' 'DM(2, 1)'");
  CHECK(r.status == 1);
  CHECK(r.out.find("error: unknown name 'x'; define it with --var NAME=VALUE\n") != std::string::npos);
  CHECK(r.out.find("error: DM needs a model; add --model FILE.adm\n") != std::string::npos);
}

TEST_CASE("eval's files that cannot be read are usage errors naming the option", "[cli][eval][errors]") {
  auto r = run_fexpr("eval --model no-such.adm 1", true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr eval: --model 'no-such.adm': cannot read it: No such file or directory; name a dataset (.adm)\n");
  r = run_fexpr("eval --file " + std::string(FEXPR_SOURCE_DIR), true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr eval: --file '" + std::string(FEXPR_SOURCE_DIR) +
                     "': it is a folder; name a file of expressions, one a line (- reads standard input)\n");
}

TEST_CASE("eval --model --set moves a part before evaluating", "[cli][eval][model]") {
  // The ball starts at z = 0.095 falling at 0.5 m/s; --set puts it at 0.09, at rest.
  auto r = run_fexpr("eval --model " + kContact + " --set PART/2 z=0.09 --set part/2 VZ=0 'DZ(2, 1)' 'VZ(2, 1)'");
  CHECK(r.status == 0);
  CHECK(r.out == "DZ(2, 1) = 0.09\nVZ(2, 1) = 0\n");
  SECTION("errors name the --set and what to write") {
    const std::string head = "eval --model " + kContact + " --set ";
    struct Case {
      std::string set, message;
    };
    for (const Case& c : std::initializer_list<Case>{
             {"PART/9 z=1", "--set PART/9 z=1: the model has no PART/9"},
             {"PART/1 z=1", "--set PART/1 z=1: PART/1 is the ground, which does not move"},
             {"MARKER/2 z=1", "--set MARKER/2 z=1: expected PART/ID, the part whose state to set"},
             {"PART/2 q=1", "--set PART/2 q=1: no state 'q'; the states are x y z psi theta phi vx vy vz wx wy wz"},
             {"PART/2 z", "--set PART/2 z: expected NAME=VALUE after the part"},
             {"PART/2 z=abc", "--set PART/2 z=abc: expected a decimal number after '='"},
         }) {
      CAPTURE(c.set);
      r = run_fexpr(head + c.set + " 1", true);
      CHECK(r.status == 2);
      CHECK(r.out == "fexpr eval: " + c.message + "\n");
    }
    r = run_fexpr("eval --set PART/2 z=1 1", true);
    CHECK(r.status == 2);
    CHECK(r.out == "fexpr eval: --set changes a part of a model; add --model FILE.adm\n");
  }
}

TEST_CASE("--precision rounds text output to N significant digits", "[cli][eval][sforce]") {
  // x/3 at x = 2: 0.666..., and its derivative 1/3.
  auto r = run_fexpr("eval --precision 3 --grad --var x=2 'x/3'");
  CHECK(r.out == "x/3 = 0.667\n  d/dTIME  0\n  d/dx     0.333\n");
  r = run_fexpr("eval --precision 3 --format json --var x=2 'x/3'");
  CHECK(r.out == "{\"expr\": \"x/3\", \"value\": 0.6666666666666666, \"error\": null}\n");  // JSON stays exact
  CHECK(run_fexpr("eval --precision 0 1").status == 2);
  CHECK(run_fexpr("eval --precision 18 1").status == 2);

  // At z = 0.09 and at rest the IMPACT force is k (x1 - x)^e = 1E5 * 0.01^1.5 = 100, which the
  // exact form prints as 100.00000000000013.
  r = run_fexpr("sforce " + kContact + " --set PART/2 z=0.09 --set PART/2 vz=0 --precision 6");
  CHECK(r.status == 0);
  CHECK(r.out ==
        "SFORCE/1 (translational, I=2, J=1): f = 100\n"
        "  force on I (marker 2): [0, 0, 100]\n"
        "  force on J (marker 1): [-0, -0, -100]\n"
        "  power: 0\n");
  r = run_fexpr("sforce " + kContact + " --set PART/3 z=0.09", true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr sforce: --set PART/3 z=0.09: the model has no PART/3\n");
}

}  // namespace test_cli_eval_options
