// SARIF 2.1.0: every rule of the rule table with its descriptions, the files as URIs, and each
// diagnostic (notes only with --info) with its fix as an artifact change.
#include "cli/check_output.hpp"
#include "dataset/rules.hpp"
#include "support/json.hpp"

#include <fexpr/version.hpp>

#include <cctype>
#include <filesystem>

namespace fexpr::cli {
namespace {

namespace fs = std::filesystem;

// RFC 3986: every byte but the unreserved characters and the path separator is %XX.
std::string percent_escaped(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : path) {
    auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') out += c;
    else out += {'%', kHex[u >> 4], kHex[u & 15]};
  }
  return out;
}

std::string file_uri(const fs::path& absolute) { return "file://" + percent_escaped(absolute.generic_string()); }

// {"uri": ...} and, under --root, "uriBaseId": "ROOT" for files inside it.
std::string artifact_location(const std::string& path, const OutputOptions& o) {
  const fs::path absolute = fs::absolute(path).lexically_normal();
  if (!o.root.empty()) {
    const fs::path relative = absolute.lexically_relative(fs::absolute(o.root).lexically_normal());
    if (!relative.empty() && *relative.begin() != "..")
      return "\"uri\": " + json::quote(percent_escaped(relative.generic_string())) + ", \"uriBaseId\": \"ROOT\"";
  }
  return "\"uri\": " + json::quote(file_uri(absolute));
}

std::string region(const Place& p) {
  return "{\"startLine\": " + std::to_string(p.begin.line) + ", \"startColumn\": " + std::to_string(p.begin.column) +
         ", \"endLine\": " + std::to_string(p.end.line) +
         ", \"endColumn\": " + std::to_string(std::max(p.end.column, p.begin.column)) + "}";
}

std::string_view level(Severity s) { return s == Severity::error ? "error" : s == Severity::warning ? "warning" : "note"; }

void rules(std::ostream& out) {
  bool first = true;
  for (const dataset::Rule& r : dataset::rules()) {
    std::string help = std::string(r.why) + "\nExample:\n" + std::string(r.example);
    if (!r.correction.empty()) help += "\nCorrected:\n" + std::string(r.correction);
    out << (first ? "\n    " : ",\n    ") << "{\"id\": " << json::quote(code_name(r.code))
        << ", \"shortDescription\": {\"text\": " << json::quote(r.summary) << "}, \"fullDescription\": {\"text\": "
        << json::quote(r.explanation) << "}, \"help\": {\"text\": " << json::quote(help)
        << "}, \"defaultConfiguration\": {\"level\": \"" << level(r.severity) << "\"}}";
    first = false;
  }
}

}  // namespace

void write_sarif(std::ostream& out, const std::vector<dataset::CheckedFile>& files, const OutputOptions& o) {
  out << "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"version\": \"2.1.0\", \"runs\": [{"
         "\"tool\": {\"driver\": {\"name\": \"fexpr\", \"version\": \"" << fexpr::version() << "\", \"rules\": [";
  rules(out);
  // Columns count characters (code points; a byte that is not UTF-8 counts one), not SARIF's
  // default UTF-16 code units.
  out << "]}}, \"columnKind\": \"unicodeCodePoints\", ";
  if (!o.root.empty()) {
    std::string root = fs::absolute(o.root).lexically_normal().generic_string();
    if (root.back() != '/') root += '/';
    out << "\"originalUriBaseIds\": {\"ROOT\": {\"uri\": " << json::quote(file_uri(root)) << "}}, ";
  }
  out << "\"artifacts\": [";
  for (std::size_t i = 0; i < files.size(); ++i) out << (i ? ", " : "") << "{\"location\": {" << artifact_location(files[i].path, o) << "}}";
  out << "], \"results\": [";
  bool first = true;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& f = files[i];
    const std::string location = "{" + artifact_location(f.path, o) + ", \"index\": " + std::to_string(i) + "}";
    for (const Diagnostic& d : f.diagnostics) {
      if (!shown(d, o)) continue;
      out << (first ? "\n  " : ",\n  ") << "{\"ruleId\": " << json::quote(code_name(d.code))
          << ", \"ruleIndex\": " << static_cast<int>(d.code) << ", \"level\": \"" << level(d.severity)
          << "\", \"message\": {\"text\": " << json::quote(d.message)
          << "}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": " << location
          << ", \"region\": " << region(place(f, d.span)) << "}}]";
      if (d.fix)
        out << ", \"fixes\": [{\"description\": {\"text\": "
            << json::quote(fix_description(f, *d.fix) + (d.fix->safe ? "" : " (unsafe: changes the model)"))
            << "}, \"artifactChanges\": [{\"artifactLocation\": " << location
            << ", \"replacements\": [{\"deletedRegion\": " << region(place(f, d.fix->span))
            << ", \"insertedContent\": {\"text\": " << json::quote(d.fix->replacement) << "}}]}]}]";
      out << "}";
      first = false;
    }
  }
  out << (first ? "" : "\n") << "]}]}\n";
}

}  // namespace fexpr::cli
