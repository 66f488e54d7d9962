// A server with tests/lsp/model.adm open, for the tests of what the server answers about it.
#pragma once

#include "lsp_client.hpp"

#include <fstream>
#include <sstream>
#include <string>

namespace fexpr::testing {

inline const std::string kUri = "file:///work/lsp%20tests/model.adm";

inline std::string model_text() {
  std::ifstream f(FEXPR_SOURCE_DIR "/tests/lsp/model.adm", std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline json range(int line, int start, int end) {
  return {{"start", {{"line", line}, {"character", start}}}, {"end", {{"line", line}, {"character", end}}}};
}

struct OpenModel {
  LspProcess server;
  OpenModel() {
    server.initialize();
    server.notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", kUri}, {"languageId", "adm"}, {"version", 1}, {"text", model_text()}}}});
  }
  json ask(int id, const std::string& method, int line, int character, json extra = json::object()) {
    json params = {{"textDocument", {{"uri", kUri}}}, {"position", position(line, character)}};
    params.update(extra);
    server.request(id, method, params);
    return server.response(id).at("result");
  }
  json diagnostics() { return server.notification("textDocument/publishDiagnostics").at("params"); }
  void change(int version, json changes) {
    server.notify("textDocument/didChange",
                  {{"textDocument", {{"uri", kUri}, {"version", version}}}, {"contentChanges", std::move(changes)}});
  }
};

}  // namespace fexpr::testing
