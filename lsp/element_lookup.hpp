// From a place in a document to the element it names and back: the id under the cursor, the
// statement that defines an element, the name Adams View gave it. Hover, definition,
// references and completion share these so that they agree on what an id means.
#pragma once

#include "lsp/documents.hpp"

#include <optional>
#include <string>
#include <vector>

namespace fexpr::lsp {

// The element id written at the offset (its span holds it, ends included), if any.
std::optional<dataset::ElementId> element_at(Document& document, std::uint32_t offset);

// The first statement that defines the element, as Adams reads the first of two with one id.
const dataset::Statement* definition_of(Document& document, std::string_view statement, long id);

// The name in an "!  adams_view_name='spring'" comment on the lines just above the statement
// (Adams View writes one before each statement it exports); empty when there is none.
std::string view_name(Document& document, const dataset::Statement& statement);

// A command file's object named at the offset, in a function or a command's parameter: the
// name written there (a full name, or one relative to the model) and what it names.
struct NamedAt {
  const dataset::NamedObject* object;
  Span span;
};
std::optional<NamedAt> object_at(Document& document, std::uint32_t offset);
// Every place the document names the object (its definition included).
std::vector<Span> object_references(Document& document, const dataset::NamedObject& object);

// The statement's text from the start of its first line, at most `max_lines` lines.
std::string statement_text(Document& document, const dataset::Statement& statement, int max_lines);

}  // namespace fexpr::lsp
