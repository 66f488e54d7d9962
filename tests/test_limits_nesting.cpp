// Nesting limits for every recursive construct: parentheses, signs, '**' chains, IF in each of
// its positions, calls, and all of them mixed. From 10 to 1,000,000 levels deep each gives
// either its value (up to the limit) or one clean limit error at the first level too deep,
// also on a thread with a 256 KiB stack; long flat expressions parse, evaluate and are
// destroyed without recursion.
#include "expression_helpers.hpp"
#include "small_stack.hpp"

#include "ast/ast.hpp"
#include "eval/compile.hpp"
#include "grammar/parse.hpp"

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

using fexpr::testing::Bench;
using fexpr::testing::on_stack;

namespace {

// One nesting level: the text before the nested operand, the text after it, and the offset
// inside `before` where the operand one level deeper starts (for "MIN(" the first argument;
// for "1 + (" the end, where the next level's "1" begins).
struct Level {
  std::string before, after;
  std::size_t first;
};

struct Construct {
  const char* name;
  std::vector<Level> levels;  // used in turn, outermost first
  std::string core;           // the innermost operand
  double value;               // of the expression at the deepest nesting that is allowed
};

const std::vector<Construct>& constructs() {
  static const std::vector<Construct> all = {
      {"parentheses", {{"(", ")", 1}}, "1", 1.0},
      {"parentheses on new lines", {{"(\n", "\n)", 2}}, "1", 1.0},
      {"parentheses with blanks", {{" ( ", " ) ", 3}}, "1", 1.0},
      {"minus signs", {{"-", "", 1}}, "1", -1.0},  // 99 signs: -1
      {"plus signs", {{"+", "", 1}}, "1", 1.0},
      {"signs with blanks", {{"- ", "", 2}}, "1", -1.0},
      {"power chain", {{"1**", "", 3}}, "1", 1.0},
      {"power chain with blanks", {{"1 * * ", "", 6}}, "1", 1.0},
      {"power of signed operands", {{"1**", "", 3}, {"-", "", 1}}, "1", 1.0},  // 1**-1**-1...
      {"IF in the test", {{"IF(", ": 1, 2, 3)", 3}}, "1", 3.0},
      {"IF in a branch", {{"IF(1: 2, 3, ", ")", 3}}, "4", 4.0},
      {"IF in the middle branch", {{"IF(0: 2, ", ", 4)", 3}}, "5", 5.0},
      {"one-argument calls", {{"SIN(", ")", 4}}, "0", 0.0},
      {"calls with blanks before '('", {{"ABS (", ")", 5}}, "1", 1.0},
      {"last argument of a call", {{"MAX(0, ", ")", 4}}, "1", 1.0},
      {"first argument of a call", {{"MIN(", ", 7)", 4}}, "1", 1.0},
      {"sums in parentheses", {{"1 + (", ")", 5}}, "1", 100.0},
      {"products in parentheses", {{"1*(", ")", 3}}, "1", 1.0},
      {"mixed",
       {{"(", ")", 1}, {"-", "", 1}, {"SIN(", ")", 4}, {"IF(", ": 1, 2, 3)", 3}, {"1**", "", 3}, {"+", "", 1}},
       "0",
       std::nan("")},
  };
  return all;
}

std::string build(const Construct& c, std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += c.levels[i % c.levels.size()].before;
  text += c.core;
  for (std::size_t i = n; i-- > 0;) text += c.levels[i % c.levels.size()].after;
  return text;
}

// Where the first operand 101 levels deep starts: the whole text is level 1, and each level's
// `before` leads to the next; the operand starts at its first token, after any blanks.
std::size_t first_too_deep(const std::string& text, const Construct& c) {
  const auto limit = static_cast<std::size_t>(fexpr::grammar::kMaxNesting);
  std::size_t offset = 0;
  for (std::size_t i = 0; i + 1 < limit; ++i) offset += c.levels[i % c.levels.size()].before.size();
  offset += c.levels[(limit - 1) % c.levels.size()].first;
  while (offset < text.size() && (text[offset] == ' ' || text[offset] == '\n')) ++offset;
  return offset;
}

// Line and column of an offset, counted here rather than by the library.
std::string line_column(const std::string& text, std::size_t offset) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return std::to_string(line) + ":" + std::to_string(column);
}

