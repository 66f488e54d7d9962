// Syntax tree to program: name resolution, arity checks, constant folding, register allocation.
#pragma once

#include "ast/ast.hpp"
#include "eval/program.hpp"

#include <fexpr/expression.hpp>

#include <memory>
#include <variant>
#include <vector>

namespace fexpr::detail {

struct Compilation {
  std::shared_ptr<Program> program;  // null when there were errors
  std::vector<Diagnostic> diagnostics;
};

// component: -1 for a scalar expression, 0, 1, 2 for that component of a vector expression.
Compilation compile_tree(const ast::Tree& tree, const Context& context, int component = -1, CompileHints hints = {});

// fexpr::compile of a tree already parsed (with options.offset and options.source), for a
// caller that reads the tree too (the dataset checker's rules).
CompileResult compile_parsed(const ast::Tree& tree, const Context& context, const CompileOptions& options);
// The same of what grammar::parse gave: its syntax error as the result's, or its tree compiled.
CompileResult compile_parsed(const std::variant<ast::Tree, Diagnostic>& parsed, const Context& context,
                             const CompileOptions& options);

// The constant names the language defines (PI, DTOR, RTOD), the simulation variables (TIME,
// MODE) and the flexible-body constants (FXFREQ, FXMODE), for name resolution, completion and
// help.
struct ConstantName {
  std::string_view name;
  std::string_view meaning;
  // False where the name has a value only in an expression fexpr never evaluates (a
  // FLEX_BODY's CRATIO=): reading it is a not-interpreted error that says so.
  bool evaluated = true;
};
std::span<const ConstantName> constant_names();

}  // namespace fexpr::detail
