// fexpr.toml: its settings, its errors with line and column, the upward search, exclude patterns.
#include "dataset/lint_config.hpp"
#include "scratch_folder.hpp"

#include <catch2/catch.hpp>

namespace test_dataset_lint_config {

using fexpr::Code;
using fexpr::Severity;
using fexpr::testing::ScratchFolder;
using namespace fexpr::dataset;

TEST_CASE("a configuration file gives select, ignore, severities and excludes", "[lint][config]") {
  ScratchFolder dir;
  std::string path = dir.write("fexpr.toml",
                               "# settings for the models here\n"
                               "[check]\n"
                               "select = [\"name\", \"discontinuity\", \"parameter\"]\n"
                               "ignore = [\"parameter\"]\n"
                               "exclude = [\"generated\", \"old_*.adm\"]\n"
                               "[check.severity]\n"
                               "discontinuity = \"error\"\n");
  LintConfig config = read_config(path);
  CHECK(config.path == path);
  CHECK(config.folder == dir.path);
  REQUIRE(config.settings.select);
  CHECK(*config.settings.select == std::set<Code>{Code::name, Code::discontinuity, Code::parameter});
  CHECK(config.settings.ignore == std::set<Code>{Code::parameter});
  CHECK(config.settings.severities == std::map<Code, Severity>{{Code::discontinuity, Severity::error}});
  CHECK(config.exclude == std::vector<std::string>{"generated", "old_*.adm"});
}

TEST_CASE("a configuration error names the file, line and column", "[lint][config]") {
  ScratchFolder dir;
  auto error_of = [&](const std::string& text) {
    std::string path = dir.write("fexpr.toml", text);
    try {
      read_config(path);
    } catch (const SettingError& e) {
      return std::string(e.what()).substr(path.size());
    }
    return std::string("no error");
  };
  // "ignore = = 3": the second '=' is column 10.
  CHECK_THAT(error_of("[check]\nignore = = 3\n"), Catch::Matchers::StartsWith(":2:10: "));
  CHECK_THAT(error_of("[check]\nignore = = 3\n"), Catch::Matchers::EndsWith("; fexpr.toml is TOML"));
  // "select = [\"name\", " is 18 characters: the unknown code's string begins at column 19.
  CHECK_THAT(error_of("[check]\nselect = [\"name\", \"stpe\"]\n"),
             Catch::Matchers::StartsWith(":2:19: unknown code 'stpe'; the codes are syntax, name"));
  CHECK(error_of("[check]\nselekt = [\"name\"]\n") ==
        ":2:10: unknown setting 'selekt'; [check] takes select, ignore, exclude and [check.severity]");
  CHECK(error_of("[lint]\nselect = []\n") == ":1:1: unknown table 'lint'; the settings go in [check]");
  // A key before any table line is a key of the file's root, not a table; "ignore = " is 9 characters.
  CHECK(error_of("ignore = [\"name\"]\n") ==
        ":1:10: unknown key 'ignore' (outside [check]); the settings go in [check]: put it under a line [check]");
  CHECK(error_of("[check]\nignore = \"name\"\n") == ":2:10: 'ignore' must be an array of codes: ignore = [\"discontinuity\"]");
  CHECK(error_of("[check]\nexclude = [\"a\", 3]\n") ==
        ":2:17: 'exclude' must be an array of strings; this item is not a string");
  CHECK(error_of("[check.severity]\nname = \"fatal\"\n") == ":2:8: unknown severity 'fatal'; write error, warning or info");
  CHECK(error_of("[check.severity]\nstpe = \"error\"\n").starts_with(":2:1: unknown code 'stpe'"));
}

TEST_CASE("an unreadable configuration file is an error naming it", "[lint][config]") {
  CHECK_THROWS_WITH(read_config("/nonexistent/fexpr.toml"), Catch::Matchers::StartsWith("/nonexistent/fexpr.toml: "));
}

TEST_CASE("the configuration is found in the folder or the nearest one above it", "[lint][config]") {
  ScratchFolder dir;
  std::filesystem::create_directories(dir.path / "a" / "b" / "c");
  std::string top = dir.write("fexpr.toml", "");
  std::string middle = dir.write("a/b/fexpr.toml", "");
  CHECK(find_config(dir.path / "a" / "b" / "c") == middle);
  CHECK(find_config(dir.path / "a" / "b") == middle);
  CHECK(find_config(dir.path / "a") == top);
  CHECK(find_config(dir.path) == top);
}

TEST_CASE("exclude patterns match the relative path or one of its names", "[lint][config]") {
  LintConfig config;
  config.folder = "/models";
  config.exclude = {"generated", "old_*.adm", "cars/*/draft.adm"};
  CHECK(config.excludes("/models/generated/x.adm"));
  CHECK(config.excludes("/models/cars/generated/x.adm"));
  CHECK(config.excludes("/models/old_truck.adm"));
  CHECK(config.excludes("/models/cars/old_truck.adm"));
  CHECK(config.excludes("/models/cars/sedan/draft.adm"));
  CHECK_FALSE(config.excludes("/models/truck.adm"));
  CHECK_FALSE(config.excludes("/models/generated_not/x.adm"));
  CHECK_FALSE(config.excludes("/models/draft.adm"));
}

}  // namespace test_dataset_lint_config
