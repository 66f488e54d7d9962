// The physical layer of a dataset: its lines, and in each the part that is statement text.
#pragma once

#include "dataset/characters.hpp"

#include <fexpr/diagnostic.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

namespace fexpr::dataset {

struct Line {
  std::uint32_t content_begin = 0;  // first byte of statement text
  std::uint32_t content_end = 0;    // one past its last byte
  std::uint32_t end = 0;            // the '\n' ending the line, or the end of the file
  bool ampersand = false;           // the text ended with '&': the next line continues it
  bool empty() const { return content_begin == content_end; }
};

// Statement text is what is left of a line without its leading and trailing blanks, a '!'
// comment (a '!' inside "..." is text, as in a quoted CNAMES value) and a final '&'. The Adams
// command language (KX com_time) defines both: '!' stops reading the line, '&' continues the
// statement on the next line; the .acf files of the corpus use '&' (test.acf line 5).
std::vector<Line> split_lines(const SourceText& source);

}  // namespace fexpr::dataset
