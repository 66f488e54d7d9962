#include "cli/loaded_model.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

namespace fexpr::cli {

std::optional<std::string> read_file(const std::string& path) {
  std::stringstream ss;
  if (path == "-") {
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::nullopt;
  ss << f.rdbuf();
  return ss.str();
}

std::unique_ptr<LoadedModel> build_loaded_model(std::unique_ptr<SourceText> source) {
  auto m = std::make_unique<LoadedModel>();
  m->source = std::move(source);
  m->dataset = dataset::read(*m->source);
  m->build = dataset::build_model(m->dataset);
  m->state = std::make_unique<kinematics::State>(m->build.model);
  m->bindings = std::make_unique<kinematics::ModelBindings>(m->build.model);
  m->elements = std::make_unique<dataset::ElementBindings>(m->dataset, *m->source, *m->bindings);
  return m;
}

std::optional<std::unique_ptr<LoadedModel>> load_model(const std::string& path, std::ostream& errors) {
  auto text = read_file(path);
  if (!text) {
    errors << "fexpr: cannot read model '" << path << "'\n";
    return std::nullopt;
  }
  auto m = build_loaded_model(std::make_unique<SourceText>(path, std::move(*text)));
  bool failed = false;
  for (const auto* list : {&m->dataset.diagnostics, &m->build.diagnostics}) {
    for (const Diagnostic& d : *list) {
      if (d.severity != Severity::error) continue;
      errors << m->source->render(d);
      failed = true;
    }
  }
  if (failed) {
    errors << "fexpr: the model in '" << path << "' has errors; run 'fexpr check " << path << "'\n";
    return std::nullopt;
  }
  return m;
}

}  // namespace fexpr::cli
