// The one translation unit that instantiates the PEGTL grammar. Leaves (numbers, names) are
// built by actions; composite nodes are built by the control's success hook from the values
// their rule left on the stack, so the grammar itself stays free of semantics.
#include "grammar/parse.hpp"

#include "grammar/errors.hpp"
#include "grammar/grammar.hpp"
#include "support/number.hpp"
#include "support/stack.hpp"
#include "support/text.hpp"
#include "support/utf8.hpp"

#include <cmath>
#include <numbers>
#include <string>
#include <type_traits>

namespace fexpr::grammar {
namespace {

struct Failure {
  Span span;
  Code code;
  std::string message;
};

// What a parse keeps only while it runs: the values and operators of the rules that have not
// finished. A thread's parses share one set, emptied at each start, so that a dataset's
// thousands of short expressions do not each grow six vectors from nothing.
struct Stacks {
  std::vector<ast::NodeId> values;
  std::vector<ast::Op> value_ops;
  struct Frame {
    std::uint32_t mark;
    std::uint32_t begin;
  };
  std::vector<Frame> frames;
  std::vector<ast::Op> pending_ops;
  std::vector<std::uint32_t> open_parens;
  std::vector<std::pair<std::uint32_t, Span>> heads;  // call name: (names index, name span)

  static Stacks& emptied() {
    thread_local Stacks s;
    s.values.clear();
    s.value_ops.clear();
    s.frames.clear();
    s.pending_ops.clear();
    s.open_parens.clear();
    s.heads.clear();
    return s;
  }
};

// About one node per four characters of an expression: its tree's vectors are made that
// large at once rather than grown by doubling.
constexpr std::size_t kCharactersPerNode = 4;

struct Builder {
  Builder(std::string_view t, ParseOptions o) : text(t), options(o) {
    const std::size_t nodes = t.size() / kCharactersPerNode + 2;
    tree.nodes.reserve(nodes);
    tree.children.reserve(nodes);
    tree.ops.reserve(nodes);
  }
  std::string_view text;
  ParseOptions options;
  ast::Tree tree;
  Stacks& stacks = Stacks::emptied();
  std::vector<ast::NodeId>& values = stacks.values;
  std::vector<ast::Op>& value_ops = stacks.value_ops;
  std::vector<Stacks::Frame>& frames = stacks.frames;
  std::vector<ast::Op>& pending_ops = stacks.pending_ops;
  std::vector<std::uint32_t>& open_parens = stacks.open_parens;
  std::vector<std::pair<std::uint32_t, Span>>& heads = stacks.heads;
  int depth = 0;

  std::uint32_t offset_of(const char* p) const { return static_cast<std::uint32_t>(p - text.data()); }
  Span span(std::uint32_t b, std::uint32_t e) const { return {b + options.offset, e + options.offset}; }

  std::string where(std::uint32_t local) const {
    Position p;
    if (options.source) {
      p = options.source->position(local + options.offset);
    } else {
      std::uint32_t line_start = 0;
      for (std::uint32_t i = 0; i < local && i < text.size(); ++i) {
        if (text[i] == '\n') {
          ++p.line;
          line_start = i + 1;
        }
      }
      p.column = static_cast<std::uint32_t>(utf8::characters(text, line_start, local)) + 1;
    }
    return std::to_string(p.line) + ":" + std::to_string(p.column);
  }

  ast::NodeId add(ast::Node node) {
    tree.nodes.push_back(node);
    return static_cast<ast::NodeId>(tree.nodes.size() - 1);
  }
  void push(ast::NodeId id) {
    values.push_back(id);
    value_ops.push_back(ast::Op::first);
  }
  std::uint32_t intern(std::string_view s) {
    tree.names.emplace_back(s);
    return static_cast<std::uint32_t>(tree.names.size() - 1);
  }

