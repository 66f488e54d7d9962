// A dataset linted (settings, then suppressions) and fixed pass after pass.
#include "dataset/lint.hpp"

#include <catch2/catch.hpp>

namespace test_dataset_lint {

using fexpr::Code;
using fexpr::Severity;
using namespace fexpr::dataset;

namespace {

const std::string kHead =
    "lint\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "JOINT/1, REVOLUTE, I=20, J=10\n";

}  // namespace

TEST_CASE("lint applies the suppressions and the settings, to the suppressions' warnings too", "[lint]") {
  LintSettings settings;
  settings.ignore = {Code::discontinuity};
  // The suppressed code is turned off: neither its warning nor an unused-suppression warning.
  auto f = lint_text("l.adm", kHead + "MOTION/1, JOINT=1, FUNCTION=IF(TIME-1: 0, 0, 1)  ! fexpr: ignore[discontinuity]\nEND\n",
                     settings);
  CHECK(f.diagnostics.empty());
  settings.severities[Code::suppression] = Severity::error;
  auto g = lint_text("l.adm", kHead + "VARIABLE/1, FUNCTION=1  ! fexpr: ignore[domain]\nEND\n", settings);
  REQUIRE(g.diagnostics.size() == 1);
  CHECK(g.diagnostics[0].code == Code::suppression);
  CHECK(g.diagnostics[0].severity == Severity::error);
}

TEST_CASE("a file that cannot be read keeps its io error whatever the settings", "[lint]") {
  LintSettings settings;
  settings.select = std::set<Code>{Code::name};
  auto f = lint(check_file("/nonexistent/fexpr/l.adm"), settings);
  REQUIRE(f.diagnostics.size() == 1);
  CHECK(f.diagnostics[0].code == Code::io);
}

TEST_CASE("fix_all applies the fixes that the fixed text reveals", "[lint][fixes]") {
  // STPE -> STEP (safe) makes a STEP in a MOTION, whose fix to STEP5 is unsafe.
  const std::string text = kHead + "MOTION/1, JOINT=1, FUNCTION=STPE(TIME, 0, 0, 1, 1)\nEND\n";
  auto safe = check_text("l.adm", text);
  CHECK(fix_all(safe, {}, false) == 1);
  CHECK(safe.source->text() == kHead + "MOTION/1, JOINT=1, FUNCTION=STEP(TIME, 0, 0, 1, 1)\nEND\n");
  REQUIRE(safe.diagnostics.size() == 1);
  CHECK(safe.diagnostics[0].code == Code::discontinuity);
  auto all = check_text("l.adm", text);
  CHECK(fix_all(all, {}, true) == 2);
  CHECK(all.source->text() == kHead + "MOTION/1, JOINT=1, FUNCTION=STEP5(TIME, 0, 0, 1, 1)\nEND\n");
  CHECK(all.diagnostics.empty());
}

}  // namespace test_dataset_lint
