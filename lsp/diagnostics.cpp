#include "lsp/features.hpp"

namespace fexpr::lsp {
namespace {

// LSP DiagnosticSeverity: 1 error, 2 warning, 3 information.
int severity(Severity s) {
  switch (s) {
    case Severity::error: return 1;
    case Severity::warning: return 2;
    case Severity::info: return 3;
  }
  return 1;
}

}  // namespace

json range(Document& document, Span span) {
  const LineIndex& lines = document.lines();
  LspPosition start = lines.position(span.begin), end = lines.position(std::max(span.begin, span.end));
  return {{"start", {{"line", start.line}, {"character", start.character}}},
          {"end", {{"line", end.line}, {"character", end.character}}}};
}

json diagnostic(Document& document, const Diagnostic& d) {
  return {{"range", range(document, d.span)},
          {"severity", severity(d.severity)},
          {"code", code_name(d.code)},
          {"source", "fexpr"},
          {"message", d.message}};
}

json published_diagnostics(Document& document) {
  json list = json::array();
  for (const Diagnostic& d : document.checked().diagnostics) list.push_back(diagnostic(document, d));
  return {{"uri", document.uri()}, {"version", document.version()}, {"diagnostics", std::move(list)}};
}

}  // namespace fexpr::lsp
