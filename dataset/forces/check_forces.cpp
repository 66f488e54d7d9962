#include "dataset/forces/check_forces.hpp"

#include "dataset/forces/force_loads.hpp"
#include "dataset/forces/parameters.hpp"

namespace fexpr::dataset {

std::vector<Diagnostic> check_force_elements(const Dataset& dataset, ElementBindings& elements,
                                             const kinematics::Model& model, const SourceText& source,
                                             const kinematics::State& state) {
  std::vector<Diagnostic> out;
  const auto& floating = elements.floating_markers();
  Inputs in;
  in.state = &state;
  Workspace ws;
  for (const Statement& s : dataset.statements) {
    if (!s.id || (s.name != "SPRINGDAMPER" && s.name != "BUSHING" && s.name != "FIELD" && s.name != "BEAM")) continue;
    auto made = force_check(s, elements, model, source, floating);
    if (auto* d = std::get_if<Diagnostic>(&made)) {
      out.push_back(*d);
      continue;
    }
    try {
      for (const Expression& e : std::get<std::vector<Expression>>(made)) e.value(in, ws);
    } catch (const EvaluationError& e) {
      // As for expressions: the initial state is before assembly, where markers may coincide.
      out.push_back({Severity::warning, e.diagnostic.code, s.name_span,
                     "at the dataset's initial state, before assembly, " + element_label(s) +
                         " cannot be evaluated: " + e.diagnostic.message});
    }
  }
  return out;
}

}  // namespace fexpr::dataset
