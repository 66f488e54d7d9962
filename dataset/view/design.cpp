// The expression language of Adams View (adams.thisaray.com/adams_view_fn/450_units.html):
// numbers with units, strings, object names, {arrays} and {{matrices}}, the operators by
// precedence from || (lowest) through &&, comparisons, // (joining strings), + -, * /, unary
// - + !, ** (right to left), and after an operand a unit (`30(deg)`, `TAN(x)d`, `.m.DV d`) or
// an index [i]. The text is read whole before anything is evaluated, so that a syntax error
// is reported as Adams View would report it, even after a function fexpr does not evaluate.
#include "dataset/view/design.hpp"

#include "dataset/view/design_functions.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace fexpr::dataset::view {
namespace {

using design::Failure;
using Kind = DesignValue::Kind;

struct Node {
  enum class Type { number, string, name, macro, array, unary, binary, call, index, unit };
  Type type;
  std::uint32_t begin, end;  // positions in the text
  std::string text;          // as written; a string's content; the operator; the function's name
  std::vector<std::size_t> children;
};

// Nesting deeper than this is fexpr's limit, not a fault of the text.
constexpr int kDeepest = 200;

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_char(char c) { return is_letter(c) || is_digit(c) || c == '.' || c == '$'; }

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  // The whole text as one expression; the index of its node.
  std::size_t parse() {
    const std::size_t root = expression();
    skip();
    if (pos_ < text_.size()) syntax(pos_, pos_ + 1, "unexpected '" + std::string(1, text_[pos_]) + "' after the expression");
    return root;
  }

  std::vector<Node> nodes;

