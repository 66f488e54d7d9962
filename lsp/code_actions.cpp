#include "lsp/features.hpp"

namespace fexpr::lsp {

json code_actions(Document& document, std::uint32_t begin, std::uint32_t end) {
  json actions = json::array();
  for (const Diagnostic& d : document.checked().diagnostics) {
    if (!d.fix || d.span.end < begin || d.span.begin > end) continue;
    const Fix& fix = *d.fix;
    std::string old_text = document.text().substr(fix.span.begin, fix.span.end - fix.span.begin);
    std::string title = "Replace '" + old_text + "' with '" + fix.replacement + "'";
    if (!fix.safe) title += " (changes what the model does)";
    json edit = {{"range", range(document, fix.span)}, {"newText", fix.replacement}};
    actions.push_back({{"title", title},
                       {"kind", "quickfix"},
                       {"diagnostics", json::array({diagnostic(document, d)})},
                       {"isPreferred", fix.safe},
                       {"edit", {{"changes", {{document.uri(), json::array({edit})}}}}}});
  }
  return actions;
}

}  // namespace fexpr::lsp
