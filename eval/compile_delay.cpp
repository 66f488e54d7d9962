// DELAY(e_delayed, e_delay, e_history[, id]) (cfunc_delay): e_delayed at the past time
// TIME - d, with d = max(e_delay, 0) (Adams takes a negative delay as zero). e_history gives
// e_delayed before the simulation starts, as a function of TIME. fexpr keeps no history and
// its simulations start at TIME = 0, so it evaluates DELAY where no history is needed:
//   TIME - d < 0   e_history evaluated at the delayed time: TIME reads TIME - d in it;
//   d = 0          e_delayed now;
//   otherwise      an evaluation error whose code is not-interpreted (the checker notes it).
// Only the branch taken is evaluated, as for IF, and differentiated: through TIME - d in the
// history, so d/dTIME and d/d(e_delay) follow by the chain rule. Where e_delay <= 0 the clamp
// takes the constant side, zero derivative with respect to e_delay.
#include "eval/compiler.hpp"

#include <fexpr/bindings.hpp>

#include <cmath>
#include <utility>

namespace fexpr::detail {
namespace {

constexpr char kPastValue[] =
    "DELAY needs e_delayed at TIME - delay, a past state, and fexpr keeps no history: it evaluates DELAY while "
    "TIME - delay < 0 (the simulation starts at TIME = 0), where DELAY is e_history, and for a delay <= 0";
const char* past_value(const double*, int, double*) { return kPastValue; }
const char* past_value_derivatives(const double*, int, int, double*, double*, double*) { return kPastValue; }
// The instruction of the branch that needs the history. Its category makes the error it reports
// not interpreted (eval/expression.cpp).
constexpr builtins::Builtin kPastValueCall{"DELAY", 0, 0, builtins::Category::history, builtins::Smoothness::smooth,
                                           "DELAY(e_delayed, e_delay, e_history[, id])", kPastValue, "",
                                           past_value, past_value_derivatives};

}  // namespace

Value Compiler::delay(const ast::Node& n) {
  auto kids = tree_.kids(n);
  // The id names an ARRAY of interpolation settings, which only the past values need; the
  // bindings of a dataset check that it exists.
  if (kids.size() == 4) {
    const Operand id = node(kids[3]);
    if (id.failed) return failed_value();
    if (!id.constant || *id.constant < 0.0 || std::trunc(*id.constant) != *id.constant || *id.constant > 2e9) {
      error(Code::argument, tree_[kids[3]].span,
            "DELAY's id names the ARRAY of its interpolation settings: an integer constant (0 for the defaults)");
      return failed_value();
    }
    if (*id.constant > 0.0 && context_.bindings()) {
      const std::optional<double> arguments[1] = {id.constant};
      auto resolution = context_.bindings()->resolve("DELAY", arguments);
      auto* rejected = std::get_if<Bindings::Rejected>(&resolution);
      if (rejected && rejected->code != Code::not_interpreted) {
        error(rejected->code, tree_[kids[3]].span, rejected->message);
        return failed_value();
      }
    }
  }
  const std::uint32_t mark = next_temporary_;
  const Operand delay = node(kids[1]);
  if (delay.failed) {
    // The other arguments' errors are worth reporting too.
    node(kids[0]);
    const bool outer = std::exchange(in_history_, true);
    node(kids[2]);
    in_history_ = outer;
    return failed_value();
  }
  static const builtins::Builtin& max = *builtins::find("MAX");
  // MAX(0, e_delay): on a tie the first argument's derivative, 0.
  const Operand clamp_args[2] = {constant(0.0), delay};
  Operand clamped;
  if (auto v = fold_call(max, clamp_args)) {
    clamped = constant(*v);
  } else {
    const std::uint32_t dst = destination(mark, {});
    emit_call(max, clamp_args, dst, tree_[kids[1]].span);
    clamped = in_register(dst);
  }
  // The delayed time is read in the history's block: a move keeps it in its register, where
  // an operation read once in its own block could be fused into that reader (compile.cpp).
  const Operand now = in_register(time_ ? *time_ : tag(Space::input, 0));
  const Operand difference = component(OpCode::subtract, now, clamped, n.span, {});
  const std::uint32_t delayed_time = allocate();
  emit({OpCode::move, 0, delayed_time, reg(difference), 0}, n.span);

  const std::uint32_t elapsed_test = static_cast<std::uint32_t>(program_->branches.size());
  program_->branches.push_back({});
  emit({OpCode::branch, 0, 0, delayed_time, elapsed_test}, n.span);
  const std::uint32_t dst = allocate();
  std::vector<std::size_t> exits;
  bool any_failed = false;
  // One branch: its value moved into dst, then a jump to the end unless it is the last.
  auto branch = [&](ast::NodeId kid, bool history, bool last) {
    const auto outer_time = time_;
    const bool outer_history = in_history_;
    if (history) {
      time_ = delayed_time;
      in_history_ = true;
    }
    const Operand v = node(kid);
    time_ = outer_time;
    in_history_ = outer_history;
    any_failed |= v.failed;
    if (!v.failed && reg(v) != dst) emit({OpCode::move, 0, dst, reg(v), 0}, tree_[kid].span);
    release_to(index_of(dst) + 1);
    if (!last) {
      exits.push_back(program_->code.size());
      emit({OpCode::jump, 0, 0, 0, 0}, n.span);
    }
  };
  auto past_value = [&]() { emit_call(kPastValueCall, {}, dst, n.span); };

  const std::uint32_t before = static_cast<std::uint32_t>(program_->code.size());
  branch(kids[2], true, false);
  const std::uint32_t elapsed = static_cast<std::uint32_t>(program_->code.size());
  if (clamped.constant) {
    if (*clamped.constant == 0.0) branch(kids[0], false, true);
    else past_value();
  } else {
    const std::uint32_t zero_test = static_cast<std::uint32_t>(program_->branches.size());
    program_->branches.push_back({});
    emit({OpCode::branch, 0, 0, reg(clamped), zero_test}, tree_[kids[1]].span);
    const std::uint32_t now_branch = static_cast<std::uint32_t>(program_->code.size());
    branch(kids[0], false, false);
    const std::uint32_t past = static_cast<std::uint32_t>(program_->code.size());
    past_value();
    // The clamped delay is never negative.
    program_->branches[zero_test] = {past, now_branch, past};
  }
  const std::uint32_t end = static_cast<std::uint32_t>(program_->code.size());
  for (std::size_t e : exits) program_->code[e].a = end;
  program_->branches[elapsed_test] = {before, elapsed, elapsed};
  if (any_failed) return failed_value();
  return scalar_value(in_register(dst));
}

}  // namespace fexpr::detail
