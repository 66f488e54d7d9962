// The syntax tree of one expression. Nodes live in one array and refer to their children by
// index, so a tree of any size is built and destroyed without recursion. Sums and products are
// n-ary, so a long flat expression (a + b + c + ...) stays one level deep.
#pragma once

#include <fexpr/diagnostic.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace fexpr::ast {

using NodeId = std::uint32_t;

enum class Kind : std::uint8_t {
  number,       // 12, .5, 1.5E-3, 90D
  name,         // TIME, PI, x
  object_name,  // .model.PART_1.MARKER_2 (Adams/View object reference)
  call,         // NAME(args)
  if_,          // IF(test: lt, eq, gt)
  negate,       // -a
  plus,         // +a
  sum,          // a + b - c: children with ops
  product,      // a * b / c: children with ops
  power,        // a ** b
  vector,       // [x, y, z]: three children
};

// Operator that joins a child to its n-ary parent: the first child carries `first`.
// In a product, multiply is also the dot product of two vectors and cross their cross product (%).
enum class Op : std::uint8_t { first, add, subtract, multiply, divide, cross };

struct Node {
  Kind kind;
  bool degrees = false;       // number written with the D suffix; `literal` is then in degrees
  Span span;
  double value = 0.0;         // number: value in radians when degrees
  double literal = 0.0;       // number: as written
  std::uint32_t text = 0;     // name, object_name, call: index into Tree::names
  std::uint32_t first = 0;    // children: Tree::children[first, first + count)
  std::uint32_t count = 0;
  Span name_span;             // call: the function name alone
};

struct Tree {
  std::vector<Node> nodes;
  std::vector<NodeId> children;
  std::vector<Op> ops;          // parallel to children
  std::vector<std::string> names;
  NodeId root = 0;

  const Node& operator[](NodeId id) const { return nodes[id]; }
  std::span<const NodeId> kids(const Node& n) const { return {children.data() + n.first, n.count}; }
  Op op(const Node& n, std::uint32_t i) const { return ops[n.first + i]; }
  const std::string& name(const Node& n) const { return names[n.text]; }
};

// Canonical text: upper-case names, minimal parentheses, so print(parse(print(t))) == print(t).
std::string print(const Tree& tree);
// The canonical text of one subtree.
std::string print(const Tree& tree, NodeId node);
// The canonical text of the first `count` operands of a sum or product, with their operators.
std::string print_operands(const Tree& tree, const Node& chain, std::uint32_t count);
// Indented tree for `fexpr eval --ast`.
std::string dump(const Tree& tree);
// The same tree as one JSON object per node, for `fexpr eval --ast --format json`:
// {"kind", "op" (a child after the first of a sum or product), "value" and "text" (number),
// "name" (name, call), "span": [begin, end), "children"}.
std::string json(const Tree& tree);

}  // namespace fexpr::ast
