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

std::optional<std::unique_ptr<LoadedModel>> load_model(const std::string& path, std::ostream& errors) {
  auto text = read_file(path);
  if (!text) {
    errors << "fexpr: cannot read model '" << path << "'\n";
    return std::nullopt;
  }
  auto loaded = dataset::load_model(SourceText(path, std::move(*text)));
  if (auto* m = std::get_if<std::unique_ptr<LoadedModel>>(&loaded)) return std::move(*m);
  const auto& failure = std::get<dataset::LoadFailure>(loaded);
  for (const Diagnostic& d : failure.errors) errors << failure.source->render(d);
  errors << "fexpr: the model in '" << path << "' has errors; run 'fexpr check " << path << "'\n";
  return std::nullopt;
}

}  // namespace fexpr::cli
