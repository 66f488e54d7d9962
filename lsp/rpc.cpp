#include "lsp/rpc.hpp"

#include <climits>
#include <cstdint>

namespace fexpr::lsp {
namespace {

const json& member(const json& object, std::string_view name, std::string_view where, std::string_view kind,
                   bool (json::*is)() const noexcept) {
  if (!object.is_object()) throw RpcError(error_code::invalid_params, std::string(where) + " must be an object");
  auto it = object.find(name);
  if (it == object.end())
    throw RpcError(error_code::invalid_params, std::string(where) + "." + std::string(name) + " is missing");
  if (!((*it).*is)())
    throw RpcError(error_code::invalid_params,
                   std::string(where) + "." + std::string(name) + " must be " + std::string(kind));
  return *it;
}

}  // namespace

json response(const json& id, json result) { return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}; }

json error_response(const json& id, int code, std::string_view message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

json notification(std::string_view method, json params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

const json& object_member(const json& object, std::string_view name, std::string_view where) {
  return member(object, name, where, "an object", &json::is_object);
}

std::string string_member(const json& object, std::string_view name, std::string_view where) {
  return member(object, name, where, "a string", &json::is_string).get<std::string>();
}

long long integer_member(const json& object, std::string_view name, std::string_view where) {
  const json& v = member(object, name, where, "an integer", &json::is_number_integer);
  if (v.is_number_unsigned() && v.get<unsigned long long>() > static_cast<unsigned long long>(LLONG_MAX))
    throw RpcError(error_code::invalid_params, std::string(where) + "." + std::string(name) + " is out of range");
  return v.get<long long>();
}

LspPosition position_member(const json& object, std::string_view name, const std::string& where) {
  const json& p = object_member(object, name, where);
  std::string at = where + "." + std::string(name);
  long long line = integer_member(p, "line", at), character = integer_member(p, "character", at);
  if (line < 0 || character < 0 || line > UINT32_MAX || character > UINT32_MAX)
    throw RpcError(error_code::invalid_params, at + " is outside the range of positions");
  return {static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(character)};
}

}  // namespace fexpr::lsp
