#include "dataset/stream.hpp"

#include "dataset/characters.hpp"

namespace fexpr::dataset {

void Stream::start(std::size_t line, std::uint32_t pos) {
  start_line_ = line;
  line_ = line;
  pos_ = pos;
}

// A statement continues onto the next line that has statement text (blank and comment lines
// between are passed over: they say nothing about the statement) when
// - that line begins with ',' (ADS b10state_define_mode; how every exported dataset writes
//   one argument per line), or
// - this line ended with '&' (the command language's continuation mark, used in the corpus's
//   test.acf and FRS5_doe_8_LAUL_analysis.acf, where the next line need not begin with ','), or
// - this line ends with ',' and the next one does not begin a statement: the a2m samples write
//   "PART/20, MASS=21, ..., CM=1," then "QG=0,0,0, ..." (pm02.adm lines 6-7). Adams would read
//   such a line as a new statement, so join() warns.
Stream::Join Stream::continuation(std::size_t* next) const {
  std::size_t n = line_ + 1;
  while (n < lines_.size() && lines_[n].empty()) ++n;
  if (n == lines_.size()) return Join::none;
  *next = n;
  const Line& here = lines_[line_];
  if (text_[lines_[n].content_begin] == ',') return Join::comma;
  if (here.ampersand) return Join::ampersand;
  if (!here.empty() && text_[here.content_end - 1] == ',' && !is_statement_head(lines_[n])) return Join::trailing_comma;
  return Join::none;
}

bool Stream::join() {
  std::size_t next = 0;
  Join how = continuation(&next);
  if (how == Join::none) {
    const Line& here = lines_[line_];
    if (here.ampersand && !warned_ampersand_) {
      warned_ampersand_ = true;
      std::uint32_t amp = here.content_end;
      while (text_[amp] != '&') ++amp;
      report_.error({amp, amp + 1}, "'&' continues the statement on the next line, but the file ends here");
    }
    return false;
  }
  if (how == Join::trailing_comma && warned_line_ != next) {
    warned_line_ = next;
    const Line& l = lines_[next];
    report_.warning({l.content_begin, l.content_end},
                    "this line continues the statement above because that one ends with ','; Adams expects a "
                    "continuation line to begin with ','");
  }
  line_ = next;
  pos_ = lines_[next].content_begin;
  return true;
}

bool Stream::skip_blanks() {
  while (true) {
    while (!at_line_end() && is_blank(peek())) ++pos_;
    if (!at_line_end()) return true;
    if (!join()) return false;
  }
}

bool Stream::on_continuation_comma() const {
  return line_ != start_line_ && pos_ == lines_[line_].content_begin && text_[pos_] == ',';
}

// NAME/..., NAME; or a NAME alone (END, STOP).
bool Stream::is_statement_head(const Line& line) const {
  std::uint32_t p = line.content_begin;
  if (!is_name_start(text_[p])) return false;
  while (p < line.content_end && is_name_char(text_[p])) ++p;
  while (p < line.content_end && is_blank(text_[p])) ++p;
  return p == line.content_end || text_[p] == '/' || text_[p] == ';';
}

}  // namespace fexpr::dataset
