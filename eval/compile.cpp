#include "eval/compile.hpp"

#include "support/text.hpp"

#include <fexpr/bindings.hpp>

#include <algorithm>
#include <bit>
#include <unordered_map>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>

namespace fexpr::detail {

std::span<const ConstantName> constant_names() {
  static const ConstantName names[] = {
      {"DTOR", "pi/180, degrees to radians"},
      {"MODE", "the analysis mode (1 kinematic, 3 initial conditions, 4 dynamic, 5 static, 6 quasi-static, 7 linear)"},
      {"PI", "3.14159..."},
      {"RTOD", "180/pi, radians to degrees"},
      {"TIME", "the simulation time"},
  };
  return names;
}

namespace {

// Register numbers are assigned in three spaces during compilation and laid out as
// [inputs][constants][temporaries] at the end, when the number of constants is known.
enum class Space : std::uint32_t { input = 0, constant = 1, temporary = 2 };
constexpr std::uint32_t kSpaceShift = 30;
constexpr std::uint32_t tag(Space s, std::uint32_t index) { return (static_cast<std::uint32_t>(s) << kSpaceShift) | index; }
constexpr Space space_of(std::uint32_t r) { return static_cast<Space>(r >> kSpaceShift); }
constexpr std::uint32_t index_of(std::uint32_t r) { return r & ((1u << kSpaceShift) - 1); }

struct Operand {
  std::uint32_t reg = 0;
  std::optional<double> constant = std::nullopt;  // known at compile time
  bool failed = false;                            // an error was reported inside; keep compiling siblings
};
Operand in_register(std::uint32_t r) { return Operand{r, std::nullopt, false}; }
constexpr std::uint32_t kUnplaced = ~0u;

class Compiler {
 public:
  Compiler(const ast::Tree& tree, const Context& context) : tree_(tree), context_(context) {
    program_ = std::make_shared<Program>();
    program_->bindings = context.bindings();
    add_input(Input::Kind::time, 0, "TIME");
    add_input(Input::Kind::mode, 0, "");
    for (std::size_t i = 0; i < context.variables().size(); ++i)
      add_input(Input::Kind::variable, static_cast<std::uint32_t>(i), context.variables()[i]);
  }

  Compilation run() {
    Operand result = node(tree_.root);
    Compilation out;
    out.diagnostics = std::move(diagnostics_);
    if (result.failed) return out;
    program_->result = reg(result);
    layout();
    program_->text = ast::print(tree_);
    out.program = std::move(program_);
    return out;
  }

 private:
  void add_input(Input::Kind kind, std::uint32_t slot, const std::string& derivative_name) {
    program_->inputs.push_back({kind, slot});
    if (derivative_name.empty()) {
      program_->input_derivative.push_back(-1);
    } else {
      program_->input_derivative.push_back(static_cast<std::int32_t>(program_->derivative_names.size()));
      program_->derivative_names.push_back(derivative_name);
    }
  }

  void error(Code code, Span span, std::string message) {
    diagnostics_.push_back({Severity::error, code, span, std::move(message)});
  }

  Operand failed() { return Operand{0, std::nullopt, true}; }

  // Constants get a register only when an instruction reads them, so folding a long chain
  // of literals does not fill the pool with intermediate values.
  Operand constant(double v) { return Operand{kUnplaced, v, false}; }

  std::uint32_t reg(const Operand& o) {
    if (o.reg != kUnplaced) return o.reg;
    std::uint64_t bits = std::bit_cast<std::uint64_t>(*o.constant);
    auto [it, added] = constant_index_.try_emplace(bits, static_cast<std::uint32_t>(program_->constants.size()));
    if (added) program_->constants.push_back(*o.constant);
    return tag(Space::constant, it->second);
  }

  std::uint32_t allocate() {
    std::uint32_t r = next_temporary_++;
    max_temporaries_ = std::max(max_temporaries_, next_temporary_);
    return tag(Space::temporary, r);
  }
  // Temporaries are a stack: everything at or above `mark` is free again.
  void release_to(std::uint32_t mark) { next_temporary_ = mark; }
  bool is_temporary(std::uint32_t r) const { return space_of(r) == Space::temporary; }

  void emit(Instruction i, Span span) {
    program_->code.push_back(i);
    program_->spans.push_back(span);
  }

  // The destination of an operation on operands: reuse the lowest temporary among them so
  // the register stack stays as deep as the tree, not as long as the expression.
  std::uint32_t destination(std::uint32_t mark, std::initializer_list<std::uint32_t> operands) {
    for (std::uint32_t r : operands) {
      if (is_temporary(r) && index_of(r) >= mark) {
        release_to(index_of(r) + 1);
        return r;
      }
    }
    release_to(mark);
    return allocate();
  }

