// Applying fixes (safe, unsafe, overlapping) and the unified diff that shows them.
#include "dataset/fixes.hpp"

#include <catch2/catch.hpp>

namespace test_dataset_fixes {

using fexpr::Code;
using fexpr::Diagnostic;
using fexpr::Fix;
using fexpr::Severity;
using namespace fexpr::dataset;

namespace {

Diagnostic with_fix(std::uint32_t begin, std::uint32_t end, std::string replacement, bool safe = true) {
  Diagnostic d{Severity::error, Code::name, {begin, end}, "m"};
  d.fix = Fix{{begin, end}, std::move(replacement), safe};
  return d;
}

}  // namespace

TEST_CASE("safe fixes are applied in file order, unsafe ones only when asked", "[lint][fixes]") {
  const std::string text = "X=STPE(T) + BUSHING(1)\nM=STEP(T)\n";
  //                        0123456789012345678901234567890123
  std::vector<Diagnostic> ds = {with_fix(12, 19, "BUSH"), with_fix(2, 6, "STEP"), with_fix(25, 29, "STEP5", false),
                                Diagnostic{Severity::warning, Code::parameter, {0, 1}, "no fix"}};
  auto safe = apply_fixes(text, ds, false);
  CHECK(safe.text == "X=STEP(T) + BUSH(1)\nM=STEP(T)\n");
  CHECK(safe.applied == 2);
  CHECK(safe.skipped == 1);
  auto all = apply_fixes(text, ds, true);
  CHECK(all.text == "X=STEP(T) + BUSH(1)\nM=STEP5(T)\n");
  CHECK(all.applied == 3);
  CHECK(all.skipped == 0);
}

TEST_CASE("a fix overlapping an earlier one, or crossing a line, is left out", "[lint][fixes]") {
  const std::string text = "ABCDEF\nGH\n";
  auto overlapping = apply_fixes(text, std::vector<Diagnostic>{with_fix(0, 3, "x"), with_fix(2, 4, "y")}, false);
  CHECK(overlapping.text == "xDEF\nGH\n");
  CHECK(overlapping.skipped == 1);
  auto crossing = apply_fixes(text, std::vector<Diagnostic>{with_fix(5, 8, "z"), with_fix(0, 1, "a\nb")}, false);
  CHECK(crossing.text == text);
  CHECK(crossing.skipped == 2);
  auto outside = apply_fixes(text, std::vector<Diagnostic>{with_fix(8, 30, "z")}, false);
  CHECK(outside.text == text);
}

TEST_CASE("the diff has three lines of context and joins changes that are close", "[lint][fixes]") {
  const std::string before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n";
  std::string after = before;
  after.replace(after.find("2\n"), 1, "two");
  after.replace(after.find("\n5\n") + 1, 1, "five");
  after.replace(after.find("\n15\n") + 1, 2, "fifteen");
  CHECK(unified_diff("m.adm", before, after) ==
        "--- m.adm\n+++ m.adm\n"
        "@@ -1,8 +1,8 @@\n 1\n-2\n+two\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
        "@@ -12,5 +12,5 @@\n 12\n 13\n 14\n-15\n+fifteen\n 16\n");
  CHECK(unified_diff("m.adm", before, before).empty());
}

TEST_CASE("the diff marks a last line without a newline, and rejects texts of different lengths", "[lint][fixes]") {
  CHECK(unified_diff("m", "a\nb", "a\nc") == "--- m\n+++ m\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
  CHECK_THROWS_AS(unified_diff("m", "a\n", "a\nb\n"), std::invalid_argument);
}

}  // namespace test_dataset_fixes
