// Compiler-style text and its one-line form (--output-format concise): each diagnostic with its
// code (text: its source line and caret, and a hint when it has a fix), then a summary line for
// each file with something to report (for every file with --verbose), a total for several
// files, and counts per code on request. A clean check writes nothing, as compilers do.
#include "cli/check_output.hpp"
#include "dataset/rules.hpp"

#include <iomanip>
#include <map>

namespace fexpr::cli {
namespace {

struct Counts {
  int errors = 0, warnings = 0, notes = 0, functions = 0, safe = 0, unsafe = 0;
};

using DiagnosticWriter = void (*)(std::ostream&, const dataset::CheckedFile&, const Diagnostic&);

void diagnostic(std::ostream& out, const dataset::CheckedFile& f, const Diagnostic& d) {
  out << dataset::render(f, d);
  if (d.fix)
    out << "  fix: " << fix_description(f, *d.fix) << (d.fix->safe ? " (--fix)" : " (unsafe: --fix --unsafe-fixes)")
        << "\n";
}

// path:line:column: severity[code] message; a file that could not be read has no line and column.
void concise_diagnostic(std::ostream& out, const dataset::CheckedFile& f, const Diagnostic& d) {
  out << f.path << ":";
  if (f.source) {
    const Position at = place(f, d.span).begin;
    out << at.line << ":" << at.column << ":";
  }
  out << " " << severity_name(d.severity) << "[" << code_name(d.code) << "] " << d.message << "\n";
}

void statistics(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& o) {
  std::map<Code, std::pair<int, int>> counts;  // shown, fixable
  for (const auto& f : files)
    for (const Diagnostic& d : f.diagnostics)
      if (shown(d, o)) {
        ++counts[d.code].first;
        counts[d.code].second += d.fix ? 1 : 0;
      }
  for (const auto& [code, count] : counts) {
    out << std::setw(6) << count.first << "  " << std::left << std::setw(18) << code_name(code) << std::right
        << dataset::rule(code).summary;
    if (count.second) out << " (" << count.second << " fixable)";
    out << "\n";
  }
}

void report(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& o,
            DiagnosticWriter write) {
  Counts total;
  bool any_shown = false;
  for (const auto& f : files) {
    Counts c{f.errors(), f.warnings(), notes(f), f.functions, 0, 0};
    bool file_shown = false;
    for (const Diagnostic& d : f.diagnostics) {
      if (!shown(d, o)) continue;
      file_shown = true;
      if (d.fix) ++(d.fix->safe ? c.safe : c.unsafe);
      if (!o.quiet) write(out, f, d);
    }
    if (file_shown || o.verbose)
      out << f.path << ": " << c.errors << " error(s), " << c.warnings << " warning(s), " << c.notes << " note(s)"
          << (o.info || c.notes == 0 ? "" : " (--info shows them)") << ", " << c.functions << " function(s) checked\n";
    any_shown |= file_shown;
    total.errors += c.errors;
    total.warnings += c.warnings;
    total.functions += c.functions;
    total.safe += c.safe;
    total.unsafe += c.unsafe;
  }
  if (files.size() > 1 && (any_shown || o.verbose))
    out << "total: " << total.errors << " error(s), " << total.warnings << " warning(s), " << total.functions
        << " function(s) in " << files.size() << " files\n";
  if (o.fixed) out << o.fixed << " fix(es) applied\n";
  if (total.safe) out << total.safe << " fixable with --fix\n";
  if (total.unsafe) out << total.unsafe << " more fixable with --fix --unsafe-fixes\n";
  if (o.statistics) statistics(out, files, o);
}

}  // namespace

void write_text(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& o) {
  report(out, files, o, diagnostic);
}

void write_concise(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& o) {
  report(out, files, o, concise_diagnostic);
}

}  // namespace fexpr::cli
