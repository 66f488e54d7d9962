// One statement's text as the reader walks it: the statement text of its lines (lines.hpp),
// joined where the statement continues onto a following line.
#pragma once

#include "dataset/lines.hpp"
#include "dataset/report.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace fexpr::dataset {

class Stream {
 public:
  // Why the next line belongs to the statement (see continuation() in stream.cpp).
  enum class Join { none, comma, ampersand, trailing_comma };

  struct Mark {
    std::size_t line;
    std::uint32_t pos;
  };

  Stream(std::string_view text, std::span<const Line> lines, Report& report)
      : text_(text), lines_(lines), report_(report) {}

  void start(std::size_t line, std::uint32_t pos);

  std::size_t line() const { return line_; }
  std::uint32_t pos() const { return pos_; }
  std::uint32_t line_end() const { return lines_[line_].content_end; }
  bool at_line_end() const { return pos_ >= line_end(); }
  char peek() const { return text_[pos_]; }  // only before line_end()
  void advance(std::uint32_t n = 1) { pos_ += n; }
  void seek(std::uint32_t pos) { pos_ = pos; }  // within the current line
  Mark mark() const { return {line_, pos_}; }
  void reset(Mark m) {
    line_ = m.line;
    pos_ = m.pos;
  }

  // How the statement continues after the current line, without moving; *next is the line.
  Join continuation(std::size_t* next) const;
  // Moves to the first byte of the continuing line (its leading ',' when it has one).
  bool join();
  // Skips blanks, joining lines; false when the statement has ended.
  bool skip_blanks();
  // The cursor is on the ',' that begins a continuation line: a separator, never text.
  bool on_continuation_comma() const;

 private:
  bool is_statement_head(const Line& line) const;

  std::string_view text_;
  std::span<const Line> lines_;
  Report& report_;
  std::size_t start_line_ = 0;
  std::size_t line_ = 0;
  std::uint32_t pos_ = 0;
  std::size_t warned_line_ = static_cast<std::size_t>(-1);
  bool warned_ampersand_ = false;
};

}  // namespace fexpr::dataset
