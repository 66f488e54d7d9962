// --select, --ignore and --severity values, and their effect on a checked file.
#include "dataset/checker.hpp"
#include "dataset/lint_settings.hpp"

#include <catch2/catch.hpp>

namespace test_dataset_lint_settings {

using fexpr::Code;
using fexpr::Severity;
using namespace fexpr::dataset;

TEST_CASE("a code list reads names separated by commas, blanks allowed", "[lint][settings]") {
  CHECK(parse_code_list("discontinuity", "--select") == std::set<Code>{Code::discontinuity});
  CHECK(parse_code_list("name, arity ,io", "--select") == std::set<Code>{Code::name, Code::arity, Code::io});
}

TEST_CASE("an unknown code or an empty item is an error naming where it came from", "[lint][settings]") {
  CHECK_THROWS_WITH(parse_code_list("name,stpe", "--ignore"),
                    Catch::Matchers::StartsWith("--ignore: unknown code 'stpe'; the codes are syntax, name,"));
  CHECK_THROWS_WITH(parse_code_list("name,,arity", "--select"),
                    "--select: an empty code in 'name,,arity'; separate codes with single commas");
  CHECK_THROWS_WITH(parse_code_list("", "--select"), Catch::Matchers::StartsWith("--select: an empty code"));
  CHECK_THROWS_AS(parse_code("Name", "x"), SettingError);
}

TEST_CASE("severities are error, warning and info (or note)", "[lint][settings]") {
  CHECK(parse_severity("error", "s") == Severity::error);
  CHECK(parse_severity("warning", "s") == Severity::warning);
  CHECK(parse_severity("info", "s") == Severity::info);
  CHECK(parse_severity("note", "s") == Severity::info);
  CHECK_THROWS_WITH(parse_severity("fatal", "f.toml:4:17"),
                    "f.toml:4:17: unknown severity 'fatal'; write error, warning or info");
}

TEST_CASE("settings drop codes not selected or ignored, and change severities", "[lint][settings]") {
  CheckedFile file;
  file.diagnostics = {{Severity::error, Code::name, {0, 1}, "a"},
                      {Severity::warning, Code::discontinuity, {2, 3}, "b"},
                      {Severity::warning, Code::parameter, {4, 5}, "c"}};
  SECTION("ignore") {
    LintSettings s;
    s.ignore = {Code::discontinuity};
    apply_settings(file, s);
    REQUIRE(file.diagnostics.size() == 2);
    CHECK(file.diagnostics[1].code == Code::parameter);
  }
  SECTION("select, with an ignore inside it") {
    LintSettings s;
    s.select = std::set<Code>{Code::name, Code::parameter};
    s.ignore = {Code::parameter};
    apply_settings(file, s);
    REQUIRE(file.diagnostics.size() == 1);
    CHECK(file.diagnostics[0].code == Code::name);
  }
  SECTION("severity") {
    LintSettings s;
    s.severities[Code::discontinuity] = Severity::error;
    apply_settings(file, s);
    REQUIRE(file.diagnostics.size() == 3);
    CHECK(file.diagnostics[1].severity == Severity::error);
    CHECK(file.diagnostics[2].severity == Severity::warning);
  }
}

}  // namespace test_dataset_lint_settings
