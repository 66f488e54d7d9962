// `fexpr check` as CI runs it: text, JSON and SARIF output, exit status, several files.
#include "json_reader.hpp"
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

namespace test_cli_check {

using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;

namespace {

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

const char* kGood =
    "good model\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/2, PART=2\n"
    "SFORCE/1, TRANSLATIONAL, I=2, J=1, FUNCTION=-1E4*(DM(2,1)-0.5)\n"
    "END\n";

// Line 6 calls STPE.
const char* kBad =
    "bad model\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/2, PART=2\n"
    "SFORCE/1, TRANSLATIONAL, I=2, J=1, FUNCTION=STPE(TIME,0,0,1,1)\n"
    "VARIABLE/1, FUNCTION=IF(TIME-1: 0, 0, 5)\n"
    "END\n";

}  // namespace

TEST_CASE("check prints errors compiler-style and exits 1", "[cli][check]") {
  write("check_bad.adm", kBad);
  auto r = run_fexpr("check check_bad.adm");
  CHECK(r.status == 1);
  // "SFORCE/1, TRANSLATIONAL, I=2, J=1, FUNCTION=" is 44 characters: STPE is at column 45.
  CHECK_THAT(r.out, Catch::Matchers::StartsWith(
                        "check_bad.adm:6:45: error[name]: unknown function 'STPE' (did you mean STEP?)\n"
                        "SFORCE/1, TRANSLATIONAL, I=2, J=1, FUNCTION=STPE(TIME,0,0,1,1)\n"
                        "                                            ^~~~\n"));
  CHECK_THAT(r.out, Catch::Matchers::Contains("check_bad.adm: 1 error(s), 0 warning(s)"));
}

TEST_CASE("check of a clean dataset exits 0, and --werror turns warnings into failure", "[cli][check]") {
  write("check_good.adm", kGood);
  CHECK(run_fexpr("check check_good.adm").status == 0);
  SECTION("writing nothing, as compilers do, unless --verbose asks for its summary") {
    auto r = run_fexpr("check check_good.adm", true);
    CHECK(r.out.empty());
    // kGood has one function, the SFORCE's.
    r = run_fexpr("check --verbose check_good.adm", true);
    CHECK(r.status == 0);
    CHECK(r.out == "check_good.adm: 0 error(s), 0 warning(s), 0 note(s), 1 function(s) checked\n");
  }
  SECTION("among files with findings, a clean one adds no line but is in the total") {
    write("check_bad.adm", kBad);
    auto r = run_fexpr("check --quiet check_good.adm check_bad.adm");
    CHECK(r.status == 1);
    // kBad: STPE, an error with a fix, in one of its two functions.
    CHECK(r.out ==
          "check_bad.adm: 1 error(s), 0 warning(s), 0 note(s), 2 function(s) checked\n"
          "total: 1 error(s), 0 warning(s), 3 function(s) in 2 files\n"
          "1 fixable with --fix\n");
  }
  write("check_warn.adm", std::string(kGood).replace(std::string(kGood).find("END"), 3,
                                                      "VARIABLE/1, FUNCTION=IMPACT(TIME, 0, 1, 1E5, 0.8, 10, 0.01)\nEND"));
  CHECK(run_fexpr("check check_warn.adm").status == 0);
  CHECK(run_fexpr("check --werror check_warn.adm").status == 1);
}

TEST_CASE("check --format json is one document with the documented fields", "[cli][check][json]") {
  write("check_bad.adm", kBad);
  write("check_good.adm", kGood);
  auto r = run_fexpr("check --format json check_good.adm check_bad.adm");
  CHECK(r.status == 1);
  auto doc = parse_json(r.out);
  REQUIRE(doc["files"].array().size() == 2);
  CHECK(doc["files"][0].str() == "check_good.adm");
  const auto& ds = doc["diagnostics"].array();
  bool found = false;
  for (const auto& d : ds) {
    for (const char* key : {"file", "line", "column", "end_line", "end_column", "severity", "code", "message"})
      CHECK(d.has(key));
    if (d["code"].str() == "name") {
      found = true;
      CHECK(d["file"].str() == "check_bad.adm");
      CHECK(d["line"].number() == 6);
      CHECK(d["column"].number() == 45);
      CHECK(d["end_column"].number() == 49);  // STPE is 4 characters: columns 45 to 48
      CHECK(d["severity"].str() == "error");
    }
  }
  CHECK(found);
  CHECK(doc["summary"]["errors"].number() == 1);
  CHECK(doc["summary"]["functions"].number() == 3);
}

TEST_CASE("check --format sarif writes SARIF 2.1.0 with its required fields", "[cli][check][sarif]") {
  write("check_bad.adm", kBad);
  auto r = run_fexpr("check --format sarif check_bad.adm");
  auto doc = parse_json(r.out);
  CHECK(doc["version"].str() == "2.1.0");
  const auto& run = doc["runs"][0];
  CHECK(run["tool"]["driver"]["name"].str() == "fexpr");
  const auto& results = run["results"].array();
  REQUIRE_FALSE(results.empty());
  for (const auto& res : results) {
    CHECK(res.has("message"));
    CHECK(res["message"].has("text"));
    CHECK(res.has("ruleId"));
    std::string level = res["level"].str();
    CHECK((level == "error" || level == "warning" || level == "note"));
    const auto& region = res["locations"][0]["physicalLocation"]["region"];
    CHECK(region["startLine"].number() >= 1);
    CHECK(region["startColumn"].number() >= 1);
    // Without --root, an absolute file URI (the build folder's path has no character to escape).
    CHECK(res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].str() ==
          "file://" + (std::filesystem::current_path() / "check_bad.adm").string());
  }
  // Every ruleId names a rule of the driver.
  std::set<std::string> rules;
  for (const auto& rule : run["tool"]["driver"]["rules"].array()) rules.insert(rule["id"].str());
  for (const auto& res : results) CHECK(rules.count(res["ruleId"].str()) == 1);
}

TEST_CASE("check reports an unreadable file, checks the others, and exits 2", "[cli][check]") {
  write("check_bad.adm", kBad);
  auto r = run_fexpr("check /nonexistent/a.adm check_bad.adm");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Matchers::Contains("/nonexistent/a.adm: error[io]: cannot read '/nonexistent/a.adm'"));
  CHECK_THAT(r.out, Catch::Matchers::Contains("check_bad.adm:6:45: error"));
}

TEST_CASE("check of many files in parallel prints them in command-line order", "[cli][check]") {
  std::string args;
  for (int i = 0; i < 12; ++i) {
    std::string name = "check_many_" + std::to_string(i) + ".adm";
    write(name, i % 2 ? kBad : kGood);
    args += " " + name;
  }
  auto r = run_fexpr("check --verbose" + args);  // a summary line for the clean files too
  std::size_t at = 0;
  for (int i = 0; i < 12; ++i) {
    std::size_t next = r.out.find("check_many_" + std::to_string(i) + ".adm: ", at);
    INFO("file " << i);
    REQUIRE(next != std::string::npos);
    at = next;
  }
}

}  // namespace test_cli_check
