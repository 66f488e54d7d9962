// `fexpr check` counts columns in characters in every output: text, JSON and SARIF.
#include "json_reader.hpp"
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <fstream>

namespace test_cli_check_columns {

using fexpr::testing::parse_json;
using fexpr::testing::run_fexpr;

namespace {

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Line 3: 'VARIABLE/1, COMMENT="' is 21 characters, then e acute (2 bytes), the euro sign (3)
// and U+1D465 (4) at columns 22 to 24, '", FUNCTION=' at 25 to 36: STPE at 37 to 40 (byte 43).
// Line 4: the same with one Latin-1 byte in the string: STPE at 35 (byte 35). Line 5: a tab
// after the comma: 'VARIABLE/3,' is 11, the tab 12, 'FUNCTION=' 13 to 21, STPE at 22.
const std::string kText =
    "columns\n"
    "PART/1, GROUND\n"
    "VARIABLE/1, COMMENT=\"\xC3\xA9\xE2\x82\xAC\xF0\x9D\x91\xA5\", FUNCTION=STPE(1)\n"
    "VARIABLE/2, COMMENT=\"\xE9\", FUNCTION=STPE(1)\n"
    "VARIABLE/3,\tFUNCTION=STPE(1)\n"
    "END\n";

}  // namespace

TEST_CASE("check text output puts the caret under the character after UTF-8, Latin-1 and a tab", "[cli][check][utf8]") {
  write("columns.adm", kText);
  auto r = run_fexpr("check columns.adm");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Matchers::StartsWith(
                        "columns.adm:3:37: error[name]: unknown function 'STPE' (did you mean STEP?)\n"
                        "VARIABLE/1, COMMENT=\"\xC3\xA9\xE2\x82\xAC\xF0\x9D\x91\xA5\", FUNCTION=STPE(1)\n" +
                        std::string(36, ' ') + "^~~~\n"
                        "columns.adm:4:35: error[name]: unknown function 'STPE' (did you mean STEP?)\n"
                        "VARIABLE/2, COMMENT=\"\xEF\xBF\xBD\", FUNCTION=STPE(1)\n" +
                        std::string(34, ' ') + "^~~~\n"
                        "columns.adm:5:22: error[name]: unknown function 'STPE' (did you mean STEP?)\n"
                        "VARIABLE/3,\tFUNCTION=STPE(1)\n" +
                        std::string(11, ' ') + "\t" + std::string(9, ' ') + "^~~~\n"));
}

TEST_CASE("check JSON output gives character columns", "[cli][check][utf8][json]") {
  write("columns.adm", kText);
  auto doc = parse_json(run_fexpr("check --format json columns.adm").out);
  const auto& ds = doc["diagnostics"].array();
  REQUIRE(ds.size() == 3);
  const double columns[] = {37, 35, 22};
  for (std::size_t i = 0; i < 3; ++i) {
    INFO("diagnostic " << i);
    CHECK(ds[i]["line"].number() == static_cast<double>(i + 3));
    CHECK(ds[i]["column"].number() == columns[i]);
    CHECK(ds[i]["end_column"].number() == columns[i] + 4);  // STPE is 4 characters
  }
}

TEST_CASE("check SARIF output declares code point columns and gives them", "[cli][check][utf8][sarif]") {
  write("columns.adm", kText);
  auto doc = parse_json(run_fexpr("check --format sarif columns.adm").out);
  const auto& run = doc["runs"][0];
  // U+1D465 would be two UTF-16 code units, SARIF's default unit.
  CHECK(run["columnKind"].str() == "unicodeCodePoints");
  const auto& results = run["results"].array();
  REQUIRE(results.size() == 3);
  const double columns[] = {37, 35, 22};
  for (std::size_t i = 0; i < 3; ++i) {
    INFO("result " << i);
    const auto& region = results[i]["locations"][0]["physicalLocation"]["region"];
    CHECK(region["startColumn"].number() == columns[i]);
    CHECK(region["endColumn"].number() == columns[i] + 4);
  }
}

}  // namespace test_cli_check_columns
