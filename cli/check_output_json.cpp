// One JSON document: the files, the diagnostics (notes only with --info) with their fixes, and
// a summary that counts every error, warning and note.
#include "cli/check_output.hpp"
#include "support/json.hpp"

namespace fexpr::cli {
namespace {

std::string range(const Place& p) {
  return "\"line\": " + std::to_string(p.begin.line) + ", \"column\": " + std::to_string(p.begin.column) +
         ", \"end_line\": " + std::to_string(p.end.line) + ", \"end_column\": " + std::to_string(p.end.column);
}

}  // namespace

void write_json(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& o) {
  int errors = 0, warnings = 0, notes_total = 0, functions = 0;
  out << "{\"files\": [";
  for (std::size_t i = 0; i < files.size(); ++i) out << (i ? ", " : "") << json::quote(files[i].path);
  out << "], \"diagnostics\": [";
  bool first = true;
  for (const auto& f : files) {
    for (const Diagnostic& d : f.diagnostics) {
      if (!shown(d, o)) continue;
      out << (first ? "\n  " : ",\n  ") << "{\"file\": " << json::quote(f.path) << ", " << range(place(f, d.span))
          << ", \"severity\": " << json::quote(severity_name(d.severity)) << ", \"code\": " << json::quote(code_name(d.code))
          << ", \"message\": " << json::quote(d.message);
      if (d.fix)
        out << ", \"fix\": {" << range(place(f, d.fix->span)) << ", \"replacement\": " << json::quote(d.fix->replacement)
            << ", \"safe\": " << (d.fix->safe ? "true" : "false")
            << ", \"description\": " << json::quote(fix_description(f, *d.fix)) << "}";
      out << "}";
      first = false;
    }
    errors += f.errors();
    warnings += f.warnings();
    notes_total += notes(f);
    functions += f.functions;
  }
  out << (first ? "" : "\n") << "], \"summary\": {\"errors\": " << errors << ", \"warnings\": " << warnings
      << ", \"notes\": " << notes_total << ", \"functions\": " << functions << ", \"fixed\": " << o.fixed << "}}\n";
}

}  // namespace fexpr::cli
