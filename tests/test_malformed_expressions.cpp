// Hundreds of malformed expressions (tests/data/malformed/expressions.txt), each with the
// line:column, code and message of its first diagnostic; then every builtin called with one
// argument too many and one too few.
#include "expression_helpers.hpp"

#include "builtins/builtin.hpp"

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace test_malformed_expressions {

using fexpr::testing::Bench;

namespace {

struct Case {
  int line_number = 0;  // in the data file
  std::string at;       // line:column
  std::string code;
  std::string fragment;
  std::string text;
};

// \n \r \t \f \v \\ \" and \xHH.
std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    char c = s[++i];
    switch (c) {
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'f': out += '\f'; break;
      case 'v': out += '\v'; break;
      case 'x':
        REQUIRE(i + 2 < s.size() + 0);
        out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
        i += 2;
        break;
      default: out += c; break;
    }
  }
  return out;
}

std::vector<Case> load() {
  std::ifstream in(std::string(FEXPR_SOURCE_DIR) + "/tests/data/malformed/expressions.txt", std::ios::binary);
  REQUIRE(in);
  std::vector<Case> cases;
  std::string row;
  for (int n = 1; std::getline(in, row); ++n) {
    if (row.empty() || row[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(row);
    for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
    INFO("expressions.txt line " << n << ": " << row);
    REQUIRE(fields.size() == 4);
    cases.push_back({n, fields[0], fields[1], unescape(fields[2]), unescape(fields[3])});
  }
  return cases;
}

std::string where(const std::string& text, const fexpr::Diagnostic& d) {
  fexpr::Position p = fexpr::SourceText("t", text).position(d.span.begin);
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

}  // namespace

TEST_CASE("every malformed expression of the corpus fails at its line and column with its message",
          "[malformed][expressions]") {
  const std::vector<Case> cases = load();
  CHECK(cases.size() >= 300);
  std::set<std::string> texts;
  Bench b({{"x", 0.5}, {"v", -1.5}});
  for (const Case& c : cases) {
    INFO("expressions.txt line " << c.line_number << ": " << c.text);
    CHECK(texts.insert(c.text).second);  // no case twice
    auto r = fexpr::compile(c.text, b.context);
    REQUIRE_FALSE(r.expression);
    REQUIRE_FALSE(r.diagnostics.empty());
    const fexpr::Diagnostic& d = r.diagnostics.front();
    INFO("got " << where(c.text, d) << " " << fexpr::code_name(d.code) << ": " << d.message);
    CHECK(d.severity == fexpr::Severity::error);
    CHECK(where(c.text, d) == c.at);
    CHECK(fexpr::code_name(d.code) == c.code);
    CHECK_THAT(d.message, Catch::Matchers::Contains(c.fragment));
    CHECK(d.span.begin <= d.span.end);
    CHECK(d.span.end <= c.text.size());
    // Syntax errors stop at the first problem: one message.
    if (d.code == fexpr::Code::syntax) CHECK(r.diagnostics.size() == 1);
    CHECK(d.message.find("tao::") == std::string::npos);
    CHECK(d.message.find("pegtl") == std::string::npos);
    // The rendered message quotes the right line and puts the caret in its column.
    std::string rendered = fexpr::SourceText("t", c.text).render(d);
    CHECK(rendered.rfind("t:" + c.at + ": error: ", 0) == 0);
  }
}

TEST_CASE("every builtin called with one argument too many or too few is an arity error at the call",
          "[malformed][arity]") {
  Bench b({{"x", 0.5}});
  int checked = 0;
  for (const auto& f : fexpr::builtins::table()) {
    // Functions whose argument list has no upper bound in practice take up to kMaxArgs.
    std::vector<int> counts;
    if (f.max_args < fexpr::builtins::kMaxArgs) counts.push_back(f.max_args + 1);
    if (f.min_args > 0) counts.push_back(f.min_args - 1);
    for (int n : counts) {
      std::string text = "x + " + std::string(f.name) + "(";
      for (int i = 0; i < n; ++i) text += i ? ", 1" : "1";
      text += ")";
      INFO(text);
      auto r = fexpr::compile(text, b.context);
      REQUIRE_FALSE(r.expression);
      const fexpr::Diagnostic& d = r.diagnostics.front();
      INFO(d.message);
      CHECK(d.code == fexpr::Code::arity);
      CHECK(where(text, d) == "1:5");
      CHECK_THAT(d.message, Catch::Matchers::Contains(std::string(f.name) + " takes"));
      CHECK_THAT(d.message, Catch::Matchers::Contains("got " + std::to_string(n)));
      ++checked;
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("more arguments than any function takes is an arity error, not an overflow", "[malformed][arity]") {
  Bench b;
  for (const char* name : {"MAX", "MIN", "POLY", "CHEBY", "FORCOS", "FORSIN", "SHF"}) {
    std::string text = std::string(name) + "(";
    for (int i = 0; i < 1000; ++i) text += i ? ",1" : "1";
    text += ")";
    INFO(name);
    auto r = fexpr::compile(text, b.context);
    REQUIRE_FALSE(r.expression);
    CHECK(r.diagnostics.front().code == fexpr::Code::arity);
  }
}

}  // namespace test_malformed_expressions
