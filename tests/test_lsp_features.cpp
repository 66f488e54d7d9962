// What the server tells an editor about tests/lsp/model.adm, over pipes. The expected ranges
// are counted by hand in UTF-16 code units, values worked out from the dataset: MARKER/2 sits
// on PART/2 at z = 0.2, so DM(2, 1) = 0.2, VARIABLE/7 = -0.3 and SFORCE/1 = -1E4 * -0.3 = 3000.
#include "lsp_open_model.hpp"

#include <catch2/catch.hpp>

namespace test_lsp_features {

using fexpr::testing::json;
using fexpr::testing::kUri;
using fexpr::testing::OpenModel;
using fexpr::testing::position;
using fexpr::testing::range;


TEST_CASE("diagnostics on open are the checker's, in UTF-16 positions") {
  OpenModel m;
  json p = m.diagnostics();
  CHECK(p["uri"] == kUri);
  CHECK(p["version"] == 1);
  REQUIRE(p["diagnostics"].size() == 1);
  const json& d = p["diagnostics"][0];
  // "VARIABLE/8, LABEL = " is 20 units, é one, 😀 two (a surrogate pair), ", FUNCTION = " 13:
  // STPE starts at 36, where the checker's character column (1-based) is 36, 0-based 35.
  CHECK(d["range"] == range(11, 36, 40));
  CHECK(d["severity"] == 1);
  CHECK(d["code"] == "name");
  CHECK(d["source"] == "fexpr");
  CHECK(d["message"] == "unknown function 'STPE' (did you mean STEP?)");
}

TEST_CASE("diagnostics follow incremental changes, save and close") {
  OpenModel m;
  m.diagnostics();
  // Replace STPE(TIME) by STEP(TIME, 0, 0, 1, 1): the range is after the emoji, in UTF-16.
  m.change(2, json::array({{{"range", range(11, 36, 46)}, {"text", "STEP(TIME, 0, 0, 1, 1)"}}}));
  json fixed = m.diagnostics();
  CHECK(fixed["version"] == 2);
  CHECK(fixed["diagnostics"].empty());

  // Two edits in one change, applied in order: I = 2 becomes I = 5, then the first line grows.
  m.change(3, json::array({{{"range", range(9, 29, 30)}, {"text", "5"}}, {{"range", range(0, 0, 0)}, {"text", "My "}}}));
  json broken = m.diagnostics();
  REQUIRE(broken["diagnostics"].size() == 1);
  CHECK(broken["diagnostics"][0]["range"] == range(9, 29, 30));
  CHECK(broken["diagnostics"][0]["message"] == "SFORCE/1: marker 5 is not defined");

  m.server.notify("textDocument/didSave", {{"textDocument", {{"uri", kUri}}}});
  CHECK(m.diagnostics()["diagnostics"].size() == 1);

  m.server.notify("textDocument/didClose", {{"textDocument", {{"uri", kUri}}}});
  json closed = m.diagnostics();
  CHECK(closed["uri"] == kUri);
  CHECK(closed["diagnostics"].empty());
}

TEST_CASE("a whole-text change replaces the document") {
  OpenModel m;
  m.diagnostics();
  m.change(2, json::array({{{"text", "t\nVARIABLE/1, FUNCTION = SQRT(-1)\nEND\n"}}}));
  json p = m.diagnostics();
  REQUIRE(p["diagnostics"].size() == 1);
  CHECK(p["diagnostics"][0]["code"] == "domain");
}

TEST_CASE("hover over a function shows its signature, formula and example from the builtin table") {
  OpenModel m;
  json h = m.ask(1, "textDocument/hover", 10, 19);  // inside VARVAL
  std::string text = h["contents"]["value"];
  CHECK(text.find("VARVAL(id)") != std::string::npos);
  CHECK(text.find("Example: `VARVAL(1)`") != std::string::npos);
  CHECK(h["range"] == range(10, 18, 24));
  json step = m.ask(2, "textDocument/hover", 8, 24);  // DM
  CHECK(step["contents"]["value"].get<std::string>().find("DM(i[, j])") != std::string::npos);
}

TEST_CASE("hover in a function shows the dimension of the subexpression there") {
  OpenModel m;
  auto hover_text = [&](int id, int line, int character) {
    return m.ask(id, "textDocument/hover", line, character)["contents"]["value"].get<std::string>();
  };
  // DM is a distance; VARIABLE/7 = DM(2, 1) - 0.5 is one too, so VARVAL(7) is.
  CHECK_THAT(hover_text(1, 8, 24), Catch::Matchers::Contains("`DM(2, 1)` is a length"));
  CHECK_THAT(hover_text(2, 10, 19), Catch::Matchers::Contains("`VARVAL(7)` is a length"));
  // "VARIABLE/7, FUNCTION = DM(2, 1) " is 32 units: the '-' of the sum, which no smaller part holds.
  json minus = m.ask(3, "textDocument/hover", 8, 32);
  CHECK(minus["contents"]["value"] == "`DM(2, 1) - 0.5` is a length");
  CHECK(minus["range"] == range(8, 23, 37));
  // ", FUNCTION = -" is 14 units: 1E4, a constant, may carry any dimension.
  CHECK_THAT(hover_text(4, 10, 15), Catch::Matchers::Contains("`1E4` has no certain dimension"));
}

TEST_CASE("hover over an element id shows the statement that defines it") {
  OpenModel m;
  json h = m.ask(1, "textDocument/hover", 10, 25);  // the 7 of VARVAL(7)
  CHECK(h["contents"]["value"] ==
        "**VARIABLE/7** `spring_length`\n```\nVARIABLE/7, FUNCTION = DM(2, 1) - 0.5\n```");
  CHECK(h["range"] == range(10, 25, 26));
  json marker = m.ask(2, "textDocument/hover", 9, 29);  // I = 2
  CHECK(marker["contents"]["value"] == "**MARKER/2** `tip`\n```\nMARKER/2, PART = 2\n```");
  json part = m.ask(3, "textDocument/hover", 6, 17);  // PART = 2
  CHECK(part["contents"]["value"] == "**PART/2**\n```\nPART/2, QG = 0, 0, 0.2\n```");
}

TEST_CASE("hover over an id that names nothing says so") {
  OpenModel m;
  m.diagnostics();
  m.change(2, json::array({{{"range", range(10, 25, 26)}, {"text", "9"}}}));
  json h = m.ask(1, "textDocument/hover", 10, 25);
  CHECK(h["contents"]["value"] == "**VARIABLE/9** is not defined in this dataset");
}

TEST_CASE("hover over FUNCTION= shows its value at the initial state") {
  OpenModel m;
  json sforce = m.ask(1, "textDocument/hover", 10, 4);
  CHECK(sforce["contents"]["value"].get<std::string>().starts_with("**FUNCTION=** 3000 at the dataset's initial state"));
  CHECK(sforce["range"] == range(10, 2, 10));
  json variable = m.ask(2, "textDocument/hover", 8, 14);
  CHECK(variable["contents"]["value"].get<std::string>().starts_with("**FUNCTION=** -0.3 at"));
  json broken = m.ask(3, "textDocument/hover", 11, 26);
  CHECK(broken["contents"]["value"] == "**FUNCTION=** does not compile: unknown function 'STPE' (did you mean STEP?)"
                                       "\n\n**FUNCTION=** of VARIABLE: the variable's value, or USER(...) for VARSUB");
}

TEST_CASE("hover over FUNCTION= that fails at the initial state says why") {
  OpenModel m;
  m.diagnostics();
  // DM(2, 1) is 0.2, so the argument of LOG is 0 at the initial state.
  m.change(2, json::array({{{"range", range(11, 36, 46)}, {"text", "LOG(DM(2, 1) - 0.2)"}}}));
  std::string text = m.ask(1, "textDocument/hover", 11, 26)["contents"]["value"];
  CHECK(text.starts_with("**FUNCTION=** at the initial state: "));
  CHECK(text.find("LOG") != std::string::npos);
}

TEST_CASE("hover where there is nothing to say is null") {
  OpenModel m;
  CHECK(m.ask(1, "textDocument/hover", 0, 3).is_null());   // the title
  CHECK(m.ask(2, "textDocument/hover", 9, 27).is_null());  // the '=' of I = 2
}

TEST_CASE("definition of an element id is its statement") {
  OpenModel m;
  json d = m.ask(1, "textDocument/definition", 10, 25);
  CHECK(d["uri"] == kUri);
  CHECK(d["range"] == range(8, 0, 10));
  CHECK(m.ask(2, "textDocument/definition", 8, 27)["range"] == range(6, 0, 8));  // DM(2 -> MARKER/2
  CHECK(m.ask(3, "textDocument/definition", 0, 0).is_null());
}

TEST_CASE("references of a marker are every id that names it") {
  OpenModel m;
  // MARKER/2 is named at its statement, in DM(2, 1), by I = 2 and in VR(2, 1).
  json with = m.ask(1, "textDocument/references", 9, 29, {{"context", {{"includeDeclaration", true}}}});
  std::vector<json> ranges;
  for (const json& l : with) ranges.push_back(l["range"]);
  CHECK(ranges == std::vector<json>{range(6, 7, 8), range(8, 26, 27), range(9, 29, 30), range(10, 36, 37)});
  json without = m.ask(2, "textDocument/references", 9, 29, {{"context", {{"includeDeclaration", false}}}});
  CHECK(without.size() == 3);
}

TEST_CASE("document symbols are the statements, with their Adams View names") {
  OpenModel m;
  m.server.request(1, "textDocument/documentSymbol", {{"textDocument", {{"uri", kUri}}}});
  json s = m.server.response(1)["result"];
  std::vector<std::string> names;
  for (const json& x : s) names.push_back(x["name"]);
  CHECK(names == std::vector<std::string>{"PART/1", "MARKER/1", "PART/2", "MARKER/2", "VARIABLE/7", "SFORCE/1",
                                          "VARIABLE/8", "END"});
  CHECK(s[0]["detail"] == "ground");
  CHECK(s[4]["detail"] == "spring_length");
  CHECK_FALSE(s[1].contains("detail"));
  // SFORCE/1 spans its continuation line.
  CHECK(s[5]["range"]["start"] == position(9, 0));
  CHECK(s[5]["range"]["end"] == position(10, 41));
  CHECK(s[5]["selectionRange"] == range(9, 0, 8));
}

}  // namespace test_lsp_features
