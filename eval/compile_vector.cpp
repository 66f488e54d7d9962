// Vector expressions of Adams Solver (C++) (operators.html): [x, y, z], v + w, v - w, -v, +v,
// s*v, v*s, v/s, the dot product v*w (a scalar) and the cross product v%w, with the vector
// functions of the builtin table (builtins/vectors.cpp). Every vector is compiled to its three
// scalar components, so the evaluator, its fast form and its derivatives see scalar
// instructions only. A vector where a scalar is needed, or a scalar where a vector is, is an
// error at that subexpression which says what to write instead.
#include "eval/compiler.hpp"

#include "support/text.hpp"

#include <algorithm>

namespace fexpr::detail {

namespace {
constexpr const char* kUnitX = "[1, 0, 0]";
}  // namespace

Operand Compiler::scalar_of(const Value& v, ast::NodeId id) {
  if (!v.vector) return v.c[0];
  const ast::Node& n = tree_[id];
  // DXYZ(2, 1) suggests DX(2, 1): the call with its first component's name, when that is a
  // function of the language.
  std::string component;
  if (n.kind == ast::Kind::call) {
    const builtins::Builtin* f = builtins::find(text::upper(tree_.name(n)));
    if (f && !f->components[0].empty() && builtins::find(f->components[0])) {
      const std::string call = ast::print(tree_, id);
      component = std::string(f->components[0]) + call.substr(f->name.size());
    }
  }
  return scalar_of(v, n.span, ast::print(tree_, id), n.kind == ast::Kind::sum, component);
}

Operand Compiler::scalar_of(const Value& v, Span span, const std::string& text, bool sum, std::string component) {
  if (!v.vector) return v.c[0];
  if (component.empty()) component = (sum ? "(" + text + ")" : text) + "*" + kUnitX;
  error(Code::argument, span,
        text + " is a vector where a scalar is needed; use MAG(" + text + ") or a component such as " + component);
  return failed();
}

void Compiler::scalar_where_vector(Span span, const std::string& text, std::string_view need) {
  error(Code::argument, span, text + " is a scalar where " + std::string(need) + " needs a vector; build one with [x, y, z]");
}

Operand Compiler::vector_component(ast::NodeId id) {
  const Value v = value(id);
  if (v.failed()) return failed();
  if (!v.vector) {
    error(Code::argument, tree_[id].span,
          ast::print(tree_, id) + " is a scalar, but this expression (as FXYZ= or TXYZ=) is a vector; build one with [x, y, z]");
    return failed();
  }
  return v.c[static_cast<std::size_t>(component_)];
}

Value Compiler::vector_literal(const ast::Node& n) {
  Value out;
  out.vector = true;
  bool any_failed = false;
  auto kids = tree_.kids(n);
  for (std::size_t k = 0; k < 3; ++k) {
    out.c[k] = node(kids[k]);
    any_failed |= out.c[k].failed;
  }
  return any_failed ? failed_value() : out;
}

Value Compiler::vector_call(const ast::Node& n, const builtins::Builtin& f) {
  Value out;
  out.vector = f.result == builtins::Shape::vector;
  if (!f.components[0].empty()) {
    // The three scalar functions with the same arguments; the first failure is the only one
    // reported, since the others would repeat it.
    for (std::size_t k = 0; k < 3; ++k) {
      out.c[k] = bound_call(n, f, f.components[k]);
      if (out.c[k].failed) return failed_value();
    }
    return out;
  }
  const std::uint32_t mark = next_temporary_;
  const ast::NodeId kid = tree_.kids(n)[0];
  const Value argument = value(kid);
  if (argument.failed()) return failed_value();
  if (!argument.vector) {
    scalar_where_vector(tree_[kid].span, ast::print(tree_, kid), f.signature);
    return failed_value();
  }
  if (!out.vector) {
    if (auto v = fold_call(f, argument.c)) {
      release_to(mark);
      return scalar_value(constant(*v));
    }
    // The call reads the components before it writes its result over the first of them.
    const std::uint32_t dst = destination(mark, {});
    emit_call(f, argument.c, dst, n.span);
    return scalar_value(in_register(dst));
  }
  // One call per component k, each reading all three components of the argument, so the
  // results go to new temporaries.
  for (std::size_t k = 0; k < 3; ++k) {
    const Operand args[4] = {argument.c[0], argument.c[1], argument.c[2], constant(static_cast<double>(k))};
    if (auto v = fold_call(f, args)) {
      out.c[k] = constant(*v);
      continue;
    }
    const std::uint32_t dst = allocate();
    emit_call(f, args, dst, n.span);
    out.c[k] = in_register(dst);
  }
  return settle(out, mark);
}

Operand Compiler::component(OpCode op, const Operand& a, const Operand& b, Span span,
                            std::initializer_list<const Operand*> reusable) {
  double folded = 0.0;
  // A fold that fails (1/0) is left to run time, where it is reported only if reached.
  if (a.constant && b.constant && !fold(op, *a.constant, *b.constant, folded)) return constant(folded);
  std::uint32_t dst = kUnplaced;
  for (const Operand* r : reusable) {
    if (is_temporary(*r)) {
      dst = r->reg;
      break;
    }
  }
  if (dst == kUnplaced) dst = allocate();
  emit({op, 0, dst, reg(a), reg(b)}, span);
  return in_register(dst);
}

Value Compiler::settle(const Value& v, std::uint32_t mark) {
  std::uint32_t top = mark;
  for (std::size_t k = 0; k < (v.vector ? 3 : 1); ++k) {
    if (is_temporary(v.c[k])) top = std::max(top, index_of(v.c[k].reg) + 1);
  }
  release_to(top);
  return v;
}

Value Compiler::combine(const ast::Node& n, std::size_t i, const Value& left, const Value& right, std::uint32_t mark) {
  auto kids = tree_.kids(n);
  const ast::NodeId right_id = kids[i];
  const Span span{n.span.begin, tree_[right_id].span.end};
  const Span left_span{n.span.begin, tree_[kids[i - 1]].span.end};
  const auto count = static_cast<std::uint32_t>(i);
  // Printed for a message only: a chain of vector terms would print its operands once per term.
  auto left_text = [&] { return ast::print_operands(tree_, n, count); };
  // The vector operand of a scalar operation, as an error at that operand.
  auto vector_in_scalar_context = [&]() {
    if (left.vector && i == 1) scalar_of(left, kids[0]);
    if (left.vector && i > 1) scalar_of(left, left_span, left_text(), n.kind == ast::Kind::sum, "");
    if (right.vector) scalar_of(right, right_id);
    return failed_value();
  };
  Value out;
  out.vector = true;
  const Operand* l = left.c.data();
  const Operand* r = right.c.data();
  const ast::Op op = tree_.op(n, count);
  if (op == ast::Op::add || op == ast::Op::subtract) {
    if (left.vector != right.vector) return vector_in_scalar_context();
    const OpCode code = op == ast::Op::subtract ? OpCode::subtract : OpCode::add;
    for (std::size_t k = 0; k < 3; ++k) out.c[k] = component(code, l[k], r[k], span, {&l[k], &r[k]});
  } else if (op == ast::Op::multiply && left.vector && right.vector) {
    // The dot product l0*r0 + l1*r1 + l2*r2, summed in that order.
    Operand sum = component(OpCode::multiply, l[0], r[0], span, {&l[0], &r[0]});
    for (std::size_t k = 1; k < 3; ++k) {
      const Operand product = component(OpCode::multiply, l[k], r[k], span, {&l[k], &r[k]});
      sum = component(OpCode::add, sum, product, span, {&sum, &product});
    }
    return settle(scalar_value(sum), mark);
  } else if (op == ast::Op::multiply) {
    for (std::size_t k = 0; k < 3; ++k) {
      out.c[k] = left.vector ? component(OpCode::multiply, l[k], r[0], span, {&l[k]})
                             : component(OpCode::multiply, l[0], r[k], span, {&r[k]});
    }
  } else if (op == ast::Op::divide) {
    if (right.vector) {
      const std::string divisor = ast::print(tree_, right_id);
      error(Code::argument, tree_[right_id].span,
            divisor + " is a vector, and division by a vector is not defined; divide by its magnitude, MAG(" + divisor +
                ")");
      return failed_value();
    }
    for (std::size_t k = 0; k < 3; ++k) out.c[k] = component(OpCode::divide, l[k], r[0], span, {&l[k]});
  } else {
    if (!left.vector || !right.vector) {
      if (!left.vector) scalar_where_vector(left_span, left_text(), "the cross product %");
      if (!right.vector) scalar_where_vector(tree_[right_id].span, ast::print(tree_, right_id), "the cross product %");
      return failed_value();
    }
    // (l x r)_k = l_a r_b - l_b r_a for (k, a, b) = (0, 1, 2), (1, 2, 0), (2, 0, 1). Every
    // component of l and r is read twice, so the products go to new temporaries.
    for (std::size_t k = 0; k < 3; ++k) {
      const std::size_t a = (k + 1) % 3, b = (k + 2) % 3;
      const Operand p = component(OpCode::multiply, l[a], r[b], span, {});
      const Operand q = component(OpCode::multiply, l[b], r[a], span, {});
      out.c[k] = component(OpCode::subtract, p, q, span, {&p, &q});
    }
  }
  return settle(out, mark);
}

}  // namespace fexpr::detail
