// `fexpr check` as a linter, for every front end (the CLI, the LSP): a dataset checked, then
// filtered by the settings and its suppression comments; and all its fixes applied, pass after
// pass, with the text checked again each time.
#pragma once

#include "dataset/checker.hpp"
#include "dataset/lint_settings.hpp"

#include <string>

namespace fexpr::dataset {

// Applies the file's suppressions, then the settings. A file that cannot be read keeps its io
// diagnostic whatever the settings: it decides the exit status.
CheckedFile lint(CheckedFile file, const LintSettings& settings);
CheckedFile lint_text(std::string name, std::string text, const LintSettings& settings,
                      std::optional<Format> format = std::nullopt);

// Applies the file's fixes (the unsafe ones too with `unsafe`) and lints the result, until no
// fix applies: a fix left out because it overlapped another is applied in a later pass, against
// the text it changes. `file` becomes the lint of the final text; returns the fixes applied.
int fix_all(CheckedFile& file, const LintSettings& settings, bool unsafe);

}  // namespace fexpr::dataset
