// The builtins and operators the generator writes as C, each as the interpreter computes it: the
// fast form's own steps (eval/run.cpp), or the builtin table's rule (builtins/*.cpp, on Jets
// over the arguments) and then the fast form's chain rule; with the reference form's domain
// checks and messages.
#pragma once

#include "builtins/builtin.hpp"
#include "codegen/writer.hpp"

#include <optional>
#include <span>
#include <vector>

namespace fexpr::codegen {

// An argument of a call: its Dual, and its value when it is a constant of the program.
struct Argument {
  Dual dual;
  std::optional<double> constant;
};

// The rows of a call's chain rule: each argument's Dual, or in the reference form null for a
// constant, which its chain rule leaves out (eval/run.cpp, varying_arguments).
std::vector<const Dual*> rows_of(const Writer& w, std::span<const Argument> args);
// A call's result from its value f and partials d, dd (row-major) in its arguments: the fast
// form's chain_rows, or the reference form's over the arguments that are not constants.
Dual chained(Writer& w, const Scalar& f, std::span<const Argument> args, const std::vector<Scalar>& d,
             const std::vector<Scalar>& dd);

// The reference form's operators (eval/run.cpp, Differentiator): a sum or difference lane by
// lane; -a and a copy with +0 added to each derivative (-1·a + 0, 1·a + 0); and a·b, a/b and
// a·a as calls, through the chain rule over the operands that are not constants.
Dual reference_sum(Writer& w, const Dual& a, const Dual& b, bool difference);
Dual reference_copy(Writer& w, const Dual& a, bool negated);
Dual reference_product(Writer& w, const Argument& a, const Argument& b);
Dual reference_quotient(Writer& w, const Argument& a, const Argument& b);
Dual reference_square(Writer& w, const Argument& a);

// f at the arguments, its checks written before it; nullopt when f has no C rule here.
std::optional<Dual> math_function(Writer& w, const builtins::Builtin& f, std::span<const Argument> args);
std::optional<Dual> step_function(Writer& w, const builtins::Builtin& f, std::span<const Argument> args);
std::optional<Dual> series_function(Writer& w, const builtins::Builtin& f, std::span<const Argument> args);
// A contact force f kept on its pushing side (the sign of sense), else 0.
Dual pushing(Writer& w, const Dual& f, double sense);
// IMPACT (bistop false) and BISTOP with parameters that vary.
Dual general_contact(Writer& w, const builtins::Builtin& f, std::span<const Argument> args, bool bistop);

// a**e as power_value in eval/run.cpp computes it: the constant exponents by multiplication
// and sqrt, the others by pow (or, for an exponent only known at run time, by fx_power_value,
// which power_helpers() defines).
Scalar power_value(Writer& w, const Scalar& a, double e);
Scalar power_value(Writer& w, const Scalar& a, const Scalar& e);
// The operator a**e with its checks ('**' messages); e.constant when the exponent is one.
Dual power(Writer& w, const Argument& a, const Argument& e);
// The C helpers a power with a varying exponent calls.
const char* power_helpers();

}  // namespace fexpr::codegen
