// JSON-RPC 2.0 as the Language Server Protocol uses it: the error codes, the messages the
// server sends, and typed reading of a request's params. Reading throws RpcError with the
// code to answer, so a handler states what it needs once and every malformed request (a
// missing field, a string where a number belongs) gets an error naming the field.
#pragma once

#include "lsp/positions.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <string_view>

namespace fexpr::lsp {

using json = nlohmann::json;

namespace error_code {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;
inline constexpr int server_not_initialized = -32002;
}  // namespace error_code

struct RpcError : std::runtime_error {
  RpcError(int error, const std::string& message) : std::runtime_error(message), code(error) {}
  int code;
};

json response(const json& id, json result);
json error_response(const json& id, int code, std::string_view message);
json notification(std::string_view method, json params);

// The member `name` of `object` (described as `where` in messages, "params.textDocument"),
// which must be an object, a string, an integer: otherwise RpcError invalid_params.
const json& object_member(const json& object, std::string_view name, std::string_view where);
std::string string_member(const json& object, std::string_view name, std::string_view where);
long long integer_member(const json& object, std::string_view name, std::string_view where);
// A Position member {line, character}: non-negative integers.
LspPosition position_member(const json& object, std::string_view name, const std::string& where);

}  // namespace fexpr::lsp
