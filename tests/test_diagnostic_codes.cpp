// Every diagnostic code has an input that triggers it. The codes are walked through
// code_name until it answers "unknown", so a code added later without a trigger here fails
// this test instead of going untested.
#include "dataset/checker.hpp"
#include "dataset/suppressions.hpp"

#include <fexpr/expression.hpp>

#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace test_diagnostic_codes {

using fexpr::Code;
using fexpr::Diagnostic;
using fexpr::Severity;

namespace {

const std::string kModel =
    "codes\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1\n"
    "PART/2, QG=0,0,1\n"
    "MARKER/20, PART=2\n";

std::vector<Diagnostic> in_dataset(const std::string& lines) {
  return fexpr::dataset::check_text("codes.adm", kModel + lines + "END\n").diagnostics;
}

std::vector<Diagnostic> compiled(const std::string& text) {
  fexpr::Context context;
  return fexpr::compile(text, context).diagnostics;
}

struct Trigger {
  Severity severity;
  std::function<std::vector<Diagnostic>()> run;
};

const std::map<Code, Trigger>& triggers() {
  static const std::map<Code, Trigger> table = {
      {Code::syntax, {Severity::error, [] { return compiled("1 + * 2"); }}},
      {Code::name, {Severity::error, [] { return compiled("STPE(TIME, 0, 0, 1, 1)"); }}},
      {Code::arity, {Severity::error, [] { return compiled("SIN(1, 2)"); }}},
      {Code::argument, {Severity::error, [] { return in_dataset("VARIABLE/1, FUNCTION=DX(20.5)\n"); }}},
      {Code::needs_model, {Severity::error, [] { return compiled("DX(2, 1)"); }}},
      {Code::reference, {Severity::error, [] { return in_dataset("VARIABLE/1, FUNCTION=DX(31, 10)\n"); }}},
      {Code::domain, {Severity::error, [] { return in_dataset("VARIABLE/1, FUNCTION=SQRT(-1)\n"); }}},
      {Code::limit, {Severity::error, [] { return compiled(std::string(100000, '(') + "1" + std::string(100000, ')')); }}},
      {Code::cycle, {Severity::error, [] { return in_dataset("VARIABLE/1, FUNCTION=VARVAL(1) + 1\n"); }}},
      {Code::duplicate_id, {Severity::error, [] { return in_dataset("MARKER/20, PART=2\n"); }}},
      {Code::missing_argument, {Severity::error, [] { return in_dataset("SFORCE/1, I=20, J=10\n"); }}},
      {Code::discontinuity,
       {Severity::warning,
        [] { return in_dataset("JOINT/1, REVOLUTE, I=20, J=10\nMOTION/1, JOINT=1, FUNCTION=IF(TIME-1: 0, 0, 1)\n"); }}},
      {Code::parameter,
       {Severity::warning, [] { return in_dataset("VARIABLE/1, FUNCTION=IMPACT(TIME, 0, 1, 1E5, 0.8, 10, 0.01)\n"); }}},
      {Code::not_interpreted, {Severity::info, [] { return in_dataset("GRAPHICS/1, CYLINDER, CM=20\n"); }}},
      {Code::user_subroutine, {Severity::info, [] { return in_dataset("VARIABLE/1, FUNCTION=USER(1, 2)\n"); }}},
      {Code::suppression,
       {Severity::warning,
        [] {
          auto file = fexpr::dataset::check_text("codes.adm", kModel + "VARIABLE/1, FUNCTION=1  ! fexpr: ignore[domain]\nEND\n");
          fexpr::dataset::apply_suppressions(file, {});
          return file.diagnostics;
        }}},
      {Code::io,
       {Severity::error, [] { return fexpr::dataset::check_file("/nonexistent/fexpr/codes.adm").diagnostics; }}},
      {Code::units, {Severity::warning, [] { return in_dataset("VARIABLE/1, FUNCTION=DX(20, 10) + VX(20, 10)\n"); }}},
  };
  return table;
}

std::vector<Code> all_codes() {
  std::vector<Code> codes;
  for (int i = 0; fexpr::code_name(static_cast<Code>(i)) != "unknown"; ++i) codes.push_back(static_cast<Code>(i));
  return codes;
}

}  // namespace

TEST_CASE("every diagnostic code has an input that triggers it", "[diagnostic]") {
  const auto codes = all_codes();
  REQUIRE(codes.size() >= 16);
  for (Code code : codes) {
    INFO("code " << fexpr::code_name(code));
    auto it = triggers().find(code);
    REQUIRE(it != triggers().end());
    bool triggered = false;
    for (const Diagnostic& d : it->second.run()) {
      if (d.code == code && d.severity == it->second.severity) {
        triggered = true;
        CHECK_FALSE(d.message.empty());
      }
    }
    CHECK(triggered);
  }
}

TEST_CASE("diagnostic code names are distinct, lower case and hyphenated", "[diagnostic]") {
  std::map<std::string, int> seen;
  for (Code code : all_codes()) {
    std::string name(fexpr::code_name(code));
    CHECK(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == std::string::npos);
    CHECK(++seen[name] == 1);
  }
}

}  // namespace test_diagnostic_codes