  // Replaces the values above the frame's mark by one node holding them as children.
  void reduce(ast::Kind kind, std::uint32_t end, std::uint32_t text_index = 0, Span name_span = {}) {
    Stacks::Frame f = frames.back();
    ast::Node n{};
    n.kind = kind;
    n.span = span(f.begin, end);
    n.first = static_cast<std::uint32_t>(tree.children.size());
    n.count = static_cast<std::uint32_t>(values.size() - f.mark);
    n.text = text_index;
    n.name_span = name_span;
    for (std::uint32_t i = f.mark; i < values.size(); ++i) {
      tree.children.push_back(values[i]);
      tree.ops.push_back(value_ops[i]);
    }
    values.resize(f.mark);
    value_ops.resize(f.mark);
    push(add(n));
  }
};

std::string describe(char c) {
  auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

// What stands at the failure point, for " but found ..." and for special advice.
template <typename Input>
std::string found(const Input& in) {
  if (in.empty()) return " but the expression ends here";
  char c = in.peek_char();
  switch (c) {
    case '\\': return " but found '\\', which ends a FUNCTION= expression in a dataset and cannot stand inside one";
    default: return " but found " + describe(c);
  }
}

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<number> {
  template <typename Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view t(in.begin(), in.size());
    bool degrees = !t.empty() && (t.back() == 'd' || t.back() == 'D');
    if (degrees) t.remove_suffix(1);
    std::uint32_t begin = b.offset_of(in.begin());
    auto parsed = fexpr::number::parse(t);
    if (!parsed) {
      throw Failure{b.span(begin, begin + static_cast<std::uint32_t>(in.size())), Code::domain,
                    "number " + std::string(t) + " is out of the range of double precision"};
    }
    ast::Node n{};
    n.kind = ast::Kind::number;
    n.span = b.span(begin, begin + static_cast<std::uint32_t>(in.size()));
    n.degrees = degrees;
    n.literal = *parsed;
    n.value = degrees ? *parsed * (std::numbers::pi / 180.0) : *parsed;
    b.push(b.add(n));
  }
};

template <ast::Kind K>
struct leaf_action {
  template <typename Input>
  static void apply(const Input& in, Builder& b) {
    std::uint32_t begin = b.offset_of(in.begin());
    ast::Node n{};
    n.kind = K;
    n.span = b.span(begin, begin + static_cast<std::uint32_t>(in.size()));
    n.text = b.intern(std::string_view(in.begin(), in.size()));
    b.push(b.add(n));
  }
};
template <> struct action<name> : leaf_action<ast::Kind::name> {};
template <> struct action<object_name> : leaf_action<ast::Kind::object_name> {};

template <>
struct action<call_head> {
  template <typename Input>
  static void apply(const Input& in, Builder& b) {
    std::string_view t(in.begin(), in.size());
    std::size_t n = 0;
    while (n < t.size() && (std::isalnum(static_cast<unsigned char>(t[n])) || t[n] == '_')) ++n;
    std::uint32_t begin = b.offset_of(in.begin());
    b.heads.emplace_back(b.intern(t.substr(0, n)), b.span(begin, begin + static_cast<std::uint32_t>(n)));
    b.open_parens.push_back(begin + static_cast<std::uint32_t>(t.size()) - 1);
  }
};
template <>
struct action<if_head> {
  template <typename Input>
  static void apply(const Input& in, Builder& b) {
    b.open_parens.push_back(b.offset_of(in.end()) - 1);
  }
};
// A '(' or '[' that a missing ')' or ']' reports as "opened at".
struct opening_action {
  template <typename Input>
  static void apply(const Input& in, Builder& b) {
    b.open_parens.push_back(b.offset_of(in.begin()));
  }
};
template <> struct action<open_paren> : opening_action {};
template <> struct action<open_bracket> : opening_action {};
template <ast::Op O>
struct op_action {
  template <typename Input>
  static void apply(const Input&, Builder& b) {
    b.pending_ops.push_back(O);
  }
};
template <> struct action<add_op> : op_action<ast::Op::add> {};
template <> struct action<subtract_op> : op_action<ast::Op::subtract> {};
template <> struct action<multiply_op> : op_action<ast::Op::multiply> {};
template <> struct action<divide_op> : op_action<ast::Op::divide> {};
template <> struct action<cross_op> : op_action<ast::Op::cross> {};

// The '(' of a call or IF is matched inside its head, so only a bare '(' starts a paren.
template <typename Rule>
inline constexpr bool opens_frame =
    std::is_same_v<Rule, sum> || std::is_same_v<Rule, product> || std::is_same_v<Rule, power> ||
    std::is_same_v<Rule, negation> || std::is_same_v<Rule, affirmation> || std::is_same_v<Rule, call> ||
    std::is_same_v<Rule, if_expr> || std::is_same_v<Rule, vector_expr>;

// A sign is tried before every operand, and fails there unless the operand starts with it: its
// frame is opened only when it does. It cannot fail after its sign (its operand is a must<>),
// so a failed sign has no frame to close.
template <typename Rule>
inline constexpr bool is_sign = std::is_same_v<Rule, negation> || std::is_same_v<Rule, affirmation>;
template <typename Rule>
inline constexpr char sign_of = std::is_same_v<Rule, negation> ? '-' : '+';

template <typename Rule>
struct control : pegtl::normal<Rule> {
  template <typename Input>
  static void start(const Input& in, Builder& b) {
    if constexpr (std::is_same_v<Rule, unary>) {
      if (++b.depth > kMaxNesting) {
        std::uint32_t at = b.offset_of(in.current());
        throw Failure{b.span(at, at + 1), Code::limit,
                      "expression nested deeper than " + std::to_string(kMaxNesting) +
                          " levels; split it into VARIABLEs"};
      }
      // A host thread with a small stack (or a sanitizer's larger frames) may not hold the
      // full nesting depth: stop while there is room left to compile what has been read.
      // Flat text never goes deeper than the first level, so it needs no reserve.
      if (b.depth > 1 && stack::remaining() < kStackReserve) {
        std::uint32_t at = b.offset_of(in.current());
        throw Failure{b.span(at, at + 1), Code::limit,
                      "expression nested " + std::to_string(b.depth) +
                          " levels deep, too deep for the stack of this thread; split it into VARIABLEs"};
      }
    }
    if constexpr (is_sign<Rule>) {
      if (in.empty() || in.peek_char() != sign_of<Rule>) return;
    }
    if constexpr (opens_frame<Rule>) {
      b.frames.push_back({static_cast<std::uint32_t>(b.values.size()), b.offset_of(in.current())});
    }
  }

