// The walk over a program's reference form that writes the C function: registers become C
// variables, each instruction a block that computes its Dual, checks it as the reference form
// does and stores it; IF's jumps become gotos. The prologue (comment, signature, inputs) is
// written last, when it is known whether the expression reads MODE.
#include "codegen/generate.hpp"

#include "codegen/rules.hpp"
#include "eval/program.hpp"

#include <algorithm>
#include <cmath>

namespace fexpr::codegen {
namespace {

using detail::Instruction;
using detail::OpCode;
using detail::Program;

// The reference form's messages (eval/run.cpp), prefixed as Expression's errors are; kOverflow
// is in generate.hpp.
constexpr const char* kInfiniteDerivative = "derivative is infinite or undefined here";
constexpr const char* kInfiniteSecondDerivative = "second derivative is infinite or undefined here";
constexpr const char* kBadInput = "an input (TIME, MODE or a variable) is NaN or infinite";
constexpr const char* kBadModelInput = "an input (TIME, MODE or a part state) is NaN or infinite";

std::string prefix(OpCode op) {
  switch (op) {
    case OpCode::divide: return "'/': ";
    case OpCode::power:
    case OpCode::square: return "'**': ";
    case OpCode::add: return "'+': ";
    case OpCode::subtract: return "'-': ";
    case OpCode::multiply: return "'*': ";
    default: return "";
  }
}

// A comment may not contain "*/".
std::string comment_text(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\n' || c == '\r') c = ' ';
    if (c == '/' && !out.empty() && out.back() == '*') out += ' ';
    out += c;
  }
  return out;
}

// What a model state input is, for the comment block: "PART/2.x" -> x of the part's origin.
std::string state_meaning(const std::string& label) {
  static const std::pair<const char*, const char*> kMeanings[] = {
      {"x", "x of the part's origin in ground"}, {"y", "y of the part's origin in ground"},
      {"z", "z of the part's origin in ground"}, {"psi", "first body 3-1-3 Euler angle of the part (radians)"},
      {"theta", "second body 3-1-3 Euler angle"}, {"phi", "third body 3-1-3 Euler angle"},
      {"vx", "x of the origin's velocity in ground"}, {"vy", "y of the origin's velocity in ground"},
      {"vz", "z of the origin's velocity in ground"}, {"wx", "x of the angular velocity in ground"},
      {"wy", "y of the angular velocity in ground"}, {"wz", "z of the angular velocity in ground"}};
  const std::string state = label.substr(label.rfind('.') + 1);
  for (const auto& [name, meaning] : kMeanings)
    if (state == name) return meaning;
  return "a state of the model";
}

}  // namespace

void check_finite(Writer& w, const Dual& d, const std::string& pre, bool value) {
  auto finite = [](const std::vector<Scalar>& parts) {
    std::string test;
    for (const Scalar& s : parts) {
      if (is_finite(s)) continue;
      test += (test.empty() ? "" : " && ") + ("isfinite(" + text(s) + ")");
    }
    return test;
  };
  if (const std::string t = finite({d.v}); value && !t.empty()) w.fail_if("!(" + t + ")", pre + kOverflow);
  if (const std::string t = finite(d.g); !t.empty()) w.fail_if("!(" + t + ")", pre + kInfiniteDerivative);
  if (const std::string t = finite(d.h); !t.empty()) w.fail_if("!(" + t + ")", pre + kInfiniteSecondDerivative);
}

namespace {

class Generator {
 public:
  // The whole function, in the fast form's arithmetic or (reference) in the reference form's.
  Generator(const Program& p, std::string_view text, const Options& o, const Origin& origin, bool reference = false)
      : p_(p), text_(text), o_(o), origin_(origin),
        own_(std::in_place, static_cast<int>(p.lanes.size()), o.order, o.checked), w_(*own_) {
    w_.set_reference(reference);
  }
  // Inline in w's function, its names prefixed, its derivative inputs given.
  Generator(const Program& p, std::string_view text, const Options& o, const Origin& origin, Writer& w,
            std::span<const Dual> inputs)
      : p_(p), text_(text), o_(o), origin_(origin), w_(w), prefix_(w.unique("v")), given_(inputs.begin(), inputs.end()) {}

