// The compiler from a syntax tree to a Program's reference form (eval/program.hpp): one walk
// over the tree resolves names, checks arities, folds constants and allocates registers.
// Scalars are compiled in compile.cpp, which also lowers the result to the fast form; vector
// expressions (Adams Solver C++: DXYZ ..., [x, y, z], the dot product v*w, the cross product
// v%w, MAG, UV) in compile_vector.cpp, where every vector becomes its three scalar components,
// so that the evaluator and its derivatives see scalars only; DELAY in compile_delay.cpp.
#pragma once

#include "ast/ast.hpp"
#include "builtins/builtin.hpp"
#include "eval/compile.hpp"
#include "eval/index_table.hpp"
#include "eval/program.hpp"
#include "support/text.hpp"

#include <fexpr/expression.hpp>

#include <array>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fexpr::detail {

// Register numbers are assigned in three spaces during compilation and laid out as
// [inputs][constants][temporaries] at the end, when the number of constants is known.
enum class Space : std::uint32_t { input = 0, constant = 1, temporary = 2 };
constexpr std::uint32_t kSpaceShift = 30;
constexpr std::uint32_t tag(Space s, std::uint32_t index) { return (static_cast<std::uint32_t>(s) << kSpaceShift) | index; }
constexpr Space space_of(std::uint32_t r) { return static_cast<Space>(r >> kSpaceShift); }
constexpr std::uint32_t index_of(std::uint32_t r) { return r & ((1u << kSpaceShift) - 1); }
constexpr std::uint32_t kUnplaced = ~0u;

// A compiled scalar: a register, or a constant that gets one only when an instruction reads it.
struct Operand {
  std::uint32_t reg = 0;
  std::optional<double> constant = std::nullopt;  // known at compile time
  bool failed = false;                            // an error was reported inside; keep compiling siblings
};
inline Operand in_register(std::uint32_t r) { return Operand{r, std::nullopt, false}; }

// A compiled subexpression: a scalar (c[0]), or a vector's x, y, z components. The components
// of a vector never share a temporary, so an operation on a vector may write each component's
// result over that component.
struct Value {
  std::array<Operand, 3> c;
  bool vector = false;
  bool failed() const { return c[0].failed; }
};
inline Value scalar_value(const Operand& o) { return Value{{o, Operand{}, Operand{}}, false}; }

class Compiler {
 public:
  // component: -1 for a scalar expression, 0, 1, 2 for that component of a vector expression.
  Compiler(const ast::Tree& tree, const Context& context, int component, CompileHints hints);
  Compilation run();

 private:
  // ---- Registers and instructions (compile.cpp) ----
  void add_input(Input::Kind kind, std::uint32_t slot, const std::string& derivative_name);
  void error(Code code, Span span, std::string message) {
    diagnostics_.push_back({Severity::error, code, span, std::move(message)});
  }
  static Operand failed() { return Operand{0, std::nullopt, true}; }
  static Value failed_value() { return scalar_value(failed()); }
  static Operand constant(double v) { return Operand{kUnplaced, v, false}; }
  std::uint32_t reg(const Operand& o);
  std::uint32_t allocate() {
    std::uint32_t r = next_temporary_++;
    max_temporaries_ = std::max(max_temporaries_, next_temporary_);
    return tag(Space::temporary, r);
  }
  // Temporaries are a stack: everything at or above `mark` is free again.
  void release_to(std::uint32_t mark) { next_temporary_ = mark; }
  static bool is_temporary(std::uint32_t r) { return space_of(r) == Space::temporary; }
  static bool is_temporary(const Operand& o) { return !o.constant && is_temporary(o.reg); }
  void emit(Instruction i, Span span) {
    program_->code.push_back(i);
    program_->spans.push_back(span);
  }
  std::uint32_t destination(std::uint32_t mark, std::initializer_list<std::uint32_t> operands);
  static const char* fold(OpCode op, double a, double b, double& out);
  // f at args, folded when they are all constants and the rule accepts them (a rule's error is
  // left to run time, where it is reported only if reached).
  static std::optional<double> fold_call(const builtins::Builtin& f, std::span<const Operand> args);
  void emit_call(const builtins::Builtin& f, std::span<const Operand> args, std::uint32_t dst, Span span);
  std::int32_t derivative_index(const std::string& name);
  // The derivative indices of a bound call's inputs (Resolved::inputs or shared_inputs).
  std::vector<std::int32_t> derivative_indices(Bindings::Resolved& resolved);
  // The entry of derivative_table_ for name: its index, or the empty entry (-1) where it goes.
  std::int32_t& derivative_entry(std::string_view name);
  // Room in derivative_table_ for one more name.
  void reserve_derivative_entry();
  std::uint32_t place(std::uint32_t r) const;
  void layout();

