// What the server answers about an Adams View command file: diagnostics at their places in the
// file, hover, definition, references and completion of object names, hover on IF. The
// positions are counted by hand in the text below (0-based lines and UTF-16 columns).
#include "lsp_client.hpp"

#include <catch2/catch.hpp>

namespace test_lsp_view_files {

using fexpr::testing::json;
using fexpr::testing::LspProcess;

namespace {

const std::string kUri = "file:///work/lsp%20tests/pendulum.cmd";

// PART_2 at x = 1 in ground, its marker MK at 0.5 along its own x: 1.5 from the origin.
const std::string kText =
    "model create model_name = pendulum\n"                                     // 0
    "part create rigid_body name_and_position part_name = .pendulum.PART_2 &\n"  // 1
    "   location = 1.0, 0.0, 0.0\n"                                              // 2
    "marker create marker_name = .pendulum.PART_2.MK relative_to = .pendulum.PART_2 &\n"  // 3
    "   location = 0.5, 0.0, 0.0\n"                                              // 4
    "data_element create variable variable_name = .pendulum.reach &\n"           // 5
    "   function = \"IF(TIME: 0, 0, DX(.pendulum.PART_2.MK))\"\n"                // 6
    "data_element create variable variable_name = .pendulum.bad &\n"             // 7
    "   function = \"DX(.pendulum.PART_2.MX)\"\n";                               // 8

json range(int line, int start, int end) {
  return {{"start", {{"line", line}, {"character", start}}}, {"end", {{"line", line}, {"character", end}}}};
}

struct OpenCommandFile {
  LspProcess server;
  OpenCommandFile() {
    server.initialize();
    server.notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", kUri}, {"languageId", "adams_cmd"}, {"version", 1}, {"text", kText}}}});
  }
  json ask(int id, const std::string& method, int line, int character, json extra = json::object()) {
    json params = {{"textDocument", {{"uri", kUri}}},
                   {"position", {{"line", line}, {"character", character}}}};
    params.update(extra);
    server.request(id, method, params);
    return server.response(id).at("result");
  }
};

}  // namespace

TEST_CASE("a command file's diagnostics point into the file, with did-you-mean among its objects") {
  OpenCommandFile f;
  json p = f.server.notification("textDocument/publishDiagnostics").at("params");
  REQUIRE(p["diagnostics"].size() == 1);
  const json& d = p["diagnostics"][0];
  // `   function = "DX(` is 18 characters: the name starts at column 18 and is 19 long.
  CHECK(d["range"] == range(8, 18, 37));
  CHECK(d["code"] == "reference");
  CHECK(d["message"] == "no object is named '.pendulum.PART_2.MX' (did you mean .pendulum.PART_2.MK?)");
}

TEST_CASE("a buffer is a command file where its language id is adams_cmd or its name ends in .cmd") {
  LspProcess server;
  server.initialize();
  // The same text, in buffers that differ in their name and language id; the diagnostics of each.
  const auto open = [&](const std::string& uri, const std::string& language) {
    server.notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", uri}, {"languageId", language}, {"version", 1}, {"text", kText}}}});
    return server.notification("textDocument/publishDiagnostics").at("params");
  };
  // Two buffers without a file name.
  json as_command_file = open("untitled:Untitled-1", "adams_cmd");
  REQUIRE(as_command_file["diagnostics"].size() == 1);
  CHECK(as_command_file["diagnostics"][0]["range"] == range(8, 18, 37));
  CHECK(as_command_file["diagnostics"][0]["code"] == "reference");
  // As a dataset, the first line is the title and the second, "part create ...", no statement:
  // an error on line 1.
  json as_dataset = open("untitled:Untitled-2", "adams");
  CHECK(as_dataset["uri"] == "untitled:Untitled-2");
  REQUIRE_FALSE(as_dataset["diagnostics"].empty());
  CHECK(as_dataset["diagnostics"][0]["range"]["start"]["line"] == 1);
  // Helix, Emacs and VS Code call every Adams file "adams": the name decides.
  json by_name = open("file:///m/helix.cmd", "adams");
  CHECK(by_name["diagnostics"] == as_command_file["diagnostics"]);
}

TEST_CASE("hover over an object name says what it became and where it is made") {
  OpenCommandFile f;
  json h = f.ask(1, "textDocument/hover", 6, 40);
  REQUIRE(h.is_object());
  const std::string text = h["contents"]["value"];
  CHECK(text.find("**.pendulum.PART_2.MK**: MARKER/1") == 0);
  CHECK(text.find("marker create marker_name = .pendulum.PART_2.MK") != std::string::npos);
  // The name under the cursor: `   function = "IF(TIME: 0, 0, DX(` is 33 characters.
  CHECK(h["range"] == range(6, 33, 52));
}

TEST_CASE("hover over IF explains the arithmetic IF") {
  OpenCommandFile f;
  json h = f.ask(2, "textDocument/hover", 6, 16);
  REQUIRE(h.is_object());
  const std::string text = h["contents"]["value"];
  CHECK(text.find("IF(expression: negative, zero, positive)") != std::string::npos);
  CHECK(h["range"] == range(6, 15, 17));
}

TEST_CASE("hover over a command file's function shows its value at the initial state") {
  OpenCommandFile f;
  // DX of MK in ground: 1.0 + 0.5. TIME is 0, so the IF takes its zero branch: 0.
  json h = f.ask(3, "textDocument/hover", 6, 4);
  REQUIRE(h.is_object());
  CHECK(h["contents"]["value"].get<std::string>().find("**FUNCTION=** 0 at the dataset's initial state") == 0);
}

TEST_CASE("definition of an object name is where it is made; references are every place it is named") {
  OpenCommandFile f;
  json d = f.ask(4, "textDocument/definition", 6, 50);
  REQUIRE(d.is_object());
  CHECK(d["range"] == range(3, 28, 47));
  json r = f.ask(5, "textDocument/references", 6, 50, {{"context", {{"includeDeclaration", true}}}});
  REQUIRE(r.is_array());
  REQUIRE(r.size() == 2);
  CHECK(r[0]["range"] == range(3, 28, 47));
  CHECK(r[1]["range"] == range(6, 33, 52));
  json without = f.ask(6, "textDocument/references", 6, 50, {{"context", {{"includeDeclaration", false}}}});
  CHECK(without.size() == 1);
}

TEST_CASE("completion after a dotted name offers the model's objects that start with it") {
  OpenCommandFile f;
  // At the end of `.pendulum.PART_2.` on line 8 (column 18 + 17): its marker.
  json c = f.ask(7, "textDocument/completion", 8, 35);
  std::vector<std::string> labels;
  for (const json& item : c["items"]) labels.push_back(item["label"]);
  CHECK(labels == std::vector<std::string>{".pendulum.PART_2.MK"});
}

}  // namespace test_lsp_view_files