  std::optional<Dual> run_inline(std::vector<Diagnostic>& diagnostics) {
    registers();
    for (std::uint32_t r = p_.first_temporary; r < p_.register_count; ++r) w_.line(declaration(reg_[r]));
    body();
    const bool ok = diagnostics_.empty();
    diagnostics.insert(diagnostics.end(), diagnostics_.begin(), diagnostics_.end());
    if (!ok) return std::nullopt;
    return reg_[p_.result];
  }

  Generated run() {
    Generated out;
    const std::size_t limit = o_.order == 2 ? Program::kMaxHessianLanes : Program::kMaxLanes;
    // Where the interpreter has no fast form, its reference form gives the derivatives (a
    // model-bound program agrees to rounding anyway, so it stays in the fast form's arithmetic).
    if (o_.order > 0 && p_.lanes.size() > limit && p_.bound_calls.empty()) w_.set_reference(true);
    // Where the fast form fails, the interpreter runs its reference form, which names the failing
    // operation and can succeed where the fast form's arithmetic overflows: so does the code.
    std::string reference;
    if (o_.order > 0 && o_.checked && o_.reference_form && !w_.reference() && p_.bound_calls.empty()) {
      Options r = o_;
      r.name = o_.name + "_reference";
      r.locate_errors = true;
      Generator g(p_, text_, r, origin_, true);
      reference = g.function(true);
      for (const Diagnostic& d : g.diagnostics_) error(d.span, d.message);
      std::string call = "return " + r.name + "(in, value, grad, ";
      if (o_.order == 2) call += "hess, ";
      w_.hand_failures_to(call + "error);");
    }
    // The reference form locates every error: the interpreter has no faster form to try first.
    if (o_.checked && !o_.locate_errors && !w_.reference()) elisions();
    const std::string main = function(false);
    if (!w_.fails()) reference.clear();  // nothing here fails: nothing calls it
    calls_reference_ = !reference.empty();
    out.diagnostics = std::move(diagnostics_);
    if (!reference.empty()) reference += "\n";
    if (out.diagnostics.empty())
      out.source = comment() + "#include <math.h>\n\n" + helpers(reference + main) + reference + main;
    out.reads_mode = reads_mode_;
    out.result_untested = result_untested_;
    return out;
  }

 private:
  // Instruction k's place among the jumps: a target, or the first after a jump (a block begins).
  std::vector<bool> targets() const {
    std::vector<bool> target(p_.code.size() + 1, false);
    for (const Instruction& i : p_.code) {
      if (i.op == OpCode::jump) target[i.a] = true;
      if (i.op == OpCode::branch) {
        const detail::Branch& b = p_.branches[i.b];
        target[b.lt] = target[b.eq] = target[b.gt] = true;
      }
    }
    return target;
  }
  static bool control(OpCode op) { return op == OpCode::branch || op == OpCode::jump; }

  void body() {
    const std::vector<bool> target = targets();
    for (std::uint32_t k = 0; k < p_.code.size(); ++k) {
      if (target[k]) {
        w_.line(label(k) + ":;");
        forget();
      }
      instruction(k);
      if (control(p_.code[k].op)) forget();
    }
    if (target[p_.code.size()]) {
      w_.line(label(static_cast<std::uint32_t>(p_.code.size())) + ":;");
      forget();
    }
  }

