#include "codegen/dataset_calls.hpp"

#include "codegen/measures.hpp"
#include "codegen/splines.hpp"

namespace fexpr::codegen {

DatasetCalls::DatasetCalls(const dataset::LoadedModel& model) : model_(model), context_(model.elements->context()) {
  context_.set_bindings(this);
}

CompileResult DatasetCalls::compile_function(const dataset::Argument& function) const {
  return compile(function.expression, context_, {function.expression_span.begin, model_.source.get()});
}

std::variant<Bindings::Resolved, Bindings::Rejected> DatasetCalls::resolve(
    std::string_view function, std::span<const std::optional<double>> arguments) const {
  std::lock_guard lock(mutex_);
  if (kinematics::measure_from_name(function)) {
    auto resolved = model_.bindings->resolve_measure(function, arguments);
    if (auto* r = std::get_if<Resolved>(&*resolved)) measures_.insert(r->handle);
    return *resolved;
  }
  if (function == "VARVAL") return inline_function(function, "VARIABLE", arguments);
  if (function == "DIF1") return inline_function(function, "DIFF", arguments);
  if (function == "DIF") return diff_state(arguments);
  if (function == "ARYVAL") return array_value(arguments);
  if (function == "CUBSPL" || function == "AKISPL") return spline(function, arguments);
  // The dataset's own bindings say first whether the call is sound at all.
  auto dataset_says = model_.elements->resolve(function, arguments);
  if (auto* rejected = std::get_if<Rejected>(&dataset_says)) return *rejected;
  if (auto text = model_.elements->composed_text(function, arguments)) return inline_composed(function, std::move(*text));
  return Rejected{-1, Code::not_interpreted,
                  "fexpr codegen does not write " + std::string(function) +
                      " yet; of the dataset's functions it writes VARVAL, DIF, DIF1, ARYVAL, CUBSPL, AKISPL, PINVAL, "
                      "POUVAL, the element loads (SFORCE, SPDP, BUSH, FIELD, BEAM, VFORCE, VTORQ, GFORCE, FX..TM) and "
                      "the measures " +
                      written_measures()};
}

namespace {

// An inlined element with an error, said at the call; the error itself is said inside it.
std::string cannot_inline(const std::string& label) {
  return "fexpr codegen cannot write " + label + " inline; see the error in it";
}

// Loaded with its DIFFs at their initial conditions, a dataset's DIF and DIF1 are constants to
// the interpreter, and the DIFFs are not among the inputs that the code would be given.
std::optional<Bindings::Rejected> without_diff_states(const Context& context, std::string_view function, long id) {
  if (context.variable_slot("DIFF/" + std::to_string(id))) return std::nullopt;
  return Bindings::Rejected{-1, Code::not_interpreted,
                            "fexpr codegen writes " + std::string(function) +
                                " over the DIFF states, and this dataset was loaded with its DIFFs at their initial "
                                "conditions (load it with dataset::DiffValues::states)"};
}

}  // namespace

// VARVAL(id), DIF1(id): the dataset's bindings check the reference (an undefined element, a
// cycle, a user subroutine, an IMPLICIT DIFF); the element's FUNCTION is then compiled here, so
// that its own calls are these.
std::variant<Bindings::Resolved, Bindings::Rejected> DatasetCalls::inline_function(
    std::string_view function, std::string_view element, std::span<const std::optional<double>> arguments) const {
  auto checked = model_.elements->resolve(function, arguments);
  if (auto* rejected = std::get_if<Rejected>(&checked)) return *rejected;
  const long id = static_cast<long>(*arguments[0]);
  if (element == "DIFF")
    if (auto rejected = without_diff_states(context_, function, id)) return *rejected;
  const auto* e = model_.elements->element(element, id);
  auto compiled = compile_function(*e->function);
  if (!compiled) {
    inlined_diagnostics_.insert(inlined_diagnostics_.end(), compiled.diagnostics.begin(), compiled.diagnostics.end());
    return Rejected{-1, Code::not_interpreted, cannot_inline(e->label)};
  }
  const Inlined& inlined = inlined_.emplace_back(Inlined{e->function->expression, e->function->expression_span.begin,
                                                        false, std::move(*compiled.expression), std::string(function),
                                                        e->label});
  return Resolved{reinterpret_cast<std::uintptr_t>(&inlined), inlined.expression.derivative_names(), {}};
}

std::variant<Bindings::Resolved, Bindings::Rejected> DatasetCalls::inline_composed(std::string_view function,
                                                                                  std::string text) const {
  auto compiled = compile(text, context_);
  if (!compiled)
    return Rejected{-1, Code::not_interpreted,
                    "fexpr codegen cannot write " + std::string(function) + " inline: " +
                        compiled.diagnostics.front().message};
  const Inlined& inlined = inlined_.emplace_back(
      Inlined{std::move(text), 0, true, std::move(*compiled.expression), std::string(function), std::string(function)});
  return Resolved{reinterpret_cast<std::uintptr_t>(&inlined), inlined.expression.derivative_names(), {}};
}

// DIF(id): the input DIFF/id, as the interpreter reads it.
std::variant<Bindings::Resolved, Bindings::Rejected> DatasetCalls::diff_state(
    std::span<const std::optional<double>> arguments) const {
  auto checked = model_.elements->resolve("DIF", arguments);
  if (auto* rejected = std::get_if<Rejected>(&checked)) return *rejected;
  const long id = static_cast<long>(*arguments[0]);
  if (auto rejected = without_diff_states(context_, "DIF", id)) return *rejected;
  return Resolved{reinterpret_cast<std::uintptr_t>(&diff_state_), {"DIFF/" + std::to_string(id)}, {}};
}

// ARYVAL(id, n) of an ARRAY with NUMBERS=: the dataset's bindings refuse the rest (no NUMBERS=,
// n outside, an entry that is not a number) and give the constant, which is read from them, so
// that it is the interpreter's to the bit.
std::variant<Bindings::Resolved, Bindings::Rejected> DatasetCalls::array_value(
    std::span<const std::optional<double>> arguments) const {
  auto checked = model_.elements->resolve("ARYVAL", arguments);
  auto* resolved = std::get_if<Resolved>(&checked);
  if (!resolved) return checked;
  double value = 0.0;
  model_.elements->evaluate(resolved->handle, Inputs{}, nullptr, 0, &value, nullptr, nullptr);  // a constant never fails
  constants_.emplace(resolved->handle, value);
  return Resolved{resolved->handle, {}, {}};
}

// CUBSPL, AKISPL: the dataset's bindings check the call (the SPLINE, iord, a surface's iord)
// and say what it computes, over the interpreter's own spline.
std::variant<Bindings::Resolved, Bindings::Rejected> DatasetCalls::spline(
    std::string_view function, std::span<const std::optional<double>> arguments) const {
  auto checked = model_.elements->resolve(function, arguments);
  if (auto* resolved = std::get_if<Resolved>(&checked))
    splines_.emplace(resolved->handle, *model_.elements->spline_call(resolved->handle));
  return checked;
}

const char* DatasetCalls::evaluate(std::uintptr_t, const Inputs&, const double*, int, double*, double*,
                                   double*) const {
  return "this expression was compiled for fexpr codegen, not for evaluation";
}

std::optional<Dual> DatasetCalls::write(Writer& w, std::uintptr_t handle, std::span<const Dual> inputs,
                                        std::span<const Dual> arguments, Span span, const Options& options,
                                        std::vector<Diagnostic>& diagnostics) const {
  std::lock_guard lock(mutex_);
  if (handle == reinterpret_cast<std::uintptr_t>(&diff_state_)) {
    // The interpreter tests each call's value; the DIFF states, unlike the part states, are
    // not tested on entry.
    if (options.checked) w.fail_if("!isfinite(" + text(inputs[0].v) + ")", kOverflow);
    return inputs[0];
  }
  if (auto constant = constants_.find(handle); constant != constants_.end()) return w.constant(constant->second);
  if (auto spline = splines_.find(handle); spline != splines_.end()) return write_spline(w, spline->second, arguments);
  if (measures_.contains(handle))
    return write_measure(w, *reinterpret_cast<const kinematics::MeasureCall*>(handle), model_.bindings->model(), inputs);
  const auto& inlined = *reinterpret_cast<const Inlined*>(handle);
  const Origin origin{this, inlined.offset, {}};
  const std::size_t before = diagnostics.size();
  auto written = generate_inline(w, inlined.expression, inlined.text, inputs, options, origin, diagnostics);
  if (diagnostics.size() == before) return written;
  if (inlined.composed) {
    for (std::size_t k = before; k < diagnostics.size(); ++k) {
      diagnostics[k].span = span;
      diagnostics[k].message += " (in the expression fexpr composes " + inlined.call + " from: " + inlined.text + ")";
    }
  } else {
    diagnostics.push_back({Severity::error, Code::not_interpreted, span,
                           cannot_inline(inlined.label)});
  }
  return written;
}

}  // namespace fexpr::codegen
