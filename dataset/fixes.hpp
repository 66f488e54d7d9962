// Applying the fixes attached to diagnostics, and showing them as a unified diff. The one place
// text is changed: `fexpr check --fix` and `--diff` call it, and so will the LSP's code actions.
#pragma once

#include <fexpr/diagnostic.hpp>

#include <span>
#include <string>
#include <string_view>

namespace fexpr::dataset {

struct FixedText {
  std::string text;
  int applied = 0;  // fixes applied
  int skipped = 0;  // fixes left out: unsafe ones without `unsafe`, or overlapping an earlier one
};

// Applies the fixes of `diagnostics` to text, in file order. A fix whose span overlaps one
// already applied is left for the next run, which sees the text it would change.
FixedText apply_fixes(std::string_view text, std::span<const Diagnostic> diagnostics, bool unsafe);

// "--- name\n+++ name\n@@ ... @@" hunks with three lines of context, as diff -u writes them
// (the name as given, so that `patch -p0` applies it, absolute or not); empty when the texts
// are equal. Fixes do not add or remove lines, so lines pair one to one.
std::string unified_diff(const std::string& name, std::string_view before, std::string_view after);

}  // namespace fexpr::dataset
