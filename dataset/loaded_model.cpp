#include "dataset/loaded_model.hpp"

#include "dataset/formats.hpp"

#include <fstream>
#include <iostream>
#include <sstream>
#include <utility>

namespace fexpr::dataset {

namespace {

std::unique_ptr<LoadedModel> read_and_build(SourceText source, std::optional<Format> format = std::nullopt) {
  auto m = std::make_unique<LoadedModel>();
  m->source = std::make_unique<SourceText>(std::move(source));
  m->dataset = read_any(*m->source, format);
  m->build = build_model(m->dataset);
  return m;
}

void bind(LoadedModel& m, DiffValues diffs, const Context& base) {
  m.state = std::make_unique<kinematics::State>(m.build.model);
  m.bindings = std::make_unique<kinematics::ModelBindings>(m.build.model);
  m.elements = std::make_unique<ElementBindings>(m.dataset, *m.source, *m.bindings, diffs, base);
}

}  // namespace

std::variant<std::unique_ptr<LoadedModel>, LoadFailure> load_model(SourceText source, DiffValues diffs,
                                                                   const Context& base) {
  auto m = read_and_build(std::move(source));
  std::vector<Diagnostic> errors;
  for (const auto* list : {&m->dataset.diagnostics, &m->build.diagnostics}) {
    for (const Diagnostic& d : *list) {
      if (d.severity == Severity::error) errors.push_back(d);
    }
  }
  if (!errors.empty()) return LoadFailure{std::move(m->source), std::move(errors)};
  bind(*m, diffs, base);
  return m;
}

std::unique_ptr<LoadedModel> build_loaded_model(SourceText source, std::optional<Format> format) {
  auto m = read_and_build(std::move(source), format);
  bind(*m, DiffValues::initial_conditions, {});
  return m;
}

std::unique_ptr<LoadedModel> loaded_model(SourceText source, Dataset dataset, ModelBuild build) {
  auto m = std::make_unique<LoadedModel>();
  m->source = std::make_unique<SourceText>(std::move(source));
  m->dataset = std::move(dataset);
  m->build = std::move(build);
  bind(*m, DiffValues::initial_conditions, {});
  return m;
}

std::optional<std::string> read_file(const std::string& path) {
  std::stringstream ss;
  if (path == "-") {
    ss << std::cin.rdbuf();
    return std::move(ss).str();
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::nullopt;
  ss << f.rdbuf();
  return std::move(ss).str();
}

std::optional<std::unique_ptr<LoadedModel>> load_model_text(const std::string& name, std::string text,
                                                            std::ostream& errors, DiffValues diffs) {
  auto loaded = load_model(SourceText(name, std::move(text)), diffs);
  if (auto* m = std::get_if<std::unique_ptr<LoadedModel>>(&loaded)) return std::move(*m);
  const auto& failure = std::get<LoadFailure>(loaded);
  for (const Diagnostic& d : failure.errors) errors << failure.source->render(d);
  return std::nullopt;
}

std::optional<std::unique_ptr<LoadedModel>> load_model(const std::string& path, std::ostream& errors,
                                                       DiffValues diffs) {
  auto text = read_file(path);
  if (!text) {
    errors << "fexpr: cannot read model '" << path << "'\n";
    return std::nullopt;
  }
  auto m = load_model_text(path, std::move(*text), errors, diffs);
  if (!m) errors << "fexpr: the model in '" << path << "' has errors; run 'fexpr check " << path << "'\n";
  return m;
}

}  // namespace fexpr::dataset