  // The registers instruction k reads, each with whether it carries an infinity or NaN through
  // to its value and derivatives (+, -, *, a numerator).
  std::vector<std::pair<std::uint32_t, bool>> reads(const Instruction& i) const {
    switch (i.op) {
      case OpCode::add:
      case OpCode::subtract:
      case OpCode::multiply: return {{i.a, true}, {i.b, true}};
      case OpCode::square:
      case OpCode::negate: return {{i.a, true}};
      case OpCode::divide: return {{i.a, true}, {i.b, false}};
      case OpCode::power: return {{i.a, false}, {i.b, false}};
      case OpCode::move:
      case OpCode::branch: return {{i.a, false}};
      case OpCode::jump: return {};
      case OpCode::call:
      case OpCode::bound: break;
    }
    std::vector<std::pair<std::uint32_t, bool>> out;
    for (std::uint32_t a = 0; a < i.count; ++a) out.emplace_back(p_.argument_lists[i.a + a], false);
    return out;
  }

  // Which values the checked code without located errors leaves untested: those whose only
  // readers, in their own block and at least one, carry an infinity or NaN on to a value that
  // is tested (eval/program.hpp's rule for the fast form). The readers run whenever the value
  // is computed, as nothing leaves a block but at its end.
  void elisions() {
    const std::size_t n = p_.code.size();
    std::vector<bool> leader = targets();
    for (std::size_t k = 0; k < n; ++k)
      if (control(p_.code[k].op)) leader[k + 1] = true;
    // Whether register r, set before instruction `from` (or is an input), is tested through its
    // readers up to the end of the block or its next definition.
    const auto carried = [&](std::uint32_t r, std::size_t from) {
      std::size_t end = from, uses = 0;
      bool redefined = false;
      for (; end < n && !leader[end] && !redefined; ++end) {
        for (const auto& [read, carries] : reads(p_.code[end])) {
          if (read != r) continue;
          if (!carries) return false;
          ++uses;
        }
        redefined = !control(p_.code[end].op) && p_.code[end].dst == r;
      }
      if (uses == 0) return false;
      if (redefined) return true;
      // Alive at the block's end: only if nothing else reads it.
      if (r == p_.result) return false;
      for (std::size_t u = 0; u < n; ++u) {
        if (u >= from && u < end) continue;
        for (const auto& read : reads(p_.code[u]))
          if (read.first == r) return false;
      }
      return true;
    };
    elided_.assign(n, false);
    for (std::size_t k = 0; k < n; ++k)
      if (!control(p_.code[k].op) && p_.code[k].op != OpCode::bound) elided_[k] = carried(p_.code[k].dst, k + 1);
    input_elided_.assign(p_.first_constant, false);
    for (std::uint32_t r = 0; r < p_.first_constant; ++r) input_elided_[r] = carried(r, 0);
  }

  // After a label, what the registers hold depends on the way in: only their variables are known.
  void forget() {
    for (std::uint32_t r = p_.first_temporary; r < p_.register_count; ++r) cur_[r] = reg_[r];
    w_.forget_reuse();
  }

  std::string label(std::uint32_t k) const { return prefix_ + "L" + std::to_string(k); }
  std::string_view source(Span s) const {
    const std::size_t begin = s.begin >= origin_.offset ? s.begin - origin_.offset : 0,
                      end = s.end >= origin_.offset ? s.end - origin_.offset : 0;
    const std::size_t b = std::min(begin, text_.size());
    std::size_t e = std::max(b, std::min(end, text_.size()));
    // A node's span ends with its last operand: "-1E4*(x - 0.5)" spans "-1E4*(x - 0.5". The
    // parentheses it opens are closed by those that follow it.
    int open = 0;
    for (std::size_t i = b; i < e; ++i) open += text_[i] == '(' ? 1 : text_[i] == ')' ? -1 : 0;
    for (std::size_t i = e; open > 0 && i < text_.size(); ++i) {
      if (text_[i] == ')') {
        --open;
        e = i + 1;
      } else if (text_[i] != ' ' && text_[i] != '\t' && text_[i] != '\n' && text_[i] != '\r') {
        break;
      }
    }
    return text_.substr(b, e - b);
  }
  // Once per place and message: a vector function's three components are three calls there.
  void error(Span span, std::string message) {
    for (const Diagnostic& d : diagnostics_)
      if (d.span.begin == span.begin && d.span.end == span.end && d.message == message) return;
    diagnostics_.push_back({Severity::error, Code::not_interpreted, span, std::move(message)});
  }

