// Inline suppressions: what they silence, where, and what is said about the ones that silence
// nothing.
#include "dataset/checker.hpp"
#include "dataset/suppressions.hpp"

#include <catch2/catch.hpp>

namespace test_dataset_suppressions {

using fexpr::Code;
using fexpr::Diagnostic;
using fexpr::Severity;
using namespace fexpr::dataset;

namespace {

const std::string kModel =
    "suppressions\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n"
    "JOINT/1, REVOLUTE, I=20, J=10\n";
// Line 7: a MOTION with IF, a discontinuity warning.
const std::string kMotion = "MOTION/1, JOINT=1, FUNCTION=IF(TIME-1: 0, 0, 1)";

CheckedFile suppressed(const std::string& lines, const LintSettings& settings = {}) {
  CheckedFile f = check_text("s.adm", kModel + lines + "END\n");
  apply_settings(f, settings);
  apply_suppressions(f, settings);
  return f;
}

std::vector<Code> codes(const CheckedFile& f) {
  std::vector<Code> out;
  for (const Diagnostic& d : f.diagnostics) out.push_back(d.code);
  return out;
}

std::string text_at(const CheckedFile& f, const Diagnostic& d) {
  return f.source->text().substr(d.span.begin, d.span.end - d.span.begin);
}

}  // namespace

TEST_CASE("without a suppression the MOTION's IF is a discontinuity warning", "[lint][suppressions]") {
  CHECK(codes(suppressed(kMotion + "\n")) == std::vector<Code>{Code::discontinuity});
}

TEST_CASE("a suppression on the statement silences its code there", "[lint][suppressions]") {
  SECTION("at the end of the line") { CHECK(suppressed(kMotion + "  ! fexpr: ignore[discontinuity]\n").diagnostics.empty()); }
  SECTION("among others, blanks anywhere") {
    CHECK(suppressed(kMotion + " !fexpr:ignore [ parameter ,discontinuity ]\n").diagnostics.size() == 1);
  }
  SECTION("on a continuation line of the statement") {
    CHECK(suppressed("MOTION/1, JOINT=1,  ! fexpr: ignore[discontinuity]\n, FUNCTION=IF(TIME-1: 0, 0, 1)\n").diagnostics.empty());
  }
  SECTION("on a line of its own before the statement") {
    CHECK(suppressed("! fexpr: ignore[discontinuity]\n" + kMotion + "\n").diagnostics.empty());
  }
}

TEST_CASE("a statement suppression does not reach another statement", "[lint][suppressions]") {
  auto f = suppressed("VARIABLE/1, FUNCTION=1  ! fexpr: ignore[discontinuity]\n" + kMotion + "\n");
  CHECK(codes(f) == std::vector<Code>{Code::suppression, Code::discontinuity});
}

TEST_CASE("a file-wide suppression silences its code everywhere", "[lint][suppressions]") {
  auto f = suppressed("! fexpr: ignore-file[discontinuity]\n" + kMotion + "\n" + kMotion.substr(0, 7) + "2" +
                      kMotion.substr(8) + "\n");
  CHECK(f.diagnostics.empty());
}

TEST_CASE("a suppression that silences nothing is a warning at its code", "[lint][suppressions]") {
  auto f = suppressed("VARIABLE/1, FUNCTION=1  ! fexpr: ignore[domain]\n");
  REQUIRE(f.diagnostics.size() == 1);
  const Diagnostic& d = f.diagnostics[0];
  CHECK(d.severity == Severity::warning);
  CHECK(d.code == Code::suppression);
  CHECK(text_at(f, d) == "domain");
  CHECK(d.message == "nothing of code 'domain' is reported where this suppression applies; remove it");
}

TEST_CASE("a suppression of a code turned off is not reported as unused", "[lint][suppressions]") {
  LintSettings settings;
  settings.ignore = {Code::domain};
  CHECK(suppressed("VARIABLE/1, FUNCTION=1  ! fexpr: ignore[domain]\n", settings).diagnostics.empty());
  settings.ignore = {Code::suppression};
  CHECK(suppressed("VARIABLE/1, FUNCTION=1  ! fexpr: ignore[what]\n", settings).diagnostics.empty());
}

TEST_CASE("a suppression naming no code, or malformed, is a warning", "[lint][suppressions]") {
  auto unknown = suppressed("VARIABLE/1, FUNCTION=1  ! fexpr: ignore[discontinuty]\n");
  REQUIRE(unknown.diagnostics.size() == 1);
  CHECK(text_at(unknown, unknown.diagnostics[0]) == "discontinuty");
  CHECK_THAT(unknown.diagnostics[0].message,
             Catch::Matchers::StartsWith("'discontinuty' is not a fexpr code; the codes are syntax, name"));
  for (std::string comment : {"! fexpr: ignor[domain]", "! fexpr: ignore domain", "! fexpr: ignore[domain"}) {
    INFO(comment);
    auto f = suppressed("VARIABLE/1, FUNCTION=1  " + comment + "\n");
    REQUIRE(f.diagnostics.size() == 1);
    CHECK(f.diagnostics[0].code == Code::suppression);
    CHECK(text_at(f, f.diagnostics[0]) == comment);
    CHECK_THAT(f.diagnostics[0].message, Catch::Matchers::StartsWith("this '! fexpr:' comment is not a suppression"));
  }
  auto empty = suppressed("VARIABLE/1, FUNCTION=1  ! fexpr: ignore[domain,]\n");
  CHECK(codes(empty) == std::vector<Code>{Code::suppression, Code::suppression});
}

TEST_CASE("a comment that does not begin with 'fexpr:' is an ordinary comment", "[lint][suppressions]") {
  CHECK(suppressed("VARIABLE/1, FUNCTION=1  ! see fexpr: ignore[domain]\n").diagnostics.empty());
  // The line's first '!' starts its comment; a marker after a second one is text of that comment.
  CHECK(suppressed("VARIABLE/1, FUNCTION=1  ! see ! fexpr: ignore[domain]\n").diagnostics.empty());
  CHECK(codes(suppressed("! fexpr: ignore[domain] ! fexpr: ignore[discontinuity]\n" + kMotion + "\n")) ==
        std::vector<Code>{Code::suppression, Code::discontinuity});
}

TEST_CASE("suppressions read lines that end with CRLF", "[lint][suppressions]") {
  CHECK(suppressed(kMotion + "  ! fexpr: ignore[discontinuity]\r\n").diagnostics.empty());
  auto f = suppressed("VARIABLE/1, FUNCTION=1  ! fexpr: ignore[domain\r\n");
  REQUIRE(f.diagnostics.size() == 1);
  CHECK(text_at(f, f.diagnostics[0]) == "! fexpr: ignore[domain");
}

}  // namespace test_dataset_suppressions
