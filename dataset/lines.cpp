#include "dataset/lines.hpp"

#include <cstring>

namespace fexpr::dataset {

namespace {

// The offset of the first c in source[from, to), or to.
std::uint32_t find(std::string_view source, char c, std::uint32_t from, std::uint32_t to) {
  const void* at = std::memchr(source.data() + from, c, to - from);
  return at ? static_cast<std::uint32_t>(static_cast<const char*>(at) - source.data()) : to;
}

Line split_line(std::string_view source, std::uint32_t begin, std::uint32_t end) {
  Line line;
  line.end = end;
  std::uint32_t i = begin;
  while (i < end && is_blank(source[i])) ++i;
  line.content_begin = i;
  // A comment starts at the first '!' outside quotes. Most lines have no '!', and most that do
  // have no '"' before it: memchr answers those without a loop over every byte.
  const std::uint32_t bang = find(source, '!', i, end);
  if (bang == end || find(source, '"', i, bang) == bang) {
    i = bang;
  } else {
    bool quoted = false;
    for (; i < end; ++i) {
      if (source[i] == '"') quoted = !quoted;
      if (source[i] == '!' && !quoted) break;
    }
  }
  std::uint32_t e = i;
  while (e > line.content_begin && is_blank(source[e - 1])) --e;
  if (e > line.content_begin && source[e - 1] == '&') {
    line.ampersand = true;
    --e;
    while (e > line.content_begin && is_blank(source[e - 1])) --e;
  }
  line.content_end = e;
  return line;
}

}  // namespace

std::vector<Line> split_lines(const SourceText& source) {
  const std::string_view text = source.text();
  const auto size = static_cast<std::uint32_t>(text.size());
  std::vector<Line> lines;
  // Sized once: a vector grown by doubling holds its old and new storage at once, and a
  // dataset's lines run to a megabyte.
  lines.reserve(source.line_count());
  for (std::uint32_t begin = 0;;) {
    const std::uint32_t end = find(text, '\n', begin, size);
    lines.push_back(split_line(text, begin, end));
    if (end == size) break;
    begin = end + 1;
  }
  return lines;
}

}  // namespace fexpr::dataset