  // Inputs hold their seeds (a unit derivative in their lane); constants are known; every
  // temporary is a C variable with its derivatives beside it. Inline, the inputs are given and
  // the width is the enclosing function's; else the model states follow, for the bound calls.
  void registers() {
    registers_declared();
    cur_ = reg_;
    // Checked code tests the inputs it reads, or carries them to a test (elided).
    for (std::uint32_t r = 0; r < p_.first_constant && o_.checked && !inline_(); ++r) {
      const bool elided = !input_elided_.empty() && input_elided_[r];
      cur_[r].v.finite = !elided;
      cur_[r].v.guarded = elided;
    }
  }
  void registers_declared() {
    const std::size_t lanes = static_cast<std::size_t>(w_.lanes());
    reg_.resize(p_.register_count);
    for (std::uint32_t r = 0; r < p_.register_count; ++r) {
      if (r >= p_.first_constant && r < p_.first_temporary) {
        reg_[r] = w_.constant(p_.constants[r - p_.first_constant]);
        continue;
      }
      if (inline_() && r < p_.first_constant) {
        // TIME and the variables are given; MODE is a stand-in until load() reads it.
        reg_[r] = p_.input_derivative[r] >= 0 ? given_[static_cast<std::size_t>(p_.input_derivative[r])] : w_.constant(0.0);
        continue;
      }
      Dual& d = reg_[r];
      const std::string name = prefix_ + "r" + std::to_string(r);
      d.v = variable(name);
      const bool input = r < p_.first_constant;
      if (input) w_.declare_const(name);
      if (o_.order >= 1) {
        for (std::size_t l = 0; l < lanes; ++l)
          d.g.push_back(input ? known(p_.input_lane[r] == static_cast<std::int32_t>(l) ? 1.0 : 0.0)
                              : variable(name + "_d" + std::to_string(l)));
      }
      if (o_.order >= 2) {
        for (std::size_t l = 0; l < lanes * lanes; ++l)
          d.h.push_back(input ? known(0.0) : variable(name + "_dd" + std::to_string(l)));
      }
    }
    if (inline_()) return;
    given_.resize(p_.derivative_names.size());
    for (std::uint32_t r = 0; r < p_.first_constant; ++r)
      if (p_.input_derivative[r] >= 0) given_[static_cast<std::size_t>(p_.input_derivative[r])] = reg_[r];
    for (std::size_t k = first_state(); k < given_.size(); ++k) {
      Dual& d = given_[k];
      d.v = variable("s" + std::to_string(k));
      d.v.finite = o_.checked;
      w_.declare_const(d.v.name);
      for (std::size_t l = 0; l < lanes && o_.order >= 1; ++l)
        d.g.push_back(known(p_.derivative_lane[k] == static_cast<std::int32_t>(l) ? 1.0 : 0.0));
      if (o_.order >= 2) d.h.assign(lanes * lanes, known(0.0));
    }
  }

  bool inline_() const { return own_ == std::nullopt; }
  // The first derivative index that is a model state (TIME and the variables come first).
  std::size_t first_state() const {
    std::size_t n = 0;
    for (std::int32_t d : p_.input_derivative) n += d >= 0;
    return n;
  }

  const Dual& load(std::uint32_t r) {
    if (r == 1 && !reads_mode_) {
      reads_mode_ = true;
      if (inline_()) {  // the enclosing function's MODE: its register 1, named without a prefix
        w_.note_inline_mode();
        cur_[1].v = variable("r1");
        cur_[1].v.finite = o_.checked;
      }
    }
    return cur_[r];
  }