// What compiling and evaluating a text gives, as one line, so that a run on another thread can
// be compared on the main thread.
std::string outcome(const std::string& text) {
  fexpr::Context ctx;
  auto r = fexpr::compile(text, ctx);
  if (!r) {
    const auto& d = r.diagnostics.front();
    return std::string(fexpr::code_name(d.code)) + " " + line_column(text, d.span.begin) + " " +
           std::to_string(r.diagnostics.size()) + " " + d.message;
  }
  fexpr::Workspace ws;
  std::vector<double> grad(r.expression->derivative_count());
  try {
    double v = r.expression->gradient({}, ws, grad);
    return "value " + std::to_string(v);
  } catch (const fexpr::EvaluationError& e) {
    return "evaluation error " + e.diagnostic.message;
  }
}

std::string expected_limit(const std::string& text, const Construct& c) {
  return "limit " + line_column(text, first_too_deep(text, c)) + " 1 expression nested deeper than 100 levels; split it into VARIABLEs";
}

const std::size_t kDepths[] = {10, 98, 99, 100, 101, 1000, 100000, 1000000};

}  // namespace

TEST_CASE("every recursive construct nests up to the limit and gives a clean error beyond it", "[limits][nesting]") {
  for (const Construct& c : constructs()) {
    for (std::size_t n : kDepths) {
      // n levels around the core: n + 1 nested operands.
      const std::string text = build(c, n);
      INFO(c.name << ", " << n << " levels");
      const std::string got = outcome(text);
      if (n + 1 <= static_cast<std::size_t>(fexpr::grammar::kMaxNesting)) {
        CHECK(got.rfind("value ", 0) == 0);
        if (n == 99 && !std::isnan(c.value)) CHECK(got == "value " + std::to_string(c.value));
      } else {
        CHECK(got == expected_limit(text, c));
      }
    }
  }
}

TEST_CASE("a limit error comes before any later syntax error in the same text", "[limits][nesting]") {
  // Unbalanced and cut-off deep texts: the nesting error is found first, at the same place.
  for (const Construct& c : constructs()) {
    std::string text = build(c, 1000);
    text.resize(text.size() / 2);
    text += ")))@";
    INFO(c.name);
    CHECK(outcome(text) == expected_limit(text, c));
  }
}

TEST_CASE("deep nesting gives the same clean error on a thread with a 256 KiB stack", "[limits][nesting][stack]") {
  std::vector<std::string> texts, got, want;
  for (const Construct& c : constructs()) {
    for (std::size_t n : {std::size_t{99}, std::size_t{100}, std::size_t{1000000}}) {
      texts.push_back(build(c, n));
      want.push_back(outcome(texts.back()));  // on the main thread's 8 MiB stack
    }
  }
  on_stack(fexpr::testing::kHostStack, [&] {
    for (const std::string& t : texts) got.push_back(outcome(t));
  });
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO(texts[i].substr(0, 60));
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer moves locals between its fake stack and the real one at run time, so
    // frames have no fixed size: a 100-level compile may or may not fit. It must still end in a
    // clean error, never an overflow. Release and Debug builds (tools/limits-debug.sh) check
    // that the outcome is the same.
    if (got[i] != want[i]) CHECK_THAT(got[i], Catch::Matchers::Contains("too deep for the stack of this thread"));
#else
    CHECK(got[i] == want[i]);
#endif
  }
}

TEST_CASE("compiling a tree deeper than the thread's stack holds stops with one clean error", "[limits][nesting][stack]") {
  // The parser never hands the compiler more than 100 levels, so this tree is built by hand:
  // 100,000 nested minus signs need far more than 256 KiB of compiler frames.
  constexpr std::uint32_t kDepth = 100000;
  fexpr::ast::Tree tree;
  fexpr::ast::Node two{};
  two.kind = fexpr::ast::Kind::number;
  two.span = {kDepth, kDepth + 1};
  two.value = two.literal = 2.0;
  tree.nodes.push_back(two);
  for (std::uint32_t i = 1; i <= kDepth; ++i) {
    fexpr::ast::Node minus{};
    minus.kind = fexpr::ast::Kind::negate;
    minus.span = {kDepth - i, kDepth + 1};
    minus.first = static_cast<std::uint32_t>(tree.children.size());
    minus.count = 1;
    tree.children.push_back(i - 1);
    tree.ops.push_back(fexpr::ast::Op::first);
    tree.nodes.push_back(minus);
  }
  tree.root = kDepth;
  fexpr::Context ctx;
  fexpr::detail::Compilation result;
  on_stack(fexpr::testing::kHostStack, [&] { result = fexpr::detail::compile_tree(tree, ctx); });
  CHECK(result.program == nullptr);
  REQUIRE(result.diagnostics.size() == 1);
  const fexpr::Diagnostic& d = result.diagnostics.front();
  CHECK(d.code == fexpr::Code::limit);
  CHECK_THAT(d.message, Catch::Matchers::Contains("too deep for the stack of this thread; split it into VARIABLEs"));
  // Somewhere inside the chain: at a '-' that is neither the outermost nor the 2.
  CHECK(d.span.begin > 0);
  CHECK(d.span.begin < kDepth);
}

