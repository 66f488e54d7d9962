// A diagnostic as Python reads it: the library's Diagnostic with its span turned into line and
// column of the file it came from (fexpr.Diagnostic, also the place an exception points at).
#pragma once

#include <fexpr/diagnostic.hpp>

#include <optional>
#include <string>

namespace fexpr::python {

// A diagnostic's fix as Python reads it (fexpr.Fix): its replacement and the range it replaces.
struct PlacedFix {
  std::string replacement;
  bool safe = true;  // false where the fix changes what the model does (see fexpr::Fix)
  // 1-based, columns in characters; the end is one past the last character replaced.
  std::uint32_t line = 1, column = 1, end_line = 1, end_column = 1;
};

struct PlacedDiagnostic {
  std::string path;  // the file, or "<expression>" for the text given to fexpr.compile
  std::string severity;
  std::string code;
  std::string message;
  // 1-based, columns in characters; none when the diagnostic has no place (an unreadable file).
  std::optional<std::uint32_t> line, column, end_line, end_column;
  std::optional<PlacedFix> fix;  // where the library knows a certain correction

  // "path:line:column: severity: message", as the first line of `fexpr check`.
  std::string summary() const;
};

// source is null when the file could not be read.
PlacedDiagnostic place(const Diagnostic& d, const SourceText* source, const std::string& path);
// An error of the Python front end itself, which has no place in any text.
PlacedDiagnostic unplaced(std::string path, std::string code, std::string message);

}  // namespace fexpr::python
