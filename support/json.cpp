#include "support/json.hpp"

#include "support/number.hpp"
#include "support/utf8.hpp"

namespace fexpr::json {

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    char c = s[i];
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20) {
      static const char* hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else if (u >= 0x80) {
      std::size_t n = utf8::sequence_length(s, i);
      if (n == 0) {
        out += utf8::kReplacement;
        ++i;
        continue;
      }
      out.append(s.substr(i, n));
      i += n;
      continue;
    } else {
      out += c;
    }
    ++i;
  }
  out += '"';
  return out;
}

std::string number(double v) { return fexpr::number::format(v); }

}  // namespace fexpr::json
