// The statements of a generated function, written through the same arithmetic as the fast
// form's Dual (eval/run.cpp): a Dual here is a value with its derivatives over the program's
// lanes, each a number known now or a C variable. Known numbers are folded with the same IEEE
// operations the C code would do; every other operation becomes one `const double` line, in
// the Dual's order, so the C compiler (without contraction) gives the interpreter's bits.
#pragma once

#include <initializer_list>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace fexpr::codegen {

// A number of the generated code: known at generation time, or the C variable `name`. A
// variable may carry what the checks guarantee on every run that succeeds: `finite` (tested),
// `guarded` (an infinity or NaN in it reaches a later test through the values it feeds),
// `zero` (a finite or guarded number times a zero: +0 or -0, the sign not known here), and
// `nonnegative` (its sign bit is clear whenever it is not NaN: +0 up to +infinity). And what
// holds on every run that reaches it: `negative` (its sign bit is set whenever it is not NaN),
// `not_minus_zero`, `no_nan`, and `lo` <= value <= `hi` whenever it is not NaN (+0 and -0 both
// as 0). The bounds of a result are its operands' bounds put through the operation, which holds
// because rounding to nearest is monotone: x <= y gives round(x) <= round(y), overflow included.
struct Scalar {
  bool known = true;
  double value = 0.0;
  std::string name;
  bool finite = false;
  bool guarded = false;
  bool zero = false;
  bool nonnegative = false;
  bool negative = false;
  bool not_minus_zero = false;
  bool no_nan = false;
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
};
inline Scalar known(double v) { return Scalar{true, v, {}}; }
inline Scalar variable(std::string name) { return Scalar{false, 0.0, std::move(name)}; }
bool is(const Scalar& s, double v);  // known, equal to v and of its sign
bool is_finite(const Scalar& s);     // known finite, or a variable marked finite or zero
bool sign_clear(const Scalar& s);    // its sign bit clear whenever it is not NaN: known so, marked, or bounded above 0
// The facts `from` carries, added to those `to` has (a register that holds a computed value).
void keep_facts(Scalar& to, const Scalar& from);

// A value with its gradient over the lanes (order >= 1) and Hessian, row-major (order 2).
struct Dual {
  Scalar v;
  std::vector<Scalar> g;
  std::vector<Scalar> h;
};

// C text of a double, exactly: the shortest digits that read back to it, parenthesized when
// negative ("(-0.0)").
std::string literal(double v);
std::string text(const Scalar& s);
// A C string literal.
std::string quoted(const std::string& s);
// The declaration of d's C variables, FX_MAYBE_UNUSED (the generated file defines it): the code
// may set one that nothing reads, a derivative that is a constant in the other branches or a
// register whose readers were written with the number it holds, and the C compiler drops those
// without a warning.
std::string declaration(const Dual& d);
// The C definition of fx_opaque(x): x, as a number the C compiler cannot work out, at no
// instruction where it has GNU asm; under its guard, for code that calls it.
const char* opaque_helper();

class Writer {
 public:
  Writer(int lanes, int order, bool checked) : lanes_(lanes), order_(order), checked_(checked) {}
  int lanes() const { return lanes_; }
  // Makes the derivatives `lanes` wide (a Jet's arguments) and returns the width before.
  int set_lanes(int lanes) {
    const int before = lanes_;
    lanes_ = lanes;
    return before;
  }
  int order() const { return order_; }
  bool checked() const { return checked_; }

  void line(const std::string& statement);
  // `if (condition) { statement }`: braced, since GCC's -Wmisleading-indentation reads the line
  // after every unbraced body through a cache that scans the file from its start, which made a
  // user's -Wall build of a large generated file quadratic in its length (4 minutes for 35 MB).
  void guard(const std::string& condition, const std::string& statement);
  void open(const std::string& head);  // "head {" and one level deeper
  void close();                        // the block's variables and what was learnt in it end here
  const std::string& body() const { return body_; }
  // Removes the `const double tN = ...;` lines whose variable nothing reads (derivative terms
  // folded away), and then the ones only those read.
  void drop_unused();
  // Names a `const` variable the function declares itself (an input), for pure().
  void declare_const(const std::string& name) { immutable_.insert(name); }
  // At a label, which a jump may reach past the lines before it: no variable is reused across.
  void forget_reuse();
  // A fresh C variable holding `expression`.
  Scalar emit(const std::string& expression);
  // Within the current block, `s` (the result of one of the operations below) is known to carry
  // s's facts: computing it again there returns it so, and the derivative terms that read it
  // fold with them (a STEP's ramp variable, between 0 and 1 inside its branch).
  void refine(const Scalar& s);
  // A fresh C variable, unset, for a C function to write.
  Scalar local();
  // A name no other variable or label of the function has, for an inlined expression's own.
  std::string unique(const std::string& stem) { return stem + std::to_string(next_++) + "_"; }
  // An inlined expression reads MODE: the enclosing function then takes it (and tests it) even
  // where its own expression does not read MODE.
  void note_inline_mode() { inline_reads_mode_ = true; }
  bool inline_reads_mode() const { return inline_reads_mode_; }
  // In checked code: fail with `message` when `condition` (C text) holds.
  void fail_if(const std::string& condition, const std::string& message);
  // Fail with `message` here, checked or not (a call whose constant parameters its function
  // rejects fails on every run).
  void fail(const std::string& message);
  // The C statement that fails with the message a `const char *` expression holds.
  std::string failure(const std::string& message_expression);
  // Whether a failure was written (the function then reads `error`).
  bool fails() const { return fails_; }
  // A C statement that a failure runs instead of returning its message: the fast form's
  // failures call the reference form's function (codegen/generate.cpp).
  void hand_failures_to(std::string statement) { failure_ = std::move(statement); }

