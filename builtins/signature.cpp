#include "builtins/signature.hpp"

namespace fexpr::builtins {

std::vector<Parameter> parameters(std::string_view signature) {
  std::vector<Parameter> out;
  std::size_t at = signature.find('(');
  if (at == std::string_view::npos) return out;
  int depth = 0;
  std::size_t start = std::string_view::npos;
  for (std::size_t i = at + 1; i < signature.size() && signature[i] != ')'; ++i) {
    char c = signature[i];
    bool name_char = c != ',' && c != '[' && c != ']' && c != ' ';
    if (name_char && start == std::string_view::npos) start = i;
    bool ends = start != std::string_view::npos && (!name_char || i + 1 == signature.size() || signature[i + 1] == ')');
    if (ends) {
      std::size_t end = name_char ? i + 1 : i;
      out.push_back({signature.substr(start, end - start), depth > 0});
      start = std::string_view::npos;
    }
    if (c == '[') ++depth;
    if (c == ']') --depth;
  }
  return out;
}

}  // namespace fexpr::builtins
