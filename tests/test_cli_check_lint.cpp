// `fexpr check` as a linter: --explain, --select, --ignore, --severity, fexpr.toml found upward,
// --config, --isolated, excludes, --quiet and --statistics.
#include "run_program.hpp"
#include "scratch_folder.hpp"

#include <catch2/catch.hpp>

namespace test_cli_check_lint {

using fexpr::testing::ScratchFolder;

namespace {

// Line 7: a MOTION with IF (discontinuity warning); line 8: STPE (name error).
const std::string kModel =
    "lint\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "JOINT/1, REVOLUTE, I=20, J=10\n"
    "MOTION/1, JOINT=1, FUNCTION=IF(TIME-1: 0, 0, 1)\n"
    "VARIABLE/1, FUNCTION=STPE(TIME, 0, 0, 1, 1)\n"
    "END\n";

fexpr::testing::ProgramResult check(const ScratchFolder& dir, const std::string& args) {
  return fexpr::testing::run_fexpr_in(dir.path.string(), "check " + args);
}

bool has(const std::string& out, const std::string& part) { return out.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("--explain prints a rule's meaning, why it matters and an example", "[cli][check][lint]") {
  ScratchFolder dir;
  auto r = check(dir, "--explain discontinuity");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Matchers::StartsWith("discontinuity (warning): "));
  CHECK(has(r.out, "\n\nWhy it matters: "));
  CHECK(has(r.out, "\n\nExample:\nMOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 0.1)\n"));
  CHECK(has(r.out, "\n\nCorrected:\nMOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 0, 0, 1, 0.1)\n"));
  // Both statements of a cycle raise it: there is no one statement to show corrected.
  auto cycle = check(dir, "--explain cycle");
  CHECK(has(cycle.out, "\n\nExample:\nVARIABLE/1, FUNCTION=VARVAL(2)\nVARIABLE/2, FUNCTION=2*VARVAL(1)\n"));
  CHECK_FALSE(has(cycle.out, "Corrected:"));
  auto unknown = check(dir, "--explain discontinuty");
  CHECK(unknown.status == 2);
  CHECK_THAT(unknown.out, Catch::Matchers::StartsWith("fexpr check --explain: unknown code 'discontinuty'; the codes are syntax"));
}

TEST_CASE("check without a file says what to give", "[cli][check][lint]") {
  ScratchFolder dir;
  auto r = check(dir, "");
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr check: name the datasets to check (FILE...), or --explain CODE\n");
}

TEST_CASE("--select and --ignore choose the codes reported", "[cli][check][lint]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto all = check(dir, "m.adm");
  CHECK(has(all.out, "m.adm:7:29: warning[discontinuity]: "));
  CHECK(has(all.out, "m.adm:8:22: error[name]: "));
  auto selected = check(dir, "--select discontinuity m.adm");
  CHECK(selected.status == 0);
  CHECK(has(selected.out, "warning[discontinuity]"));
  CHECK_FALSE(has(selected.out, "error[name]"));
  auto ignored = check(dir, "--verbose --ignore name,discontinuity m.adm");
  CHECK(ignored.status == 0);
  CHECK(has(ignored.out, "m.adm: 0 error(s), 0 warning(s)"));
}

TEST_CASE("an unknown code in an option is a usage error naming the option", "[cli][check][lint]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  for (std::string option : {"--select", "--ignore"}) {
    auto r = check(dir, option + " name,stpe m.adm");
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Matchers::StartsWith("fexpr check: " + option + ": unknown code 'stpe'; the codes are"));
  }
  auto severity = check(dir, "--severity discontinuity m.adm");
  CHECK(severity.status == 2);
  CHECK(severity.out ==
        "fexpr check: --severity: 'discontinuity' is not CODE=LEVEL; write e.g. --severity discontinuity=error\n");
  CHECK(check(dir, "--severity discontinuity=fatal m.adm").out ==
        "fexpr check: --severity: unknown severity 'fatal'; write error, warning or info\n");
}

TEST_CASE("--severity changes a code's severity, and with it the exit status", "[cli][check][lint]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto r = check(dir, "--ignore name --severity discontinuity=error m.adm");
  CHECK(r.status == 1);
  CHECK(has(r.out, "m.adm:7:29: error[discontinuity]: "));
}

