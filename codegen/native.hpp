// The compiled path: an expression's generated C (generate.hpp), built by the system C compiler
// into a shared object and loaded, called with the interpreter's inputs and giving its results
// bit for bit. Objects live in a cache folder ($FEXPR_CACHE, else $XDG_CACHE_HOME/fexpr, else
// ~/.cache/fexpr) under a hash of the source and the compiler, so a restart finds them; each is
// written under a private name and renamed into place, so processes and threads building the
// same expression at once each load a complete one. Where no compiler is found, compile_native
// says why and the caller keeps the interpreter.
#pragma once

#include <fexpr/expression.hpp>

#include <memory>
#include <optional>
#include <span>
#include <string>

namespace fexpr::codegen {

class NativeFunction {
 public:
  struct Library;
  NativeFunction(std::shared_ptr<const Library> library, const Expression& expression, bool reads_mode);

  // As Expression::value and ::gradient: an EvaluationError (at the whole expression) where the
  // interpreter reports one, with its message. Safe to call from several threads at once.
  double value(const Inputs& in) const;
  double gradient(const Inputs& in, std::span<double> grad) const;

 private:
  std::vector<double> inputs(const Inputs& in) const;
  [[noreturn]] void fail(const char* message) const;

  std::shared_ptr<const Library> library_;
  Expression expression_;
  bool reads_mode_;
};

struct NativeResult {
  std::optional<NativeFunction> function;
  std::string why_not;  // when there is no function: no compiler, a construct not generated, ...
};

// text is the expression's source, for the comments of the generated C.
NativeResult compile_native(const Expression& expression, std::string_view text);

}  // namespace fexpr::codegen
