// C source for one compiled expression: a self-contained C99 function that computes what the
// interpreter computes, bit for bit, and optionally its gradient and Hessian.
//
// The input is a Program (eval/program.hpp). Its reference form (`code`) gives the operations,
// their order and the message of each domain error; the generated code follows it instruction
// by instruction, with IF as real jumps. The derivatives follow the fast form's arithmetic (the
// Dual numbers of eval/run.cpp, over the program's lanes), because that is what
// Expression::gradient and ::hessian return: the same products, sums and special cases (STEP
// and IMPACT with constant parameters, constant powers) in the same order. Where that fails, the
// interpreter runs its reference form (its Differentiator: the table's rules for every call, the
// chain rule without the constant arguments); a second function follows it, which the first
// calls on a failure. A program with more inputs than the fast form takes is written in the
// reference form alone. Anything the generator cannot mirror yet (DELAY's past values, a builtin
// without a C rule here) is an error at its place.
//
// A program bound to a model (measures, VARVAL) is written only when Options::bound says what
// its calls mean (an Origin, codegen/dataset_calls.hpp): each call is then written out in terms of the part
// states, which become inputs after TIME. Those are not the interpreter's operations (it has
// closed forms and Eigen), so such code agrees to rounding, not bit for bit.
#pragma once

#include "codegen/writer.hpp"

#include <fexpr/diagnostic.hpp>
#include <fexpr/expression.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fexpr::codegen {

struct Options;

// What the calls of a model-bound program mean, for writing them out.
class BoundCalls {
 public:
  virtual ~BoundCalls() = default;
  // Writes the call with this handle (Bindings::Resolved::handle), whose derivative inputs
  // (Resolved::inputs) hold `inputs` and whose runtime arguments (Resolved::runtime_arguments,
  // in that order) are `arguments`; returns its value and gradient, or nullopt after adding to
  // `diagnostics` why it cannot, at `span`.
  virtual std::optional<Dual> write(Writer& w, std::uintptr_t handle, std::span<const Dual> inputs,
                                    std::span<const Dual> arguments, Span span, const Options& options,
                                    std::vector<Diagnostic>& diagnostics) const = 0;
};

struct Options {
  std::string name = "fexpr_function";  // the C function's name
  int order = 0;                        // 0 the value, 1 with the gradient, 2 with the Hessian
  bool checked = true;                  // keep the interpreter's domain and finiteness checks
  // With checked: false tests a value that only feeds +, -, * (or a numerator) in its block
  // through that reader's test, as the interpreter's fast form does (eval/program.hpp). Every
  // failure is still caught, with the same values on success, but its message may name a later
  // operation; the caller then runs the function written with true for the interpreter's.
  bool locate_errors = true;
  // With order 0: false leaves the finiteness of the result, when the last instruction computes
  // it, to the caller (a non-finite value is returned as it is; every other failure still
  // returns 1), which turns it into its own failure signal for less than the test costs.
  bool test_result = true;
  // With a derivative and checked: the fast form's failures run a second function that follows
  // the reference form, as the interpreter does. Off where the caller asks the interpreter itself
  // after a failure (compile_native), to keep its compile short.
  bool reference_form = true;
};

// The interpreter's message for an instruction whose value is not finite (eval/run.cpp).
inline constexpr const char* kOverflow = "result is too large (overflow to infinity)";

// The reference form's checks of a computed value in checked code: its value (unless `value`
// is false), then its gradient, then its Hessian, each where it is not known finite, with the
// interpreter's messages after `pre` ("'/': ").
void check_finite(Writer& w, const Dual& d, const std::string& pre, bool value = true);

// Where an expression of a dataset comes from.
struct Origin {
  const BoundCalls* calls = nullptr;  // what its model and element calls mean
  std::uint32_t offset = 0;           // where its text starts in the file (CompileOptions::offset)
  std::string label;                  // "FUNCTION= of SFORCE/1 (model.adm:12)", for the comment block
};

struct Generated {
  std::string source;                   // empty when there were errors
  bool reads_mode = false;              // MODE is the last input, after the gradient's
  bool result_untested = false;         // Options::test_result false took effect
  std::vector<Diagnostic> diagnostics;  // what the generator cannot translate, at its place
};

// text is the expression's source, quoted in comments beside each operation.
Generated generate_c(const Expression& expression, std::string_view text, const Options& options);
// The same for an expression of a dataset, whose model and element calls `origin` writes.
Generated generate_c(const Expression& expression, std::string_view text, const Options& options,
                     const Origin& origin);

// The expression written inline into w's function (VARVAL of a VARIABLE): its derivative
// inputs, in its gradient order, are `inputs`. Returns its Dual over w's lanes, or nullopt
// after adding to `diagnostics`.
std::optional<Dual> generate_inline(Writer& w, const Expression& expression, std::string_view text,
                                    std::span<const Dual> inputs, const Options& options, const Origin& origin,
                                    std::vector<Diagnostic>& diagnostics);

}  // namespace fexpr::codegen