  Operand node(ast::NodeId id) {
    const ast::Node& n = tree_[id];
    switch (n.kind) {
      case ast::Kind::number: return constant(n.value);
      case ast::Kind::name: return name(n);
      case ast::Kind::object_name:
        error(Code::name, n.span,
              "Adams/View object name '" + tree_.name(n) +
                  "' cannot be resolved here; Adams/Solver datasets refer to markers and elements by id");
        return failed();
      case ast::Kind::plus: return node(tree_.kids(n)[0]);
      case ast::Kind::negate: return unary(n);
      case ast::Kind::sum:
      case ast::Kind::product: return chain(n);
      case ast::Kind::power: return power(n);
      case ast::Kind::call: return call(n);
      case ast::Kind::if_: return conditional(n);
    }
    return failed();
  }

  Operand name(const ast::Node& n) {
    const std::string& raw = tree_.name(n);
    std::string upper = text::upper(raw);
    if (upper == "PI") return constant(std::numbers::pi);
    if (upper == "DTOR") return constant(std::numbers::pi / 180.0);
    if (upper == "RTOD") return constant(180.0 / std::numbers::pi);
    if (upper == "TIME") return in_register(tag(Space::input, 0));
    if (upper == "MODE") return in_register(tag(Space::input, 1));
    if (auto slot = context_.variable_slot(raw)) return in_register(tag(Space::input, 2 + static_cast<std::uint32_t>(*slot)));
    if (const builtins::Builtin* f = builtins::find(upper)) {
      error(Code::name, n.span, "'" + upper + "' is a function; call it as " + std::string(f->signature));
      return failed();
    }
    std::vector<std::string_view> known;
    for (const auto& c : constant_names()) known.push_back(c.name);
    for (const auto& v : context_.variables()) known.push_back(v);
    std::string message = "unknown name '" + raw + "'";
    std::string_view near = text::nearest(raw, known);
    if (!near.empty()) message += " (did you mean " + std::string(near) + "?)";
    else if (context_.variables().empty() && !context_.bindings()) message += "; define a variable with --var " + raw + "=VALUE";
    error(Code::name, n.span, message);
    return failed();
  }

  Operand unary(const ast::Node& n) {
    std::uint32_t mark = next_temporary_;
    Operand a = node(tree_.kids(n)[0]);
    if (a.failed) return a;
    if (a.constant) return constant(-*a.constant);
    std::uint32_t dst = destination(mark, {reg(a)});
    emit({OpCode::negate, 0, dst, reg(a), 0}, n.span);
    return in_register(dst);
  }

  static const char* fold(OpCode op, double a, double b, double& out) {
    switch (op) {
      case OpCode::add: out = a + b; break;
      case OpCode::subtract: out = a - b; break;
      case OpCode::multiply: out = a * b; break;
      case OpCode::divide:
        if (b == 0.0) return "division by zero";
        out = a / b;
        break;
      default: return "not foldable";
    }
    return std::isfinite(out) ? nullptr : "overflow";
  }

  Operand chain(const ast::Node& n) {
    std::uint32_t mark = next_temporary_;
    auto kids = tree_.kids(n);
    Operand acc = node(kids[0]);
    bool any_failed = acc.failed;
    for (std::uint32_t i = 1; i < kids.size(); ++i) {
      Operand rhs = node(kids[i]);
      if (rhs.failed || any_failed) {
        any_failed = true;
        continue;
      }
      OpCode op = OpCode::add;
      switch (tree_.op(n, i)) {
        case ast::Op::subtract: op = OpCode::subtract; break;
        case ast::Op::multiply: op = OpCode::multiply; break;
        case ast::Op::divide: op = OpCode::divide; break;
        default: break;
      }
      double folded = 0.0;
      // A fold that fails (1/0) is left to run time, where it is reported only if reached.
      if (acc.constant && rhs.constant && !fold(op, *acc.constant, *rhs.constant, folded)) {
        acc = constant(folded);
        continue;
      }
      std::uint32_t dst = destination(mark, {reg(acc), reg(rhs)});
      Span span{n.span.begin, tree_[kids[i]].span.end};
      emit({op, 0, dst, reg(acc), reg(rhs)}, span);
      acc = in_register(dst);
    }
    if (any_failed) return failed();
    return acc;
  }

  Operand power(const ast::Node& n) {
    std::uint32_t mark = next_temporary_;
    Operand base = node(tree_.kids(n)[0]);
    Operand exponent = node(tree_.kids(n)[1]);
    if (base.failed || exponent.failed) return failed();
    if (base.constant && exponent.constant) {
      double v = std::pow(*base.constant, *exponent.constant);
      bool domain_ok = !(*base.constant == 0.0 && *exponent.constant < 0.0) &&
                       !(*base.constant < 0.0 && std::trunc(*exponent.constant) != *exponent.constant);
      if (domain_ok && std::isfinite(v)) return constant(v);
    }
    std::uint32_t dst = destination(mark, {reg(base), reg(exponent)});
    if (exponent.constant && *exponent.constant == 2.0) {
      emit({OpCode::square, 0, dst, reg(base), 0}, n.span);
    } else {
      emit({OpCode::power, 0, dst, reg(base), reg(exponent)}, n.span);
    }
    return in_register(dst);
  }

