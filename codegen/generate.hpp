// C source for one compiled expression: a self-contained C99 function that computes what the
// interpreter computes, bit for bit, and optionally its gradient and Hessian.
//
// The input is a Program (eval/program.hpp). Its reference form (`code`) gives the operations,
// their order and the message of each domain error; the generated code follows it instruction
// by instruction, with IF as real jumps. The derivatives follow the fast form's arithmetic (the
// Dual numbers of eval/run.cpp, over the program's lanes), because that is what
// Expression::gradient and ::hessian return: the same products, sums and special cases (STEP
// and IMPACT with constant parameters, constant powers) in the same order. So the generated
// code exists only for programs the fast form differentiates; anything it cannot mirror yet
// (a model-bound measure, DELAY, a builtin without a C rule here) is an error at its place.
#pragma once

#include <fexpr/diagnostic.hpp>
#include <fexpr/expression.hpp>

#include <string>
#include <vector>

namespace fexpr::codegen {

struct Options {
  std::string name = "fexpr_function";  // the C function's name
  int order = 0;                        // 0 the value, 1 with the gradient, 2 with the Hessian
  bool checked = true;                  // keep the interpreter's domain and finiteness checks
};

struct Generated {
  std::string source;                   // empty when there were errors
  bool reads_mode = false;              // MODE is the last input, after the gradient's
  std::vector<Diagnostic> diagnostics;  // what the generator cannot translate, at its place
};

// text is the expression's source, quoted in comments beside each operation.
Generated generate_c(const Expression& expression, std::string_view text, const Options& options);

}  // namespace fexpr::codegen