  // ---- Scalars (compile.cpp) ----
  // Any subexpression, scalar or vector; node() where a scalar is needed.
  Value value(ast::NodeId id);
  Operand node(ast::NodeId id);
  Operand name(const ast::Node& n);
  // An Adams View object name, which the bindings of a command file's model give meaning.
  Operand object_name(const ast::Node& n);
  Operand named_object(const ast::Node& n, std::variant<double, Bindings::Resolved, Bindings::Rejected> named);
  Value negation(const ast::Node& n);
  Value chain(const ast::Node& n);
  Operand power(const ast::Node& n);
  static std::string arity_text(const builtins::Builtin& f);
  Value call(const ast::Node& n);
  Operand builtin_call(const ast::Node& n, const builtins::Builtin& f);
  // A call the bindings resolve; `function` is the name they know it by (a vector function's
  // component, DX for DXYZ), while messages name f, the function written.
  Operand bound_call(const ast::Node& n, const builtins::Builtin& f, std::string_view function);
  // The instruction that evaluates a resolved call, reading the runtime arguments it takes of
  // `args` (temporaries above `mark` are released).
  Operand bound(Bindings::Resolved& resolved, const std::vector<Operand>& args, std::uint32_t mark, Span span,
                std::string_view name);
  Operand conditional(const ast::Node& n, std::optional<std::uint32_t> into);

  // ---- Vectors (compile_vector.cpp) ----
  // The scalar a context needs: a vector there is an error at its node, or at `span` (the
  // first operands of a chain), whose canonical text is `text`.
  Operand scalar_of(const Value& v, ast::NodeId id);
  Operand scalar_of(const Value& v, Span span, const std::string& text, bool sum, std::string component);
  void scalar_where_vector(Span span, const std::string& text, std::string_view need);
  // Component component_ of the vector an expression must be.
  Operand vector_component(ast::NodeId id);
  Value vector_literal(const ast::Node& n);
  Value vector_call(const ast::Node& n, const builtins::Builtin& f);
  // Operand i of chain n applied to the value of operands 0 .. i-1, when either is a vector.
  Value combine(const ast::Node& n, std::size_t i, const Value& left, const Value& right, std::uint32_t mark);
  // a op b for one component, written over the first temporary among `reusable` (components
  // this operation consumes) or into a new temporary.
  Operand component(OpCode op, const Operand& a, const Operand& b, Span span,
                    std::initializer_list<const Operand*> reusable);
  // Frees the temporaries above the highest one v still holds.
  Value settle(const Value& v, std::uint32_t mark);

  // ---- DELAY (compile_delay.cpp) ----
  Value delay(const ast::Node& n);

  const ast::Tree& tree_;
  const Context& context_;
  const int component_;
  const CompileHints hints_;
  std::shared_ptr<Program> program_;
  std::vector<Diagnostic> diagnostics_;
  bool out_of_stack_ = false;  // reported once, however many subtrees hit it
  std::vector<std::uint32_t> argument_lists_;
  // The program's constants by their bits, each placed once.
  IndexTable constant_table_;
  std::uint32_t constant_slot(double value);
  // The program's derivative names, matched as Context matches names, each at the first index
  // it was given. A compiled model-bound call adds a dozen names at a time.
  IndexTable derivative_table_;
  // The input lists the bindings share that bound calls gave, and the last distinct lists they
  // did not share, with their derivative slots.
  std::vector<std::pair<const std::vector<std::string>*, std::vector<std::int32_t>>> shared_inputs_;
  static constexpr std::size_t kRecentInputs = 8;
  std::vector<std::pair<std::vector<std::string>, std::vector<std::int32_t>>> recent_inputs_;
  std::uint32_t next_temporary_ = 0;
  std::uint32_t max_temporaries_ = 0;
  // The register TIME names: the input, or inside DELAY's history the delayed time.
  std::optional<std::uint32_t> time_;
  // Inside DELAY's history, which may read TIME and constants only.
  bool in_history_ = false;
};

}  // namespace fexpr::detail
