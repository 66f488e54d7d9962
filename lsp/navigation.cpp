#include "lsp/element_lookup.hpp"
#include "lsp/features.hpp"

namespace fexpr::lsp {
namespace {

json location(Document& document, Span span) { return {{"uri", document.uri()}, {"range", range(document, span)}}; }

}  // namespace

json definition(Document& document, std::uint32_t offset) {
  if (auto named = object_at(document, offset)) return location(document, named->object->span);
  auto e = element_at(document, offset);
  if (!e) return nullptr;
  const dataset::Statement* s = definition_of(document, e->statement, e->id);
  if (!s) return nullptr;
  return location(document, {s->name_span.begin, s->id_span.end});
}

json references(Document& document, std::uint32_t offset, bool include_declaration) {
  if (auto named = object_at(document, offset)) {
    json out = json::array();
    for (Span span : object_references(document, *named->object)) {
      const bool declaration = span.begin == named->object->span.begin;
      if (!declaration || include_declaration) out.push_back(location(document, span));
    }
    return out;
  }
  auto e = element_at(document, offset);
  if (!e) return nullptr;
  const dataset::Statement* defining = definition_of(document, e->statement, e->id);
  json out = json::array();
  for (const auto& ids : document.ids()) {
    for (const dataset::ElementId& other : ids) {
      if (other.id != e->id || other.statement != e->statement) continue;
      bool declaration = defining && other.span.begin == defining->id_span.begin;
      if (!declaration || include_declaration) out.push_back(location(document, other.span));
    }
  }
  return out;
}

}  // namespace fexpr::lsp
