#include "codegen/dataset_calls.hpp"

#include "codegen/measures.hpp"

namespace fexpr::codegen {

DatasetCalls::DatasetCalls(const dataset::LoadedModel& model) : model_(model) { context_.set_bindings(this); }

CompileResult DatasetCalls::compile_function(const dataset::Argument& function) const {
  return compile(function.expression, context_, {function.expression_span.begin, model_.source.get()});
}

std::variant<Bindings::Resolved, Bindings::Rejected> DatasetCalls::resolve(
    std::string_view function, std::span<const std::optional<double>> arguments) const {
  std::lock_guard lock(mutex_);
  if (auto measure = kinematics::measure_from_name(function)) {
    if (!writes_measure(*measure))
      return Rejected{-1, Code::not_interpreted,
                      "fexpr codegen does not write " + std::string(function) + " yet; it writes " + written_measures() +
                          " (evaluate this expression with fexpr eval --model, or give the measure as a --var of fexpr codegen EXPR)"};
    auto resolved = model_.bindings->resolve_measure(function, arguments);
    if (auto* r = std::get_if<Resolved>(&*resolved)) measures_.insert(r->handle);
    return *resolved;
  }
  if (function == "VARVAL") return variable(arguments);
  // The dataset's own bindings say first whether the call is sound at all.
  auto dataset_says = model_.elements->resolve(function, arguments);
  if (auto* rejected = std::get_if<Rejected>(&dataset_says)) return *rejected;
  return Rejected{-1, Code::not_interpreted,
                  "fexpr codegen does not write " + std::string(function) +
                      " yet; of the dataset's functions it writes VARVAL and the measures " + written_measures()};
}

// VARVAL(id): the dataset's bindings check the reference (an undefined VARIABLE, a cycle, a user
// subroutine); the VARIABLE's FUNCTION is then compiled here, so that its own calls are these.
std::variant<Bindings::Resolved, Bindings::Rejected> DatasetCalls::variable(
    std::span<const std::optional<double>> arguments) const {
  auto checked = model_.elements->resolve("VARVAL", arguments);
  if (auto* rejected = std::get_if<Rejected>(&checked)) return *rejected;
  const long id = static_cast<long>(*arguments[0]);
  const auto* element = model_.elements->element("VARIABLE", id);
  auto compiled = compile_function(*element->function);
  if (!compiled) {
    inlined_diagnostics_.insert(inlined_diagnostics_.end(), compiled.diagnostics.begin(), compiled.diagnostics.end());
    return Rejected{-1, Code::not_interpreted,
                    "fexpr codegen cannot write " + element->label + " inline; see the error in it"};
  }
  const Inlined& inlined = inlined_.emplace_back(Inlined{element->function, std::move(*compiled.expression)});
  return Resolved{reinterpret_cast<std::uintptr_t>(&inlined), inlined.expression.derivative_names(), {}};
}

const char* DatasetCalls::evaluate(std::uintptr_t, const Inputs&, const double*, int, double*, double*,
                                   double*) const {
  return "this expression was compiled for fexpr codegen, not for evaluation";
}

std::optional<Dual> DatasetCalls::write(Writer& w, std::uintptr_t handle, std::span<const Dual> inputs, Span,
                                        const Options& options, std::vector<Diagnostic>& diagnostics) const {
  std::lock_guard lock(mutex_);
  if (measures_.contains(handle))
    return write_measure(w, *reinterpret_cast<const kinematics::MeasureCall*>(handle), model_.bindings->model(), inputs);
  const auto& inlined = *reinterpret_cast<const Inlined*>(handle);
  const Origin origin{this, inlined.function->expression_span.begin, {}};
  return generate_inline(w, inlined.expression, inlined.function->expression, inputs, options, origin, diagnostics);
}

}  // namespace fexpr::codegen