  // Writes d into the register's variables; until the next label the register holds d's known
  // numbers as they are and its variables with d's guarantees.
  void store(std::uint32_t dst, const Dual& d) {
    w_.assign(reg_[dst], d);
    Dual& held = cur_[dst];
    held = reg_[dst];
    const auto hold = [](Scalar& to, const Scalar& from) {
      if (from.known)
        to = from;
      else
        keep_facts(to, from);
    };
    hold(held.v, d.v);
    for (std::size_t k = 0; k < held.g.size(); ++k) hold(held.g[k], d.g[k]);
    for (std::size_t k = 0; k < held.h.size(); ++k) hold(held.h[k], d.h[k]);
  }

  Argument argument(std::uint32_t r) {
    Argument a{load(r), std::nullopt};
    if (r >= p_.first_constant && r < p_.first_temporary) a.constant = p_.constants[r - p_.first_constant];
    return a;
  }

  void instruction(std::uint32_t k) {
    const Instruction& i = p_.code[k];
    const Span span = p_.spans[k];
    const std::string pre = prefix(i.op);
    switch (i.op) {
      case OpCode::branch: {
        const detail::Branch& b = p_.branches[i.b];
        const std::string t = text(load(i.a).v);
        w_.line("/* IF " + comment_text(source(span)) + " */");
        w_.guard(t + " < 0.0", "goto " + label(b.lt) + ";");
        w_.guard(t + " > 0.0", "goto " + label(b.gt) + ";");
        w_.line("goto " + label(b.eq) + ";");
        return;
      }
      case OpCode::jump: w_.line("goto " + label(i.a) + ";"); return;
      case OpCode::move:
        // The fast form copies; the reference form adds +0 to each derivative (a -0 becomes +0).
        if (!w_.reference()) {
          store(i.dst, load(i.a));
          return;
        }
        break;
      case OpCode::bound: bound(i, span); return;
      default: break;
    }
    w_.line("/* " + comment_text(source(span)) + " */");
    w_.open("");
    std::optional<Dual> d;
    const bool reference = w_.reference();
    switch (i.op) {
      case OpCode::add:
        d = reference ? reference_sum(w_, load(i.a), load(i.b), false) : w_.add(load(i.a), load(i.b));
        break;
      case OpCode::subtract:
        d = reference ? reference_sum(w_, load(i.a), load(i.b), true) : w_.sub(load(i.a), load(i.b));
        break;
      case OpCode::multiply:
        d = reference ? reference_product(w_, argument(i.a), argument(i.b)) : w_.mul(load(i.a), load(i.b));
        break;
      case OpCode::square: d = reference ? reference_square(w_, argument(i.a)) : w_.mul(load(i.a), load(i.a)); break;
      case OpCode::negate: d = reference ? reference_copy(w_, load(i.a), true) : w_.neg(load(i.a)); break;
      case OpCode::move: d = reference_copy(w_, load(i.a), false); break;
      case OpCode::divide:
        w_.fail_if(text(load(i.b).v) + " == 0.0", pre + "division by zero");
        d = reference ? reference_quotient(w_, argument(i.a), argument(i.b)) : w_.div(load(i.a), load(i.b));
        break;
      case OpCode::power: d = power(w_, argument(i.a), argument(i.b)); break;
      case OpCode::call: d = call(i, span); break;
      default: break;
    }
    if (d) {
      // The value is now tested, or (elided) an infinity in it reaches a test; its derivatives
      // are known finite only where tested.
      const bool tested = elided_.empty() || !elided_[k];
      const bool callers = !o_.test_result && o_.order == 0 && k + 1 == p_.code.size() && i.dst == p_.result;
      if (tested) check_finite(w_, *d, pre, !callers);
      result_untested_ = result_untested_ || (tested && callers && !is_finite(d->v));
      if (o_.checked) {
        d->v.finite = d->v.finite || (tested && !callers);
        d->v.guarded = !tested || callers;
        for (Scalar& g : d->g) g.finite = g.finite || tested;
        for (Scalar& h : d->h) h.finite = h.finite || tested;
      }
      store(i.dst, *d);
    }
    w_.close();
  }

