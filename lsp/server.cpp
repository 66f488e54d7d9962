#include "lsp/server.hpp"

#include "lsp/features.hpp"

#include <fexpr/version.hpp>

#include <algorithm>

namespace fexpr::lsp {
namespace {

// Real messages nest a few levels (initialize's capabilities about eight); copying or printing
// a JSON value recurses once per level, so a hostile message cannot be allowed to nest deeper.
constexpr int kMaxNesting = 64;

json capabilities() {
  return {{"capabilities",
           {{"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
            {"hoverProvider", true},
            {"definitionProvider", true},
            {"referencesProvider", true},
            {"documentSymbolProvider", true},
            {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
            {"completionProvider", {{"triggerCharacters", {"(", ",", "="}}}}}},
          {"serverInfo", {{"name", "fexpr"}, {"version", fexpr::version()}}}};
}

std::uint32_t offset_of(Document& document, const json& params) {
  return document.lines().offset(position_member(params, "position", "params"));
}

Document& document_of(DocumentStore& documents, const json& params) {
  return documents.get(string_member(object_member(params, "textDocument", "params"), "uri", "params.textDocument"));
}

}  // namespace

int Server::run() {
  while (!exit_ && !output_closed_) {
    if (!unpublished_.empty() && !in_.ready()) publish_pending();
    Frame frame = in_.next();
    if (std::holds_alternative<EndOfInput>(frame)) break;
    if (auto* error = std::get_if<FramingError>(&frame)) {
      send(error_response(nullptr, error_code::parse_error, error->message));
      continue;
    }
    handle(std::get<std::string>(frame));
  }
  return phase_ == Phase::shut_down ? 0 : 1;
}

void Server::handle(const std::string& body) {
  json message;
  try {
    message = json::parse(body, [](int depth, json::parse_event_t, json&) {
      if (depth > kMaxNesting) throw RpcError(error_code::invalid_request, "the message nests deeper than " + std::to_string(kMaxNesting) + " levels");
      return true;
    }, false);
  } catch (const RpcError& e) {
    return send(error_response(nullptr, e.code, e.what()));
  }
  if (message.is_discarded()) return send(error_response(nullptr, error_code::parse_error, "the message is not JSON"));
  if (!message.is_object())
    return send(error_response(nullptr, error_code::invalid_request, "a message must be a JSON object"));
  auto id = message.find("id");
  bool has_id = id != message.end();
  if (has_id && !id->is_string() && !id->is_number_integer())
    return send(error_response(nullptr, error_code::invalid_request, "id must be a string or an integer"));
  json reply_id = has_id ? *id : json(nullptr);
  if (message.value("jsonrpc", json()) != "2.0")
    return send(error_response(reply_id, error_code::invalid_request, "jsonrpc must be \"2.0\""));
  auto method = message.find("method");
  // A response to a request of ours: the server sends none that expect one.
  if (method == message.end() && has_id && (message.contains("result") || message.contains("error"))) return;
  if (method == message.end() || !method->is_string())
    return send(error_response(reply_id, error_code::invalid_request, "method must be a string"));
  // Clients send "params": null for exit and shutdown; it means no params.
  json params = message.value("params", json());
  if (params.is_null()) params = json::object();
  if (!params.is_object() && !params.is_array())
    return send(error_response(reply_id, error_code::invalid_request, "params must be an object or an array"));
  const std::string& name = method->get_ref<const std::string&>();
  try {
    if (has_id)
      send(response(reply_id, request(name, params)));
    else
      notification_received(name, params);
  } catch (const RpcError& e) {
    if (has_id)
      send(error_response(reply_id, e.code, e.what()));
    else
      log(name + ": " + e.what());
  } catch (const std::exception& e) {
    if (has_id)
      send(error_response(reply_id, error_code::internal_error, e.what()));
    else
      log(name + ": " + e.what());
  }
}

json Server::request(const std::string& method, const json& params) {
  if (method == "initialize") {
    if (phase_ != Phase::waiting) throw RpcError(error_code::invalid_request, "the server is already initialized");
    phase_ = Phase::running;
    return capabilities();
  }
  if (phase_ == Phase::waiting) throw RpcError(error_code::server_not_initialized, "initialize first");
  if (phase_ == Phase::shut_down) throw RpcError(error_code::invalid_request, "the server is shut down; only exit is accepted");
  if (method == "shutdown") {
    phase_ = Phase::shut_down;
    return nullptr;
  }
  if (method == "textDocument/hover") {
    Document& d = document_of(documents_, params);
    return hover(d, offset_of(d, params));
  }
  if (method == "textDocument/definition") {
    Document& d = document_of(documents_, params);
    return definition(d, offset_of(d, params));
  }
  if (method == "textDocument/references") {
    Document& d = document_of(documents_, params);
    bool declaration = params.contains("context") &&
                       object_member(params, "context", "params").value("includeDeclaration", false) == true;
    return references(d, offset_of(d, params), declaration);
  }
  if (method == "textDocument/completion") {
    Document& d = document_of(documents_, params);
    return completion(d, offset_of(d, params));
  }
  if (method == "textDocument/codeAction") {
    Document& d = document_of(documents_, params);
    const json& range = object_member(params, "range", "params");
    std::uint32_t begin = d.lines().offset(position_member(range, "start", "params.range"));
    std::uint32_t end = d.lines().offset(position_member(range, "end", "params.range"));
    return code_actions(d, begin, std::max(begin, end));
  }
  if (method == "textDocument/documentSymbol") return document_symbols(document_of(documents_, params));
  throw RpcError(error_code::method_not_found, "method '" + method + "' is not supported");
}

void Server::notification_received(const std::string& method, const json& params) {
  if (method == "exit") {
    exit_ = true;
    return;
  }
  // Optional notifications ($/cancelRequest, $/setTrace) may be ignored, as the protocol allows.
  if (method.starts_with("$/")) return;
  if (phase_ != Phase::running) return log(method + " ignored: the server is not running (initialize first)");
  if (method == "initialized") return;
  if (method == "textDocument/didOpen") {
    const json& item = object_member(params, "textDocument", "params");
    std::string uri = string_member(item, "uri", "params.textDocument");
    std::string text = string_member(item, "text", "params.textDocument");
    // languageId is optional here: a client that sends none leaves the format to the file name.
    const std::string language = item.contains("languageId") && item["languageId"].is_string()
                                     ? item["languageId"].get<std::string>()
                                     : std::string();
    documents_.open(uri, std::move(text), integer_member(item, "version", "params.textDocument"), language);
    unpublished_.insert(uri);
    return;
  }
  if (method == "textDocument/didChange") {
    const json& item = object_member(params, "textDocument", "params");
    Document& d = documents_.get(string_member(item, "uri", "params.textDocument"));
    long long version = integer_member(item, "version", "params.textDocument");
    if (!params.contains("contentChanges")) throw RpcError(error_code::invalid_params, "params.contentChanges is missing");
    d.change(params["contentChanges"], version);
    unpublished_.insert(d.uri());
    return;
  }
  if (method == "textDocument/didSave") {
    Document& d = document_of(documents_, params);
    unpublished_.insert(d.uri());
    return;
  }
  if (method == "textDocument/didClose") {
    std::string uri = string_member(object_member(params, "textDocument", "params"), "uri", "params.textDocument");
    documents_.get(uri);
    documents_.close(uri);
    unpublished_.erase(uri);
    send(notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
    return;
  }
  log("notification '" + method + "' is not supported; ignored");
}

void Server::publish_pending() {
  for (const std::string& uri : unpublished_)
    send(notification("textDocument/publishDiagnostics", published_diagnostics(documents_.get(uri))));
  unpublished_.clear();
}

void Server::send(const json& message) {
  // Replacement characters rather than an exception for text that is not UTF-8, which a
  // message may quote from the damaged input it reports.
  if (!write_message(out_, message.dump(-1, ' ', false, json::error_handler_t::replace))) output_closed_ = true;
}

void Server::log(std::string_view message) {
  constexpr int kWarning = 2;
  send(notification("window/logMessage", {{"type", kWarning}, {"message", message}}));
}

}  // namespace fexpr::lsp