 private:
  [[noreturn]] void syntax(std::size_t begin, std::size_t end, std::string message) const {
    throw Failure{static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end), std::move(message), true};
  }

  std::size_t add(Node::Type type, std::size_t begin, std::string text, std::vector<std::size_t> children = {}) {
    nodes.push_back({type, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(pos_), std::move(text),
                     std::move(children)});
    return nodes.size() - 1;
  }

  // Blanks, newlines, and '&' at the end of a line (a command's continuation inside the
  // parentheses).
  void skip() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
        ++pos_;
        continue;
      }
      if (c == '&') {
        std::size_t j = pos_ + 1;
        while (j < text_.size() && (text_[j] == ' ' || text_[j] == '\t' || text_[j] == '\r')) ++j;
        if (j < text_.size() && text_[j] == '\n') {
          pos_ = j + 1;
          continue;
        }
      }
      break;
    }
  }

  bool at(std::string_view op) {
    skip();
    if (text_.substr(pos_, op.size()) != op) return false;
    // '*' is not the start of '**', nor '/' of '//', '<' of '<=', '!' of '!='.
    if (op.size() == 1 && pos_ + 1 < text_.size()) {
      const char next = text_[pos_ + 1];
      if ((op == "*" && next == '*') || (op == "/" && next == '/') || ((op == "<" || op == ">" || op == "!") && next == '=')) {
        return false;
      }
    }
    return true;
  }

  bool take(std::string_view op) {
    if (!at(op)) return false;
    pos_ += op.size();
    return true;
  }

  void expect(std::string_view op, std::size_t opened) {
    if (take(op)) return;
    if (pos_ >= text_.size()) syntax(opened, opened + 1, "'" + std::string(text_.substr(opened, 1)) + "' is not closed");
    syntax(pos_, pos_ + 1, "expected '" + std::string(op) + "', not '" + std::string(1, text_[pos_]) + "'");
  }

  struct Depth {
    explicit Depth(Parser& p) : p_(p) {
      if (++p_.depth_ > kDeepest) {
        throw Failure{static_cast<std::uint32_t>(p_.pos_), static_cast<std::uint32_t>(p_.pos_ + 1),
                      "fexpr does not evaluate expressions nested this deep", false};
      }
    }
    ~Depth() { --p_.depth_; }
    Parser& p_;
  };

  std::size_t binary(std::size_t begin, std::string op, std::size_t lhs, std::size_t rhs) {
    return add(Node::Type::binary, begin, std::move(op), {lhs, rhs});
  }

  template <class Next>
  std::size_t left_to_right(std::initializer_list<std::string_view> ops, Next next) {
    skip();
    const std::size_t begin = pos_;
    std::size_t lhs = (this->*next)();
    for (;;) {
      skip();
      if (pos_ >= text_.size()) return lhs;
      // Most operands are followed by none of this level's operators: their first characters
      // say so without comparing each.
      const char c = text_[pos_];
      bool found = false;
      for (const auto op : ops) {
        if (op.front() == c && take(op)) {
          lhs = binary(begin, std::string(op), lhs, (this->*next)());
          found = true;
          break;
        }
      }
      if (!found) return lhs;
    }
  }

  std::size_t expression() {
    Depth d(*this);
    return left_to_right({"||"}, &Parser::conjunction);
  }
  std::size_t conjunction() { return left_to_right({"&&"}, &Parser::comparison); }
  std::size_t comparison() { return left_to_right({"==", "!=", "<=", ">=", "<", ">"}, &Parser::joining); }
  std::size_t joining() { return left_to_right({"//"}, &Parser::sum); }
  std::size_t sum() { return left_to_right({"+", "-"}, &Parser::product); }
  std::size_t product() { return left_to_right({"*", "/"}, &Parser::unary); }

  std::size_t unary() {
    skip();
    const std::size_t begin = pos_;
    for (const std::string_view op : {"-", "+", "!"}) {
      if (pos_ < text_.size() && text_[pos_] == op.front() && take(op)) {
        Depth d(*this);
        const std::size_t operand = unary();
        return add(Node::Type::unary, begin, std::string(op), {operand});
      }
    }
    return power();
  }

  std::size_t power() {
    skip();
    const std::size_t begin = pos_;
    const std::size_t base = postfix();
    if (!take("**")) return base;
    Depth d(*this);
    return binary(begin, "**", base, unary());
  }

  // The text of the parenthesised group that starts at `open`, without its parentheses, when
  // it is a unit expression: `(kg/meter**3)` after an operand.
  std::optional<std::string_view> unit_group(std::size_t open) const {
    if (open >= text_.size() || text_[open] != '(') return std::nullopt;
    // Only what a unit is made of is looked at, so that a call's arguments are not read twice.
    std::size_t close = open + 1;
    while (close < text_.size() && (is_letter(text_[close]) || is_digit(text_[close]) || text_[close] == '*' ||
                                    text_[close] == '/' || text_[close] == '-' || text_[close] == ' ')) {
      ++close;
    }
    if (close >= text_.size() || text_[close] != ')') return std::nullopt;
    const std::string_view inside = text_.substr(open + 1, close - open - 1);
    if (!unit(inside)) return std::nullopt;
    return inside;
  }

  std::size_t postfix() {
    skip();
    const std::size_t begin = pos_;
    std::size_t operand = primary();
    for (;;) {
      const std::size_t before = pos_;
      skip();
      if (pos_ < text_.size() && text_[pos_] == '(') {
        const auto u = unit_group(pos_);
        if (!u) syntax(pos_, pos_ + 1, "'(' after an operand: an operator is missing");
        pos_ += u->size() + 2;
        operand = add(Node::Type::unit, begin, std::string(*u), {operand});
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '[') {
        const std::size_t open = pos_++;
        const std::size_t index = expression();
        expect("]", open);
        operand = add(Node::Type::index, begin, "", {operand, index});
        continue;
      }
      // A unit word after an operand (`.model.DV_theta d`): two operands in a row mean
      // nothing else.
      if (pos_ < text_.size() && is_letter(text_[pos_])) {
        std::size_t end = pos_;
        while (end < text_.size() && (is_letter(text_[end]) || is_digit(text_[end]))) ++end;
        const std::string_view w = text_.substr(pos_, end - pos_);
        if ((end >= text_.size() || !is_name_char(text_[end])) && unit(w)) {
          pos_ = end;
          operand = add(Node::Type::unit, begin, std::string(w), {operand});
          continue;
        }
      }
      pos_ = before;
      return operand;
    }
  }

  std::size_t number() {
    const std::size_t begin = pos_;
    bool digits = false;
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_, digits = true;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_, digits = true;
    }
    if (!digits) syntax(begin, pos_, "a number without digits");
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      std::size_t j = pos_ + 1;
      if (j < text_.size() && (text_[j] == '+' || text_[j] == '-')) ++j;
      const std::size_t exponent = j;
      while (j < text_.size() && is_digit(text_[j])) ++j;
      if (j > exponent) pos_ = j;
    }
    // The unit written against the number: 12mm, 0.0d, 30(deg).
    if (pos_ < text_.size() && is_letter(text_[pos_])) {
      while (pos_ < text_.size() && (is_letter(text_[pos_]) || is_digit(text_[pos_]))) ++pos_;
    } else if (const auto u = unit_group(pos_)) {
      pos_ += u->size() + 2;
    }
    return add(Node::Type::number, begin, std::string(text_.substr(begin, pos_ - begin)));
  }

  std::size_t string(char quote) {
    const std::size_t begin = pos_++;
    std::string content;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
      content += text_[pos_++];
    }
    if (pos_ >= text_.size()) syntax(begin, begin + 1, "the string is not closed");
    ++pos_;
    return add(Node::Type::string, begin, std::move(content));
  }

  // An object's name (.model.part.marker, PART_2.MARKER_1) or a function's; a name holding
  // a macro's parameter ($part, $'field'.MARKER_1) is one too, which fexpr cannot resolve.
  std::size_t name() {
    const std::size_t begin = pos_;
    bool macro = false;
    while (pos_ < text_.size() && is_name_char(text_[pos_])) {
      if (text_[pos_] == '$') {
        macro = true;
        if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '\'') {
          const std::size_t close = text_.find('\'', pos_ + 2);
          if (close == std::string_view::npos) syntax(pos_ + 1, pos_ + 2, "the string is not closed");
          pos_ = close + 1;
          continue;
        }
      }
      ++pos_;
    }
    const std::string written(text_.substr(begin, pos_ - begin));
    if (macro) return add(Node::Type::macro, begin, written);
    // A call: a name and '(' that does not hold a unit (DV_k(newton/mm) is a variable with a
    // unit), or a function fexpr knows.
    std::size_t open = pos_;
    while (open < text_.size() && (text_[open] == ' ' || text_[open] == '\t')) ++open;
    if (open < text_.size() && text_[open] == '(' && (design::find_function(written) || !unit_group(open))) {
      pos_ = open + 1;
      std::vector<std::size_t> arguments;
      if (!take(")")) {
        do {
          arguments.push_back(expression());
        } while (take(","));
        expect(")", open);
      }
      if (const auto* f = design::find_function(written)) {
        const int n = static_cast<int>(arguments.size());
        if (n < f->minimum || n > f->maximum) {
          const std::string wanted = f->minimum == f->maximum ? std::to_string(f->minimum)
                                                               : "at least " + std::to_string(f->minimum);
          syntax(begin, pos_, text::upper(written) + " takes " + wanted + " argument" + (wanted == "1" ? "" : "s") + ", not " +
                                  std::to_string(n));
        }
      }
      return add(Node::Type::call, begin, written, std::move(arguments));
    }
    return add(Node::Type::name, begin, written);
  }

  std::size_t primary() {
    skip();
    if (pos_ >= text_.size()) syntax(text_.size() ? text_.size() - 1 : 0, text_.size(), "an operand is missing at the end");
    const char c = text_[pos_];
    const std::size_t begin = pos_;
    if (is_digit(c) || (c == '.' && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1]))) return number();
    if (c == '"' || c == '\'') return string(c);
    if (is_letter(c) || c == '.' || c == '$') return name();
    if (c == '(') {
      ++pos_;
      const std::size_t inside = expression();
      expect(")", begin);
      return inside;
    }
    if (c == '{') {
      ++pos_;
      std::vector<std::size_t> elements;
      if (!take("}")) {
        do {
          elements.push_back(expression());
        } while (take(","));
        expect("}", begin);
      }
      return add(Node::Type::array, begin, "", std::move(elements));
    }
    syntax(pos_, pos_ + 1, std::string("an operand is missing before '") + c + "'");
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