  std::optional<Dual> call(const Instruction& i, Span span) {
    const builtins::Builtin& f = *p_.functions[i.b];
    std::vector<Argument> args;
    for (std::uint32_t a = 0; a < i.count; ++a) args.push_back(argument(p_.argument_lists[i.a + a]));
    if (auto d = math_function(w_, f, args)) return d;
    if (auto d = step_function(w_, f, args)) return d;
    if (auto d = series_function(w_, f, args)) return d;
    if (f.category == builtins::Category::history) {
      // DELAY's branch for a past value, which the interpreter fails with this message (it keeps
      // no history): the code fails there too, checked or not, and only on that branch.
      double ignored = 0.0;
      w_.fail(f.value(nullptr, 0, &ignored));
      return w_.constant(0.0);
    }
    error(span, std::string(f.name) + " is not supported by fexpr codegen yet");
    return std::nullopt;
  }

  void bound(const Instruction& i, Span span) {
    // Only the compiled path (compile_native), which keeps no source text, gets here: fexpr
    // codegen refuses such an expression when it compiles it, and writes an element's calls with
    // their dataset (origin_.calls).
    if (!origin_.calls) {
      error(span, "the expression reads a model or dataset, which the compiled path does not take (TIME and "
                  "variables only); keep using the interpreter");
      return;
    }
    const Program::BoundCall& call = p_.bound_calls[i.b];
    std::vector<Dual> inputs;
    for (std::int32_t d : call.derivative) inputs.push_back(given_[static_cast<std::size_t>(d)]);
    std::vector<Dual> arguments;
    for (std::uint32_t a = 0; a < i.count; ++a) arguments.push_back(load(p_.argument_lists[i.a + a]));
    w_.line("/* " + comment_text(source(span)) + " */");
    w_.open("");
    if (auto d = origin_.calls->write(w_, call.handle, inputs, arguments, span, o_, diagnostics_)) store(i.dst, *d);
    w_.close();
  }

  void outputs() {
    const Dual& r = load(p_.result);
    const std::size_t n = p_.derivative_names.size();
    w_.line("*value = " + text(r.v) + ";");
    if (o_.order >= 1) {
      for (std::size_t k = 0; k < n; ++k) {
        const std::int32_t lane = p_.derivative_lane[k];
        w_.line("grad[" + std::to_string(k) + "] = " + (lane >= 0 ? text(r.g[static_cast<std::size_t>(lane)]) : "0.0") + ";");
      }
    }
    if (o_.order >= 2) {
      const std::size_t w = p_.lanes.size();
      for (std::size_t i = 0; i < n * n; ++i) {
        const std::int32_t k = p_.derivative_lane[i / n], l = p_.derivative_lane[i % n];
        const std::string h = k >= 0 && l >= 0 ? text(r.h[static_cast<std::size_t>(k) * w + static_cast<std::size_t>(l)]) : "0.0";
        w_.line("hess[" + std::to_string(i) + "] = " + h + ";");
      }
    }
    w_.line("return 0;");
  }

  // The function's text: signature, inputs, temporaries, body; `local`, static and cold.
  std::string function(bool local) {
    registers();
    body();
    reads_mode_ = reads_mode_ || w_.inline_reads_mode();
    outputs();
    w_.drop_unused();
    return signature(local) + w_.body() + "}\n";
  }
  std::string comment() const;
  std::string helpers(const std::string& functions) const;
  std::string signature(bool local) const;

