#include "lsp/positions.hpp"

#include "support/utf8.hpp"

#include <algorithm>

namespace fexpr::lsp {
namespace {

// UTF-16 code units of the character at text[i]: two for a 4-byte sequence. A byte that is not
// UTF-8 cannot reach here through JSON, which carries only Unicode, but is one unit if it does.
std::uint32_t units(std::string_view text, std::size_t i) { return utf8::sequence_length(text, i) == 4 ? 2 : 1; }

}  // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    if (text[i] == '\n' || text[i] == '\r') starts_.push_back(static_cast<std::uint32_t>(i + 1));
  }
}

std::uint32_t LineIndex::line_end(std::uint32_t line) const {
  if (line + 1 >= starts_.size()) return static_cast<std::uint32_t>(text_.size());
  std::uint32_t end = starts_[line + 1] - 1;
  if (end > starts_[line] && text_[end] == '\n' && text_[end - 1] == '\r') --end;
  return end;
}

LspPosition LineIndex::position(std::uint32_t offset) const {
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text_.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  std::uint32_t line = static_cast<std::uint32_t>(it - starts_.begin() - 1);
  std::uint32_t end = std::min(offset, line_end(line));
  std::uint32_t character = 0;
  for (std::size_t i = starts_[line]; i < end; i = utf8::next(text_, i)) character += units(text_, i);
  return {line, character};
}

std::uint32_t LineIndex::offset(LspPosition p) const {
  if (p.line >= starts_.size()) return static_cast<std::uint32_t>(text_.size());
  std::uint32_t end = line_end(p.line);
  std::uint32_t character = 0;
  std::size_t i = starts_[p.line];
  while (i < end) {
    std::uint32_t width = units(text_, i);
    if (character + width > p.character) break;
    character += width;
    i = utf8::next(text_, i);
  }
  return static_cast<std::uint32_t>(i);
}

}  // namespace fexpr::lsp