class Evaluator {
 public:
  Evaluator(const std::vector<Node>& nodes, const DesignScope& scope, const Frame& context)
      : nodes_(nodes), scope_(scope), context_(context), units_(scope.units()) {}

  DesignValue value(std::size_t i) {
    const Node& n = nodes_[i];
    switch (n.type) {
      case Node::Type::number: return number(n);
      case Node::Type::string: return design::text_value(Kind::text, n.text);
      case Node::Type::name: return name(n);
      case Node::Type::macro:
        fail(n, "fexpr does not evaluate the macro parameter in " + n.text, false);
      case Node::Type::array: return array(n);
      case Node::Type::unary: return unary(n);
      case Node::Type::binary: return binary(n);
      case Node::Type::call: return call(n);
      case Node::Type::index: return index(n);
      case Node::Type::unit: return with_unit(n);
    }
    fail(n, "fexpr does not evaluate this", false);
  }

 private:
  [[noreturn]] void fail(const Node& n, std::string message, bool certain) const {
    throw Failure{n.begin, n.end, std::move(message), certain};
  }

  // Inside, numbers are in the model's units with angles in its angle unit; a value from the
  // scope has its angles in radians.
  double angle_power(const Dimension& d) const { return std::pow(units_.angle, d.angle); }

  DesignValue number(const Node& n) const {
    const auto q = quantity(n.text, units_);
    if (!q) fail(n, "fexpr does not know the unit of " + n.text, false);
    return design::numbers_value(Kind::number, {q->value / angle_power(q->dimension)}, q->dimension);
  }

