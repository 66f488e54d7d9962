// fexpr check: validate every function of one or more .adm datasets, in compiler style, JSON
// or SARIF. Files are checked in parallel; the output keeps the order of the command line.
#include "cli/check_inputs.hpp"
#include "cli/commands.hpp"
#include "dataset/checker.hpp"
#include "support/json.hpp"

#include <atomic>
#include <iostream>
#include <map>
#include <thread>

namespace fexpr::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> files;
  CheckInputOptions inputs;
  std::string format = "text";
  bool werror = false;
  bool info = false;
};

dataset::CheckedFile check_one(CheckInput& input) {
  if (input.text) return dataset::check_text(input.name, std::move(*input.text));
  if (!input.failure) return dataset::check_file(input.name);
  dataset::CheckedFile out;
  out.path = input.name;
  out.diagnostics.push_back({Severity::error, Code::io, {}, std::move(*input.failure)});
  return out;
}

std::vector<dataset::CheckedFile> check_all(std::vector<CheckInput> files) {
  std::vector<dataset::CheckedFile> results(files.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < files.size();) results[i] = check_one(files[i]);
  };
  unsigned n = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), static_cast<unsigned>(files.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return results;
}

struct Place {
  Position begin, end;
};
Place place(const dataset::CheckedFile& f, const Diagnostic& d) {
  if (!f.source) return {{1, 1}, {1, 1}};
  return {f.source->position(d.span.begin), f.source->position(d.span.end)};
}

void text(const std::vector<dataset::CheckedFile>& files, const CheckOptions& o) {
  int errors = 0, warnings = 0, functions = 0;
  for (const auto& f : files) {
    int infos = 0;
    for (const Diagnostic& d : f.diagnostics) {
      if (d.severity == Severity::info) {
        ++infos;
        if (!o.info) continue;
      }
      if (f.source) std::cout << f.source->render(d);
      else std::cout << f.path << ": " << severity_name(d.severity) << ": " << d.message << "\n";
    }
    errors += f.errors();
    warnings += f.warnings();
    functions += f.functions;
    std::cout << f.path << ": " << f.errors() << " error(s), " << f.warnings() << " warning(s), " << infos
              << " note(s)" << (o.info || infos == 0 ? "" : " (--info shows them)") << ", " << f.functions
              << " function(s) checked\n";
  }
  if (files.size() > 1)
    std::cout << "total: " << errors << " error(s), " << warnings << " warning(s), " << functions << " function(s) in "
              << files.size() << " files\n";
}

void json_output(const std::vector<dataset::CheckedFile>& files) {
  int errors = 0, warnings = 0, functions = 0;
  std::cout << "{\"files\": [";
  for (std::size_t i = 0; i < files.size(); ++i) std::cout << (i ? ", " : "") << json::quote(files[i].path);
  std::cout << "], \"diagnostics\": [";
  bool first = true;
  for (const auto& f : files) {
    for (const Diagnostic& d : f.diagnostics) {
      Place p = place(f, d);
      std::cout << (first ? "\n  " : ",\n  ") << "{\"file\": " << json::quote(f.path) << ", \"line\": " << p.begin.line
                << ", \"column\": " << p.begin.column << ", \"end_line\": " << p.end.line
                << ", \"end_column\": " << p.end.column << ", \"severity\": " << json::quote(severity_name(d.severity))
                << ", \"code\": " << json::quote(code_name(d.code)) << ", \"message\": " << json::quote(d.message) << "}";
      first = false;
    }
    errors += f.errors();
    warnings += f.warnings();
    functions += f.functions;
  }
  std::cout << (first ? "" : "\n") << "], \"summary\": {\"errors\": " << errors << ", \"warnings\": " << warnings
            << ", \"functions\": " << functions << "}}\n";
}

void sarif_output(const std::vector<dataset::CheckedFile>& files) {
  std::map<std::string, std::string_view> rules;
  for (const auto& f : files)
    for (const Diagnostic& d : f.diagnostics) rules.emplace(std::string(code_name(d.code)), severity_name(d.severity));
  std::cout << "{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"version\": \"2.1.0\", \"runs\": [{"
               "\"tool\": {\"driver\": {\"name\": \"fexpr\", \"version\": \"0.1.0\", \"rules\": [";
  bool first = true;
  for (const auto& [id, severity] : rules) {
    std::cout << (first ? "" : ", ") << "{\"id\": " << json::quote(id) << ", \"shortDescription\": {\"text\": "
              << json::quote("fexpr " + id + " diagnostic") << "}}";
    first = false;
  }
  // Columns count characters (code points; a byte that is not UTF-8 counts one), not SARIF's
  // default UTF-16 code units.
  std::cout << "]}}, \"columnKind\": \"unicodeCodePoints\", \"artifacts\": [";
  for (std::size_t i = 0; i < files.size(); ++i)
    std::cout << (i ? ", " : "") << "{\"location\": {\"uri\": " << json::quote(files[i].path) << "}}";
  std::cout << "], \"results\": [";
  first = true;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& f = files[i];
    for (const Diagnostic& d : f.diagnostics) {
      Place p = place(f, d);
      std::string_view level = d.severity == Severity::error ? "error" : d.severity == Severity::warning ? "warning" : "note";
      std::cout << (first ? "\n  " : ",\n  ") << "{\"ruleId\": " << json::quote(code_name(d.code)) << ", \"level\": \""
                << level << "\", \"message\": {\"text\": " << json::quote(d.message)
                << "}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": " << json::quote(f.path)
                << ", \"index\": " << i << "}, \"region\": {\"startLine\": " << p.begin.line
                << ", \"startColumn\": " << p.begin.column << ", \"endLine\": " << p.end.line
                << ", \"endColumn\": " << std::max(p.end.column, p.begin.column) << "}}}]}";
      first = false;
    }
  }
  std::cout << (first ? "" : "\n") << "]}]}\n";
}

int run_check(const CheckOptions& o) {
  auto files = check_all(check_inputs(o.files, o.inputs));
  if (o.format == "json") json_output(files);
  else if (o.format == "sarif") sarif_output(files);
  else text(files, o);
  bool io_error = false, errors = false, warnings = false;
  for (const auto& f : files) {
    io_error |= !f.source;
    errors |= f.errors() > 0;
    warnings |= f.warnings() > 0;
  }
  if (io_error) return 2;
  return errors || (o.werror && warnings) ? 1 : 0;
}

}  // namespace

Runner add_check_command(CLI::App& app) {
  auto o = std::make_shared<CheckOptions>();
  CLI::App* sub = app.add_subcommand("check", "Check every function of .adm datasets");
  sub->add_option("FILE", o->files, "Datasets to check (- = standard input)")->required();
  sub->add_flag("-r,--recursive", o->inputs.recursive, "Check the *.adm and *.acf files below each directory given");
  sub->add_option("--stdin-name,--stdin-filename", o->inputs.stdin_name,
                  "Name standard input goes by in messages; a name ending in .acf reads it as a command file");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json", "sarif"}));
  sub->add_flag("--werror", o->werror, "Exit 1 on warnings too");
  sub->add_flag("--info", o->info, "Also print notes (statements read but not interpreted, user subroutines)");
  return [o] { return run_check(*o); };
}

}  // namespace fexpr::cli