TEST_CASE("on a stack too small for the full depth the parser stops cleanly with a limit error", "[limits][nesting][stack]") {
  // 64 KiB is less than the parser keeps in reserve: every nested expression stops at its
  // first nested operand, flat ones (which need no reserve) still compile.
  std::string deep = build(constructs()[0], 99), flat = "1";
  for (int i = 0; i < 1000; ++i) flat += "+1";
  std::string deep_result, flat_result;
  on_stack(64 * 1024, [&] { deep_result = outcome(deep); });
  // The flat text needs no parser reserve, but evaluating it does need its frame, which under
  // AddressSanitizer is larger than the whole 64 KiB.
  on_stack(fexpr::testing::kFrameScale * 64 * 1024, [&] { flat_result = outcome(flat); });
  CHECK(deep_result.rfind("limit 1:2 ", 0) == 0);  // the first nested operand
  CHECK_THAT(deep_result, Catch::Matchers::Contains("too deep for the stack of this thread"));
  CHECK(flat_result == "value " + std::to_string(1001.0));  // to_string follows the locale
}

TEST_CASE("a 1,000,000-term flat expression parses, evaluates, differentiates and is destroyed", "[limits][flat]") {
  Bench b({{"x", 0.5}});
  struct Flat {
    const char* name;
    std::string term, join;
    double value, derivative;  // of the 1,000,000-term expression at x = 0.5
  };
  const Flat shapes[] = {
      {"sum", "x", "+", 500000.0, 1000000.0},
      {"differences", "x", "-", 0.5 - 999999 * 0.5, 1.0 - 999999.0},
      {"product", "1", "*", 1.0, 0.0},
      {"signed terms", "-x", "+", -500000.0, -1000000.0},
      {"products in a sum", "2*x", "+", 1000000.0, 2000000.0},
  };
  for (const Flat& f : shapes) {
    INFO(f.name);
    std::string text;
    text.reserve(1000000 * (f.term.size() + f.join.size()));
    for (int i = 0; i < 1000000; ++i) {
      if (i) text += f.join;
      text += f.term;
    }
    std::string value, derivative;
    auto check = [&] {
      auto r = fexpr::compile(text, b.context);
      if (!r) {
        value = r.diagnostics.front().message;
        return;
      }
      fexpr::Workspace ws;
      std::vector<double> grad(r.expression->derivative_count());
      value = std::to_string(r.expression->gradient(b.inputs(), ws, grad));
      derivative = std::to_string(grad.at(1));
    };
    on_stack(fexpr::testing::kHostStack, check);  // nothing about it may recurse per term
    CHECK(value == std::to_string(f.value));
    CHECK(derivative == std::to_string(f.derivative));
  }
}

TEST_CASE("a long flat sum is printed and read back without recursion", "[limits][flat]") {
  std::string text = "x";
  for (int i = 0; i < 200000; ++i) text += i % 2 ? " - x" : " + 2*x";
  auto tree = fexpr::grammar::parse(text);
  REQUIRE(std::holds_alternative<fexpr::ast::Tree>(tree));
  std::string printed;
  on_stack(fexpr::testing::kHostStack, [&] { printed = fexpr::ast::print(std::get<fexpr::ast::Tree>(tree)); });
  auto again = fexpr::grammar::parse(printed);
  REQUIRE(std::holds_alternative<fexpr::ast::Tree>(again));
  CHECK(fexpr::ast::print(std::get<fexpr::ast::Tree>(again)) == printed);
}
