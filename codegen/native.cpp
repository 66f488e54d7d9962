// compile_native: the generated value and gradient functions, with entry points that take the
// interpreter's Inputs as they are, built through the cache and loaded.
#include "codegen/generate.hpp"
#include "codegen/native_cache.hpp"
#include "eval/program.hpp"
#include "eval/usage_errors.hpp"

#include <fexpr/native.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <tuple>
#include <vector>

namespace fexpr {

namespace detail {
struct NativeLibrary {
  void* handle = nullptr;
  // The fully checked functions, run after the lean ones returned NaN: the value (or 0.0), and
  // *error set to the interpreter's message.
  double (*value_located)(double time, const double* variables, double mode, const char** error) = nullptr;
  double (*gradient_located)(double time, const double* variables, double mode, double* grad,
                             const char** error) = nullptr;
  ~NativeLibrary() {
    if (handle) dlclose(handle);
  }
};
}  // namespace detail

namespace {

// The entry points. The generated functions read one array, TIME, the variables, then MODE if
// read, filled on the stack, so a call allocates nothing. The hot entry runs the function that
// tests only what every failure reaches (Options::locate_errors false), inlined by flatten so
// that the array stays in registers, and returns NaN on a failure; the located entry, called
// only then, runs the one that tests every operation, for the interpreter's message. Where the lean
// value function leaves its result's finiteness to the entry (Options::test_result), that
// returns v - (v - v): v itself, bit for bit, when finite (v - v is +0), else NaN.
std::string entry_points(std::size_t n, bool reads_mode, bool value_untested) {
  // Written out rather than looped, so that at -O2 the compiler keeps the array in registers.
  std::string fill = "  double in[" + std::to_string(n + (reads_mode ? 1 : 0)) + "];\n  in[0] = time;\n";
  for (std::size_t k = 1; k < n; ++k)
    fill += "  in[" + std::to_string(k) + "] = variables[" + std::to_string(k - 1) + "];\n";
  fill += reads_mode ? "  in[" + std::to_string(n) + "] = mode;\n" : "  (void)variables;\n  (void)mode;\n";
  const std::string inputs = "double time, const double *variables, double mode";
  // NaN from a call the compiler cannot turn into a conditional move, which would put the
  // failure's constant on the path of every successful call.
  std::string s = "\nstatic __attribute__((cold, noinline)) double fx_failed(void) { return NAN; }\n";
  for (const auto& [what, grad, grad_arg] : {std::tuple<std::string, std::string, std::string>{"value", "", ""},
                                             {"gradient", ", double *grad", ", grad"}}) {
    s += "\n__attribute__((cold)) double fexpr_" + what + "_located(" + inputs + grad + ", const char **error) {\n" +
         fill + "  double v;\n  return fexpr_" + what + "(in, &v" + grad_arg + ", error) ? 0.0 : v;\n}\n"
         "\n__attribute__((flatten)) double fexpr_" + what + "_call(" + inputs + grad + ") {\n" + fill +
         "  double v;\n  if (fexpr_" + what + "_lean(in, &v" + grad_arg + ", 0)) { return fx_failed(); }\n  return " +
         (grad.empty() && value_untested ? "v - (v - v)" : "v") + ";\n}\n";
  }
  return s;
}

[[noreturn]] void fail(const Expression& expression, const char* message) {
  throw EvaluationError(Diagnostic{Severity::error, Code::domain, expression.program().whole, message});
}

}  // namespace

NativeResult compile_native(const Expression& expression) {
  NativeResult result;
  // No source text: the comments it would fill are not kept, and expressions that compile to
  // the same program share one object.
  const codegen::Generated value = codegen::generate_c(expression, {}, {"fexpr_value", 0, true});
  // No reference form in the C: after a failure the interpreter itself runs (gradient_failed).
  const codegen::Generated gradient =
      codegen::generate_c(expression, {}, {.name = "fexpr_gradient", .order = 1, .reference_form = false});
  for (const codegen::Generated* g : {&value, &gradient}) {
    if (g->source.empty()) {
      result.why_not = g->diagnostics.empty() ? "not generated" : g->diagnostics.front().message;
      return result;
    }
  }
  const std::size_t n = expression.derivative_count();
  // The entry points read n - 1 variables, which the checks of NativeExpression guarantee
  // only when the gradient's inputs are TIME and the variables, no model states.
  if (n != expression.variable_count() + 1) {
    result.why_not = "the expression reads model states; the compiled path takes TIME and variables only";
    return result;
  }
  std::filesystem::path object;
  const codegen::Generated lean = codegen::generate_c(expression, {}, {"fexpr_value_lean", 0, true, false, false});
  std::string source = value.source + gradient.source + lean.source +
                       codegen::generate_c(expression, {}, {.name = "fexpr_gradient_lean", .order = 1, .locate_errors = false,
                                                           .reference_form = false}).source +
                       entry_points(n, value.reads_mode, lean.result_untested);
  if (std::string error = codegen::cached_object(source, object); !error.empty()) {
    result.why_not = error;
    return result;
  }
  auto library = std::make_shared<detail::NativeLibrary>();
  library->handle = dlopen(object.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library->handle) {
    result.why_not = std::string("cannot load ") + object.string() + ": " + dlerror();
    return result;
  }
  auto value_call = reinterpret_cast<NativeExpression::ValueCall>(dlsym(library->handle, "fexpr_value_call"));
  auto gradient_call = reinterpret_cast<NativeExpression::GradientCall>(dlsym(library->handle, "fexpr_gradient_call"));
  library->value_located = reinterpret_cast<decltype(library->value_located)>(dlsym(library->handle, "fexpr_value_located"));
  library->gradient_located =
      reinterpret_cast<decltype(library->gradient_located)>(dlsym(library->handle, "fexpr_gradient_located"));
  if (!value_call || !gradient_call || !library->value_located || !library->gradient_located) {
    result.why_not = object.string() + " lacks its functions";
    return result;
  }
  result.expression.emplace(std::move(library), expression, value_call, gradient_call);
  return result;
}

NativeExpression::NativeExpression(std::shared_ptr<const detail::NativeLibrary> library, Expression expression,
                                   ValueCall value_call, GradientCall gradient_call)
    : library_(std::move(library)),
      expression_(std::move(expression)),
      variable_count_(expression_.variable_count()),
      derivative_count_(expression_.derivative_count()),
      value_(value_call),
      gradient_(gradient_call) {}

void NativeExpression::too_few_variables(std::size_t given) const {
  detail::too_few_variables(variable_count_, given);
}

void NativeExpression::gradient_too_short(std::size_t given) const {
  detail::too_short("gradient", derivative_count_, derivative_count_, given);
}

// After the lean function fails, the located one runs; should it succeed after all, its value
// stands. Where it fails too, the interpreter may not: after its fast form fails it evaluates
// again in its reference form, which this code is written without (Options::reference_form,
// to keep the compile short). So that failure is the interpreter's, with its result or message.
double NativeExpression::value_failed(const Inputs& in) const {
  const char* error = nullptr;
  const double out = library_->value_located(in.time, in.variables.data(), in.mode, &error);
  if (!error) return out;
  Workspace ws;
  try {
    return expression_.value(in, ws);
  } catch (const EvaluationError& e) {
    fail(expression_, e.diagnostic.message.c_str());
  }
}

double NativeExpression::gradient_failed(const Inputs& in, double* grad) const {
  const char* error = nullptr;
  const double out = library_->gradient_located(in.time, in.variables.data(), in.mode, grad, &error);
  if (!error) return out;
  Workspace ws;
  std::vector<double> interpreted(derivative_count_);
  try {
    const double value = expression_.gradient(in, ws, interpreted);
    std::copy(interpreted.begin(), interpreted.end(), grad);
    return value;
  } catch (const EvaluationError& e) {
    fail(expression_, e.diagnostic.message.c_str());
  }
}

}  // namespace fexpr
