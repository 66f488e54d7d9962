// Positions as the Language Server Protocol counts them, and the byte offsets the reader and
// the checker use. LSP lines are 0-based and end at "\n", "\r\n" or "\r"; a character is a
// UTF-16 code unit by default, so a character outside the Basic Multilingual Plane (4 bytes of
// UTF-8) is two, while the checker's columns count it as one. Converting from byte offsets,
// never from columns, keeps both right on lines with non-ASCII text.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace fexpr::lsp {

struct LspPosition {
  std::uint32_t line = 0;
  std::uint32_t character = 0;  // UTF-16 code units from the start of the line
};

class LineIndex {
 public:
  // The text must outlive the index.
  explicit LineIndex(std::string_view text);

  LspPosition position(std::uint32_t offset) const;
  // A line past the end is the end of the text and a character past the end of its line is
  // the end of the line (the protocol's rule); a position inside a surrogate pair is the
  // character's start.
  std::uint32_t offset(LspPosition position) const;

 private:
  std::string_view text_;
  std::vector<std::uint32_t> starts_;  // offset of each line's first byte
  std::uint32_t line_end(std::uint32_t line) const;
};

}  // namespace fexpr::lsp