  DesignValue name(const Node& n) const {
    if (auto v = scope_.variable(n.text)) {
      for (double& x : v->numbers) x /= angle_power(v->dimension);
      return *v;
    }
    if (scope_.frame(n.text) || scope_.exists(n.text)) return design::text_value(Kind::object, n.text);
    if (const auto* f = design::find_function(n.text); f && f->maximum == 0) {
      // PI, DTOR and RTOD are written without parentheses too.
      const design::Call c{n.text, {}, {}, {n.begin, n.end}, scope_, context_};
      return f->rule(c);
    }
    const std::size_t dot = n.text.rfind('.');
    if (dot != std::string::npos && dot > 0) {
      const std::string base = n.text.substr(0, dot), attribute = text::lower(n.text.substr(dot + 1));
      if (attribute == "real_value" || attribute == "object_value" || attribute == "string_value" ||
          attribute == "integer_value") {
        if (auto v = scope_.variable(base)) {
          for (double& x : v->numbers) x /= angle_power(v->dimension);
          return *v;
        }
      }
      if (scope_.exists(base) || scope_.frame(base)) {
        fail(n, "fexpr does not evaluate the attribute " + attribute + " of " + base, false);
      }
    }
    fail(n, "fexpr does not know the name " + n.text, false);
  }

  DesignValue array(const Node& n) {
    std::vector<DesignValue> elements;
    for (const std::size_t c : n.children) elements.push_back(value(c));
    DesignValue out = design::numbers_value(Kind::array, std::vector<double>{});
    for (std::size_t k = 0; k < elements.size(); ++k) {
      const auto& e = elements[k];
      if (e.kind != Kind::number && e.kind != Kind::array && e.kind != Kind::boolean) {
        fail(nodes_[n.children[k]], "fexpr does not evaluate arrays of strings or objects", false);
      }
      if (out.dimension == kNone) out.dimension = e.dimension;
    }
    // {{x1, y1, z1}, {x2, y2, z2}}: rows of one length make a matrix; an array inside an array
    // otherwise adds its elements ({.model.DV_xyz} is the variable's array).
    const bool matrix = elements.size() >= 2 && std::all_of(elements.begin(), elements.end(), [&](const DesignValue& e) {
      return e.kind == Kind::array && e.columns == 0 && !e.numbers.empty() && e.numbers.size() == elements[0].numbers.size();
    });
    for (const auto& e : elements) out.numbers.insert(out.numbers.end(), e.numbers.begin(), e.numbers.end());
    if (matrix) out.columns = elements[0].numbers.size();
    if (elements.size() == 1 && elements[0].kind == Kind::array) out = elements[0];
    return out;
  }

  static bool arithmetic(const DesignValue& v) { return v.kind == Kind::number || v.kind == Kind::array || v.kind == Kind::boolean; }

  void need_arithmetic(const Node& n, const DesignValue& v, std::size_t child) const {
    if (arithmetic(v)) return;
    const Node& at = nodes_[n.children[child]];
    if (v.kind == Kind::text) fail(at, "a string where a number is needed", true);
    fail(at, "fexpr does not evaluate " + v.text + " as a number", false);
  }

