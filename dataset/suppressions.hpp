// Inline suppression comments. "! fexpr: ignore[discontinuity, parameter]" silences those codes
// in the statement whose lines hold the comment (on a line of its own between statements: in
// the statement that follows); "! fexpr: ignore-file[code, ...]" silences them in the whole file.
// A suppression that silences nothing is itself reported, so stale ones do not pile up.
#pragma once

#include "dataset/lint_settings.hpp"

#include <fexpr/diagnostic.hpp>

#include <span>
#include <string>
#include <vector>

namespace fexpr::dataset {

struct Suppression {
  std::string code;  // as written in the comment
  Span span;         // of the code in the comment
  Span scope;        // the text whose diagnostics it silences
};

struct FoundSuppressions {
  std::vector<Suppression> suppressions;
  std::vector<Diagnostic> malformed;  // "! fexpr:" comments that are not a suppression
};

// The suppressions in text; statements are the spans of its statements, in file order.
FoundSuppressions find_suppressions(const SourceText& text, std::span<const Span> statements);

struct CheckedFile;
// Removes the diagnostics a suppression silences and reports, as code `suppression`, each
// suppression that silences nothing while its code is enabled, names no code, or is malformed.
void apply_suppressions(CheckedFile& file, const LintSettings& settings);

}  // namespace fexpr::dataset
