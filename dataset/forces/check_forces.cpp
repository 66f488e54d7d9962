#include "dataset/forces/check_forces.hpp"

#include "dataset/forces/force_loads.hpp"
#include "dataset/forces/linear_loads_bound.hpp"
#include "dataset/forces/parameters.hpp"

namespace fexpr::dataset {

std::optional<Diagnostic> check_force_element(const Statement& s, ElementBindings& elements, const SourceText& source,
                                              const kinematics::State& state, Workspace& ws) {
  if (!s.id || (s.name != "SPRINGDAMPER" && s.name != "BUSHING" && s.name != "FIELD" && s.name != "BEAM"))
    return std::nullopt;
  // The law alone, without writing the texts the bound makes unneeded.
  auto law = read_force_element(s, elements.model(), elements.floating_markers(), false);
  if (const auto* e = std::get_if<ForceElement>(&law); e && loads_certainly_finite(*e, elements.model(), state))
    return std::nullopt;
  auto made = force_check(s, elements, source);
  if (auto* d = std::get_if<Diagnostic>(&made)) return *d;
  Inputs in;
  in.state = &state;
  try {
    for (const Expression& e : std::get<std::vector<Expression>>(made)) e.value(in, ws);
  } catch (const EvaluationError& e) {
    // As for expressions: the initial state is before assembly, where markers may coincide.
    return Diagnostic{Severity::warning, e.diagnostic.code, s.name_span,
                      "at the dataset's initial state, before assembly, " + element_label(s) +
                          " cannot be evaluated: " + e.diagnostic.message};
  }
  return std::nullopt;
}

}  // namespace fexpr::dataset
