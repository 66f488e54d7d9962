// The C API of the compiled path (fexpr::compile_native), in the C API's manner: checked
// arguments, statuses, the thread's last error.
#include "capi/errors.hpp"
#include "capi/handles.hpp"

#include <fexpr/fexpr.h>
#include <fexpr/native.hpp>

#include <span>
#include <string>

struct fexpr_native {
  fexpr::NativeExpression native;
  // The expression's text, for the line and column of evaluation errors.
  fexpr_expression placed;
};

namespace {

using namespace fexpr;
using capi::fail;
using capi::guarded;
using capi::usage;

// The evaluation calls differ only in the call `run` makes on the inputs.
template <class Run>
fexpr_status call(const char* function, const fexpr_native* f, double time, const double* variables, std::size_t n,
                  double mode, double* value, Run run) {
  return guarded([&] {
    const auto misuse = [&](const std::string& why) { return usage(std::string(function) + ": " + why); };
    if (!f) return misuse("native is NULL");
    if (!value) return misuse("value is NULL");
    if (!variables && n > 0) return misuse("variables is NULL but n is " + std::to_string(n));
    if (n < f->native.variable_count()) {
      return misuse("the expression was compiled with " + std::to_string(f->native.variable_count()) +
                    " variables, got " + std::to_string(n));
    }
    Inputs in;
    in.time = time;
    in.mode = mode;
    in.variables = std::span<const double>(variables, n);
    try {
      *value = run(in);
    } catch (const EvaluationError& err) {
      return capi::place_of(FEXPR_DOMAIN_ERROR, err.diagnostic, f->placed);
    }
    return FEXPR_OK;
  });
}

}  // namespace

extern "C" {

fexpr_status fexpr_compile_native(const fexpr_expression* expression, fexpr_native** native) {
  return guarded([&] {
    if (!expression) return usage("fexpr_compile_native: expression is NULL");
    if (!native) return usage("fexpr_compile_native: native is NULL");
    NativeResult compiled = compile_native(expression->expression);
    if (!compiled) return fail(FEXPR_NOT_COMPILED, compiled.why_not);
    *native = new fexpr_native{std::move(*compiled.expression), *expression};
    return FEXPR_OK;
  });
}

void fexpr_native_destroy(fexpr_native* native) { delete native; }

fexpr_status fexpr_native_evaluate(const fexpr_native* native, double time, const double* variables, size_t n,
                                   double mode, double* value) {
  return call("fexpr_native_evaluate", native, time, variables, n, mode, value,
              [&](const Inputs& in) { return native->native.value(in); });
}

fexpr_status fexpr_native_gradient(const fexpr_native* native, double time, const double* variables, size_t n,
                                   double mode, double* value, double* grad, size_t grad_size) {
  return guarded([&] {
    if (!grad) return usage("fexpr_native_gradient: grad is NULL");
    if (native && grad_size < native->native.derivative_count()) {
      return usage("fexpr_native_gradient: grad holds " + std::to_string(grad_size) + " values; the gradient has " +
                   std::to_string(native->native.derivative_count()) + " (fexpr_expression_derivative_count)");
    }
    return call("fexpr_native_gradient", native, time, variables, n, mode, value,
                [&](const Inputs& in) { return native->native.gradient(in, std::span<double>(grad, grad_size)); });
  });
}

}  // extern "C"
