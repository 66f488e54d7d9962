// What the server answers, one function per LSP feature, each a thin reading of what the
// reader, the checker, the compiler and the builtin table already hold: the server adds no
// rule, message or formula of its own. Each takes the document and LSP params and returns the
// result member of the response (or the params of a notification).
#pragma once

#include "lsp/documents.hpp"
#include "lsp/rpc.hpp"

namespace fexpr::lsp {

// Range of a byte span in LSP positions.
json range(Document& document, Span span);

// One of the checker's diagnostics as an LSP Diagnostic.
json diagnostic(Document& document, const Diagnostic& d);
// textDocument/publishDiagnostics params: the checker's report of the current text.
json published_diagnostics(Document& document);

// textDocument/codeAction for the byte range [begin, end]: a quick fix for each diagnostic
// there that carries the checker's Fix (the same fixes `fexpr check --fix` applies); a safe
// fix is the preferred action.
json code_actions(Document& document, std::uint32_t begin, std::uint32_t end);

// textDocument/hover at an offset: a function's signature, formula and example; what IF, a
// constant, a dataset's statement name or keyword is (lsp/words.hpp); an element id's
// statement; a FUNCTION='s value at the initial state. Null when there is nothing there.
json hover(Document& document, std::uint32_t offset);

// textDocument/definition: the statement an element id names; null when the id is not defined.
json definition(Document& document, std::uint32_t offset);
// textDocument/references: every place that names the element at the offset.
json references(Document& document, std::uint32_t offset, bool include_declaration);

// textDocument/completion: inside an expression the ids a call's argument takes (VARVAL(
// offers the VARIABLEs, with their Adams View names) or the functions, as snippets of their
// signatures, and constants; elsewhere statement names, the statement's keywords, and the ids
// an element keyword (I=, PART=) takes.
json completion(Document& document, std::uint32_t offset);

// textDocument/documentSymbol: the statements, in order, as DocumentSymbol[].
json document_symbols(Document& document);

}  // namespace fexpr::lsp
