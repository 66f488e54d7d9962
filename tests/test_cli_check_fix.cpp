// --fix, --unsafe-fixes and --diff: which fixes are applied, what the file holds afterwards, and
// that a file that cannot be replaced is left as it was.
#include "json_reader.hpp"
#include "run_program.hpp"
#include "scratch_folder.hpp"

#include <catch2/catch.hpp>

#include <unistd.h>

namespace test_cli_check_fix {

namespace fs = std::filesystem;
using fexpr::testing::run_shell;
using fexpr::testing::ScratchFolder;

namespace {

const std::string kHead =
    "fix\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "JOINT/1, REVOLUTE, I=20, J=10\n";
// Line 7: STEP in a MOTION (an unsafe fix to STEP5); line 8: STPE (safe fix to STEP); line 9:
// SFROCE (safe fix to SFORCE).
const std::string kModel = kHead +
                           "MOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 1)\n"
                           "VARIABLE/1, FUNCTION=STPE(TIME, 0, 0, 1, 1) + 2*PI\n"
                           "SFROCE/3, I=20, J=10, FUNCTION=1\n"
                           "END\n";
const std::string kSafelyFixed = kHead +
                                 "MOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 1)\n"
                                 "VARIABLE/1, FUNCTION=STEP(TIME, 0, 0, 1, 1) + 2*PI\n"
                                 "SFORCE/3, I=20, J=10, FUNCTION=1\n"
                                 "END\n";

fexpr::testing::ProgramResult check(const ScratchFolder& dir, const std::string& args, const std::string& prefix = "") {
  return fexpr::testing::run_fexpr_in(dir.path.string(), "check " + args, prefix);
}

}  // namespace

TEST_CASE("--fix applies the safe fixes and reports what is left", "[cli][check][fix]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto r = check(dir, "--fix m.adm");
  CHECK(dir.read("m.adm") == kSafelyFixed);
  CHECK(r.status == 0);
  CHECK(r.out ==
        "m.adm:7:29: warning[discontinuity]: STEP is not twice continuously differentiable; a MOTION needs a "
        "continuous second derivative (use STEP5)\n"
        "MOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 1)\n"
        "                            ^~~~~~~~~~~~~~~~~~~~~~\n"
        "  fix: replace 'STEP' with 'STEP5' (unsafe: --fix --unsafe-fixes)\n"
        "m.adm: 0 error(s), 1 warning(s), 0 note(s), 3 function(s) checked\n"
        "2 fix(es) applied\n"
        "1 more fixable with --fix --unsafe-fixes\n");
  dir.write("n.adm", kModel);
  auto json = fexpr::testing::parse_json(fexpr::testing::run_fexpr_in(dir.path.string(), "check --fix --format json n.adm").out);
  CHECK(json["summary"]["fixed"].number() == 2);
  CHECK(json["summary"]["warnings"].number() == 1);
  CHECK(dir.read("n.adm") == kSafelyFixed);
  auto again = check(dir, "--fix m.adm");
  CHECK(dir.read("m.adm") == kSafelyFixed);
  CHECK(again.out.find("applied") == std::string::npos);
}

TEST_CASE("--fix --unsafe-fixes also applies the fixes that change the model", "[cli][check][fix]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto r = check(dir, "--fix --unsafe-fixes m.adm");
  std::string expected = kSafelyFixed;
  expected.replace(expected.find("STEP("), 4, "STEP5");
  CHECK(dir.read("m.adm") == expected);
  CHECK(r.status == 0);
  // Nothing is left to report, so the summary is the fixes alone.
  CHECK(r.out == "3 fix(es) applied\n");
}

TEST_CASE("--diff shows the fixes without writing and exits 1 when there are some", "[cli][check][fix]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto r = check(dir, "--diff m.adm");
  CHECK(dir.read("m.adm") == kModel);
  CHECK(r.status == 1);
  CHECK(r.out ==
        "--- m.adm\n+++ m.adm\n"
        "@@ -5,6 +5,6 @@\n"
        " MARKER/20, PART=2\n"
        " JOINT/1, REVOLUTE, I=20, J=10\n"
        " MOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 1)\n"
        "-VARIABLE/1, FUNCTION=STPE(TIME, 0, 0, 1, 1) + 2*PI\n"
        "-SFROCE/3, I=20, J=10, FUNCTION=1\n"
        "+VARIABLE/1, FUNCTION=STEP(TIME, 0, 0, 1, 1) + 2*PI\n"
        "+SFORCE/3, I=20, J=10, FUNCTION=1\n"
        " END\n");
  auto unsafe = check(dir, "--diff --unsafe-fixes m.adm");
  CHECK(unsafe.out.find("-MOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 1)\n") != std::string::npos);
  CHECK(unsafe.out.find("+MOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 0, 0, 1, 1)\n") != std::string::npos);
  dir.write("clean.adm", kSafelyFixed);
  auto clean = check(dir, "--diff clean.adm");
  CHECK(clean.status == 0);
  CHECK(clean.out.empty());
}

TEST_CASE("patch applies --diff's output and gives what --fix writes", "[cli][check][fix]") {
  if (run_shell("command -v patch").status != 0) {
    WARN("patch is not installed");
    return;
  }
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto r = run_shell("cd '" + dir.path.string() + "' && " + FEXPR_BINARY + " check --diff m.adm > fixes.diff; patch -p0 < fixes.diff");
  CHECK(r.status == 0);
  CHECK(dir.read("m.adm") == kSafelyFixed);
}

TEST_CASE("--diff says which file it cannot read and exits 2", "[cli][check][fix]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  auto r = check(dir, "--diff none.adm m.adm");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Matchers::StartsWith("none.adm: cannot read 'none.adm'\n--- m.adm\n"));
}

TEST_CASE("--fix - writes standard input fixed to standard output, and the report to standard error",
          "[cli][check][fix]") {
  ScratchFolder dir;
  dir.write("m.adm", kModel);
  const std::string in_dir = "cd '" + dir.path.string() + "' && ";
  auto fixed = run_shell(in_dir + FEXPR_BINARY + " check --fix - < m.adm");
  CHECK(fixed.status == 0);  // the one finding left is a warning
  CHECK(fixed.out == kSafelyFixed);
  CHECK(dir.read("m.adm") == kModel);
  auto report = run_shell("{ " + in_dir + FEXPR_BINARY + " check --fix - < m.adm 2>&1 >/dev/null; }");
  CHECK(report.out ==
        "<stdin>:7:29: warning[discontinuity]: STEP is not twice continuously differentiable; a MOTION needs a "
        "continuous second derivative (use STEP5)\n"
        "MOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 1)\n"
        "                            ^~~~~~~~~~~~~~~~~~~~~~\n"
        "  fix: replace 'STEP' with 'STEP5' (unsafe: --fix --unsafe-fixes)\n"
        "<stdin>: 0 error(s), 1 warning(s), 0 note(s), 3 function(s) checked\n"
        "2 fix(es) applied\n"
        "1 more fixable with --fix --unsafe-fixes\n");
  SECTION("a text with nothing to fix comes back as it was, for an editor to replace its buffer with") {
    auto same = run_shell(in_dir + FEXPR_BINARY + " check --fix - < m.adm | " + FEXPR_BINARY + " check --fix -");
    CHECK(same.out == kSafelyFixed);
  }
  SECTION("with --stdin-name, the report names the file standard input stands for") {
    report = run_shell("{ " + in_dir + FEXPR_BINARY + " check --fix --stdin-name m.adm - < m.adm 2>&1 >/dev/null; }");
    CHECK(report.out.starts_with("m.adm:7:29: warning[discontinuity]: "));
  }
}

TEST_CASE("--fix in a folder that cannot be written leaves the file as it was", "[cli][check][fix]") {
  ScratchFolder dir;
  dir.write("locked/m.adm", kModel);
  // Permissions do not stop root, so as root the program runs as the unprivileged user nobody.
  std::string prefix;
  if (geteuid() == 0) {
    if (run_shell("command -v setpriv").status != 0) {
      WARN("running as root without setpriv: a folder that cannot be written cannot be made");
      return;
    }
    fs::permissions(dir.path, fs::perms::all);
    fs::permissions(dir.path / "locked" / "m.adm", fs::perms::all);
    prefix = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
  }
  const auto read_only = fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                         fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec;
  fs::permissions(dir.path / "locked", read_only);
  auto r = check(dir, "--fix locked/m.adm", prefix);
  fs::permissions(dir.path / "locked", fs::perms::owner_all);
  CHECK(r.status == 2);
  CHECK(r.out.find("fexpr check: cannot create a temporary file beside 'locked/m.adm': Permission denied; "
                   "'locked/m.adm' is unchanged\n") != std::string::npos);
  CHECK(r.out.find("locked/m.adm:8:22: error[name]: unknown function 'STPE'") != std::string::npos);
  CHECK(dir.read("locked/m.adm") == kModel);
  CHECK(std::distance(fs::directory_iterator(dir.path / "locked"), fs::directory_iterator()) == 1);
}

}  // namespace test_cli_check_fix
