// A 10,000-line dataset re-checked after each edit reports exactly what the edit changed.
// The dataset is generated: 2,000 parts, each with a marker, an SFORCE and a VARIABLE (4,000
// expressions); the edit toggles one VARIABLE between STEP and the unknown STPE. How long the
// re-check takes is measured in bench/lsp_bench.cpp, not here.
#include "lsp/documents.hpp"
#include "tests/generated_recheck_dataset.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

namespace test_lsp_recheck {

TEST_CASE("a 10,000-line dataset is re-checked after an edit") {
  std::string text = fexpr::testing::recheck_dataset(2000);
  REQUIRE(std::count(text.begin(), text.end(), '\n') == 10004);
  fexpr::lsp::Document document("file:///big.adm", text, 1);
  CHECK(document.checked().errors() == 0);
  CHECK(document.checked().functions == 4000);

  for (int version = 2; version < 7; ++version) {
    // Line 5002 (0-based) is "VARIABLE/1001, FUNCTION = STEP(...) + DX(1001, 1)"; STEP
    // starts at character 26. Each edit toggles it between STEP and the unknown STPE.
    std::string name = version % 2 == 0 ? "STPE" : "STEP";
    nlohmann::json change = {{{"range", {{"start", {{"line", 5002}, {"character", 26}}}, {"end", {{"line", 5002}, {"character", 30}}}}},
                              {"text", name}}};
    document.change(change, version);
    const auto& checked = document.checked();
    REQUIRE(checked.errors() == (version % 2 == 0 ? 1 : 0));
    CHECK(checked.functions == 4000);
  }
}

}  // namespace test_lsp_recheck