  DesignValue unary(const Node& n) {
    DesignValue v = value(n.children[0]);
    need_arithmetic(n, v, 0);
    if (n.text == "!") return design::numbers_value(Kind::boolean, {truth(v) ? 0.0 : 1.0});
    if (n.text == "-") {
      for (double& x : v.numbers) x = -x;
      if (v.kind == Kind::boolean) v.kind = Kind::number;
    }
    return v;
  }

  static bool truth(const DesignValue& v) { return !v.numbers.empty() && v.numbers[0] != 0.0; }

  std::string joined(const Node& at, const DesignValue& v) const {
    switch (v.kind) {
      case Kind::text:
      case Kind::object: return v.text;
      case Kind::number:
      case Kind::boolean: return number::format(v.numbers[0]);
      case Kind::array: break;
    }
    fail(at, "fexpr does not join arrays to strings", false);
  }

  static Dimension merged(const Dimension& a, const Dimension& b) { return a == kNone ? b : a; }

  DesignValue binary(const Node& n) {
    const DesignValue a = value(n.children[0]);
    const DesignValue b = value(n.children[1]);
    const std::string& op = n.text;
    if (op == "//") return design::text_value(Kind::text, joined(nodes_[n.children[0]], a) + joined(nodes_[n.children[1]], b));
    if (op == "&&" || op == "||") {
      need_arithmetic(n, a, 0);
      need_arithmetic(n, b, 1);
      const bool r = op == "&&" ? truth(a) && truth(b) : truth(a) || truth(b);
      return design::numbers_value(Kind::boolean, {r ? 1.0 : 0.0});
    }
    if (op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=") return compare(n, a, b);
    need_arithmetic(n, a, 0);
    need_arithmetic(n, b, 1);
    const bool a_scalar = a.kind != Kind::array, b_scalar = b.kind != Kind::array;
    if (op == "**") {
      if (!a_scalar || !b_scalar) fail(n, "fexpr does not raise arrays to powers", false);
      const double r = std::pow(a.numbers[0], b.numbers[0]);
      if (!std::isfinite(r)) fail(n, "the power is not defined", false);
      const double e = b.numbers[0];
      const bool whole = e == std::trunc(e) && std::fabs(e) < 64;
      const Dimension d = whole ? units::power(a.dimension, int(e)) : kNone;
      return design::numbers_value(Kind::number, {r}, d);
    }
    // A number combines with each element of an array; an empty one has none ({} + 1).
    if (a_scalar != b_scalar && (a_scalar ? b : a).numbers.empty())
      fail(n, "fexpr does not evaluate arithmetic on an empty array", false);
    DesignValue out = a_scalar ? b : a;
    out.kind = a_scalar && b_scalar ? Kind::number : Kind::array;
    out.body313 = false;
    if (!a_scalar && !b_scalar && a.numbers.size() != b.numbers.size()) {
      fail(n, "arrays of " + std::to_string(a.numbers.size()) + " and " + std::to_string(b.numbers.size()) + " elements", false);
    }
    if (!a_scalar && !b_scalar && (op == "*" || op == "/")) fail(n, "fexpr does not multiply or divide arrays by arrays", false);
    if (op == "/" && std::any_of(b.numbers.begin(), b.numbers.end(), [](double x) { return x == 0.0; })) {
      fail(n, "division by zero", false);
    }
    const std::size_t size = std::max(a.numbers.size(), b.numbers.size());
    out.numbers.resize(size);
    for (std::size_t k = 0; k < size; ++k) {
      const double x = a.numbers[a_scalar ? 0 : k], y = b.numbers[b_scalar ? 0 : k];
      out.numbers[k] = op == "+" ? x + y : op == "-" ? x - y : op == "*" ? x * y : x / y;
    }
    out.dimension = op == "+" || op == "-" ? merged(a.dimension, b.dimension)
                                           : op == "*" ? a.dimension * b.dimension : a.dimension / b.dimension;
    return out;
  }

  DesignValue compare(const Node& n, const DesignValue& a, const DesignValue& b) const {
    const std::string& op = n.text;
    bool r = false;
    if (a.kind == Kind::text || a.kind == Kind::object || b.kind == Kind::text || b.kind == Kind::object) {
      if (a.kind == Kind::array || b.kind == Kind::array || (op != "==" && op != "!=")) {
        fail(n, "fexpr compares strings only for equality", false);
      }
      const bool equal = (a.kind == Kind::object || b.kind == Kind::object) ? text::iequals(joined(n, a), joined(n, b))
                                                                           : joined(n, a) == joined(n, b);
      r = op == "==" ? equal : !equal;
    } else {
      if (a.kind == Kind::array || b.kind == Kind::array) fail(n, "fexpr does not compare arrays", false);
      const double x = a.numbers[0], y = b.numbers[0];
      r = op == "==" ? x == y : op == "!=" ? x != y : op == "<" ? x < y : op == "<=" ? x <= y : op == ">" ? x > y : x >= y;
    }
    return design::numbers_value(Kind::boolean, {r ? 1.0 : 0.0});
  }

  DesignValue call(const Node& n) {
    const auto* f = design::find_function(n.text);
    if (!f) fail(n, "fexpr does not evaluate " + text::upper(n.text), false);
    std::vector<DesignValue> arguments;
    std::vector<Span> spans;
    for (const std::size_t c : n.children) {
      arguments.push_back(value(c));
      spans.push_back({nodes_[c].begin, nodes_[c].end});
    }
    const design::Call c{n.text, arguments, spans, {n.begin, n.end}, scope_, context_};
    return f->rule(c);
  }

  DesignValue index(const Node& n) {
    const DesignValue a = value(n.children[0]);
    const DesignValue i = value(n.children[1]);
    if (a.kind != Kind::array) fail(nodes_[n.children[0]], "an index after what is not an array", a.kind != Kind::object);
    if (i.kind != Kind::number) fail(nodes_[n.children[1]], "an index must be a number", i.kind == Kind::text);
    const double k = i.numbers[0];
    const std::size_t rows = a.columns ? a.numbers.size() / a.columns : a.numbers.size();
    if (k != std::trunc(k) || k < 1 || k > static_cast<double>(rows)) {
      fail(nodes_[n.children[1]], "index " + number::format(k) + " of an array of " + std::to_string(rows), false);
    }
    const std::size_t row = static_cast<std::size_t>(k) - 1;
    if (!a.columns) return design::numbers_value(Kind::number, {a.numbers[row]}, a.dimension);
    return design::numbers_value(Kind::array, {a.numbers.begin() + row * a.columns, a.numbers.begin() + (row + 1) * a.columns}, a.dimension);
  }

  // A unit after an operand says what unit its number is in: `x d` is x degrees, which in a
  // model in degrees leaves x as it is (Adams View's ACOS(...)d in such a model).
  DesignValue with_unit(const Node& n) {
    DesignValue v = value(n.children[0]);
    need_arithmetic(n, v, 0);
    const auto u = unit(n.text);
    const double factor = u->value / units_.model_unit(u->dimension) / angle_power(u->dimension);
    for (double& x : v.numbers) x *= factor;
    v.dimension = v.dimension == kNone || v.dimension == u->dimension ? u->dimension : v.dimension * u->dimension;
    if (v.kind == Kind::boolean) v.kind = Kind::number;
    return v;
  }

  const std::vector<Node>& nodes_;
  const DesignScope& scope_;
  const Frame& context_;
  const Units& units_;
};

}  // namespace

std::variant<DesignValue, DesignFailure> evaluate(std::string_view text, std::uint32_t offset, const DesignScope& scope,
                                                  const Frame& context, Dimension plain) {
  try {
    Parser parser(text);
    const std::size_t root = parser.parse();
    DesignValue v = Evaluator(parser.nodes, scope, context).value(root);
    if (v.kind == Kind::number || v.kind == Kind::array) {
      // A number written without a unit has the parameter's dimension; angles leave in radians.
      if (v.dimension == kNone) v.dimension = plain;
      const double to_radians = std::pow(scope.units().angle, v.dimension.angle);
      for (double& x : v.numbers) x *= to_radians;
    }
    return v;
  } catch (const Failure& f) {
    return DesignFailure{{offset + f.begin, offset + f.end}, f.message, f.certain};
  }
}

}  // namespace fexpr::dataset::view
