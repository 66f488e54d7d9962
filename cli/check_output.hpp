// The forms `fexpr check` writes its findings in: compiler-style text and its one-line form, one
// JSON document, SARIF 2.1.0 for code-scanning tools, and GitHub Actions annotations. Each
// reads the same checked files and options.
#pragma once

#include "dataset/checker.hpp"

#include <fexpr/diagnostic.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace fexpr::cli {

struct OutputOptions {
  bool info = false;        // notes are written too (counted always)
  bool quiet = false;       // text: the summary lines only
  bool verbose = false;     // text: a summary line for every file, those with nothing to report too
  bool statistics = false;  // text: a count per code at the end
  std::string root;         // SARIF: artifact URIs are relative to this folder; file:// URIs when empty
  int fixed = 0;            // fixes applied by --fix, for the summary
};

struct Place {
  Position begin, end;
};
Place place(const dataset::CheckedFile& file, Span span);

// Whether a diagnostic is written: notes only with --info.
bool shown(const Diagnostic& d, const OutputOptions& options);
// "replace 'STPE' with 'STEP'": what the diagnostic's fix does.
std::string fix_description(const dataset::CheckedFile& file, const Fix& fix);
int notes(const dataset::CheckedFile& file);

void write_text(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& options);
// As text, each diagnostic on one line: path:line:column: severity[code] message.
void write_concise(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& options);
void write_github(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& options);
void write_json(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& options);
void write_sarif(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& options);

}  // namespace fexpr::cli
