// compile_native: the generated value and gradient functions, with entry points that take the
// interpreter's Inputs as they are, built through the cache and loaded.
#include "codegen/generate.hpp"
#include "codegen/native_cache.hpp"
#include "eval/program.hpp"
#include "eval/usage_errors.hpp"

#include <fexpr/native.hpp>

#include <dlfcn.h>

namespace fexpr {

namespace detail {
struct NativeLibrary {
  void* handle = nullptr;
  ~NativeLibrary() {
    if (handle) dlclose(handle);
  }
};
}  // namespace detail

namespace {

// The generated functions read one array, TIME, the variables, then MODE if read. The entry
// points fill it on their own stack, sized here, so a call allocates nothing and the C compiler
// inlines the function into its entry point.
std::string entry_points(std::size_t n, bool reads_mode) {
  const std::string size = std::to_string(n + (reads_mode ? 1 : 0)), variables = std::to_string(n - 1);
  std::string fill = "  double in[" + size + "];\n  in[0] = time;\n";
  if (n > 1) fill += "  for (int k = 0; k < " + variables + "; ++k) in[1 + k] = variables[k];\n";
  fill += reads_mode ? "  in[" + std::to_string(n) + "] = mode;\n" : "  (void)variables;\n  (void)mode;\n";
  return "\nint fexpr_value_call(double time, const double *variables, double mode, double *value, "
         "const char **error) {\n" + fill + "  return fexpr_value(in, value, error);\n}\n"
         "\nint fexpr_gradient_call(double time, const double *variables, double mode, double *value, double *grad, "
         "const char **error) {\n" + fill + "  return fexpr_gradient(in, value, grad, error);\n}\n";
}

}  // namespace

NativeResult compile_native(const Expression& expression) {
  NativeResult result;
  // No source text: the comments it would fill are not kept, and expressions that compile to
  // the same program share one object.
  const codegen::Generated value = codegen::generate_c(expression, {}, {"fexpr_value", 0, true});
  const codegen::Generated gradient = codegen::generate_c(expression, {}, {"fexpr_gradient", 1, true});
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
  const std::string source = value.source + gradient.source + entry_points(n, value.reads_mode);
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
  if (!value_call || !gradient_call) {
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

void NativeExpression::fail(const char* message) const {
  throw EvaluationError(Diagnostic{Severity::error, Code::domain, expression_.program().whole, message});
}

}  // namespace fexpr
