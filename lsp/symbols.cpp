#include "lsp/element_lookup.hpp"
#include "lsp/features.hpp"

namespace fexpr::lsp {
namespace {

// LSP SymbolKind for a statement: parts and markers are objects in space, elements with a
// function are functions, the rest (data, settings) are structs.
int symbol_kind(const dataset::Statement& s) {
  constexpr int kObject = 19, kFunction = 12, kStruct = 23;
  if (s.name == "PART" || s.name == "MARKER") return kObject;
  for (const dataset::Argument& a : s.arguments) {
    if (a.is_expression) return kFunction;
  }
  return kStruct;
}

}  // namespace

json document_symbols(Document& document) {
  json out = json::array();
  for (const dataset::Statement& s : document.model().dataset.statements) {
    if (s.name.empty()) continue;
    std::string name = s.name + (s.id ? "/" + std::to_string(*s.id) : std::string());
    Span selection{s.name_span.begin, s.id ? s.id_span.end : s.name_span.end};
    json symbol = {{"name", name},
                   {"kind", symbol_kind(s)},
                   {"range", range(document, s.span)},
                   {"selectionRange", range(document, selection)}};
    if (std::string view = view_name(document, s); !view.empty()) symbol["detail"] = view;
    out.push_back(std::move(symbol));
  }
  return out;
}

}  // namespace fexpr::lsp
