// The compiled path: an expression turned into C by fexpr codegen, built by the system C compiler
// into a shared object and loaded, with the interpreter's value and gradient, bit for bit.
//
//   auto native = fexpr::compile_native(*compiled.expression);
//   if (!native) std::cerr << native.why_not << '\n';            // keep the interpreter
//   else force = native.expression->gradient(in, grad);          // no Workspace needed
//
// Building takes a C compiler run (0.2-0.5 s in bench/README.md) the first time an expression is
// seen; the object is kept in a cache folder ($FEXPR_CACHE, else $XDG_CACHE_HOME/fexpr, else
// ~/.cache/fexpr) under a hash of the C source, the compiler and its flags, so a later process
// loads it in about a millisecond. The compiler is $CC when set, else cc.
#pragma once

#include <fexpr/expression.hpp>

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fexpr {

namespace detail {
struct NativeLibrary;
}

// A compiled expression's native code: immutable, cheap to copy, safe to call from several
// threads at once. It keeps its shared object loaded as long as a copy exists.
class NativeExpression {
 public:
  // The generated functions: TIME, the variables and MODE in; the value returned in a register,
  // and the gradient written. NaN is the failure signal, since a value the interpreter returns
  // is always finite; grad is then left as it was.
  using ValueCall = double (*)(double time, const double* variables, double mode);
  using GradientCall = double (*)(double time, const double* variables, double mode, double* grad);

  NativeExpression(std::shared_ptr<const detail::NativeLibrary> library, Expression expression, ValueCall value_call,
                   GradientCall gradient_call);

  // The interpreted expression it was compiled from, and its derivative inputs (TIME and the
  // variables, in gradient order).
  const Expression& expression() const { return expression_; }
  const std::vector<std::string>& derivative_names() const { return expression_.derivative_names(); }
  std::size_t derivative_count() const { return derivative_count_; }
  std::size_t variable_count() const { return variable_count_; }

  // As Expression::value and ::gradient, and inline so that a call costs what a host's own
  // function called through a pointer costs. EvaluationError where the interpreter reports one,
  // with its message (placed at the whole expression); UsageError for fewer variables than
  // variable_count() or a gradient span shorter than derivative_count(). grad is left as it
  // was on any error. Inputs::state is not read: an expression that reads a model is not compiled.
  double value(const Inputs& in) const {
    if (in.variables.size() < variable_count_) [[unlikely]]
      too_few_variables(in.variables.size());
    const double out = value_(in.time, in.variables.data(), in.mode);
    if (failed(out)) [[unlikely]]
      return value_failed(in);
    return out;
  }
  double gradient(const Inputs& in, std::span<double> grad) const {
    if (in.variables.size() < variable_count_) [[unlikely]]
      too_few_variables(in.variables.size());
    if (grad.size() < derivative_count_) [[unlikely]]
      gradient_too_short(grad.size());
    const double out = gradient_(in.time, in.variables.data(), in.mode, grad.data());
    if (failed(out)) [[unlikely]]
      return gradient_failed(in, grad.data());
    return out;
  }

 private:
  [[noreturn]] void too_few_variables(std::size_t given) const;
  [[noreturn]] void gradient_too_short(std::size_t given) const;
  // Whether a call returned NaN. Where the host assumes no NaN (-ffast-math,
  // -ffinite-math-only), which would fold std::isnan to false, its bits are tested.
  static bool failed(double v) {
#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
    return (std::bit_cast<std::uint64_t>(v) << 1) > (std::uint64_t{0x7ff} << 53);
#else
    return std::isnan(v);
#endif
  }
  // After a NaN: the fully checked function, for the interpreter's message.
  double value_failed(const Inputs& in) const;
  double gradient_failed(const Inputs& in, double* grad) const;

  std::shared_ptr<const detail::NativeLibrary> library_;
  Expression expression_;
  std::size_t variable_count_;
  std::size_t derivative_count_;
  ValueCall value_;
  GradientCall gradient_;
};

struct NativeResult {
  std::optional<NativeExpression> expression;
  // Why there is none: no C compiler, a construct the generator does not write (its message),
  // the compiler failed (its output), the cache folder cannot be written.
  std::string why_not;
  explicit operator bool() const { return expression.has_value(); }
};

// Generates the expression's value and gradient functions, builds them (or finds them in the
// cache) and loads them. Safe to call from several threads and processes at once.
NativeResult compile_native(const Expression& expression);

}  // namespace fexpr
