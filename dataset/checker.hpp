// Batch validation of a dataset: every statement read, every expression compiled against the
// dataset's model and elements and evaluated at the initial state, every problem reported.
#pragma once

#include "dataset/formats.hpp"

#include <fexpr/diagnostic.hpp>

#include <memory>
#include <string>
#include <vector>

namespace fexpr::dataset {

struct CheckedFile {
  std::string path;
  std::unique_ptr<SourceText> source;  // null when the file could not be read
  std::vector<Diagnostic> diagnostics;  // sorted by position
  std::vector<Span> statements;         // where each statement is, in file order (for suppressions)
  int functions = 0;                    // expressions checked
  Format format = Format::dataset;      // how it was read, kept when it is checked again
  int errors() const;
  int warnings() const;
};

// A diagnostic of the file as `fexpr check` writes it (and the REPL's :check): "path:line:column:
// severity[code]: message", the line and a caret; "path: severity[code]: message" for a file
// that could not be read.
std::string render(const CheckedFile& file, const Diagnostic& d);

// Checks text as the dataset or command file named `name` (its format by the name's
// extension unless given).
CheckedFile check_text(std::string name, std::string text, std::optional<Format> format = std::nullopt);
// Reads and checks a file; an unreadable file gives one io diagnostic.
CheckedFile check_file(const std::string& path, std::optional<Format> format = std::nullopt);

}  // namespace fexpr::dataset
