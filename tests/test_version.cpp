// One version everywhere: the C++ and C APIs, `fexpr --version` and the SARIF driver report the
// version CMakeLists.txt declares (the language server's is checked in test_lsp_protocol, the
// Python module's in python/tests/test_version.py).
#include "project_version.hpp"
#include "run_program.hpp"

#include <fexpr/fexpr.h>
#include <fexpr/version.hpp>

#include <catch2/catch.hpp>

#include <regex>

namespace test_version {

using fexpr::testing::project_version;
using fexpr::testing::run_fexpr;

TEST_CASE("the library's version is the project's", "[version]") {
  const std::string declared = project_version();
  REQUIRE(declared != "not found");
  CHECK(std::string(fexpr::version()) == declared);
  CHECK(std::string(fexpr_version()) == declared);
}

TEST_CASE("fexpr --version prints the program's name and version and succeeds", "[version][cli]") {
  auto r = run_fexpr("--version", true);
  CHECK(r.status == 0);
  CHECK(r.out == "fexpr " + project_version() + "\n");
}

TEST_CASE("check's SARIF names the version as its driver's", "[version][cli][sarif]") {
  auto r = run_fexpr("check --format sarif " + std::string(FEXPR_SOURCE_DIR) + "/examples/models/contact.adm");
  CHECK(r.status == 0);
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, std::regex(R"re("driver": \{"name": "fexpr", "version": "([^"]*)")re")));
  CHECK(m[1] == project_version());
}

}  // namespace test_version
