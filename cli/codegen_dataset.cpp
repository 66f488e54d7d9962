#include "cli/codegen_dataset.hpp"

#include "cli/commands.hpp"
#include "codegen/dataset_calls.hpp"
#include "dataset/view/names.hpp"
#include "dataset/values.hpp"
#include "support/text.hpp"

#include <charconv>
#include <iostream>

namespace fexpr::cli {
namespace {

struct ElementName {
  std::string type;
  long id = 0;
};

std::optional<ElementName> element_name(const std::string& text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos || slash == 0) return std::nullopt;
  ElementName n{text::upper(text.substr(0, slash)), 0};
  const char* end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data() + slash + 1, end, n.id);
  if (error != std::errc() || stop != end) return std::nullopt;
  return n;
}

const dataset::Statement* find(const dataset::Dataset& d, const ElementName& n) {
  for (const dataset::Statement& s : d.statements)
    if (s.name == n.type && s.id == n.id) return &s;
  return nullptr;
}

}  // namespace

int run_codegen_dataset(const std::string& file, const std::string& id, const codegen::Options& options) {
  // A command file's element may be named as View names it; which it is, the model says.
  const bool view_name = id.starts_with('.');
  auto name = element_name(id);
  if (!name && !view_name) {
    std::cerr << "fexpr codegen: --id takes an element as TYPE/N (SFORCE/1, VARIABLE/3) or, in a command file, "
                 "by its name (.model.damper), not '"
              << id << "'\n";
    return 2;
  }
  if (auto problem = unreadable("", file, "with --id, name a dataset (.adm)")) {
    std::cerr << "fexpr codegen: " << *problem << "\n";
    return 2;
  }
  // The DIFFs are inputs, as the C API makes them: DIF(id) reads DIFF/id.
  auto loaded = dataset::load_model(file, std::cerr, dataset::DiffValues::states);
  if (!loaded) return 2;
  const dataset::LoadedModel& m = **loaded;
  if (view_name) {
    const auto named = dataset::view::element_label(m.dataset, id);
    if (!named.error.empty()) {
      std::cerr << "fexpr codegen: --id: " << named.error << "\n";
      return 2;
    }
    name = element_name(named.label);
  }
  const dataset::Statement* s = find(m.dataset, *name);
  if (!s) {
    std::string defined;
    for (const dataset::Statement& other : m.dataset.statements)
      if (other.name == name->type && other.id) defined += (defined.empty() ? "" : ", ") + std::to_string(*other.id);
    std::cerr << file << ": error: " << id << " is not defined in the dataset; "
              << (defined.empty() ? "it has no " + name->type + " statement" : "its " + name->type + " ids are " + defined)
              << "\n";
    return 1;
  }
  const dataset::Argument* function = dataset::find_argument(*s, "FUNCTION");
  if (!function || function->expression.find_first_not_of(' ') == std::string::npos) {
    std::cerr << m.source->render({Severity::error, Code::not_interpreted, s->span,
                                   id + " has no FUNCTION= expression to generate; fexpr codegen --id takes an element "
                                        "whose FUNCTION= is a scalar expression (SFORCE, VARIABLE, DIFF, ...)"});
    return 1;
  }
  const codegen::DatasetCalls calls(m);
  auto compiled = calls.compile_function(*function);
  for (const Diagnostic& d : calls.inlined_diagnostics()) std::cerr << m.source->render(d);
  for (const Diagnostic& d : compiled.diagnostics) std::cerr << m.source->render(d);
  if (!compiled) return 1;
  const Position at = m.source->position(function->expression_span.begin);
  const codegen::Origin origin{&calls, function->expression_span.begin,
                               "FUNCTION= of " + s->name + "/" + std::to_string(name->id) + " (" + file + ":" +
                                   std::to_string(at.line) + ")"};
  const codegen::Generated generated =
      codegen::generate_c(*compiled.expression, function->expression, options, origin);
  for (const Diagnostic& d : generated.diagnostics) std::cerr << m.source->render(d);
  if (generated.source.empty()) return 1;
  std::cout << generated.source;
  return 0;
}

}  // namespace fexpr::cli