TEST_CASE("fexpr.toml is found from the checked file's folder upward", "[cli][check][lint][config]") {
  ScratchFolder dir;
  dir.write("fexpr.toml", "[check]\nignore = [\"name\"]\n");
  dir.write("cars/sedan/m.adm", kModel);
  auto found = check(dir, "cars/sedan/m.adm");
  CHECK(found.status == 0);
  CHECK(has(found.out, "warning[discontinuity]"));
  CHECK_FALSE(has(found.out, "error[name]"));
  SECTION("a nearer one wins") {
    dir.write("cars/fexpr.toml", "[check]\nignore = [\"discontinuity\"]\n");
    auto nearer = check(dir, "cars/sedan/m.adm");
    CHECK(nearer.status == 1);
    CHECK_FALSE(has(nearer.out, "warning[discontinuity]"));
  }
  SECTION("--isolated reads none") {
    auto isolated = check(dir, "--isolated cars/sedan/m.adm");
    CHECK(isolated.status == 1);
    CHECK(has(isolated.out, "error[name]"));
  }
  SECTION("--config names the one to read") {
    dir.write("strict.toml", "[check.severity]\ndiscontinuity = \"error\"\n");
    auto named = check(dir, "--config strict.toml cars/sedan/m.adm");
    CHECK(has(named.out, "error[discontinuity]"));
    CHECK(has(named.out, "error[name]"));
  }
  SECTION("--config and --isolated exclude each other") {
    dir.write("strict.toml", "");
    auto both = check(dir, "--isolated --config strict.toml cars/sedan/m.adm");
    CHECK(both.status == 2);
    CHECK_THAT(both.out, Catch::Matchers::StartsWith("--config excludes --isolated\n"));
  }
  SECTION("the command line's --ignore adds to the file's") {
    auto both = check(dir, "--verbose --ignore discontinuity cars/sedan/m.adm");
    CHECK(has(both.out, "m.adm: 0 error(s), 0 warning(s)"));
  }
}

TEST_CASE("a malformed fexpr.toml stops the check with its line and column", "[cli][check][lint][config]") {
  ScratchFolder dir;
  dir.write("fexpr.toml", "[check]\nselect = [\"name\", \"stpe\"]\n");
  dir.write("m.adm", kModel);
  auto r = check(dir, "m.adm");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Matchers::StartsWith("fexpr check: " + (dir.path / "fexpr.toml").string() +
                                                ":2:19: unknown code 'stpe'; the codes are syntax"));
  auto missing = check(dir, "--config none.toml m.adm");
  CHECK(missing.status == 2);
  CHECK(missing.out == "fexpr check: --config: 'none.toml' is not a file; name a fexpr.toml\n");
}

TEST_CASE("a directory search skips the config's excludes; a file named is checked", "[cli][check][lint][config]") {
  ScratchFolder dir;
  dir.write("models/fexpr.toml", "[check]\nexclude = [\"generated\", \"old_*.adm\"]\n");
  dir.write("models/a.adm", kModel);
  dir.write("models/old_a.adm", kModel);
  dir.write("models/generated/b.adm", kModel);
  auto r = check(dir, "-r models");
  CHECK(has(r.out, "models/a.adm: "));
  CHECK_FALSE(has(r.out, "old_a.adm"));
  CHECK_FALSE(has(r.out, "b.adm"));
  CHECK(has(check(dir, "models/old_a.adm").out, "models/old_a.adm: 1 error(s)"));
}

TEST_CASE("--quiet writes the summary lines only; --statistics counts per code", "[cli][check][lint]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  dir.write("n.adm", kModel);
  auto quiet = check(dir, "--quiet m.adm n.adm");
  CHECK(quiet.status == 1);
  CHECK(quiet.out ==
        "m.adm: 1 error(s), 1 warning(s), 0 note(s), 2 function(s) checked\n"
        "n.adm: 1 error(s), 1 warning(s), 0 note(s), 2 function(s) checked\n"
        "total: 2 error(s), 2 warning(s), 4 function(s) in 2 files\n"
        "2 fixable with --fix\n");
  auto statistics = check(dir, "--quiet --statistics m.adm n.adm");
  CHECK_THAT(statistics.out, Catch::Matchers::EndsWith(
                                 "     2  name              Unknown function, name or statement (2 fixable)\n"
                                 "     2  discontinuity     A function less smooth than its use needs\n"));
}

TEST_CASE("standard input is configured from the folder of its --stdin-name", "[cli][check][lint][config]") {
  ScratchFolder dir;
  dir.write("cars/fexpr.toml", "[check]\nignore = [\"name\"]\n");
  dir.write("m.adm", kModel);
  auto named = check(dir, "--stdin-name cars/m.adm - < m.adm");
  CHECK(named.status == 0);
  CHECK(has(named.out, "cars/m.adm: 0 error(s), 1 warning(s)"));
  auto unnamed = check(dir, "- < m.adm");
  CHECK(unnamed.status == 1);
  CHECK(has(unnamed.out, "<stdin>:8:22: error[name]: "));
}

}  // namespace test_cli_check_lint
