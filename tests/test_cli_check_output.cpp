// The shapes of `fexpr check`'s JSON, SARIF, concise lines and GitHub annotations: notes only
// with --info, the summary's note count, fixes, rules from the rule table, artifact URIs, and
// GitHub's escapes.
#include "json_reader.hpp"
#include "run_program.hpp"
#include "scratch_folder.hpp"

#include <fexpr/diagnostic.hpp>

#include <catch2/catch.hpp>

namespace test_cli_check_output {

using fexpr::testing::Json;
using fexpr::testing::parse_json;
using fexpr::testing::ScratchFolder;

namespace {

// Line 6: GRAPHICS, a note; line 7: STPE, a name error with a safe fix.
const std::string kModel =
    "output\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "GRAPHICS/1, CYLINDER, CM=20\n"
    "VARIABLE/1, FUNCTION=STPE(TIME, 0, 0, 1, 1)\n"
    "END\n";

Json check(const ScratchFolder& dir, const std::string& args) {
  return parse_json(fexpr::testing::run_fexpr_in(dir.path.string(), "check " + args).out);
}

}  // namespace

TEST_CASE("JSON leaves notes out without --info, counts them, and carries fixes", "[cli][check][json]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto doc = check(dir, "--format json m.adm");
  const auto& ds = doc["diagnostics"].array();
  REQUIRE(ds.size() == 1);
  CHECK(ds[0]["code"].str() == "name");
  CHECK(doc["summary"]["errors"].number() == 1);
  CHECK(doc["summary"]["notes"].number() == 1);
  CHECK(doc["summary"]["fixed"].number() == 0);
  const auto& fix = ds[0]["fix"];
  // "VARIABLE/1, FUNCTION=" is 21 characters: STPE is columns 22 to 25.
  CHECK(fix["line"].number() == 7);
  CHECK(fix["column"].number() == 22);
  CHECK(fix["end_line"].number() == 7);
  CHECK(fix["end_column"].number() == 26);
  CHECK(fix["replacement"].str() == "STEP");
  CHECK(fix["safe"].boolean());
  CHECK(fix["description"].str() == "replace 'STPE' with 'STEP'");
  auto with_info = check(dir, "--format json --info m.adm");
  REQUIRE(with_info["diagnostics"].array().size() == 2);
  CHECK(with_info["diagnostics"][0]["severity"].str() == "info");
  CHECK_FALSE(with_info["diagnostics"][0].has("fix"));
}

TEST_CASE("SARIF rules carry every code with its descriptions and help", "[cli][check][sarif]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto doc = check(dir, "--format sarif m.adm");
  const auto& rules = doc["runs"][0]["tool"]["driver"]["rules"].array();
  int codes = 0;
  while (fexpr::code_name(static_cast<fexpr::Code>(codes)) != "unknown") ++codes;
  REQUIRE(rules.size() == static_cast<std::size_t>(codes));
  for (const auto& rule : rules) {
    INFO(rule["id"].str());
    CHECK_FALSE(rule["shortDescription"]["text"].str().empty());
    CHECK(rule["fullDescription"]["text"].str().size() > rule["shortDescription"]["text"].str().size());
    CHECK(rule["help"]["text"].str().find("\nExample:\n") != std::string::npos);
  }
  CHECK(rules[1]["id"].str() == "name");
  CHECK(rules[1]["defaultConfiguration"]["level"].str() == "error");
}

TEST_CASE("SARIF results leave notes out without --info and carry fixes", "[cli][check][sarif]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto doc = check(dir, "--format sarif m.adm");
  const auto& results = doc["runs"][0]["results"].array();
  REQUIRE(results.size() == 1);
  CHECK(results[0]["ruleId"].str() == "name");
  CHECK(results[0]["ruleIndex"].number() == 1);
  const auto& fix = results[0]["fixes"][0];
  CHECK(fix["description"]["text"].str() == "replace 'STPE' with 'STEP'");
  const auto& change = fix["artifactChanges"][0];
  CHECK(change["artifactLocation"]["index"].number() == 0);
  const auto& replacement = change["replacements"][0];
  CHECK(replacement["deletedRegion"]["startLine"].number() == 7);
  CHECK(replacement["deletedRegion"]["startColumn"].number() == 22);
  CHECK(replacement["deletedRegion"]["endColumn"].number() == 26);
  CHECK(replacement["insertedContent"]["text"].str() == "STEP");
  CHECK(check(dir, "--format sarif --info m.adm")["runs"][0]["results"].array().size() == 2);
}

TEST_CASE("SARIF artifact URIs are percent-escaped, relative to --root or file://", "[cli][check][sarif]") {
  ScratchFolder dir;
  dir.write("my models/100% é.adm", kModel);
  const std::string escaped = "my%20models/100%25%20%C3%A9.adm";
  auto absolute = check(dir, "--format sarif 'my models/100% é.adm'");
  const auto& run = absolute["runs"][0];
  CHECK(run["artifacts"][0]["location"]["uri"].str() == "file://" + dir.path.string() + "/" + escaped);
  CHECK_FALSE(run.has("originalUriBaseIds"));
  auto relative = check(dir, "--format sarif --root . 'my models/100% é.adm'");
  const auto& rel = relative["runs"][0];
  CHECK(rel["artifacts"][0]["location"]["uri"].str() == escaped);
  CHECK(rel["artifacts"][0]["location"]["uriBaseId"].str() == "ROOT");
  CHECK(rel["originalUriBaseIds"]["ROOT"]["uri"].str() == "file://" + dir.path.string() + "/");
  const auto& location = rel["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(location["uri"].str() == escaped);
  CHECK(location["uriBaseId"].str() == "ROOT");
  // A file outside the root keeps its absolute URI.
  auto outside = check(dir, "--format sarif --root 'my models/sub' 'my models/100% é.adm'");
  CHECK(outside["runs"][0]["artifacts"][0]["location"]["uri"].str() == "file://" + dir.path.string() + "/" + escaped);
}

TEST_CASE("--output-format concise writes each diagnostic on one line", "[cli][check][concise]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto r = fexpr::testing::run_fexpr_in(dir.path.string(), "check --output-format concise m.adm");
  CHECK(r.status == 1);
  // STPE at 7:22; the GRAPHICS note is counted, not shown; VARIABLE/1 is the one function.
  CHECK(r.out ==
        "m.adm:7:22: error[name] unknown function 'STPE' (did you mean STEP?)\n"
        "m.adm: 1 error(s), 0 warning(s), 1 note(s) (--info shows them), 1 function(s) checked\n"
        "1 fixable with --fix\n");
  SECTION("a file that cannot be read has no line and column") {
    r = fexpr::testing::run_fexpr_in(dir.path.string(), "check --format concise none.adm");
    CHECK(r.status == 2);
    CHECK(r.out.starts_with("none.adm: error[io] cannot read 'none.adm'"));
  }
}

TEST_CASE("--output-format github writes workflow annotations, one a diagnostic", "[cli][check][github]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto r = fexpr::testing::run_fexpr_in(dir.path.string(), "check --output-format github m.adm");
  CHECK(r.status == 1);
  // STPE is columns 22 to 25 of line 7: the annotation ends after it, at column 26.
  CHECK(r.out ==
        "::error file=m.adm,line=7,col=22,endLine=7,endColumn=26,title=fexpr (name)::unknown function 'STPE' (did "
        "you mean STEP?)\n");
  SECTION("notes, with --info, are notices") {
    r = fexpr::testing::run_fexpr_in(dir.path.string(), "check --output-format github --info m.adm");
    CHECK(r.out.starts_with("::notice file=m.adm,line=6,"));
  }
  SECTION("a property escapes ',' and ':', which separate properties; the message only '%' and line ends") {
    dir.write("a,b:c.adm", kModel);
    r = fexpr::testing::run_fexpr_in(dir.path.string(), "check --output-format github 'a,b:c.adm'");
    CHECK(r.out.starts_with("::error file=a%2Cb%3Ac.adm,line=7,"));
    r = fexpr::testing::run_fexpr_in(dir.path.string(), "check --output-format github 'no,such%.adm'");
    CHECK(r.status == 2);
    CHECK(r.out.starts_with("::error file=no%2Csuch%25.adm,title=fexpr (io)::cannot read 'no,such%25.adm'"));
  }
  SECTION("a clean file writes nothing") {
    dir.write("clean.adm", "clean\nPART/1, GROUND\nEND\n");
    r = fexpr::testing::run_fexpr_in(dir.path.string(), "check --output-format github clean.adm");
    CHECK(r.status == 0);
    CHECK(r.out.empty());
  }
}

}  // namespace test_cli_check_output
