// Batch validation of a dataset: every statement read, every expression compiled against the
// dataset's model and elements and evaluated at the initial state, every problem reported.
#pragma once

#include "dataset/formats.hpp"

#include <fexpr/diagnostic.hpp>

#include <memory>
#include <string>
#include <vector>

namespace fexpr::dataset {

// What a check keeps for the next check of the same document after an edit, and the dataset
// and model it read (checker.cpp).
struct CheckMemo;
struct CheckedModel;
struct LoadedModel;

struct CheckedFile {
  std::string path;
  std::unique_ptr<SourceText> source;  // null when the file could not be read
  std::vector<Diagnostic> diagnostics;  // sorted by position
  std::vector<Span> statements;         // where each statement is, in file order (for suppressions)
  int functions = 0;                    // expressions checked
  Format format = Format::dataset;      // how it was read, kept when it is checked again
  // Statements whose checks ran; with recheck_text, the others' came from the previous check.
  int statements_checked = 0;
  std::shared_ptr<const CheckMemo> memo;  // recheck_text's, for the next one
  std::shared_ptr<CheckedModel> read;     // recheck_text's, for take_model

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
// The same for a document that is edited and checked again (the language server's): the result
// keeps what the next check may reuse, and `previous` is the check of the text before the edit,
// or null. A statement whose text and line are unchanged and that reads no edited statement,
// directly or through other elements, keeps its diagnostics from there, moved to where it now
// is; the report is check_text's. An edit of a statement that shapes the model (PART, MARKER,
// ...), of names or ids, or of a command file is checked whole.
CheckedFile recheck_text(std::string name, std::string text, std::optional<Format> format,
                         const CheckedFile* previous);
// The dataset and model that recheck_text read and built, bound as build_loaded_model binds
// them, for a caller that would otherwise read and build them again (the language server's
// hover and completion after an edit). Null the second time, and for check_text's results.
std::unique_ptr<LoadedModel> take_model(CheckedFile& file);
// Reads and checks a file; an unreadable file gives one io diagnostic.
CheckedFile check_file(const std::string& path, std::optional<Format> format = std::nullopt);

}  // namespace fexpr::dataset
