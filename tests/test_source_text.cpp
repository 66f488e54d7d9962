// Line:column of a byte offset and the caret line under the source: columns count characters.
#include "support/json.hpp"
#include "support/utf8.hpp"

#include <fexpr/diagnostic.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace test_source_text {

using fexpr::Diagnostic;
using fexpr::SourceText;

namespace {

std::uint32_t offset_of(const std::string& text, const std::string& what) {
  return static_cast<std::uint32_t>(text.find(what));
}

Diagnostic error_at(std::uint32_t begin, std::uint32_t end) {
  return {fexpr::Severity::error, fexpr::Code::name, {begin, end}, "here"};
}

}  // namespace

TEST_CASE("one character before the error is one column, however many bytes it takes", "[diagnostic][utf8]") {
  struct Case {
    const char* what;
    std::string prefix;
  };
  auto c = GENERATE(Case{"an ASCII letter", "a"}, Case{"e acute, 2 bytes", "\xC3\xA9"},
                    Case{"the euro sign, 3 bytes", "\xE2\x82\xAC"},
                    Case{"mathematical italic x (U+1D465), 4 bytes", "\xF0\x9D\x91\xA5"},
                    Case{"a Latin-1 e acute, one byte that is not UTF-8", "\xE9"}, Case{"a tab", "\t"});
  INFO(c.what);
  std::string text = "x\n" + c.prefix + "STPE(1)";
  SourceText source("t", text);
  auto begin = offset_of(text, "STPE");
  CHECK(source.position(begin).line == 2);
  CHECK(source.position(begin).column == 2);
  CHECK(source.position(begin + 4).column == 6);  // the end of STPE: 1 + 1 + 4 characters
}

TEST_CASE("bytes that are not well-formed UTF-8 count one column each", "[diagnostic][utf8]") {
  struct Case {
    const char* what;
    std::string bytes;
    std::uint32_t columns;
  };
  auto c = GENERATE(Case{"an overlong '/'", "\xC0\xAF", 2}, Case{"a UTF-16 surrogate", "\xED\xA0\x80", 3},
                    Case{"a sequence cut short", "\xE2\x82", 2}, Case{"a stray continuation byte", "\x80", 1},
                    Case{"beyond U+10FFFF", "\xF4\x90\x80\x80", 4}, Case{"Latin-1 'stahl' with a umlaut", "st\xE4hl", 5});
  INFO(c.what);
  std::string text = c.bytes + "STPE";
  CHECK(SourceText("t", text).position(offset_of(text, "STPE")).column == c.columns + 1);
}

TEST_CASE("a byte order mark at the start of the file is no column, elsewhere it is one", "[diagnostic][utf8]") {
  std::string bom = "\xEF\xBB\xBF";
  std::string text = bom + "STPE\n" + bom + "STPE";
  SourceText source("t", text);
  CHECK(source.position(offset_of(text, "STPE")).column == 1);
  CHECK(source.position(0).column == 1);
  CHECK(source.position(static_cast<std::uint32_t>(text.rfind("STPE"))).column == 2);
}

TEST_CASE("the caret stands under the character after multi-byte characters, a Latin-1 byte and a tab",
          "[diagnostic][utf8]") {
  // e acute (2 bytes), euro (3), U+1D465 (4), Latin-1 0xE9 (1), a tab: 5 characters, 11 bytes.
  std::string text = "\xC3\xA9\xE2\x82\xAC\xF0\x9D\x91\xA5\xE9\tSTPE(1)\n";
  auto begin = offset_of(text, "STPE");
  REQUIRE(begin == 11);
  CHECK(SourceText("t", text).render(error_at(begin, begin + 4)) ==
        "t:1:6: error: here\n"
        "\xC3\xA9\xE2\x82\xAC\xF0\x9D\x91\xA5\xEF\xBF\xBD\tSTPE(1)\n"  // the Latin-1 byte shown as U+FFFD
        "    \t^~~~\n");
}

TEST_CASE("a span over multi-byte characters has one tilde per further character", "[diagnostic][utf8]") {
  std::string text = "a = \xE2\x82\xAC\xC3\xA9 + 1";
  auto begin = offset_of(text, "\xE2\x82\xAC");
  SourceText source("t", text);
  CHECK(source.render(error_at(begin, begin + 5)) == "t:1:5: error: here\n" + text + "\n    ^~\n");
  // The first byte of a character alone (as "unexpected byte 0xE2" marks it) is that character.
  CHECK(source.render(error_at(begin, begin + 1)) == "t:1:5: error: here\n" + text + "\n    ^\n");
  CHECK(source.position(begin + 1).column == 6);
  CHECK(source.position(begin + 3).column == 6);
}

TEST_CASE("with show_code the severity carries the code in brackets, as linters print it", "[diagnostic]") {
  Diagnostic d{fexpr::Severity::warning, fexpr::Code::discontinuity, {0, 2}, "rough"};
  CHECK(SourceText("t", "IF\n").render(d, true) == "t:1:1: warning[discontinuity]: rough\nIF\n^~\n");
  CHECK(SourceText("t", "IF\n").render(d) == "t:1:1: warning: rough\nIF\n^~\n");
}

TEST_CASE("JSON strings replace each byte that is not well-formed UTF-8 by U+FFFD", "[json][utf8]") {
  CHECK(fexpr::json::quote("st\xE4hl") == "\"st\xEF\xBF\xBDhl\"");
  CHECK(fexpr::json::quote("\xC0\xAF") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");            // overlong
  CHECK(fexpr::json::quote("\xED\xA0\x80") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");  // surrogate
  CHECK(fexpr::json::quote("\xF0\x9D\x91\xA5\xE2\x82\xAC") == "\"\xF0\x9D\x91\xA5\xE2\x82\xAC\"");
}

}  // namespace test_source_text
