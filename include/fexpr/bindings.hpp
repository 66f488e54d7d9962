// How kinematic and element functions (DX, VR, VARVAL, CUBSPL, ...) get their meaning: the
// compiler asks the Bindings to resolve each call once, and the evaluator asks them for the
// value and derivatives of the resolved call at each evaluation.
#pragma once

#include <fexpr/diagnostic.hpp>
#include <fexpr/expression.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fexpr {

class Bindings {
 public:
  virtual ~Bindings() = default;

  struct Resolved {
    // Opaque to the evaluator; typically the address of what the bindings keep for the call,
    // so that evaluation needs no lookup and no lock.
    std::uintptr_t handle = 0;
    // The derivative inputs the call reads, named as in Expression::derivative_names()
    // ("TIME", "x", "PART/2.x").
    std::vector<std::string> inputs;
    // The arguments whose values the call reads at each evaluation (CUBSPL's x), by index;
    // every other argument had to be a constant and was consumed by resolve().
    std::vector<std::size_t> runtime_arguments;
    // Optionally, in place of `inputs` (then left empty): the same names in a list the bindings
    // keep, unchanged, for as long as they live. Calls that read the same inputs (a model's
    // measures of the same parts) give the same list, which the compiler then knows by its
    // address: nothing is copied and no name compared again.
    const std::vector<std::string>* shared_inputs = nullptr;
    // The inputs' names, wherever they are kept.
    const std::vector<std::string>& input_names() const { return shared_inputs ? *shared_inputs : inputs; }
  };
  struct Rejected {
    int argument = -1;  // index of the offending argument, or -1 for the whole call
    Code code = Code::reference;
    std::string message;
  };

  // Called at compile time with the function's upper-case name and its arguments: the value
  // of each argument the compiler could reduce to a constant, nullopt for the others.
  virtual std::variant<Resolved, Rejected> resolve(std::string_view function,
                                                   std::span<const std::optional<double>> arguments) const = 0;

  // Value (order 0), gradient (order >= 1) and row-major Hessian (order 2) of a resolved
  // call, with respect to its inputs followed by its runtime arguments, whose values are in
  // `arguments`. grad and hess arrive zero-filled. Returns nullptr, or a static message for
  // an evaluation error. Must not allocate: it runs in solver loops.
  virtual const char* evaluate(std::uintptr_t handle, const Inputs& in, const double* arguments, int order,
                               double* value, double* grad, double* hess) const = 0;

  // An Adams View object name written in an expression (.model.PART_2.MARKER_1, or one relative
  // to the model, such as PART_2.MARKER_1): the bindings of a model read from a command file give
  // it its meaning. A number where the name stands for one (a marker's id as DX's argument, a
  // design variable's value), or a resolved value (a function measure's, which varies). The
  // default: no object has a name.
  virtual std::variant<double, Resolved, Rejected> resolve_name(std::string_view name) const {
    return Rejected{-1, Code::name,
                    "Adams View object name '" + std::string(name) +
                        "' cannot be resolved here; Adams Solver datasets refer to markers and elements by id"};
  }

  // The id of the object a name names, whatever the name stands for in arithmetic: what an
  // argument that takes an id reads (VARVAL(.model.measure) reads the VARIABLE that a function
  // measure is, where .model.measure alone is its value). nullopt where no object has the name.
  virtual std::optional<double> object_id(std::string_view /*name*/) const { return std::nullopt; }

  // Optionally, a resolved call without runtime arguments as a plain function, which the
  // evaluator (its machine code and its fast form) calls for a value instead of evaluate(): a
  // virtual call and a dispatch less per call. function(data, in) must be
  // evaluate()'s order-0 value bit for bit, or NaN where evaluate() reports an error (the
  // evaluator then calls evaluate() for the message). It must not throw or allocate, and data
  // must stay valid as long as the bindings. The default, {}, means evaluate() is called.
  struct ValueFunction {
    using Function = double (*)(const void* data, const Inputs& in) noexcept;
    Function function = nullptr;
    const void* data = nullptr;
  };
  virtual ValueFunction value_function(std::uintptr_t /*handle*/) const { return {}; }
};

}  // namespace fexpr
