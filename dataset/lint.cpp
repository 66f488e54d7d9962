#include "dataset/lint.hpp"

#include "dataset/fixes.hpp"
#include "dataset/suppressions.hpp"

namespace fexpr::dataset {

CheckedFile lint(CheckedFile file, const LintSettings& settings) {
  if (!file.source) return file;
  // Suppressions first, so that their own warnings get the settings' severities too.
  apply_suppressions(file, settings);
  apply_settings(file, settings);
  return file;
}

CheckedFile lint_text(std::string name, std::string text, const LintSettings& settings, std::optional<Format> format) {
  return lint(check_text(std::move(name), std::move(text), format), settings);
}

int fix_all(CheckedFile& file, const LintSettings& settings, bool unsafe) {
  // Each pass applies at least one fix, and fixes only replace names; a bound all the same, in
  // case two fixes ever undo each other.
  constexpr int kPasses = 10;
  int applied = 0;
  for (int pass = 0; pass < kPasses && file.source; ++pass) {
    FixedText fixed = apply_fixes(file.source->text(), file.diagnostics, unsafe);
    if (fixed.applied == 0) break;
    applied += fixed.applied;
    file = lint_text(file.path, std::move(fixed.text), settings, file.format);
  }
  return applied;
}

}  // namespace fexpr::dataset
