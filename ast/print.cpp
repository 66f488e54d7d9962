#include "ast/ast.hpp"

#include "support/json.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

namespace fexpr::ast {
namespace {

// Binding strength of what a node prints as; a child weaker than its slot needs parentheses.
enum Level { level_sum = 1, level_product, level_unary, level_power, level_primary };

Level level_of(const Node& n) {
  switch (n.kind) {
    case Kind::sum: return level_sum;
    case Kind::product: return level_product;
    case Kind::negate:
    case Kind::plus: return level_unary;
    case Kind::power: return level_power;
    default: return level_primary;
  }
}

std::string number_text(const Node& n) {
  std::string s = number::format(n.literal);
  if (n.degrees) s += 'D';
  return s;
}

class Printer {
 public:
  explicit Printer(const Tree& t) : t_(t) {}

  void node(NodeId id, Level slot) {
    const Node& n = t_[id];
    bool parens = level_of(n) < slot;
    if (parens) out += '(';
    body(n);
    if (parens) out += ')';
  }

  // The first `count` operands of a sum or product, with their operators.
  void operands(const Node& n, std::uint32_t count) {
    auto kids = t_.kids(n);
    for (std::uint32_t i = 0; i < count; ++i) {
      switch (t_.op(n, i)) {
        case Op::add: out += " + "; break;
        case Op::subtract: out += " - "; break;
        case Op::multiply: out += '*'; break;
        case Op::divide: out += '/'; break;
        case Op::cross: out += " % "; break;
        case Op::first: break;
      }
      // A later operand of the same kind was parenthesised in the source: a - (b + c).
      Level own = n.kind == Kind::sum ? level_sum : level_product;
      node(kids[i], i == 0 ? own : static_cast<Level>(own + 1));
    }
  }

  std::string out;

 private:
  void body(const Node& n) {
    auto kids = t_.kids(n);
    switch (n.kind) {
      case Kind::number: out += number_text(n); break;
      case Kind::name:
      case Kind::object_name: out += text::upper(t_.name(n)); break;
      case Kind::call:
        out += text::upper(t_.name(n));
        out += '(';
        list(kids, 0);
        out += ')';
        break;
      case Kind::if_:
        out += "IF(";
        node(kids[0], level_sum);
        out += ": ";
        list(kids, 1);
        out += ')';
        break;
      case Kind::negate:
      case Kind::plus:
        out += n.kind == Kind::negate ? '-' : '+';
        node(kids[0], level_unary);
        break;
      case Kind::power:
        node(kids[0], level_primary);
        out += "**";
        node(kids[1], level_unary);
        break;
      case Kind::vector:
        out += '[';
        list(kids, 0);
        out += ']';
        break;
      case Kind::sum:
      case Kind::product: operands(n, n.count); break;
    }
  }

  void list(std::span<const NodeId> kids, std::size_t from) {
    for (std::size_t i = from; i < kids.size(); ++i) {
      if (i > from) out += ", ";
      node(kids[i], level_sum);
    }
  }

  const Tree& t_;
};

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::number: return "number";
    case Kind::name: return "name";
    case Kind::object_name: return "object";
    case Kind::call: return "call";
    case Kind::if_: return "if";
    case Kind::negate: return "negate";
    case Kind::plus: return "plus";
    case Kind::sum: return "sum";
    case Kind::product: return "product";
    case Kind::power: return "power";
    case Kind::vector: return "vector";
  }
  return "?";
}

// The operator joining a child to its n-ary parent, as written; empty for the first child.
std::string_view op_text(Op op) {
  switch (op) {
    case Op::add: return "+";
    case Op::subtract: return "-";
    case Op::multiply: return "*";
    case Op::divide: return "/";
    case Op::cross: return "%";
    case Op::first: break;
  }
  return {};
}

void dump_node(const Tree& t, NodeId id, Op op, int indent, std::string& out) {
  const Node& n = t[id];
  out.append(static_cast<std::size_t>(indent) * 2, ' ');
  if (op != Op::first) {
    out += op_text(op);
    out += ' ';
  }
  out += kind_name(n.kind);
  if (n.kind == Kind::number) {
    out += ' ';
    out += number_text(n);
  }
  if (n.kind == Kind::name || n.kind == Kind::object_name || n.kind == Kind::call) {
    out += ' ';
    out += text::upper(t.name(n));
  }
  out += "  [";
  out += std::to_string(n.span.begin);
  out += ',';
  out += std::to_string(n.span.end);
  out += ")\n";
  auto kids = t.kids(n);
  for (std::uint32_t i = 0; i < kids.size(); ++i) dump_node(t, kids[i], t.op(n, i), indent + 1, out);
}

void json_node(const Tree& t, NodeId id, Op op, std::string& out) {
  const Node& n = t[id];
  out += "{\"kind\": \"";
  out += kind_name(n.kind);
  out += '"';
  if (op != Op::first) out += ", \"op\": \"" + std::string(op_text(op)) + '"';
  if (n.kind == Kind::number) {
    out += ", \"value\": " + json::number(n.value) + ", \"text\": " + json::quote(number_text(n));
  }
  if (n.kind == Kind::name || n.kind == Kind::object_name || n.kind == Kind::call) {
    out += ", \"name\": " + json::quote(text::upper(t.name(n)));
  }
  out += ", \"span\": [" + std::to_string(n.span.begin) + ", " + std::to_string(n.span.end) + "]";
  auto kids = t.kids(n);
  if (!kids.empty()) {
    out += ", \"children\": [";
    for (std::uint32_t i = 0; i < kids.size(); ++i) {
      if (i) out += ", ";
      json_node(t, kids[i], t.op(n, i), out);
    }
    out += ']';
  }
  out += '}';
}

}  // namespace

std::string print(const Tree& tree) { return print(tree, tree.root); }

std::string print(const Tree& tree, NodeId node) {
  Printer p(tree);
  p.node(node, level_sum);
  return p.out;
}

std::string print_operands(const Tree& tree, const Node& chain, std::uint32_t count) {
  Printer p(tree);
  p.operands(chain, count);
  return p.out;
}

std::string dump(const Tree& tree) {
  std::string out;
  dump_node(tree, tree.root, Op::first, 0, out);
  return out;
}

std::string json(const Tree& tree) {
  std::string out;
  json_node(tree, tree.root, Op::first, out);
  return out;
}

}  // namespace fexpr::ast
