// Byte offsets to LSP positions and back. Expected characters are counted by hand in UTF-16
// code units: "é" (2 bytes) is one, "😀" (4 bytes, outside the BMP) is two.
#include "lsp/positions.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_lsp_positions {

using fexpr::lsp::LineIndex;
using fexpr::lsp::LspPosition;

namespace {

bool same(LspPosition a, LspPosition b) { return a.line == b.line && a.character == b.character; }

}  // namespace

TEST_CASE("ASCII text: characters are bytes, lines split at line feeds") {
  std::string text = "ab\ncd\n";
  LineIndex index(text);
  CHECK(same(index.position(0), {0, 0}));
  CHECK(same(index.position(2), {0, 2}));
  CHECK(same(index.position(3), {1, 0}));
  CHECK(same(index.position(5), {1, 2}));
  CHECK(same(index.position(6), {2, 0}));
  CHECK(index.offset({1, 1}) == 4);
}

TEST_CASE("non-ASCII characters count as UTF-16 code units") {
  std::string text = "x\xC3\xA9\xF0\x9F\x98\x80y";  // x é 😀 y: bytes 0, 1-2, 3-6, 7
  LineIndex index(text);
  CHECK(same(index.position(1), {0, 1}));
  CHECK(same(index.position(3), {0, 2}));
  CHECK(same(index.position(7), {0, 4}));
  CHECK(index.offset({0, 2}) == 3);
  CHECK(index.offset({0, 4}) == 7);
  // Inside the surrogate pair: the character's start.
  CHECK(index.offset({0, 3}) == 3);
}

TEST_CASE("CRLF and a lone CR end lines, and the CR is not part of the line") {
  std::string text = "ab\r\ncd\ref";
  LineIndex index(text);
  CHECK(same(index.position(4), {1, 0}));
  CHECK(same(index.position(7), {2, 0}));
  // A character past the end of a line is its end, before the CR LF.
  CHECK(index.offset({0, 10}) == 2);
  CHECK(index.offset({1, 10}) == 6);
  CHECK(same(index.position(3), {0, 2}));
}

TEST_CASE("positions past the end are clamped to the end of the text") {
  std::string text = "ab\ncd";
  LineIndex index(text);
  CHECK(index.offset({7, 0}) == 5);
  CHECK(same(index.position(99), {1, 2}));
  LineIndex empty("");
  CHECK(empty.offset({0, 3}) == 0);
  CHECK(same(empty.position(0), {0, 0}));
}

}  // namespace test_lsp_positions
