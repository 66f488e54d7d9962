#include "dataset/reader.hpp"

#include "dataset/adams_names.hpp"
#include "dataset/characters.hpp"
#include "dataset/keywords.hpp"
#include "dataset/lines.hpp"
#include "dataset/report.hpp"
#include "dataset/stream.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::dataset {
namespace {

// Adams ids are FORTRAN integers (spec 1.1: integers up to about 2^31 - 1).
constexpr long kMaxId = 2147483647;

std::string quoted(std::string_view s) {
  std::string out(1, '\'');
  out += s;
  out += '\'';
  return out;
}

std::string describe(char c) {
  if (!is_foreign(c)) return quoted(std::string_view(&c, 1));
  constexpr char hex[] = "0123456789ABCDEF";
  auto u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

class Reader {
 public:
  explicit Reader(const SourceText& source)
      : text_(source.text()),
        lines_(split_lines(source)),
        command_file_(is_command_file(source.name())),
        report_(out_.diagnostics),
        stream_(text_, lines_, report_) {}

  Dataset run() {
    // Statements are large: reserving spares moving them all each time the vector grows.
    std::size_t heads = 0;
    for (const Line& l : lines_) heads += !l.empty() && is_name_start(text_[l.content_begin]);
    out_.statements.reserve(heads);
    std::uint32_t pos = 0;
    std::size_t line = command_file_ ? read_command_header(&pos) : read_title(&pos);
    read_statements(line, pos);
    bool errors = false;
    for (const Diagnostic& d : out_.diagnostics) errors = errors || d.severity == Severity::error;
    if (out_.statements.empty() && !errors) {
      auto end = static_cast<std::uint32_t>(text_.size());
      // A text file never holds a NUL: a file of zeros or a binary one without line breaks
      // reads as a title alone, which is no dataset either.
      std::size_t nul = out_.title.find('\0');
      if (nul != std::string::npos) {
        auto at = out_.title_span.begin + static_cast<std::uint32_t>(nul);
        report_.error({at, at + 1}, "byte 0x00 in the first line and no statements after it: this is not a text dataset");
      } else {
        report_.warning({end, end}, "the dataset has no statements");
      }
    }
    return std::move(out_);
  }

 private:
  // A statement ends with its last line or at ';', after which another may begin on the same
  // line: the command language's statement separator (KX com_time), with which the a2m samples
  // end statements (pm03.adm: PART/1,MASS=40,CM=1;).
  enum class End { line, semicolon };
  // What may come after an argument: a ',' (or the end), or anything, because the
  // expression ended with '\' or a missing ',' has already been reported.
  enum class Next { separator, anything };

  // The title is the first line (ADS b10state_define_mode: every statement but TITLE has a
  // name; Adams View writes "ADAMS/View model name: ..." there, and the .acf files of the
  // corpus leave it blank). Some hand-written a2m samples (mark.adm, bipendolo.adm, monster.adm)
  // start with a statement instead; a first line that reads as NAME/id, or as UNITS/ or
  // ACCGRAV/, is taken as one, with a warning, since Adams would take it as the title.
  std::size_t read_title(std::uint32_t* pos) {
    const Line& first = lines_[0];
    std::uint32_t begin = text_.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    std::uint32_t p = std::max(begin, first.content_begin);
    while (p < first.content_end && is_blank(text_[p])) ++p;
    if (first_line_is_statement(p)) {
      std::uint32_t e = p;
      while (e < first.content_end && is_name_char(text_[e])) ++e;
      report_.warning({p, e}, "the first line is read as a statement; Adams reads the first line of a dataset as its title");
      *pos = p;
      return 0;
    }
    std::uint32_t end = first.end;
    if (end > begin && text_[end - 1] == '\r') --end;
    out_.title.assign(text_.substr(begin, end - begin));
    out_.title_span = {begin, end};
    if (lines_.size() > 1) *pos = lines_[1].content_begin;
    return 1;
  }

  bool first_line_is_statement(std::uint32_t p) const {
    const Line& first = lines_[0];
    std::uint32_t e = p;
    while (e < first.content_end && is_name_char(text_[e])) ++e;
    if (e == p || !is_name_start(text_[p])) return false;
    std::string_view name = text_.substr(p, e - p);
    while (e < first.content_end && is_blank(text_[e])) ++e;
    if (e == first.content_end || text_[e] != '/') return false;
    ++e;
    while (e < first.content_end && is_blank(text_[e])) ++e;
    if (e < first.content_end && is_digit(text_[e])) return true;
    const StatementSyntax* syntax = find_statement(name);
    return syntax && !syntax->takes_id;
  }

  // Adams reads the first line of a command file as the name of the model file and the second
  // as the prefix of the output files, either of which may be blank (the corpus: FAST's
  // CertTest ACFs write the model name twice; aview_hpc's test.acf leaves the first blank
  // and names the model with a FILE/MODEL= command on the second). A line that is a command
  // ends the header early. The first line is kept as the title.
  std::size_t read_command_header(std::uint32_t* pos) {
    std::uint32_t begin = text_.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    std::size_t line = 0;
    for (; line < 2 && line < lines_.size(); ++line) {
      std::uint32_t p = std::max(begin, lines_[line].content_begin);
      if (line == 0) {
        std::uint32_t end = lines_[0].end;
        if (end > begin && text_[end - 1] == '\r') --end;
        out_.title.assign(text_.substr(begin, end - begin));
        out_.title_span = {begin, end};
      }
      if (is_command(line, p)) {
        *pos = p;
        return line;
      }
    }
    if (line < lines_.size()) *pos = lines_[line].content_begin;
    return line;
  }

  // A command: a command name (or its abbreviation) alone or followed by '/', ',' or ';'.
  bool is_command(std::size_t line, std::uint32_t p) const {
    const Line& l = lines_[line];
    std::uint32_t e = p;
    while (e < l.content_end && is_name_char(text_[e])) ++e;
    if (e == p || !is_name_start(text_[p])) return false;
    if (find_adams_name(adams_commands(), text_.substr(p, e - p)).empty()) return false;
    while (e < l.content_end && is_blank(text_[e])) ++e;
    return e == l.content_end || text_[e] == '/' || text_[e] == ',' || text_[e] == ';';
  }

  void read_statements(std::size_t line, std::uint32_t pos) {
    while (line < lines_.size() && !report_.full()) {
      const Line& l = lines_[line];
      while (pos < l.content_end && is_blank(text_[pos])) ++pos;
      if (pos >= l.content_end) {
        if (++line < lines_.size()) pos = lines_[line].content_begin;
        continue;
      }
      if (text_[pos] == ';') {
        ++pos;
        continue;
      }
      stream_.start(line, pos);
      End how;
      bool end_statement = false;
      if (text_[pos] == ',' && pos == l.content_begin) {
        report_.error({pos, pos + 1}, "this line begins with ',' but there is no statement before it to continue");
        how = skip_statement();
      } else {
        how = read_statement(&end_statement);
      }
      line = stream_.line();
      pos = stream_.pos();
      if (how == End::line && ++line < lines_.size()) pos = lines_[line].content_begin;
      // END ends the dataset (what follows is not read, so monster.adm, four datasets one
      // after the other, reads as the first).
      if (end_statement) {
        note_text_after(line, pos);
        return;
      }
    }
  }

  void note_text_after(std::size_t line, std::uint32_t pos) {
    for (; line < lines_.size(); ++line) {
      const Line& l = lines_[line];
      if (pos < l.content_begin) pos = l.content_begin;
      while (pos < l.content_end && is_blank(text_[pos])) ++pos;
      if (pos < l.content_end) {
        report_.note(Code::not_interpreted, {pos, l.content_end}, "the text after END is not read");
        return;
      }
    }
  }

  End read_statement(bool* end_statement) {
    Statement st;
    std::uint32_t begin = stream_.pos();
    char c = stream_.peek();
    if (!is_name_start(c)) {
      report_.error({begin, begin + 1}, "expected a statement name, found " + describe(c));
      return skip_statement();
    }
    std::string_view name = read_name();
    st.name_span = {begin, stream_.pos()};
    const StatementSyntax* syntax = find_statement(name);
    st.name = syntax ? std::string(syntax->name) : text::upper(name);
    bool more = stream_.skip_blanks();
    if (more && stream_.peek() == '=') {
      report_.error({begin, stream_.pos() + 1}, quoted(std::string(name) + "=") +
                                                    " cannot begin a statement; a line that continues a statement "
                                                    "begins with ','");
      return skip_statement();
    }
    // Only a well-formed head names a statement; after any other the reader reports an error.
    if (!syntax && (!more || stream_.peek() == '/' || stream_.peek() == ',' || stream_.peek() == ';'))
      syntax = misspelled(st);
    st.recognised = syntax != nullptr;
    interpreted_ = st.recognised;
    Next next = Next::separator;
    bool comma_optional = false;
    if (more && stream_.peek() == '/') {
      std::uint32_t slash = stream_.pos();
      stream_.advance();
      more = stream_.skip_blanks();
      char d = more ? stream_.peek() : '\0';
      if (more && (is_digit(d) || d == '+' || d == '-')) {
        read_id(st, syntax);
      } else {
        // NAME/ARG: UNITS/FORCE=..., OUTPUT/REQSAVE, RESULTS/ then ", XRF" on the next line.
        if (syntax && syntax->takes_id) {
          std::uint32_t at = more ? stream_.pos() : slash + 1;
          report_.error({at, more ? at + 1 : at}, st.name + " needs an integer id: " + st.name + "/id");
        }
        next = Next::anything;
        comma_optional = true;
      }
    } else if (syntax && syntax->name != "END") {
      // Unknown statements may go without '/' (the command STOP of .acf files).
      std::uint32_t at = more ? stream_.pos() : st.name_span.end;
      report_.error({at, more ? at + 1 : at}, "expected '/' after " + st.name + (more ? ", found " + describe(stream_.peek()) : ""));
      return skip_statement();
    }
    arguments_.clear();
    End how = read_arguments(syntax, next, comma_optional);
    st.arguments.assign(std::make_move_iterator(arguments_.begin()), std::make_move_iterator(arguments_.end()));
    st.span = {begin, st.arguments.empty() ? std::max(st.name_span.end, st.id_span.end) : st.arguments.back().span.end};
    *end_statement = syntax && syntax->name == "END";
    out_.statements.push_back(std::move(st));
    return how;
  }

  // A name Adams does not know is a warning: Adams stops at it, unless fexpr's lists of its
  // statements and commands (adams_names.hpp) are incomplete. When it is near a known name,
  // the statement is read as that one, so that its FUNCTION= is checked as it will be once
  // the name is corrected (SFROCE/1 as an SFORCE).
  const StatementSyntax* misspelled(Statement& st) {
    const auto known = command_file_ ? adams_commands() : adams_statements();
    if (!find_adams_name(known, st.name).empty()) return nullptr;
    std::string_view near = text::nearest(st.name, known);
    if (near.empty()) {
      report_.warning(st.name_span, "unknown statement '" + st.name + "': it is not " +
                                        (command_file_ ? "an Adams command" : "an Adams Solver statement") +
                                        "; check its name",
                      Code::name);
      return nullptr;
    }
    report_.warning(st.name_span, "unknown statement '" + st.name + "' (did you mean " + std::string(near) +
                                      "?); it is checked as " + std::string(near),
                    Code::name,
                    text::only_nearest(st.name, near, known) ? std::optional<Fix>(Fix{st.name_span, std::string(near)})
                                                             : std::nullopt);
    st.name = std::string(near);
    return find_statement(near);
  }

  void read_id(Statement& st, const StatementSyntax* syntax) {
    std::uint32_t b = stream_.pos();
    std::uint32_t e = b + 1;
    while (e < stream_.line_end() && (is_name_char(text_[e]) || text_[e] == '.')) ++e;
    stream_.seek(e);
    st.id_span = {b, e};
    std::string_view token = text_.substr(b, e - b);
    long long id = 0;
    for (char c : token) {
      if (!is_digit(c)) {
        report_.error(st.id_span, "expected an integer id after '/', found " + quoted(token));
        return;
      }
      if (id <= kMaxId) id = id * 10 + (c - '0');
    }
    if (id > kMaxId) {
      report_.error(st.id_span, "the id " + std::string(token) + " is larger than " + std::to_string(kMaxId));
      return;
    }
    if (syntax && !syntax->takes_id) {
      report_.error(st.id_span, st.name + " takes no id");
      return;
    }
    st.id = static_cast<long>(id);
  }

  End read_arguments(const StatementSyntax* syntax, Next next, bool comma_optional) {
    constexpr std::uint32_t kNoComma = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t dangling = kNoComma;  // a ',' with no argument after it yet
    auto end = [&](End how) {
      if (dangling != kNoComma) report_.error({dangling, dangling + 1}, "expected an argument after ','");
      return how;
    };
    while (true) {
      if (!stream_.skip_blanks()) return end(End::line);
      std::uint32_t p = stream_.pos();
      char c = stream_.peek();
      if (c == ';') {
        stream_.advance();
        return end(End::semicolon);
      }
      if (c == ',') {
        // An empty argument is an error, except that a continuation line's ',' may follow a
        // separator already written (a line ending with ',' or '\', or "RESULTS/").
        if (next == Next::anything && !comma_optional && !stream_.on_continuation_comma())
          report_.error({p, p + 1}, "expected an argument before ','");
        next = Next::anything;
        comma_optional = false;
        dangling = p;
        stream_.advance();
        continue;
      }
      if (c == '\\') {
        // '\' ends an expression, and is harmless after values (GSE/990 in test.adm writes
        // SAMPLE_PERIOD = 1.0\), but ends nothing after a separator.
        if (next == Next::anything) report_.error({p, p + 1}, "expected an argument before '\\'");
        stream_.advance();
        next = Next::anything;
        comma_optional = true;
        continue;
      }
      dangling = kNoComma;
      if (next == Next::separator) {
        report_.error(item_span(p), "expected ',' before " + describe_item(p));
        skip_item();
        continue;
      }
      if (!is_name_start(c)) {
        report_.error(item_span(p), "expected an argument keyword, found " + describe_item(p));
        skip_item();
        next = Next::separator;
        continue;
      }
      arguments_.emplace_back();
      next = read_argument(arguments_.back(), syntax);
      comma_optional = next == Next::anything;
    }
  }

  Next read_argument(Argument& a, const StatementSyntax* syntax) {
    std::uint32_t b = stream_.pos();
    std::string_view word = read_name();
    a.keyword_span = {b, stream_.pos()};
    a.span = a.keyword_span;
    const Keyword* k = find_keyword(syntax, word);
    a.keyword = k ? std::string(k->name) : text::upper(word);
    if (!stream_.skip_blanks() || stream_.peek() != '=') return Next::separator;
    stream_.advance();
    if (k && k->kind == ArgumentKind::expression) return read_expression(a);
    // Every value of a command is a character string or reads as one (FILE/MODEL=C:\dir\m,
    // SIMULATE/DYNAMIC, END=0.25).
    return read_values(a, command_file_ || (k && k->kind == ArgumentKind::text));
  }

  // After '=', a continuation line's ',' only joins the lines ("FUNCTION =" then ", DM(1,2)").
  bool skip_to_right_side() {
    if (!stream_.skip_blanks()) return false;
    if (!stream_.on_continuation_comma()) return true;
    stream_.advance();
    return stream_.skip_blanks();
  }

  // KEY=v1, v2, ... or KEY=c1:c2:...; the list goes on over continuation lines
  // (ARRAY/1, ... NUMBERS = 0.2197, ..., 20 / , 0.2, 0, ... in ant.adm) and ends at an item
  // that is a keyword, NAME= or a NAME alone: the next argument (MARKER/1, PART=2, QP=1,2,3,
  // REULER=90D,0,0 and MARKER/5, ..., REULER=50,60,70, USEXP, ZP=10,20,30 in prova.adm).
  Next read_values(Argument& a, bool text) {
    values_.clear();
    Next next = read_value_list(a, text);
    a.values.assign(std::make_move_iterator(values_.begin()), std::make_move_iterator(values_.end()));
    return next;
  }

  Next read_value_list(Argument& a, bool text) {
    char after = '=';
    while (true) {
      if (!skip_to_right_side() || stream_.peek() == ',' || stream_.peek() == ';' ||
          (!text && !windows_path_at(stream_.pos(), stream_.line_end()) &&
           (is_separator(stream_.peek()) || stream_.peek() == '='))) {
        std::uint32_t at = stream_.pos();
        bool here = !stream_.at_line_end();
        std::string what = after == '=' ? quoted(std::string(text_.substr(a.keyword_span.begin, a.keyword_span.end - a.keyword_span.begin)) + "=")
                                        : quoted(std::string(1, after));
        report_.error({at, here ? at + 1 : at}, "expected a value after " + what);
        if (here && stream_.peek() == '=') skip_item();
        return Next::separator;
      }
      Value& v = values_.emplace_back();
      ValueEnd how = text && stream_.peek() != '"' ? read_text(v) : read_value(v);
      if (v.text.empty()) {
        values_.pop_back();
      } else {
        a.span.end = v.span.end;
      }
      if (how == ValueEnd::missing_comma) return Next::anything;
      if (how == ValueEnd::bad) {
        skip_item();
        return Next::separator;
      }
      if (!stream_.skip_blanks()) return Next::separator;
      after = stream_.peek();
      if (after == ':') {
        stream_.advance();
        continue;
      }
      if (after != ',') return Next::separator;
      Stream::Mark comma = stream_.mark();
      stream_.advance();
      if (skip_to_right_side() && (is_value_start(stream_.peek()) || value_name_follows())) continue;
      stream_.reset(comma);
      return Next::separator;
    }
  }

  static bool is_separator(char c) { return c == ',' || c == ':' || c == '\\' || c == ';'; }

  enum class ValueEnd { ok, missing_comma, bad };

  // A value runs to the next separator on its line, blanks inside kept
  // (COMMENT = CRANCK01 OF MIDDLE AGES in prova.adm, C=EULER PARAMETERS in the Chrono
  // models); "::" is part of it (ROUTINE = adrill_solver::BitForces in test.adm).
  ValueEnd read_value(Value& v) {
    std::uint32_t p = stream_.pos();
    std::uint32_t le = stream_.line_end();
    if (windows_path_at(p, le)) return read_text(v);
    if (text_[p] == '"') {
      std::uint32_t q = p + 1;
      while (q < le && text_[q] != '"') ++q;
      if (q == le) report_.error({p, le}, "this string has no closing '\"' on its line");
      set_value(v, p, q == le ? le : q + 1);
      stream_.seek(v.span.end);
      return ValueEnd::ok;
    }
    std::uint32_t e = p;
    bool foreign = false;
    for (; e < le; ++e) {
      char c = text_[e];
      if (c == ',' || c == '\\' || c == ';' || c == '=' || c == '"') break;
      if (c == ':') {
        if (e + 1 < le && text_[e + 1] == ':') {
          ++e;
          continue;
        }
        break;
      }
      // A statement fexpr does not interpret may hold text where it expects none.
      if (is_foreign(c) && !interpreted_) {
        foreign = true;
        continue;
      }
      if (is_foreign(c)) {
        report_.error({e, e + 1}, "unexpected " + describe(c) + " in a value");
        set_value(v, p, e);
        stream_.seek(e);
        return ValueEnd::bad;
      }
    }
    if (e < le && text_[e] == '=') {
      // "QP=4,6,7 EU=90D": the value ends before the name that stands before '='.
      std::uint32_t t = e;
      while (t > p && is_blank(text_[t - 1])) --t;
      std::uint32_t w = t;
      while (w > p && is_name_char(text_[w - 1])) --w;
      if (w < t && w > p && is_name_start(text_[w]) && is_blank(text_[w - 1])) {
        report_.error({w, t}, "expected ',' before " + quoted(text_.substr(w, t - w)));
        set_value(v, p, w);
        stream_.seek(w);
        return ValueEnd::missing_comma;
      }
      report_.error({e, e + 1}, "unexpected '=' in a value");
      set_value(v, p, e);
      stream_.seek(e);
      return ValueEnd::bad;
    }
    set_value(v, p, e);
    stream_.seek(e);
    if (foreign) note_odd_bytes(v.span);
    return ValueEnd::ok;
  }

  // A value that begins like a Windows path (C:\..., \\server\...) is one, whatever its
  // keyword: its '\' and ':' are not separators.
  bool windows_path_at(std::uint32_t p, std::uint32_t le) const {
    auto slash = [&](std::uint32_t i) { return i < le && (text_[i] == '\\' || text_[i] == '/'); };
    bool drive = p + 1 < le && is_name_start(text_[p]) && text_[p] != '_' && text_[p + 1] == ':' && slash(p + 2);
    bool share = text_[p] == '\\' && p + 1 < le && text_[p + 1] == '\\';
    return drive || share;
  }

  // A character string runs to the next ',' or ';' on its line. Bytes that are not UTF-8 text
  // (Latin-1 "(kN\xB7m)", NUL padding) are noted once per value: Adams takes them as they are.
  ValueEnd read_text(Value& v) {
    std::uint32_t p = stream_.pos();
    std::uint32_t le = stream_.line_end();
    std::uint32_t e = p;
    while (e < le && text_[e] != ',' && text_[e] != ';') ++e;
    set_value(v, p, e);
    stream_.seek(e);
    note_odd_bytes(v.span);
    return ValueEnd::ok;
  }

  void note_odd_bytes(Span span) {
    std::uint32_t odd = first_odd_byte(text_.substr(span.begin, span.end - span.begin));
    if (odd == kNoOddByte) return;
    std::uint32_t at = span.begin + odd;
    report_.note(Code::syntax, {at, at + 1},
                 describe(text_[at]) + " in a character string is not UTF-8 text; it is read as it is");
  }

  void set_value(Value& v, std::uint32_t b, std::uint32_t e) const {
    while (e > b && is_blank(text_[e - 1])) --e;
    v.span = {b, e};
    v.text.assign(text_.substr(b, e - b));
  }

  // An expression runs to the end of the statement, a '\' (ADS: FUNCTION "must either be the
  // last argument in the statement or be followed by a backslash"; GFORCE/89, ... FX=20\FY=40)
  // or a ';', and also stops where no expression can go on:
  // - at a ',' outside parentheses, or one followed by NAME= ('=' is no operator): the Adams
  //   reference models of Chrono's joint tests write REQUEST/04, F2=...\F6=ORIENT(27,4,0201,
  //   0101),C=EULER PARAMETERS, and pm03.adm SFORCE/1, ..., FUNCTION=10,ACTIONONLY;
  // - at a continuation line's ',' followed by NAME=, or by a NAME alone after a complete
  //   operand (", TRANSLATIONAL" after "DM(1,2)"). Any other continuation ',' is not part of
  //   the expression: "VR(78," / ", 81)" is VR(78, 81) in ant.adm, and "-0.5*...*" / ",VR(78, 81)*"
  //   shows it outside parentheses too.
  // A '/' never ends one: it divides (F4 = VARVAL(7000)/1000\ in test.adm), so the ADS
  // REQUEST examples' "F2=.../" cannot be a terminator.
  Next read_expression(Argument& a) {
    a.is_expression = true;
    if (!skip_to_right_side()) {
      std::uint32_t at = stream_.pos();
      a.expression_span = {at, at};
      report_.error({at, at}, "expected an expression after " + quoted(a.keyword + "="));
      return Next::separator;
    }
    const std::uint32_t start = stream_.pos();
    std::string& out = a.expression;
    std::uint32_t last = start;  // one past the last byte that is not blank
    std::uint32_t segment = start;
    std::uint32_t p = start;
    int depth = 0;
    bool foreign = false;
    Next next = Next::separator;
    while (true) {
      const std::uint32_t le = stream_.line_end();
      bool stop = false;
      for (; p < le; ++p) {
        char c = text_[p];
        if (c == '\\' || c == ';' || (c == ',' && (depth <= 0 || assignment_follows(p + 1, le)))) {
          stop = true;
          break;
        }
        if (c == '(' || c == '[') {
          ++depth;
        } else if (c == ')' || c == ']') {
          --depth;
        } else if (is_foreign(c) && !foreign) {
          foreign = true;
          report_.error({p, p + 1}, "unexpected " + describe(c) + " in an expression");
        }
        if (!is_blank(c)) last = p + 1;
      }
      append(out, segment, p, foreign);
      if (stop) {
        stream_.seek(p);
        if (text_[p] == '\\') {
          stream_.advance();
          next = Next::anything;
        }
        break;
      }
      stream_.seek(le);
      std::size_t n = 0;
      Stream::Join how = stream_.continuation(&n);
      if (how == Stream::Join::none) break;
      const Line& line = lines_[n];
      std::uint32_t resume = line.content_begin;
      if (how == Stream::Join::comma) {
        ++resume;
        bool complete = depth <= 0 && last > start && ends_operand(text_[last - 1]);
        if (assignment_follows(resume, line.content_end) || (complete && flag_follows(resume, line.content_end))) {
          stream_.join();
          break;
        }
      }
      stream_.join();
      out.append(resume - le, ' ');
      p = segment = resume;
    }
    out.resize(last - start);
    a.expression_span = {start, last};
    if (last == start) {
      report_.error({start, start}, "expected an expression after " + quoted(a.keyword + "="));
    } else {
      a.span.end = last;
    }
    return next;
  }

  void append(std::string& out, std::uint32_t b, std::uint32_t e, bool blank_foreign) const {
    std::size_t at = out.size();
    out.append(text_.substr(b, e - b));
    if (!blank_foreign) return;
    for (std::size_t i = at; i < out.size(); ++i)
      if (is_foreign(out[i])) out[i] = ' ';
  }

  static bool ends_operand(char c) { return is_name_char(c) || c == ')' || c == ']' || c == '.'; }

  std::uint32_t skip_name_and_blanks(std::uint32_t p, std::uint32_t le, bool* named) const {
    while (p < le && is_blank(text_[p])) ++p;
    *named = p < le && is_name_start(text_[p]);
    while (p < le && is_name_char(text_[p])) ++p;
    while (p < le && is_blank(text_[p])) ++p;
    return p;
  }

  // NAME = follows p on its line.
  bool assignment_follows(std::uint32_t p, std::uint32_t le) const {
    bool named = false;
    p = skip_name_and_blanks(p, le, &named);
    return named && p < le && text_[p] == '=';
  }

  // A name that is not a keyword continues a value list: GSE/990 in test.adm lists
  // INTERFACE = adrill_solver::gse_deriv, adrill_solver::gse_output. A keyword is a name
  // followed by '=' or standing alone, but not one followed by ',' and a number: no argument
  // begins with a number, so in NUMBERS=1,two,3 or QG=0,NaN,0 the name is a bad value.
  bool value_name_follows() const {
    std::uint32_t p = stream_.pos();
    if (!is_name_start(text_[p])) return false;
    bool named = false;
    std::uint32_t le = stream_.line_end();
    p = skip_name_and_blanks(p, le, &named);
    if (p < le && text_[p] == ',') {
      ++p;
      while (p < le && is_blank(text_[p])) ++p;
      return p < le && is_value_start(text_[p]);
    }
    return p < le && text_[p] != '=' && text_[p] != '\\' && text_[p] != ';';
  }

  // A NAME standing alone as an argument follows p on its line.
  bool flag_follows(std::uint32_t p, std::uint32_t le) const {
    bool named = false;
    p = skip_name_and_blanks(p, le, &named);
    return named && (p == le || text_[p] == ',' || text_[p] == '\\' || text_[p] == ';');
  }

  std::string_view read_name() {
    std::uint32_t b = stream_.pos();
    std::uint32_t e = b;
    while (e < stream_.line_end() && is_name_char(text_[e])) ++e;
    stream_.seek(e);
    return text_.substr(b, e - b);
  }

  Span item_span(std::uint32_t p) const {
    std::uint32_t e = p + 1;
    if (is_name_start(text_[p]))
      while (e < stream_.line_end() && is_name_char(text_[e])) ++e;
    return {p, e};
  }

  std::string describe_item(std::uint32_t p) const {
    if (!is_name_start(text_[p])) return describe(text_[p]);
    Span s = item_span(p);
    return quoted(text_.substr(s.begin, s.end - s.begin));
  }

  // Error recovery: on to the next separator of the line.
  void skip_item() {
    while (!stream_.at_line_end()) {
      char c = stream_.peek();
      if (c == ',' || c == '\\' || c == ';') return;
      stream_.advance();
    }
  }

  End skip_statement() {
    while (true) {
      while (!stream_.at_line_end()) {
        bool semicolon = stream_.peek() == ';';
        stream_.advance();
        if (semicolon) return End::semicolon;
      }
      if (!stream_.join()) return End::line;
    }
  }

  std::string_view text_;
  std::vector<Line> lines_;
  bool command_file_;
  bool interpreted_ = false;  // the statement being read is one fexpr interprets
  // Arguments and values are gathered here and then copied at their exact size: vectors
  // grown one item at a time would leave a third of the memory unused.
  std::vector<Argument> arguments_;
  std::vector<Value> values_;
  Dataset out_;
  Report report_;
  Stream stream_;
};

// Text in an encoding the reader would misread as a whole: UTF-16 (a NUL before or after
// every ASCII character) or lines ended by CR alone (classic Mac OS), which read as one line.
std::optional<Diagnostic> encoding_problem(std::string_view t) {
  auto u = [&](std::size_t i) { return static_cast<unsigned char>(t[i]); };
  bool bom = t.size() >= 2 && ((u(0) == 0xFF && u(1) == 0xFE) || (u(0) == 0xFE && u(1) == 0xFF));
  bool little = t.size() >= 4 && u(0) != 0 && u(1) == 0 && u(2) != 0 && u(3) == 0;
  bool big = t.size() >= 4 && u(0) == 0 && u(1) != 0 && u(2) == 0 && u(3) != 0;
  if (bom || little || big)
    return Diagnostic{Severity::error, Code::syntax, {0, bom ? 2u : 1u},
                      "the file is UTF-16 text; fexpr reads datasets as ASCII or UTF-8: convert it "
                      "(iconv -f UTF-16 -t UTF-8)"};
  std::size_t cr = t.find('\r');
  if (cr != std::string_view::npos && t.find('\n') == std::string_view::npos &&
      t.find_first_not_of(" \t\r\f\v", cr) != std::string_view::npos) {
    auto at = static_cast<std::uint32_t>(cr);
    return Diagnostic{Severity::error, Code::syntax, {at, at + 1},
                      "the lines end with CR alone (classic Mac OS); fexpr reads LF or CRLF line ends: convert "
                      "the file (mac2unix, or tr '\\r' '\\n')"};
  }
  return std::nullopt;
}

}  // namespace

bool is_command_file(std::string_view name) { return name.size() >= 4 && text::iequals(name.substr(name.size() - 4), ".acf"); }

Dataset read(const SourceText& source) {
  if (source.text().size() >= std::numeric_limits<std::uint32_t>::max()) {
    Dataset too_big;
    too_big.diagnostics.push_back({Severity::error, Code::limit, {}, "the file is larger than 4 GiB"});
    return too_big;
  }
  if (auto problem = encoding_problem(source.text())) {
    Dataset unread;
    unread.diagnostics.push_back(*problem);
    return unread;
  }
  return Reader(source).run();
}

}  // namespace fexpr::dataset
