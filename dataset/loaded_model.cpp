#include "dataset/loaded_model.hpp"

#include <utility>

namespace fexpr::dataset {

std::variant<std::unique_ptr<LoadedModel>, LoadFailure> load_model(SourceText source, DiffValues diffs,
                                                                   const Context& base) {
  auto m = std::make_unique<LoadedModel>();
  m->source = std::make_unique<SourceText>(std::move(source));
  m->dataset = read(*m->source);
  m->build = build_model(m->dataset);
  std::vector<Diagnostic> errors;
  for (const auto* list : {&m->dataset.diagnostics, &m->build.diagnostics}) {
    for (const Diagnostic& d : *list) {
      if (d.severity == Severity::error) errors.push_back(d);
    }
  }
  if (!errors.empty()) return LoadFailure{std::move(m->source), std::move(errors)};
  m->state = std::make_unique<kinematics::State>(m->build.model);
  m->bindings = std::make_unique<kinematics::ModelBindings>(m->build.model);
  m->elements = std::make_unique<ElementBindings>(m->dataset, *m->source, *m->bindings, diffs, base);
  return m;
}

}  // namespace fexpr::dataset
