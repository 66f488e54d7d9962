// Character classes of the dataset language.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

#include "support/utf8.hpp"

namespace fexpr::dataset {

// Blanks separate items but are never part of one; '\r' is one so that CRLF files
// (bipendololeo.adm of the corpus) read like LF files.
constexpr bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_name_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
constexpr bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }
// Adams values are numbers (v1,...,vn) or character strings (c1:...:cn), so an item after a
// ',' that starts like a number or a quoted string continues a value list, and one that
// starts like a name is, most often, the next argument (ADS b10state_define_mode,
// "Assignment"; the exception is in Reader::value_name_follows).
constexpr bool is_value_start(char c) { return is_digit(c) || c == '+' || c == '-' || c == '.' || c == '"'; }
// Control characters and bytes outside ASCII may stand in comments, quoted strings and the
// title, nowhere else.
constexpr bool is_foreign(char c) {
  auto u = static_cast<unsigned char>(c);
  return (u < 0x20 && !is_blank(c)) || u >= 0x7F;
}

// The offset of the first byte in s that is neither text nor part of a well-formed UTF-8
// sequence: a control character other than a blank (NUL padding), or a byte of another
// encoding (Latin-1). kNoOddByte when s is ASCII or UTF-8 text.
inline constexpr std::uint32_t kNoOddByte = std::numeric_limits<std::uint32_t>::max();
inline std::uint32_t first_odd_byte(std::string_view s) {
  for (std::uint32_t i = 0; i < s.size();) {
    auto u = static_cast<unsigned char>(s[i]);
    if (u == 0x7F || (u < 0x20 && !is_blank(s[i]))) return i;
    const std::size_t n = utf8::sequence_length(s, i);
    if (n == 0) return i;
    i += static_cast<std::uint32_t>(n);
  }
  return kNoOddByte;
}

}  // namespace fexpr::dataset