  const Program& p_;
  std::string_view text_;
  const Options& o_;
  const Origin& origin_;
  std::optional<Writer> own_;
  Writer& w_;
  std::string prefix_;
  std::vector<Dual> given_;  // by derivative index: TIME, the variables, the model states
  std::vector<Dual> reg_;  // each register's variables
  std::vector<Dual> cur_;  // what each register holds at the instruction being written
  // Without located errors: the instructions whose value is not tested, and the inputs.
  std::vector<bool> elided_, input_elided_;
  std::vector<Diagnostic> diagnostics_;
  bool reads_mode_ = false;
  bool result_untested_ = false;
  bool calls_reference_ = false;  // the fast form's failures call the reference form's function
};

std::string Generator::comment() const {
  const std::size_t n = p_.derivative_names.size();
  const bool model = !p_.bound_calls.empty();
  std::string s = "/* Generated by fexpr codegen from the Adams function expression" +
                  (origin_.label.empty() ? std::string() : " " + origin_.label) + "\n *   " + comment_text(text_) + "\n";
  s += " * Compile with -O2 -fno-fast-math -ffp-contract=off (no FMA contraction, no reassociation):\n";
  s += model ? " * then it gives what the fexpr interpreter gives to rounding (its kinematic measures are\n"
               " * written out in terms of the part states, not in the interpreter's closed forms).\n *\n"
             : " * then it gives what the fexpr interpreter gives, bit for bit.\n *\n";
  s += " * Inputs in[], in the gradient's order:\n";
  const std::size_t states = first_state();
  for (std::size_t k = 0; k < n; ++k) {
    const std::string& name = p_.derivative_names[k];
    std::string meaning = "variable";
    if (k == 0) meaning = "the simulation time";
    else if (k >= states) meaning = state_meaning(name);
    else if (name.starts_with("DIFF/")) meaning = "the DIFF's state, which DIF reads";
    s += " *   in[" + std::to_string(k) + "]  " + name + "  (" + meaning + ")\n";
  }
  if (reads_mode_) s += " *   in[" + std::to_string(n) + "]  MODE  (the analysis mode; not differentiated)\n";
  s += " * Outputs: *value";
  if (o_.order >= 1) s += "; grad[" + std::to_string(n) + "], d/d(in[k])";
  if (o_.order >= 2) s += "; hess[" + std::to_string(n * n) + "], row-major and symmetric";
  s += ".\n";
  if (!input_elided_.empty() && !calls_reference_) {  // elisions() ran
    s += " * Returns 0, or 1 where the interpreter reports an error. A value that only feeds +, -, *\n"
         " * is tested through what it feeds, so *error may name a later operation than the\n"
         " * interpreter's: run the function written without this option for its message.\n" +
         std::string(result_untested_ ? " * The result may be infinite or NaN: that too is an error.\n" : "") + " */\n";
  } else if (o_.checked) {
    s += " * Returns 0, or 1 where the interpreter reports an error (a domain error, an overflow, an\n"
         " * infinite derivative): *error (when error is not NULL) is then the interpreter's message\n"
         " * and the outputs are not written.\n";
    if (calls_reference_)
      s += " * Where its arithmetic fails, it calls " + o_.name + "_reference, which follows the\n"
           " * interpreter's reference form as the interpreter then does: that names the failing\n"
           " * operation, and succeeds where only a derivative term here overflows (x / 1E-300,\n"
           " * whose constant's term the reference form leaves out).\n";
    s += " */\n";
  } else {
    s += " * Written with --unchecked: no domain checks; a domain error gives NaN or an infinity.\n"
         " * Returns 0, or 1 with *error for a call whose constant parameters its function rejects.\n */\n";
  }
  return s;
}

// Each helper once, under a guard, so that several generated functions can share one C file.
std::string Generator::helpers(const std::string& functions) const {
  // For the variables that may be set and never read (writer.hpp, declaration) and an input the
  // expression does not read.
  std::string s =
      "#ifndef FX_MAYBE_UNUSED\n#if defined(__GNUC__)\n#define FX_MAYBE_UNUSED __attribute__((unused))\n#else\n"
      "#define FX_MAYBE_UNUSED\n#endif\n#endif\n\n";
  if (functions.find("fx_fail(") != std::string::npos)
    s += "#ifndef FEXPR_CODEGEN_FAIL\n#define FEXPR_CODEGEN_FAIL\n"
         "static int fx_fail(const char **error, const char *message) {\n"
         "  if (error) { *error = message; }\n  return 1;\n}\n#endif\n\n";
  const bool power = functions.find("fx_power_value") != std::string::npos;
  if (power || functions.find("fx_opaque(") != std::string::npos) s += opaque_helper();
  if (power)
    s += std::string("#ifndef FEXPR_CODEGEN_POWER\n#define FEXPR_CODEGEN_POWER\n") + power_helpers() + "#endif\n\n";
  return s;
}

std::string Generator::signature(bool local) const {
  const std::size_t n = p_.derivative_names.size();
  const bool model = !p_.bound_calls.empty();
  // The inputs the expression reads, each tested for being finite where the interpreter tests it.
  std::string loads, inputs;
  for (std::uint32_t r = 0; r < p_.first_constant; ++r) {
    if (r == 1 && !reads_mode_) continue;
    const std::size_t index = r == 0 ? 0 : r == 1 ? n : r - 1;
    // As the interpreter: only the inputs the expression reads are checked.
    const bool read = r == 0   ? p_.reads_time
                      : r == 1 ? p_.reads_mode || w_.inline_reads_mode()
                               : std::binary_search(p_.variables_read.begin(), p_.variables_read.end(), r - 2);
    // MODE read only inline is not among what the elision followed: tested here.
    const bool inline_mode = r == 1 && w_.inline_reads_mode();
    const bool tested = o_.checked && read && (inline_mode || input_elided_.empty() || !input_elided_[r]);
    if (tested) inputs += (inputs.empty() ? "" : " && ") + ("isfinite(r" + std::to_string(r) + ")");
    // One the code does not test it may not read either (unchecked code, an unread input).
    loads += std::string(tested ? "  " : "  FX_MAYBE_UNUSED ") + "const double r" + std::to_string(r) + " = in[" +
             std::to_string(index) + "];\n";
  }
  for (std::size_t k = first_state(); k < n; ++k) {
    loads += std::string(o_.checked ? "  " : "  FX_MAYBE_UNUSED ") + "const double s" + std::to_string(k) + " = in[" +
             std::to_string(k) + "];\n";
    inputs += (inputs.empty() ? "" : " && ") + ("isfinite(s" + std::to_string(k) + ")");
  }
  const bool check_inputs = o_.checked && !inputs.empty();
  std::string s = local ? "#if defined(__GNUC__)\n__attribute__((cold, noinline))\n#endif\nstatic int " : "int ";
  s += o_.name + "(const double *in, double *value";
  if (o_.order >= 1) s += ", double *grad";
  if (o_.order >= 2) s += ", double *hess";
  s += ", const char **error) {\n";
  if (!check_inputs && !w_.fails()) s += "  (void)error;\n";
  s += loads;
  if (check_inputs) s += "  if (!(" + inputs + ")) { return fx_fail(error, " + quoted(model ? kBadModelInput : kBadInput) + "); }\n";
  for (std::uint32_t r = p_.first_temporary; r < p_.register_count; ++r) s += "  " + declaration(reg_[r]) + "\n";
  return s;
}

}  // namespace

Generated generate_c(const Expression& expression, std::string_view text, const Options& options) {
  return generate_c(expression, text, options, Origin{});
}

Generated generate_c(const Expression& expression, std::string_view text, const Options& options,
                     const Origin& origin) {
  return Generator(expression.program(), text, options, origin).run();
}

std::optional<Dual> generate_inline(Writer& w, const Expression& expression, std::string_view text,
                                    std::span<const Dual> inputs, const Options& options, const Origin& origin,
                                    std::vector<Diagnostic>& diagnostics) {
  return Generator(expression.program(), text, options, origin, w, inputs).run_inline(diagnostics);
}

}  // namespace fexpr::codegen
