// The builtins and operators the generator writes as C, each as the interpreter computes it: the
// fast form's own steps (eval/run.cpp), or the builtin table's rule (builtins/*.cpp, on Jets
// over the arguments) and then the fast form's chain rule; with the reference form's domain
// checks and messages.
#pragma once

#include "builtins/builtin.hpp"
#include "codegen/writer.hpp"

#include <optional>
#include <span>

namespace fexpr::codegen {

// An argument of a call: its Dual, and its value when it is a constant of the program.
struct Argument {
  Dual dual;
  std::optional<double> constant;
};

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
Dual power(Writer& w, const Dual& a, const Argument& e);
// The C helpers a power with a varying exponent calls.
const char* power_helpers();

}  // namespace fexpr::codegen
