// The server over pipes, fed what a broken or hostile client sends: every bad message gets a
// JSON-RPC error with the code the specification gives it, and the server keeps answering.
#include "lsp_client.hpp"
#include "project_version.hpp"

#include <catch2/catch.hpp>

namespace test_lsp_protocol {

using fexpr::testing::json;
using fexpr::testing::LspProcess;

namespace {

int error_code(const json& response) { return response.at("error").at("code").get<int>(); }

// The server still answers a request after whatever came before.
void still_answers(LspProcess& server) {
  server.request(99, "shutdown", json::object());
  json r = server.response(99);
  CHECK(r.contains("result"));
  CHECK(r["result"].is_null());
}

}  // namespace

TEST_CASE("the server starts, shuts down and exits with status 0") {
  LspProcess server;
  server.request(1, "initialize", {{"capabilities", json::object()}});
  json r = server.response(1);
  const json& caps = r.at("result").at("capabilities");
  CHECK(caps.at("hoverProvider") == true);
  CHECK(caps.at("textDocumentSync").at("change") == 2);
  CHECK(r.at("result").at("serverInfo").at("name") == "fexpr");
  CHECK(r.at("result").at("serverInfo").at("version") == fexpr::testing::project_version());
  server.request(2, "shutdown", nullptr);
  CHECK(server.response(2).at("result").is_null());
  server.notify("exit", nullptr);
  CHECK(server.wait() == 0);
}

TEST_CASE("exit without shutdown, or the end of the input, gives status 1") {
  SECTION("exit") {
    LspProcess server;
    server.initialize();
    server.notify("exit", nullptr);
    CHECK(server.wait() == 1);
  }
  SECTION("end of input") {
    LspProcess server;
    server.initialize();
    server.close_input();
    CHECK(server.wait() == 1);
  }
}

TEST_CASE("requests before initialize are refused with ServerNotInitialized") {
  LspProcess server;
  server.request(1, "textDocument/hover", {{"textDocument", {{"uri", "file:///a.adm"}}}, {"position", {{"line", 0}, {"character", 0}}}});
  CHECK(error_code(server.response(1)) == -32002);
  server.initialize();
  still_answers(server);
}

TEST_CASE("a second initialize and requests after shutdown are invalid requests") {
  LspProcess server;
  server.initialize();
  server.request(1, "initialize", json::object());
  CHECK(error_code(server.response(1)) == -32600);
  server.request(2, "shutdown", nullptr);
  server.response(2);
  server.request(3, "textDocument/documentSymbol", {{"textDocument", {{"uri", "file:///a.adm"}}}});
  CHECK(error_code(server.response(3)) == -32600);
}

TEST_CASE("a body that is not JSON is a parse error with a null id") {
  LspProcess server;
  server.initialize();
  server.send_body("{\"id\": 1,");
  CHECK(error_code(server.response(nullptr)) == -32700);
  still_answers(server);
}

TEST_CASE("messages that are JSON but not requests are invalid requests") {
  LspProcess server;
  server.initialize();
  SECTION("an array") {
    server.send_body("[1, 2]");
    CHECK(error_code(server.response(nullptr)) == -32600);
  }
  SECTION("an id that is an object") {
    server.send_body(R"({"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"})");
    CHECK(error_code(server.response(nullptr)) == -32600);
  }
  SECTION("a wrong protocol version, answered with the request's id") {
    server.send_body(R"({"jsonrpc": "1.0", "id": 7, "method": "shutdown"})");
    CHECK(error_code(server.response(7)) == -32600);
  }
  SECTION("a method that is a number") {
    server.send_body(R"({"jsonrpc": "2.0", "id": 8, "method": 12})");
    CHECK(error_code(server.response(8)) == -32600);
  }
  SECTION("params that are a string") {
    server.send_body(R"({"jsonrpc": "2.0", "id": 9, "method": "shutdown", "params": "x"})");
    CHECK(error_code(server.response(9)) == -32600);
  }
  still_answers(server);
}

TEST_CASE("a message nested deeper than 64 levels is refused before it is used") {
  LspProcess server;
  server.initialize();
  const std::size_t depth = 1000000;
  server.send_body(R"({"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": {"x": )" + std::string(depth, '[') +
                   std::string(depth, ']') + "}}");
  json r = server.response(nullptr);
  CHECK(error_code(r) == -32600);
  CHECK(r["error"]["message"] == "the message nests deeper than 64 levels");
  still_answers(server);
}

TEST_CASE("notifications before initialize are logged and dropped") {
  LspProcess server;
  server.notify("textDocument/didOpen", {{"textDocument", {{"uri", "file:///a.adm"}, {"version", 1}, {"text", "t\n"}}}});
  json log = server.notification("window/logMessage");
  CHECK(log["params"]["message"] == "textDocument/didOpen ignored: the server is not running (initialize first)");
  server.initialize();
  server.request(1, "textDocument/documentSymbol", {{"textDocument", {{"uri", "file:///a.adm"}}}});
  CHECK(error_code(server.response(1)) == -32602);
}

TEST_CASE("an unknown request is MethodNotFound; an unknown notification is logged") {
  LspProcess server;
  server.initialize();
  server.request(1, "textDocument/formatting", json::object());
  json r = server.response(1);
  CHECK(error_code(r) == -32601);
  CHECK(r["error"]["message"].get<std::string>().find("textDocument/formatting") != std::string::npos);
  server.notify("workspace/somethingNew", json::object());
  json log = server.notification("window/logMessage");
  CHECK(log["params"]["message"].get<std::string>().find("workspace/somethingNew") != std::string::npos);
  still_answers(server);
}

TEST_CASE("params of the wrong type are InvalidParams naming the field") {
  LspProcess server;
  server.initialize();
  SECTION("a position that is a string") {
    server.notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", "file:///a.adm"}, {"languageId", "adm"}, {"version", 1}, {"text", "t\nEND\n"}}}});
    server.request(1, "textDocument/hover", {{"textDocument", {{"uri", "file:///a.adm"}}}, {"position", "0:0"}});
    json r = server.response(1);
    CHECK(error_code(r) == -32602);
    CHECK(r["error"]["message"] == "params.position must be an object");
  }
  SECTION("a negative line") {
    server.notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", "file:///a.adm"}, {"languageId", "adm"}, {"version", 1}, {"text", "t\nEND\n"}}}});
    server.request(2, "textDocument/definition",
                   {{"textDocument", {{"uri", "file:///a.adm"}}}, {"position", {{"line", -1}, {"character", 0}}}});
    CHECK(error_code(server.response(2)) == -32602);
  }
  SECTION("a line beyond any integer the server holds") {
    server.notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", "file:///a.adm"}, {"languageId", "adm"}, {"version", 1}, {"text", "t\nEND\n"}}}});
    server.request(6, "textDocument/hover",
                   {{"textDocument", {{"uri", "file:///a.adm"}}}, {"position", {{"line", 18446744073709551615ull}, {"character", 0}}}});
    json r = server.response(6);
    CHECK(error_code(r) == -32602);
    CHECK(r["error"]["message"] == "params.position.line is out of range");
    server.request(7, "textDocument/hover",
                   {{"textDocument", {{"uri", "file:///a.adm"}}}, {"position", {{"line", 4294967296ll}, {"character", 0}}}});
    CHECK(server.response(7)["error"]["message"] == "params.position is outside the range of positions");
  }
  SECTION("a document that is not open") {
    server.request(3, "textDocument/documentSymbol", {{"textDocument", {{"uri", "file:///nowhere.adm"}}}});
    json r = server.response(3);
    CHECK(error_code(r) == -32602);
    CHECK(r["error"]["message"] == "document 'file:///nowhere.adm' is not open");
  }
  SECTION("a didOpen without text is logged, and opens nothing") {
    server.notify("textDocument/didOpen", {{"textDocument", {{"uri", "file:///b.adm"}, {"version", 1}}}});
    json log = server.notification("window/logMessage");
    CHECK(log["params"]["message"] == "textDocument/didOpen: params.textDocument.text is missing");
    server.request(4, "textDocument/documentSymbol", {{"textDocument", {{"uri", "file:///b.adm"}}}});
    CHECK(error_code(server.response(4)) == -32602);
  }
  SECTION("a didChange with a range that ends before it starts leaves the text as it was") {
    server.notify("textDocument/didOpen", {{"textDocument", {{"uri", "file:///c.adm"}, {"version", 1}, {"text", "t\nPART/1, GROUND\nEND\n"}}}});
    server.notify("textDocument/didChange",
                  {{"textDocument", {{"uri", "file:///c.adm"}, {"version", 2}}},
                   {"contentChanges", {{{"range", {{"start", {{"line", 1}, {"character", 5}}}, {"end", {{"line", 1}, {"character", 0}}}}},
                                        {"text", "x"}}}}});
    json log = server.notification("window/logMessage");
    CHECK(log["params"]["message"] == "textDocument/didChange: params.contentChanges[0].range ends before it starts");
    server.request(5, "textDocument/documentSymbol", {{"textDocument", {{"uri", "file:///c.adm"}}}});
    json symbols = server.response(5)["result"];
    REQUIRE(symbols.size() == 2);
    CHECK(symbols[0]["name"] == "PART/1");
  }
  still_answers(server);
}

TEST_CASE("damaged framing is a parse error and the next sound message is read") {
  LspProcess server;
  server.initialize();
  SECTION("a length that is not a number") { server.send_raw("Content-Length: 12x\r\n\r\n"); }
  SECTION("a length larger than any integer") { server.send_raw("Content-Length: 99999999999999999999999999\r\n\r\n"); }
  SECTION("a header block without a length") { server.send_raw("Content-Type: application/json\r\n\r\n"); }
  SECTION("a header line without a colon") { server.send_raw("hello\r\nContent-Length: 2\r\n\r\n{}"); }
  SECTION("a header line of a megabyte") { server.send_raw(std::string(1 << 20, 'x') + "\r\n\r\n"); }
  SECTION("a declared length over the limit, then the bytes of that message are skipped") {
    // 64 MiB is the limit; a message one byte over it is skipped whole without being kept.
    std::size_t length = (64u << 20) + 1;
    server.send_raw("Content-Length: " + std::to_string(length) + "\r\n\r\n");
    server.send_raw(std::string(length, ' '));
  }
  json r = server.response(nullptr);
  CHECK(error_code(r) == -32700);
  still_answers(server);
}

TEST_CASE("a sound message glued to the end of a damaged one is still read") {
  LspProcess server;
  server.initialize();
  std::string body = R"({"jsonrpc": "2.0", "id": 5, "method": "shutdown"})";
  server.send_raw("Content-Length: x\r\n\r\n{\"partial\"Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  CHECK(error_code(server.response(nullptr)) == -32700);
  CHECK(server.response(5)["result"].is_null());
}

TEST_CASE("the end of the input inside a message ends the server after reporting it") {
  LspProcess server;
  server.initialize();
  server.send_raw("Content-Length: 100\r\n\r\n{\"jsonrpc\"");
  server.close_input();
  CHECK(error_code(server.response(nullptr)) == -32700);
  CHECK(server.wait() == 1);
}

}  // namespace test_lsp_protocol
