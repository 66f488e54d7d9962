// GitHub Actions workflow commands: one annotation per diagnostic (notes only with --info), which
// a workflow shows on the pull request's lines. Nothing else is written: the exit status says
// whether the check passed.
//   ::error file=models/car.adm,line=7,col=47,endLine=7,endColumn=48,title=fexpr (reference)::marker 3 is not defined
#include "cli/check_output.hpp"

#include <algorithm>

namespace fexpr::cli {
namespace {

// The escapes of GitHub's toolkit (@actions/core, command.ts): a message escapes '%' and line
// ends; a property value also ':' and ',', which separate the properties.
std::string escaped(std::string_view text, bool property) {
  std::string out;
  for (char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

std::string_view command(Severity s) { return s == Severity::error ? "error" : s == Severity::warning ? "warning" : "notice"; }

}  // namespace

void write_github(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& o) {
  for (const auto& f : files) {
    for (const Diagnostic& d : f.diagnostics) {
      if (!shown(d, o)) continue;
      out << "::" << command(d.severity) << " file=" << escaped(f.path, true);
      // A file that could not be read has no place in it.
      if (f.source) {
        const Place p = place(f, d.span);
        out << ",line=" << p.begin.line << ",col=" << p.begin.column << ",endLine=" << p.end.line
            << ",endColumn=" << std::max(p.end.column, p.begin.column);
      }
      out << ",title=" << escaped("fexpr (" + std::string(code_name(d.code)) + ")", true)
          << "::" << escaped(d.message, false) << "\n";
    }
  }
}

}  // namespace fexpr::cli
