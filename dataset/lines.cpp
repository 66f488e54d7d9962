#include "dataset/lines.hpp"

#include <cstring>

namespace fexpr::dataset {

namespace {

Line split_line(std::string_view source, std::uint32_t begin, std::uint32_t end) {
  Line line;
  line.end = end;
  std::uint32_t i = begin;
  while (i < end && is_blank(source[i])) ++i;
  line.content_begin = i;
  // A comment starts at the first '!' outside quotes. Most lines have no '!', and most that do
  // have no '"' before it: memchr answers those without a loop over every byte.
  auto find = [&](char c, std::uint32_t from, std::uint32_t to) {
    const void* at = std::memchr(source.data() + from, c, to - from);
    return at ? static_cast<std::uint32_t>(static_cast<const char*>(at) - source.data()) : to;
  };
  const std::uint32_t bang = find('!', i, end);
  if (bang == end || find('"', i, bang) == bang) {
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

std::vector<Line> split_lines(std::string_view text) {
  const auto size = static_cast<std::uint32_t>(text.size());
  // Sized once: a vector grown by doubling holds its old and new storage at once, and a
  // dataset's lines run to a megabyte.
  std::size_t count = 1;
  for (const char* at = text.data(); (at = static_cast<const char*>(std::memchr(at, '\n', text.data() + size - at)));
       ++at)
    ++count;
  std::vector<Line> lines;
  lines.reserve(count);
  std::uint32_t begin = 0;
  while (true) {
    const void* nl = std::memchr(text.data() + begin, '\n', size - begin);
    std::uint32_t end = nl ? static_cast<std::uint32_t>(static_cast<const char*>(nl) - text.data()) : size;
    lines.push_back(split_line(text, begin, end));
    if (!nl) break;
    begin = end + 1;
  }
  return lines;
}

}  // namespace fexpr::dataset
