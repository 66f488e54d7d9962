// What the model and element calls of a dataset's expressions mean to fexpr codegen: the
// kinematic measures it writes out in terms of the part states (codegen/measures.hpp), VARVAL,
// whose VARIABLE it writes inline, DIF(id), the input DIFF/id, DIF1(id), whose DIFF's FUNCTION
// it writes inline, ARYVAL of an ARRAY with NUMBERS=, a constant, CUBSPL and AKISPL over a
// SPLINE (codegen/splines.hpp), and the element loads (SFORCE, SPDP, BUSH, FIELD, BEAM, VFORCE,
// VTORQ, GFORCE, FX..TM), PINVAL and POUVAL, which it writes inline from the expression the
// dataset's bindings compose them from. The DIFFs are the host's
// states, as the C API makes them (the model loaded with dataset::DiffValues::states): the
// inputs are TIME, every DIFF in dataset order, then the part states. An expression is compiled
// against these bindings only to be generated: each call is resolved as the dataset's own
// bindings resolve it (the same inputs, in the same order, so the generated function's inputs
// are the interpreter's gradient order), and what the generator cannot write is rejected where
// it is called, with what it does write. Expressions compiled against them are not for
// evaluation.
#pragma once

#include "codegen/generate.hpp"
#include "dataset/loaded_model.hpp"

#include <fexpr/bindings.hpp>

#include <deque>
#include <map>
#include <mutex>
#include <set>

namespace fexpr::codegen {

class DatasetCalls : public Bindings, public BoundCalls {
 public:
  // The model must outlive these bindings and every expression compiled with them.
  explicit DatasetCalls(const dataset::LoadedModel& model);

  // An element's FUNCTION= compiled against these bindings, its spans in the dataset's text.
  CompileResult compile_function(const dataset::Argument& function) const;
  // Errors met inside the VARIABLEs that VARVAL calls would inline, at their places.
  const std::vector<Diagnostic>& inlined_diagnostics() const { return inlined_diagnostics_; }

  std::variant<Resolved, Rejected> resolve(std::string_view function,
                                           std::span<const std::optional<double>> arguments) const override;
  const char* evaluate(std::uintptr_t handle, const Inputs& in, const double* arguments, int order, double* value,
                       double* grad, double* hess) const override;
  // A command file's object names mean what the model's own bindings make of them; a function
  // measure's value is its VARIABLE's, called through these bindings so that it is written.
  std::variant<double, Resolved, Rejected> resolve_name(std::string_view name) const override {
    auto named = model_.elements->resolve_name(name);
    if (!std::holds_alternative<Resolved>(named)) return named;
    const std::optional<double> id = object_id(name);
    auto r = resolve("VARVAL", std::span<const std::optional<double>>(&id, 1));
    if (auto* resolved = std::get_if<Resolved>(&r)) return std::move(*resolved);
    return std::get<Rejected>(std::move(r));
  }
  std::optional<double> object_id(std::string_view name) const override { return model_.elements->object_id(name); }

  std::optional<Dual> write(Writer& w, std::uintptr_t handle, std::span<const Dual> inputs,
                            std::span<const Dual> arguments, Span span, const Options& options,
                            std::vector<Diagnostic>& diagnostics) const override;

 private:
  struct Inlined {
    std::string text;      // the element's FUNCTION=, or the text a load is composed from
    std::uint32_t offset;  // where the text starts in the dataset
    bool composed;         // the text is not in the dataset: its errors are placed at the call
    Expression expression;
    std::string call;   // which call inlines it: "VARVAL", "BEAM"
    std::string label;  // "VARIABLE/3", for messages at the call
  };
  // VARVAL(id) or DIF1(id): the FUNCTION of the VARIABLE or DIFF, inline.
  std::variant<Resolved, Rejected> inline_function(std::string_view function, std::string_view element,
                                                   std::span<const std::optional<double>> arguments) const;
  // A load (BEAM, SFORCE(...), FX, ...), PINVAL or POUVAL: the text the dataset's bindings
  // compose it from, compiled here, so that its own calls are these, and written inline.
  std::variant<Resolved, Rejected> inline_composed(std::string_view function, std::string text) const;
  std::variant<Resolved, Rejected> diff_state(std::span<const std::optional<double>> arguments) const;
  std::variant<Resolved, Rejected> array_value(std::span<const std::optional<double>> arguments) const;
  std::variant<Resolved, Rejected> spline(std::string_view function,
                                          std::span<const std::optional<double>> arguments) const;

  const dataset::LoadedModel& model_;
  Context context_;
  mutable std::recursive_mutex mutex_;
  mutable std::set<std::uintptr_t> measures_;          // the model's handles of the measure calls
  mutable std::deque<Inlined> inlined_;                 // at stable addresses, their handles
  mutable std::map<std::uintptr_t, double> constants_;  // ARYVAL's values, by the dataset's handles
  mutable std::map<std::uintptr_t, dataset::ElementBindings::SplineCall> splines_;  // likewise the splines
  const char diff_state_ = 0;                           // its address: the handle of every DIF call
  mutable std::vector<Diagnostic> inlined_diagnostics_;
};

}  // namespace fexpr::codegen