  template <typename Input>
  static void success(const Input& in, Builder& b) {
    if constexpr (std::is_same_v<Rule, unary>) --b.depth;
    std::uint32_t end = b.offset_of(in.current());
    if constexpr (std::is_same_v<Rule, sum_tail> || std::is_same_v<Rule, product_tail>) {
      b.value_ops.back() = b.pending_ops.back();
      b.pending_ops.pop_back();
    } else if constexpr (std::is_same_v<Rule, paren>) {
      b.open_parens.pop_back();
    } else if constexpr (opens_frame<Rule>) {
      std::uint32_t count = static_cast<std::uint32_t>(b.values.size()) - b.frames.back().mark;
      if constexpr (std::is_same_v<Rule, sum>) {
        if (count > 1) b.reduce(ast::Kind::sum, end);
      } else if constexpr (std::is_same_v<Rule, product>) {
        if (count > 1) b.reduce(ast::Kind::product, end);
      } else if constexpr (std::is_same_v<Rule, power>) {
        if (count > 1) b.reduce(ast::Kind::power, end);
      } else if constexpr (std::is_same_v<Rule, negation>) {
        b.reduce(ast::Kind::negate, end);
      } else if constexpr (std::is_same_v<Rule, affirmation>) {
        b.reduce(ast::Kind::plus, end);
      } else if constexpr (std::is_same_v<Rule, call>) {
        auto [text_index, name_span] = b.heads.back();
        b.heads.pop_back();
        b.open_parens.pop_back();
        b.reduce(ast::Kind::call, end, text_index, name_span);
      } else if constexpr (std::is_same_v<Rule, if_expr>) {
        b.open_parens.pop_back();
        b.reduce(ast::Kind::if_, end);
      } else if constexpr (std::is_same_v<Rule, vector_expr>) {
        b.open_parens.pop_back();
        b.reduce(ast::Kind::vector, end);
      }
      b.frames.pop_back();
    }
  }

  template <typename Input>
  static void failure(const Input&, Builder& b) {
    if constexpr (std::is_same_v<Rule, unary>) --b.depth;
    if constexpr (opens_frame<Rule> && !is_sign<Rule>) {
      b.values.resize(b.frames.back().mark);
      b.value_ops.resize(b.frames.back().mark);
      b.frames.pop_back();
    }
  }

  template <typename Input>
  [[noreturn]] static void raise(const Input& in, Builder& b) {
    static_assert(error_message<Rule> != nullptr, "every must<> needs a message in grammar/errors.hpp");
    std::uint32_t at = b.offset_of(in.current());
    std::string message = error_message<Rule>;
    if constexpr (std::is_same_v<Rule, close_paren>) {
      if (!b.open_parens.empty()) message += " to close '(' opened at " + b.where(b.open_parens.back());
      message += found(in);
    } else if constexpr (std::is_same_v<Rule, close_bracket>) {
      message += " to close '[' opened at " + b.where(b.open_parens.back()) + found(in);
    } else if constexpr (std::is_same_v<Rule, number_end>) {
      message = "unexpected " + describe(in.peek_char()) + " after a number";
    } else if constexpr (std::is_same_v<Rule, end_of_expression>) {
      char c = in.peek_char();
      if (c == ')') {
        message = "unmatched ')'";
      } else if (c == ',') {
        message = "unexpected ',' outside a function call";
      } else if (c == ':') {
        message = "unexpected ':'; it only separates the test of IF(test: lt, eq, gt)";
      } else {
        message += found(in);
      }
    } else {
      message += found(in);
    }
    throw Failure{b.span(at, at + (in.empty() ? 0 : 1)), Code::syntax, message};
  }
};

}  // namespace

std::variant<ast::Tree, Diagnostic> parse(std::string_view text, ParseOptions options) {
  Builder b(text, options);
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(text.data(), text.size(), "expression");
  try {
    pegtl::parse<expression, action, control>(in, b);
  } catch (const Failure& f) {
    return Diagnostic{Severity::error, f.code, f.span, f.message};
  }
  b.tree.root = b.values.back();
  return std::move(b.tree);
}

}  // namespace fexpr::grammar
