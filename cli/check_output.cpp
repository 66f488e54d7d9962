#include "cli/check_output.hpp"

#include <algorithm>

namespace fexpr::cli {

Place place(const dataset::CheckedFile& file, Span span) {
  if (!file.source) return {{1, 1}, {1, 1}};
  return {file.source->position(span.begin), file.source->position(span.end)};
}

bool shown(const Diagnostic& d, const OutputOptions& options) { return options.info || d.severity != Severity::info; }

std::string fix_description(const dataset::CheckedFile& file, const Fix& fix) {
  if (!file.source) return "replace with '" + fix.replacement + "'";
  const std::string_view text = file.source->text();
  const std::string_view old = text.substr(fix.span.begin, fix.span.end - fix.span.begin);
  return "replace '" + std::string(old) + "' with '" + fix.replacement + "'";
}

int notes(const dataset::CheckedFile& file) {
  return static_cast<int>(std::count_if(file.diagnostics.begin(), file.diagnostics.end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::info; }));
}

}  // namespace fexpr::cli
