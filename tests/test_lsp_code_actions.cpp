// Code actions over pipes: the checker's fixes as quick fixes. The model's line 12 holds
// "é😀" before the function name, so the edit's range is in UTF-16 units (36 to 40).
#include "lsp_open_model.hpp"

#include <catch2/catch.hpp>

namespace test_lsp_code_actions {

using fexpr::testing::json;
using fexpr::testing::kUri;
using fexpr::testing::OpenModel;
using fexpr::testing::range;

namespace {

json actions(OpenModel& m, int id, json at) {
  m.server.request(id, "textDocument/codeAction",
                   {{"textDocument", {{"uri", kUri}}}, {"range", std::move(at)}, {"context", {{"diagnostics", json::array()}}}});
  return m.server.response(id);
}

}  // namespace

TEST_CASE("a misspelt function with one near name gets its fix as the preferred quick fix") {
  OpenModel m;
  m.diagnostics();
  // SQTR has one near function taking one argument: SQRT.
  m.change(2, json::array({{{"range", range(11, 36, 40)}, {"text", "SQTR"}}}));
  json r = actions(m, 1, range(11, 37, 37))["result"];
  REQUIRE(r.size() == 1);
  CHECK(r[0]["title"] == "Replace 'SQTR' with 'SQRT'");
  CHECK(r[0]["kind"] == "quickfix");
  CHECK(r[0]["isPreferred"] == true);
  CHECK(r[0]["diagnostics"][0]["range"] == range(11, 36, 40));
  json edits = r[0]["edit"]["changes"][kUri];
  REQUIRE(edits.size() == 1);
  CHECK(edits[0]["range"] == range(11, 36, 40));
  CHECK(edits[0]["newText"] == "SQRT");
}

TEST_CASE("where no diagnostic has a fix there is no action") {
  OpenModel m;
  CHECK(actions(m, 1, range(2, 0, 5))["result"].empty());
  // STPE(TIME) has no fix: STEP, the near name, takes five arguments.
  CHECK(actions(m, 2, range(11, 36, 40))["result"].empty());
}

TEST_CASE("a code action request without a range is InvalidParams") {
  OpenModel m;
  m.server.request(1, "textDocument/codeAction", {{"textDocument", {{"uri", kUri}}}});
  json r = m.server.response(1);
  CHECK(r["error"]["code"] == -32602);
  CHECK(r["error"]["message"] == "params.range is missing");
}

}  // namespace test_lsp_code_actions