  // The reference form (eval/run.cpp's Differentiator) in place of the fast form's Dual: calls
  // take the table's rules, and their chain rule leaves constant arguments out.
  void set_reference(bool reference) { reference_ = reference; }
  bool reference() const { return reference_; }

  // Arithmetic on numbers, folded when both are known, or when a zero of unknown sign meets a
  // number that makes its sign irrelevant (0 + 25 is 25 for +0 and -0 alike).
  Scalar add(const Scalar& a, const Scalar& b);
  Scalar sub(const Scalar& a, const Scalar& b);
  Scalar mul(const Scalar& a, const Scalar& b);
  Scalar div(const Scalar& a, const Scalar& b);
  Scalar neg(const Scalar& a);
  // A libm function of one or two arguments: never folded, so that it runs in the same libm,
  // and for one the library does not round correctly, on an argument the C compiler cannot
  // work out either (opaque), so that it does not fold the call itself.
  Scalar call(const std::string& function, const Scalar& a);
  Scalar call(const std::string& function, const Scalar& a, const Scalar& b);
  // a through fx_opaque() (opaque_helper), with a's facts; a itself when it came from here. A
  // rule that calls sin and cos of one argument makes it opaque once, so that the C compiler
  // still merges the two into one sincos.
  Scalar opaque(const Scalar& a);
  // `condition ? a : b`, a C conditional on known or variable numbers.
  Scalar select(const std::string& condition, const Scalar& a, const Scalar& b);

  // The Dual's operations.
  Dual constant(double v) const;
  Dual add(const Dual& a, const Dual& b);
  Dual sub(const Dual& a, const Dual& b);
  Dual mul(const Dual& a, const Dual& b);
  Dual div(const Dual& a, const Dual& b);
  Dual neg(const Dual& a);
  // f(u) with f' = f1 and f'' = f2 at u (Dual's chain).
  Dual chain(const Dual& u, const Scalar& f, const Scalar& f1, const Scalar& f2);
  // f(u, w) with first partials fu, fw and second fuu, fuw, fww.
  Dual chain(const Dual& u, const Dual& w, const Scalar& f, const Scalar& fu, const Scalar& fw, const Scalar& fuu,
             const Scalar& fuw, const Scalar& fww);
  // f(args) given its partials d and dd (row-major) by the arguments: the fast form's
  // chain_rows, which adds d[a]·(row a) for each a, then dd[a][c]·(row a)(row c)ᵀ.
  Dual chain_rows(const Scalar& f, const std::vector<const Dual*>& args, const std::vector<Scalar>& d,
                  const std::vector<Scalar>& dd);
  // The reference form's chain_rows: the same sums over the arguments whose row is not null
  // (the others are constants, which it leaves out), its Hessian's terms in its order: for each
  // argument a, d[a]·(Hessian a) and then dd[a][c]·(row a)(row c)ᵀ for each c.
  Dual reference_rows(const Scalar& f, const std::vector<const Dual*>& args, const std::vector<Scalar>& d,
                      const std::vector<Scalar>& dd);
  // A Dual in fresh, unset C variables, for a result that the branches of an `if` set
  // (assign), and so leaves the blocks it is made in.
  Dual declare();
  // Copies `from` into the variables of `to`. from may name to's own variables (a register
  // computed from itself): what it reads is the value before the copy.
  void assign(const Dual& to, const Dual& from);
  // A declared Dual after the last branch that assigns it: a number every branch set to the
  // same constant is that constant, the others keep the facts that hold in every branch.
  Dual joined(const Dual& out);

 private:
  // r += c·u (Dual::add) and r += c·u·wᵀ (Dual::add_outer): a known zero c adds nothing.
  void add_scaled(Dual& r, const Dual& u, const Scalar& c);
  // The same over one part of them, the gradients or the Hessians.
  void add_scaled(std::vector<Scalar>& to, const std::vector<Scalar>& from, const Scalar& c);
  void add_outer(Dual& r, const Dual& u, const Dual& w, const Scalar& c);
  Dual result(const Scalar& v) const;  // v with zero derivatives, the Dual's `Dual r(f)`
  // A derivative term a·b of a product: a zero when one factor is a zero and the other finite
  // or guarded, of known sign when the other's sign is known too. Only derivatives are written
  // so, never values: a guarded value's infinity must still reach its test through the values
  // it feeds.
  Scalar term(const Scalar& a, const Scalar& b);
  // `expression` of the operands, as a C variable: the one already holding it where all the
  // operands are constants or `const` variables and the block it was written in is still open
  // (the same operation on the same numbers: the same bits), with the facts learnt there.
  Scalar pure(const std::string& expression, std::initializer_list<const Scalar*> operands);

  int lanes_, order_;
  bool checked_;
  bool reference_ = false;
  std::string failure_;  // empty: return fx_fail(error, message)
  bool fails_ = false;
  std::string body_;
  int depth_ = 1;
  int next_ = 0;
  bool inline_reads_mode_ = false;
  std::set<std::string> immutable_;                      // the `const double` variables
  std::set<std::string> opaque_;                         // the variables opaque() wrote
  std::map<std::string, std::string> definition_;        // a pure variable's expression
  std::map<std::string, std::vector<Scalar>> assigned_;  // a declared variable -> what each branch set
  // Per open block, the function's own first: expression -> the variable holding it.
  std::vector<std::map<std::string, Scalar>> held_ = std::vector<std::map<std::string, Scalar>>(1);
};

}  // namespace fexpr::codegen
