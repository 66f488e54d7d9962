// Bad input: each snippet gives its diagnostics at the expected line:column (worked out by
// hand from the snippet), and the reader goes on with the next statement. Then truncations
// and random damage of real datasets, which must never make the reader fail or leave the text.
#include "dataset/reader.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace test_dataset_malformed {

using namespace fexpr;
using namespace std::string_literals;

namespace {

struct Expect {
  Severity severity;
  std::string at;    // line:column of the span's start
  std::string says;  // part of the message
};

struct Case {
  std::string what;
  std::string text;
  std::vector<Expect> diagnostics;
  std::size_t statements;
};

constexpr Severity E = Severity::error;
constexpr Severity W = Severity::warning;
constexpr Severity I = Severity::info;

const std::vector<Case> kCases = {
    {"an empty file", "", {{W, "1:1", "no statements"}}, 0},
    {"a title alone", "model\n", {{W, "2:1", "no statements"}}, 0},
    {"a NUL byte where a statement name should be", "t\n\0PART/1, GROUND\nMARKER/2, PART=1\n"s,
     {{E, "2:1", "expected a statement name, found byte 0x00"}}, 1},
    {"a NUL byte inside a keyword", "t\nPART/1, MA\0SS=1\nMARKER/2, PART=1\n"s,
     {{E, "2:11", "expected ',' before byte 0x00"}}, 2},
    {"a NUL byte inside an expression", "t\nVARIABLE/1, FUNCTION = 1 +\0 2\n"s,
     {{E, "2:27", "unexpected byte 0x00 in an expression"}}, 1},
    {"binary junk", "t\n\x7f" "ELF\x02\x01\x01\n\xff\xfe\0\x01\nMARKER/2, PART=1\n"s,
     {{E, "2:1", "found byte 0x7F"}, {E, "3:1", "found byte 0xFF"}}, 1},
    {"a Latin-1 byte in a statement fexpr does not interpret is text, noted", "t\nMATERIAL/1, NAME = st\xe9" "el\n",
     {{I, "2:22", "byte 0xE9 in a character string is not UTF-8 text"}}, 1},
    {"a byte outside ASCII in a number of a statement fexpr interprets", "t\nMARKER/1, PART = 1, QP = 0, 0, 1\xe9\n",
     {{E, "2:33", "unexpected byte 0xE9 in a value"}}, 1},
    {"bytes outside ASCII in a comment and in a quoted string", "t\nPART/1, GROUND ! caf\xc3\xa9\nREQUEST/1, CNAMES = \"\xc3\xa9t\xc3\xa9\"\n",
     {}, 2},
    {"a file cut after '&'", "t\nVARIABLE/1, FUNCTION = 1 + &", {{E, "2:28", "'&' continues the statement"}}, 1},
    {"a file cut after '='", "t\nMARKER/1, PART=", {{E, "2:16", "expected a value after 'PART='"}}, 1},
    {"a file cut after 'FUNCTION ='", "t\nSFORCE/1, FUNCTION =", {{E, "2:21", "expected an expression after 'FUNCTION='"}}, 1},
    {"a file cut inside a string", "t\nREQUEST/1, CNAMES = \"abc", {{E, "2:21", "no closing '\"'"}}, 1},
    {"a file cut after the slash", "t\nPART/", {{E, "2:6", "PART needs an integer id"}}, 1},
    {"a missing id", "t\nPART/, GROUND\n", {{E, "2:6", "PART needs an integer id"}}, 1},
    {"a name where the id should be", "t\nPART/abc, GROUND\n", {{E, "2:6", "PART needs an integer id"}}, 1},
    {"an id with letters in it", "t\nPART/12abc, GROUND\n", {{E, "2:6", "expected an integer id after '/', found '12abc'"}}, 1},
    {"a fractional id", "t\nMARKER/1.5, PART=1\n", {{E, "2:8", "found '1.5'"}}, 1},
    {"a negative id", "t\nPART/-3, GROUND\n", {{E, "2:6", "found '-3'"}}, 1},
    {"an id too large for Adams", "t\nPART/99999999999, GROUND\n", {{E, "2:6", "larger than 2147483647"}}, 1},
    {"an id on a statement that takes none", "t\nUNITS/1, FORCE=NEWTON\n", {{E, "2:7", "UNITS takes no id"}}, 1},
    {"a missing slash", "t\nMARKER 1, PART=1\nPART/2, GROUND\n", {{E, "2:8", "expected '/' after MARKER"}}, 1},
    {"a continuation line with no statement before it", "t\n, PART = 1\nPART/2, GROUND\n",
     {{E, "2:1", "no statement before it"}}, 1},
    {"a continuation line after a statement ended by ';'", "t\nPART/1;\n, MASS=1\n", {{E, "3:1", "no statement before it"}}, 1},
    {"an argument line that lost its leading comma", "t\nPART/1, MASS=1\nCM=2\n",
     {{E, "3:1", "'CM=' cannot begin a statement"}}, 1},
    {"two arguments without a comma between", "t\nJOINT/1 REVOLUTE, I=1\n", {{E, "2:9", "expected ',' before 'REVOLUTE'"}}, 1},
    {"a keyword after values without a comma", "t\nMARKER/1236, QP=4,6,7 EU=90D, PART=23\n",
     {{E, "2:23", "expected ',' before 'EU'"}}, 1},
    {"an empty argument", "t\nPART/1,, GROUND\n", {{E, "2:8", "expected an argument before ','"}}, 1},
    {"a comma at the end of a statement", "t\nPART/1, GROUND,\nMARKER/2, PART=1\n",
     {{E, "2:15", "expected an argument after ','"}}, 2},
    {"values where keywords should be", "t\nLEOSILVA,1,10,I=11\n",
     {{W, "2:1", "unknown statement 'LEOSILVA'"}, {E, "2:10", "expected an argument keyword, found '1'"}, {E, "2:12", "expected an argument keyword, found '1'"}}, 1},
    {"stray characters among the arguments", "t\nPART/2930, %&(MASS=2,) CM=3\n",
     {{E, "2:12", "found '%'"}, {E, "2:22", "found ')'"}}, 1},
    {"a backslash after a separator", "t\nGFORCE/1, \\FX=1\n", {{E, "2:11", "expected an argument before '\\'"}}, 1},
    {"'=' with no value", "t\nMARKER/1, PART==1\n", {{E, "2:16", "expected a value after 'PART='"}}, 1},
    {"a number where a statement name should be", "t\n123, PART=1\nEND\n", {{E, "2:1", "expected a statement name, found '1'"}}, 1},
    {"a title line in the middle of a dataset (monster.adm line 14)", "t\nPART/1, GROUND\nADAMS/View model name: model_1\nEND\n",
     {{E, "3:12", "expected ',' before 'model'"}}, 3},
    // Editors do not show a byte order mark, so MARKER is at column 1.
    {"a byte order mark before a statement on the first line", "\xEF\xBB\xBFMARKER/1, PART=1\n",
     {{W, "1:1", "the first line is read as a statement"}}, 1},
    // Not the reader's to judge: the expression parser reports the missing ')'.
    {"an unbalanced parenthesis", "t\nVARIABLE/1, FUNCTION = VR(78,\n", {}, 1},
};

std::string at(const SourceText& source, std::uint32_t offset) {
  Position p = source.position(offset);
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

// What must hold of any reading of any text: every span inside the text, and every
// expression the file's bytes with some of them blanked.
void check_within(const std::string& text, const dataset::Dataset& d) {
  auto inside = [&](Span s) { return s.begin <= s.end && s.end <= text.size(); };
  for (const auto& diagnostic : d.diagnostics) REQUIRE(inside(diagnostic.span));
  REQUIRE(inside(d.title_span));
  for (const auto& s : d.statements) {
    REQUIRE(inside(s.span));
    REQUIRE(inside(s.name_span));
    REQUIRE(inside(s.id_span));
    for (const auto& a : s.arguments) {
      REQUIRE(inside(a.span));
      REQUIRE(inside(a.keyword_span));
      for (const auto& v : a.values) REQUIRE(inside(v.span));
      if (!a.is_expression) continue;
      REQUIRE(inside(a.expression_span));
      REQUIRE(a.expression.size() == a.expression_span.end - a.expression_span.begin);
      for (std::size_t i = 0; i < a.expression.size(); ++i)
        if (a.expression[i] != ' ') REQUIRE(a.expression[i] == text[a.expression_span.begin + i]);
    }
  }
}

std::string load(const std::string& file) {
  std::ifstream in(std::string(FEXPR_SOURCE_DIR) + "/tests/data/corpus/" + file, std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("each malformed snippet gives its diagnostics where expected and reading goes on") {
  for (const Case& c : kCases) {
    INFO(c.what);
    SourceText source("bad.adm", c.text);
    dataset::Dataset d = dataset::read(source);
    check_within(c.text, d);
    std::string rendered;
    for (const auto& diagnostic : d.diagnostics) rendered += source.render(diagnostic);
    INFO(rendered);
    REQUIRE(d.diagnostics.size() == c.diagnostics.size());
    for (std::size_t i = 0; i < c.diagnostics.size(); ++i) {
      CHECK(d.diagnostics[i].severity == c.diagnostics[i].severity);
      CHECK(at(source, d.diagnostics[i].span.begin) == c.diagnostics[i].at);
      CHECK_THAT(d.diagnostics[i].message, Catch::Matchers::Contains(c.diagnostics[i].says));
    }
    CHECK(d.statements.size() == c.statements);
  }
}

TEST_CASE("a NUL byte in an expression is blanked out of its text") {
  dataset::Dataset d = dataset::read(SourceText("bad.adm", "t\nVARIABLE/1, FUNCTION = 1 +\0 2\n"s));
  CHECK(d.statements.at(0).arguments.at(0).expression == "1 +  2");
}

TEST_CASE("after a missing comma before a keyword both arguments are read") {
  dataset::Dataset d = dataset::read(SourceText("bad.adm", "t\nMARKER/1236, QP=4,6,7 EU=90D, PART=23\n"));
  const auto& m = d.statements.at(0);
  REQUIRE(m.arguments.size() == 3);
  CHECK(m.arguments[0].values.size() == 3);
  CHECK(m.arguments[0].values[2].text == "7");
  CHECK(m.arguments[1].keyword == "EU");
  CHECK(m.arguments[1].values.at(0).text == "90D");
  CHECK(m.arguments[2].keyword == "PART");
}

TEST_CASE("after a hundred errors the reader says so once and stops") {
  std::string junk = "t\n";
  for (int i = 0; i < 150; ++i) junk += "\x01 junk\n";
  junk += "PART/1, GROUND\n";
  dataset::Dataset d = dataset::read(SourceText("junk.adm", junk));
  REQUIRE(d.diagnostics.size() == 101);
  CHECK(d.diagnostics[99].code == Code::syntax);
  CHECK(d.diagnostics[100].code == Code::limit);
  CHECK(d.statements.empty());
}

TEST_CASE("every truncation of a real dataset reads without leaving the text") {
  for (const char* file : {"alex-marinov__mbdyn/contrib__a2m__samples__pm03.adm",
                           "alex-marinov__mbdyn/contrib__a2m__samples__bipendololeo.adm",
                           "projectchrono__chrono/data__testing__joints__adams_models__test_TransSpring_Case01.adm",
                           "bthornton191__adamspy/test__files__test.acf"}) {
    INFO(file);
    std::string whole = load(file);
    for (std::size_t n = 0; n <= whole.size(); ++n) {
      std::string prefix = whole.substr(0, n);
      check_within(prefix, dataset::read(SourceText("cut.adm", prefix)));
    }
  }
}

TEST_CASE("random damage to a real dataset never breaks the reader") {
  const std::string whole = load("alex-marinov__mbdyn/contrib__a2m__samples__ant.adm");
  const char specials[] = {'\0', '&', ',', '\\', '"', ';', '!', '=', ':', '/', '\n', '(', ')', '\xff'};
  std::uint32_t seed = 12345;
  auto next = [&seed] {
    seed = seed * 1664525u + 1013904223u;  // a fixed LCG: the same damage on every run
    return seed >> 8;
  };
  for (int round = 0; round < 500; ++round) {
    std::string text = whole;
    for (int k = 0; k < 8; ++k) {
      std::size_t where = next() % text.size();
      char what = specials[next() % sizeof specials];
      if (next() % 2) {
        text[where] = what;
      } else {
        text.insert(where, 1, what);
      }
    }
    check_within(text, dataset::read(SourceText("damaged.adm", text)));
  }
}

}  // namespace test_dataset_malformed