  static std::string arity_text(const builtins::Builtin& f) {
    if (f.min_args == f.max_args) return std::to_string(f.min_args) + (f.min_args == 1 ? " argument" : " arguments");
    return std::to_string(f.min_args) + " to " + std::to_string(f.max_args) + " arguments";
  }

  Operand call(const ast::Node& n) {
    std::string upper = text::upper(tree_.name(n));
    auto kids = tree_.kids(n);
    const builtins::Builtin* f = builtins::find(upper);
    if (!f) {
      std::vector<std::string_view> names;
      for (const auto& b : builtins::table()) names.push_back(b.name);
      std::string message = "unknown function '" + tree_.name(n) + "'";
      std::string_view near = text::nearest(upper, names);
      if (!near.empty()) message += " (did you mean " + std::string(near) + "?)";
      for (const auto& c : constant_names()) {
        if (c.name == upper) message = "'" + upper + "' is a constant, not a function";
      }
      error(Code::name, n.name_span, message);
      for (ast::NodeId k : kids) node(k);
      return failed();
    }
    int count = static_cast<int>(kids.size());
    if (count < f->min_args || count > f->max_args) {
      error(Code::arity, n.span,
            upper + " takes " + arity_text(*f) + ", got " + std::to_string(count) + ": " + std::string(f->signature));
      return failed();
    }
    switch (f->category) {
      case builtins::Category::math:
      case builtins::Category::general: return builtin_call(n, *f);
      case builtins::Category::user:
        error(Code::user_subroutine, n.span,
              "USER(...) calls a user-written subroutine, which fexpr cannot evaluate");
        return failed();
      default: return bound_call(n, *f);
    }
  }

  Operand builtin_call(const ast::Node& n, const builtins::Builtin& f) {
    std::uint32_t mark = next_temporary_;
    auto kids = tree_.kids(n);
    std::vector<Operand> args;
    bool any_failed = false, all_constant = true;
    for (ast::NodeId k : kids) {
      args.push_back(node(k));
      any_failed |= args.back().failed;
      all_constant &= args.back().constant.has_value();
    }
    if (any_failed) return failed();
    if (all_constant) {
      double values[builtins::kMaxArgs];
      for (std::size_t i = 0; i < args.size(); ++i) values[i] = *args[i].constant;
      double v = 0.0;
      if (!f.value(values, static_cast<int>(args.size()), &v) && std::isfinite(v)) {
        release_to(mark);
        return constant(v);
      }
    }
    // Arguments are gathered from a list of registers, so constants and inputs need no copy.
    std::uint32_t list = static_cast<std::uint32_t>(argument_lists_.size());
    for (const Operand& a : args) argument_lists_.push_back(reg(a));
    std::uint32_t dst = destination(mark, {});
    std::uint32_t function = static_cast<std::uint32_t>(program_->functions.size());
    program_->functions.push_back(&f);
    emit({OpCode::call, static_cast<std::uint8_t>(args.size()), dst, list, function}, n.span);
    return in_register(dst);
  }

  Operand bound_call(const ast::Node& n, const builtins::Builtin& f) {
    const Bindings* bindings = context_.bindings();
    if (!bindings) {
      error(Code::needs_model, n.span,
            std::string(f.name) + (f.category == builtins::Category::solver
                                       ? " needs solver state (a model and a solver), which fexpr does not evaluate"
                                       : " needs a model (--model FILE)"));
      return failed();
    }
    auto kids = tree_.kids(n);
    std::uint32_t mark = next_temporary_;
    std::vector<Operand> args;
    std::vector<std::optional<double>> values;
    bool ok = true;
    for (ast::NodeId k : kids) {
      args.push_back(node(k));
      ok &= !args.back().failed;
      values.push_back(args.back().constant);
    }
    if (!ok) return failed();
    auto resolution = bindings->resolve(f.name, values);
    if (auto* rejected = std::get_if<Bindings::Rejected>(&resolution)) {
      Span span = rejected->argument >= 0 && rejected->argument < static_cast<int>(kids.size())
                      ? tree_[kids[static_cast<std::size_t>(rejected->argument)]].span
                      : n.span;
      error(rejected->code, span, rejected->message);
      return failed();
    }
    auto& resolved = std::get<Bindings::Resolved>(resolution);
    if (resolved.runtime_arguments.size() > Program::kMaxRuntimeArguments ||
        (!resolved.runtime_arguments.empty() && resolved.inputs.size() > builtins::kMaxArgs)) {
      error(Code::argument, n.span, std::string(f.name) + " reads too many arguments at run time");
      return failed();
    }
    Program::BoundCall bound{resolved.handle, {}};
    for (const std::string& input : resolved.inputs) bound.derivative.push_back(derivative_index(input));
    std::uint32_t list = static_cast<std::uint32_t>(argument_lists_.size());
    for (std::size_t a : resolved.runtime_arguments) argument_lists_.push_back(reg(args.at(a)));
    program_->max_bound_inputs = std::max(
        program_->max_bound_inputs, static_cast<std::uint32_t>(bound.derivative.size() + resolved.runtime_arguments.size()));
    std::uint32_t index = static_cast<std::uint32_t>(program_->bound_calls.size());
    program_->bound_calls.push_back(std::move(bound));
    std::uint32_t dst = destination(mark, {});
    emit({OpCode::bound, static_cast<std::uint8_t>(resolved.runtime_arguments.size()), dst, list, index}, n.span);
    return in_register(dst);
  }

