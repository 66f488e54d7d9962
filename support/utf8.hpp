// UTF-8 as fexpr meets it: datasets are mostly ASCII, often UTF-8, sometimes Latin-1. A
// column counts characters, so that a caret stands under the character an editor shows there.
#pragma once

#include <cstddef>
#include <string_view>

namespace fexpr::utf8 {

// U+FFFD, what a byte that is not UTF-8 is shown as.
inline constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Length of the well-formed UTF-8 sequence that starts at s[i] (1 to 4), or 0 when the bytes
// there are not one (a Latin-1 byte, a stray continuation byte, an overlong form, a surrogate).
std::size_t sequence_length(std::string_view s, std::size_t i);

// The characters of text that start in [from, to): a well-formed sequence is one, so is each
// byte that is not part of one, and a tab. A character that starts before `to` counts whole.
std::size_t characters(std::string_view text, std::size_t from, std::size_t to);

// Offset of the character after the one at text[i].
inline std::size_t next(std::string_view text, std::size_t i) {
  const std::size_t n = sequence_length(text, i);
  return i + (n == 0 ? 1 : n);
}

}  // namespace fexpr::utf8
