// Completion over pipes on tests/lsp/model.adm with half-typed statements added before END.
// The expected ids are the model's (VARIABLE/7 named spring_length, VARIABLE/8, MARKER/1,
// MARKER/2 named tip), the snippets follow the Adams signatures (STEP(x, x0, h0, x1, h1)).
#include "lsp_open_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace test_lsp_completion {

using fexpr::testing::json;
using fexpr::testing::OpenModel;
using fexpr::testing::range;

namespace {

// The model with these lines inserted at line 12, before END.
struct Typing : OpenModel {
  Typing() {
    change(2, json::array({{{"range", range(12, 0, 0)},
                            {"text", "VARIABLE/9, FUNCTION = 2*VARVAL(\nSFORCE/2, I = \nMAR\nSFORCE/3, TRANS\n"}}}));
  }
  json items(int line, int character) { return ask(line * 100 + character, "textDocument/completion", line, character)["items"]; }
};

const json* item(const json& items, const std::string& label) {
  auto it = std::find_if(items.begin(), items.end(), [&](const json& i) { return i["label"] == label; });
  return it == items.end() ? nullptr : &*it;
}

std::vector<std::string> labels(const json& items) {
  std::vector<std::string> out;
  for (const json& i : items) out.push_back(i["label"]);
  return out;
}

}  // namespace

TEST_CASE("inside VARVAL( the VARIABLE ids are offered with their Adams View names") {
  Typing t;
  json items = t.items(12, 32);
  // Not 9: VARIABLE/9 is the one being written, which would read itself.
  CHECK(labels(items) == std::vector<std::string>{"7", "8"});
  CHECK(items[0]["detail"] == "VARIABLE/7 spring_length");
  CHECK(items[1]["detail"] == "VARIABLE/8");
}

TEST_CASE("after I = the marker ids are offered") {
  Typing t;
  json items = t.items(13, 14);
  CHECK(labels(items) == std::vector<std::string>{"1", "2"});
  CHECK(items[1]["detail"] == "MARKER/2 tip");
}

TEST_CASE("in an expression the functions come with snippets of their signatures, and the constants") {
  Typing t;
  json items = t.items(12, 25);  // after "2*"
  const json* step = item(items, "STEP");
  REQUIRE(step);
  CHECK((*step)["insertText"] == "STEP(${1:x}, ${2:x0}, ${3:h0}, ${4:x1}, ${5:h1})");
  CHECK((*step)["insertTextFormat"] == 2);
  CHECK((*step)["detail"] == "STEP(x, x0, h0, x1, h1)");
  const json* dx = item(items, "DX");
  REQUIRE(dx);
  CHECK((*dx)["insertText"] == "DX(${1:i})");  // j and k are optional
  CHECK(item(items, "PI"));
  CHECK(item(items, "TIME"));
}

TEST_CASE("at the start of a line the statement names are offered") {
  Typing t;
  json items = t.items(14, 3);
  CHECK(item(items, "MARKER"));
  CHECK(item(items, "SFORCE"));
  CHECK(item(items, "GRAPHICS"));  // known to Adams though not interpreted
}

TEST_CASE("after a comma the statement's keywords are offered") {
  Typing t;
  json items = t.items(15, 15);
  CHECK((*item(items, "I"))["insertText"] == "I = ");
  CHECK((*item(items, "TRANSLATIONAL"))["insertText"] == "TRANSLATIONAL");
  CHECK(item(items, "FUNCTION"));
  CHECK_FALSE(item(items, "QG"));  // a PART keyword
}

TEST_CASE("in a comment nothing is offered") {
  Typing t;
  CHECK(t.items(1, 10).empty());
}

}  // namespace test_lsp_completion
