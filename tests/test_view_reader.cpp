// The command-file reader (dataset/view/read.cpp) on commands written here: what a command is
// made of, with its places, and malformed input reported at line:column counted by hand in the
// text of each test. Reading never throws and never takes more than one pass's time.
#include "dataset/checker.hpp"
#include "dataset/view/command.hpp"

#include "checked_dataset.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <span>
#include <string>
#include <vector>

namespace test_view_reader {

using fexpr::Severity;
using fexpr::SourceText;
using fexpr::dataset::view::CommandFile;
using fexpr::dataset::view::Item;
using fexpr::dataset::view::read_commands;
using Kind = Item::Kind;

namespace {

// Element i of a command's words, parameters or items, which must be there.
template <class T>
const T& at(std::span<const T> elements, std::size_t i) {
  REQUIRE(i < elements.size());
  return elements[i];
}

struct Read {
  SourceText source;
  CommandFile file;
  explicit Read(std::string text, std::string name = "t.cmd")
      : source(std::move(name), std::move(text)), file(read_commands(source)) {}

  // "line:column:severity:code" of each diagnostic, in file order.
  std::vector<std::string> problems() const {
    std::vector<std::string> out;
    for (const auto& d : file.diagnostics) {
      const auto p = source.position(d.span.begin);
      out.push_back(std::to_string(p.line) + ":" + std::to_string(p.column) + ":" +
                    std::string(fexpr::severity_name(d.severity)) + ":" + std::string(fexpr::code_name(d.code)));
    }
    return out;
  }
  std::string at(fexpr::Span span) const { return source.text().substr(span.begin, span.end - span.begin); }
  std::string line_column(std::uint32_t offset) const {
    const auto p = source.position(offset);
    return std::to_string(p.line) + ":" + std::to_string(p.column);
  }
  std::vector<std::string> words(std::size_t command) const {
    std::vector<std::string> out;
    for (const auto& w : file.commands.at(command).words) out.push_back(w.text);
    return out;
  }
};

using Strings = std::vector<std::string>;

// The problems `fexpr check` gives a text named t.cmd, notes left out.
Strings checked(const std::string& text) { return fexpr::testing::problems(fexpr::dataset::check_text("t.cmd", text)); }

}  // namespace

TEST_CASE("a command is a path of words and name = value parameters whose items keep their places",
          "[view][reader]") {
  const Read r("marker create marker_name = .m.ground.MK location = 1, -2.5E-1, 6inch orientation = (90d), 0, 0\n");
  REQUIRE(r.file.diagnostics.empty());
  REQUIRE(r.file.commands.size() == 1);
  const auto& c = r.file.commands[0];
  CHECK(r.words(0) == Strings{"marker", "create"});
  REQUIRE(c.parameters.size() == 3);
  CHECK(c.parameters[0].name == "marker_name");
  CHECK(c.parameters[1].name == "location");
  CHECK(c.parameters[2].name == "orientation");
  // "marker create " is 14 characters: marker_name starts at column 15.
  CHECK(r.line_column(c.parameters[0].name_span.begin) == "1:15");
  CHECK(r.at(c.parameters[0].span) == "marker_name = .m.ground.MK");
  const auto& loc = c.parameters[1].items;
  REQUIRE(loc.size() == 3);
  CHECK(loc[0].text == "1");
  CHECK(loc[1].text == "-2.5E-1");
  CHECK(loc[2].text == "6inch");
  for (const auto& i : loc) CHECK(i.kind == Kind::bare);
  CHECK(r.at(loc[2].span) == "6inch");
  const auto& ori = c.parameters[2].items;
  REQUIRE(ori.size() == 3);
  CHECK(ori[0].kind == Kind::expression);
  CHECK(ori[0].text == "(90d)");
  CHECK(r.at(c.span) == r.source.text().substr(0, r.source.text().size() - 1));
}

TEST_CASE("the reader keeps words and parameter names as written, in lower case; the translator resolves them",
          "[view][reader]") {
  const Read r("Mar Cre MAR = .m.ground.A Loc = 1, 0, 0\n");
  REQUIRE(r.file.diagnostics.empty());
  REQUIRE(r.file.commands.size() == 1);
  CHECK(r.words(0) == Strings{"mar", "cre"});
  REQUIRE(r.file.commands[0].parameters.size() == 2);
  CHECK(r.file.commands[0].parameters[0].name == "mar");
  CHECK(r.file.commands[0].parameters[1].name == "loc");
  // The object's name keeps its case.
  CHECK(at(r.file.commands[0].parameters[0].items, 0).text == ".m.ground.A");
}

TEST_CASE("an empty file, and one of blank lines and comments, has no command and no problem", "[view][reader]") {
  for (const char* text : {"", "\n\n", "   \n\t\n", "! a comment\n   ! another\n\n", "! no newline at the end"}) {
    const Read r(text);
    INFO('"' << text << '"');
    CHECK(r.file.commands.empty());
    CHECK(r.file.diagnostics.empty());
  }
}

TEST_CASE("malformed commands are reported at their places, and reading goes on", "[view][reader]") {
  SECTION("a '(' not closed when the command ends, at the '('") {
    // Line 2: "marker create " (14) "marker_name = " (14) ".m.ground.M " (12) "location = " (11):
    // 51 characters before the '(', which is column 52.
    const Read r("model create model_name = m\n"
                 "marker create marker_name = .m.ground.M location = (1 + 2\n"
                 "marker create marker_name = .m.ground.N location = 1, 2, 3\n");
    CHECK(r.problems() == Strings{"2:52:error:syntax"});
    // The next line is a command of its own.
    REQUIRE(r.file.commands.size() == 3);
    CHECK(at(at(r.file.commands[2].parameters, 0).items, 0).text == ".m.ground.N");
  }
  SECTION("a string not closed before the end of the file, at its quote") {
    // Line 2: "variable create " (16) "variable_name = " (16) ".m.s " (5) "string_value = " (15):
    // the quote is column 53.
    const Read r("model create model_name = m\n"
                 "variable create variable_name = .m.s string_value = \"abc\n"
                 "marker create marker_name = .m.ground.N location = 1, 2, 3\n");
    CHECK(r.problems() == Strings{"2:53:error:syntax"});
    CHECK(r.at(r.file.diagnostics.at(0).span) == "\"abc");
    // Read to the end of its line; the next line is the next command.
    REQUIRE(r.file.commands.size() == 3);
    CHECK(r.words(2) == Strings{"marker", "create"});
  }
  SECTION("a ')' with no '(', at the ')'") {
    // "marker create marker_name = .m.ground.N location = 0,0,0 " is 57 characters.
    const Read r("marker create marker_name = .m.ground.N location = 0,0,0 )\n");
    CHECK(r.problems() == Strings{"1:58:error:syntax"});
    REQUIRE(r.file.commands.size() == 1);
    CHECK(at(r.file.commands[0].parameters, 1).items.size() == 3);
  }
  SECTION("a '=' with no name before it, at the '='") {
    // "marker create marker_name = .m.ground.A " is 40 characters; what follows the '=' is a
    // stray item ("3"), which the translator reports.
    const Read r("marker create marker_name = .m.ground.A = 3\n");
    CHECK(r.problems() == Strings{"1:41:error:syntax"});
    REQUIRE(r.file.commands.size() == 1);
    REQUIRE(r.file.commands[0].strays.size() == 1);
    CHECK(r.file.commands[0].strays[0].text == "3");
    CHECK(checked("model create model_name = m\nmarker create marker_name = .m.ground.A = 3\n") ==
          Strings{"2:41:error:syntax", "2:43:warning:syntax"});
  }
  SECTION("a line that is not a command, from its first to its last character") {
    const Read r("model create model_name = m\n"
                 "   42 is not a command  \n"
                 "marker create marker_name = .m.ground.A\n");
    CHECK(r.problems() == Strings{"2:4:error:syntax"});
    CHECK(r.at(r.file.diagnostics.at(0).span) == "42 is not a command");
    CHECK(r.file.commands.size() == 2);
  }
  SECTION("'&' at the very end of the file is a warning at the '&'") {
    // "model create model_name = m " is 28 characters.
    const Read r("model create model_name = m &");
    CHECK(r.problems() == Strings{"1:29:warning:syntax"});
    REQUIRE(r.file.commands.size() == 1);
    CHECK(at(at(r.file.commands[0].parameters, 0).items, 0).text == "m");
  }
}

TEST_CASE("inside parentheses '!' is NOT and '&&' AND; outside them '!' starts a comment", "[view][reader]") {
  const Read r("model create model_name = m\n"
               "if condition=(!DB_EXISTS(\".m.x\"))  ! a comment (with a ')'\n"
               "end\n"
               "if condition = (1 != 2 && 3 == 3)\n"
               "end\n");
  CHECK(r.file.diagnostics.empty());
  REQUIRE(r.file.commands.size() == 5);
  CHECK(r.words(1) == Strings{"if"});
  REQUIRE(r.file.commands[1].parameters.size() == 1);
  CHECK(r.file.commands[1].parameters[0].name == "condition");
  REQUIRE(r.file.commands[1].parameters[0].items.size() == 1);
  CHECK(r.file.commands[1].parameters[0].items[0].kind == Kind::expression);
  CHECK(r.file.commands[1].parameters[0].items[0].text == "(!DB_EXISTS(\".m.x\"))");
  CHECK(r.words(2) == Strings{"end"});
  CHECK(at(at(r.file.commands[3].parameters, 0).items, 0).text == "(1 != 2 && 3 == 3)");
  CHECK(r.words(4) == Strings{"end"});
  // The translator finds every block closed.
  CHECK(checked(r.source.text()).empty());
}

TEST_CASE("'&' continues a command past a comment after it and past lines that are only comments",
          "[view][reader]") {
  const Read r("variable create variable_name = .m.dv1 &   ! the name\n"
               "! a line commented out\n"
               "   real_value = 2.5 &\n"
               "      ! another, indented\n"
               "   units = length\n"
               "variable create variable_name = .m.dv2 real_value = 1\n");
  CHECK(r.file.diagnostics.empty());
  REQUIRE(r.file.commands.size() == 2);
  const auto& p = r.file.commands[0].parameters;
  REQUIRE(p.size() == 3);
  CHECK(p[0].name == "variable_name");
  CHECK(p[1].name == "real_value");
  CHECK(p[2].name == "units");
  // real_value is on line 3 at column 4, units on line 5 at column 4.
  CHECK(r.line_column(p[1].name_span.begin) == "3:4");
  CHECK(r.line_column(p[2].name_span.begin) == "5:4");
  CHECK(at(p[2].items, 0).text == "length");
  CHECK(r.line_column(r.file.commands[1].span.begin) == "6:1");
}

TEST_CASE("strings: escaped quotes, single quotes, and strings over several lines", "[view][reader]") {
  const Read r("variable create variable_name = .m.s1 string_value = \"say \\\"hi\\\" now\"\n"
               "variable create variable_name = .m.s2 string_value = 'single \"q\" inside'\n"
               "variable create variable_name = .m.s3 string_value = \"line one\n"
               "line two\"\n"
               "variable create variable_name = .m.s4 string_value = \"a!b (c\" ! a comment\n");
  CHECK(r.file.diagnostics.empty());
  REQUIRE(r.file.commands.size() == 4);
  const auto item = [&](std::size_t c) { return at(at(r.file.commands[c].parameters, 1).items, 0); };
  CHECK(item(0).kind == Kind::string);
  CHECK(item(0).text == "say \"hi\" now");
  CHECK(item(0).escaped);
  CHECK(item(1).kind == Kind::string);
  CHECK(item(1).text == "single \"q\" inside");
  CHECK_FALSE(item(1).escaped);
  // The content starts after the quote: "variable create variable_name = .m.s2 string_value = "
  // is 53 characters, so the quote is column 54 and the content column 55.
  CHECK(r.line_column(item(1).content_begin) == "2:55");
  CHECK(item(2).text == "line one\nline two");
  CHECK(r.line_column(item(2).span.end) == "4:10");
  // The command after the string spread over two lines starts on line 5.
  CHECK(r.line_column(r.file.commands[3].span.begin) == "5:1");
  CHECK(item(3).text == "a!b (c");
}

TEST_CASE("a file with CRLF line ends reads as with LF, each problem at the same line and column",
          "[view][reader]") {
  const std::string lf = "model create model_name = m\n"
                         "marker create &\n"
                         "   marker_name = .m.ground.A &  ! a comment\n"
                         "   location = 1, 2, 3\n"
                         "marker create marker_name = .m.ground.M location = (1 + 2\n"
                         "marker create marker_name = .m.ground.N location = 0,0,0 )\n"
                         "variable create variable_name = .m.s string_value = \"two\n"
                         "lines\"\n";
  std::string crlf;
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const Read a(lf), b(crlf);
  // The '(' at column 52 of line 5, the ')' at column 58 of line 6 (as in the tests above).
  CHECK(a.problems() == Strings{"5:52:error:syntax", "6:58:error:syntax"});
  CHECK(b.problems() == a.problems());
  REQUIRE(b.file.commands.size() == a.file.commands.size());
  REQUIRE(b.file.commands.size() == 5);
  for (std::size_t k = 0; k < a.file.commands.size(); ++k) {
    CHECK(b.words(k) == a.words(k));
    REQUIRE(b.file.commands[k].parameters.size() == a.file.commands[k].parameters.size());
    for (std::size_t p = 0; p < a.file.commands[k].parameters.size(); ++p) {
      const auto& pa = a.file.commands[k].parameters[p];
      const auto& pb = b.file.commands[k].parameters[p];
      CHECK(pb.name == pa.name);
      CHECK(b.line_column(pb.name_span.begin) == a.line_column(pa.name_span.begin));
      REQUIRE(pb.items.size() == pa.items.size());
      for (std::size_t i = 0; i < pa.items.size(); ++i) {
        // A string over two lines keeps its line end as written.
        if (pa.items[i].text.find('\n') == std::string::npos) CHECK(pb.items[i].text == pa.items[i].text);
      }
    }
  }
  CHECK(at(at(b.file.commands[4].parameters, 1).items, 0).text == "two\r\nlines");
}

TEST_CASE("parentheses nested 200 deep give one limit error and no crash", "[view][reader]") {
  // 200 '(' then 200 ')': the 101st '(' is the first too deep. "marker create marker_name =
  // .m.ground.A location = " is 51 characters, so it is at column 52 + 100 = 152.
  const std::string text = "model create model_name = m\nmarker create marker_name = .m.ground.A location = " +
                           std::string(200, '(') + "1" + std::string(200, ')') + ", 0, 0\n";
  const Read r(text);
  CHECK(r.problems() == Strings{"2:152:error:limit"});
  REQUIRE(r.file.commands.size() == 2);
  CHECK(at(r.file.commands[1].parameters, 1).items.size() == 3);
  CHECK(checked(text) == Strings{"2:152:error:limit"});
}

TEST_CASE("a binary file (every byte 0 to 255) gives diagnostics in the file, without a crash", "[view][reader]") {
  std::string bytes;
  for (int b = 0; b < 256; ++b) bytes += static_cast<char>(b);
  for (const std::string& text : {bytes, bytes + bytes, std::string(bytes.rbegin(), bytes.rend())}) {
    const Read r(text);
    CHECK_FALSE(r.file.diagnostics.empty());
    for (const auto& d : r.file.diagnostics) {
      CHECK(d.span.begin <= d.span.end);
      CHECK(d.span.end <= text.size());
    }
    const auto f = fexpr::dataset::check_text("binary.cmd", text);
    CHECK(f.errors() > 0);
  }
}

}  // namespace test_view_reader