  std::int32_t derivative_index(const std::string& name) {
    auto& names = program_->derivative_names;
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (text::iequals(names[i], name)) return static_cast<std::int32_t>(i);
    }
    names.push_back(name);
    return static_cast<std::int32_t>(names.size() - 1);
  }

  Operand conditional(const ast::Node& n) {
    auto kids = tree_.kids(n);
    std::uint32_t mark = next_temporary_;
    Operand test = node(kids[0]);
    std::uint32_t branch_index = static_cast<std::uint32_t>(program_->branches.size());
    program_->branches.push_back({});
    if (!test.failed) emit({OpCode::branch, 0, 0, reg(test), branch_index}, tree_[kids[0]].span);
    release_to(mark);
    std::uint32_t dst = allocate();
    std::uint32_t targets[3];
    std::vector<std::size_t> exits;
    bool any_failed = test.failed;
    for (int b = 0; b < 3; ++b) {
      targets[b] = static_cast<std::uint32_t>(program_->code.size());
      Operand value = node(kids[static_cast<std::size_t>(b) + 1]);
      any_failed |= value.failed;
      if (!value.failed && reg(value) != dst) emit({OpCode::move, 0, dst, reg(value), 0}, tree_[kids[static_cast<std::size_t>(b) + 1]].span);
      release_to(index_of(dst) + 1);
      if (b < 2) {
        exits.push_back(program_->code.size());
        emit({OpCode::jump, 0, 0, 0, 0}, n.span);
      }
    }
    std::uint32_t end = static_cast<std::uint32_t>(program_->code.size());
    for (std::size_t e : exits) program_->code[e].a = end;
    program_->branches[branch_index] = {targets[0], targets[1], targets[2]};
    if (any_failed) return failed();
    return in_register(dst);
  }

  std::uint32_t place(std::uint32_t r) const {
    switch (space_of(r)) {
      case Space::input: return index_of(r);
      case Space::constant: return program_->first_constant + index_of(r);
      case Space::temporary: return program_->first_temporary + index_of(r);
    }
    return r;
  }

  void layout() {
    Program& p = *program_;
    p.first_constant = static_cast<std::uint32_t>(p.inputs.size());
    p.first_temporary = p.first_constant + static_cast<std::uint32_t>(p.constants.size());
    p.register_count = p.first_temporary + max_temporaries_;
    for (Instruction& i : p.code) {
      switch (i.op) {
        case OpCode::jump: break;
        case OpCode::branch: i.a = place(i.a); break;
        case OpCode::call: i.dst = place(i.dst); break;
        case OpCode::bound: i.dst = place(i.dst); break;
        case OpCode::negate:
        case OpCode::square:
        case OpCode::move:
          i.dst = place(i.dst);
          i.a = place(i.a);
          break;
        default:
          i.dst = place(i.dst);
          i.a = place(i.a);
          i.b = place(i.b);
      }
    }
    for (std::uint32_t& r : argument_lists_) r = place(r);
    p.argument_lists = std::move(argument_lists_);
    p.result = place(p.result);
  }

  const ast::Tree& tree_;
  const Context& context_;
  std::shared_ptr<Program> program_;
  std::vector<Diagnostic> diagnostics_;
  std::vector<std::uint32_t> argument_lists_;
  std::unordered_map<std::uint64_t, std::uint32_t> constant_index_;
  std::uint32_t next_temporary_ = 0;
  std::uint32_t max_temporaries_ = 0;
};

}  // namespace

Compilation compile_tree(const ast::Tree& tree, const Context& context) { return Compiler(tree, context).run(); }

}  // namespace fexpr::detail
