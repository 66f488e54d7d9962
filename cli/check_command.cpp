// fexpr check: validate every function of one or more .adm datasets, in compiler style (full or
// one line each), JSON, SARIF or GitHub annotations, with the codes fexpr.toml and the options
// select, and apply or show their fixes. Files are checked in parallel; the output keeps the
// order of the command line.
#include "cli/check_config.hpp"
#include "cli/check_inputs.hpp"
#include "cli/check_output.hpp"
#include "cli/commands.hpp"
#include "dataset/fixes.hpp"
#include "dataset/lint.hpp"
#include "dataset/rules.hpp"
#include "support/atomic_write.hpp"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <optional>
#include <thread>

namespace fexpr::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> files;
  CheckInputOptions inputs;
  ConfigOptions config;
  OutputOptions output;
  std::string format = "text";
  std::string input_format;  // empty: by each file's name
  std::string explain;
  bool werror = false;
  bool fix = false;
  bool diff = false;
  bool unsafe_fixes = false;
};

// A file to check and the settings that apply to it.
struct Job {
  CheckInput input;
  const dataset::LintSettings* settings;
  std::optional<dataset::Format> format;  // --input-format; otherwise the file's name says
};

dataset::CheckedFile check_one(Job& job) {
  CheckInput& input = job.input;
  if (input.text) return dataset::lint_text(input.name, std::move(*input.text), *job.settings, job.format);
  if (!input.failure) return dataset::lint(dataset::check_file(input.name, job.format), *job.settings);
  dataset::CheckedFile out;
  out.path = input.name;
  out.diagnostics.push_back({Severity::error, Code::io, {}, std::move(*input.failure)});
  return out;
}

std::vector<dataset::CheckedFile> check_all(std::vector<Job>& jobs) {
  std::vector<dataset::CheckedFile> results(jobs.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) results[i] = check_one(jobs[i]);
  };
  unsigned n = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), static_cast<unsigned>(jobs.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return results;
}

// --diff: the fixes of every file as a unified diff. Exit status 1 when there are some, 2 when a
// file cannot be read.
int show_fixes(std::vector<dataset::CheckedFile>& files, const std::vector<Job>& jobs, bool unsafe) {
  bool io_error = false, changes = false;
  for (std::size_t i = 0; i < files.size(); ++i) {
    dataset::CheckedFile& f = files[i];
    if (!f.source) {
      for (const Diagnostic& d : f.diagnostics) std::cerr << f.path << ": " << d.message << "\n";
      io_error = true;
      continue;
    }
    const std::string before = f.source->text();
    if (dataset::fix_all(f, *jobs[i].settings, unsafe) == 0) continue;
    std::cout << dataset::unified_diff(f.path, before, f.source->text());
    changes = true;
  }
  return io_error ? 2 : changes ? 1 : 0;
}

// --fix: each file replaced by its fixed text, which is what is then reported; a file that
// cannot be replaced is reported as it was. Standard input is fixed too: its text, fixed or not,
// is written to standard output, as ruff does, for an editor to replace its buffer with. Returns
// false when a file could not be written.
bool apply_fixes_in_place(std::vector<dataset::CheckedFile>& files, const std::vector<Job>& jobs, bool unsafe,
                          int& fixed) {
  bool written = true;
  for (std::size_t i = 0; i < files.size(); ++i) {
    dataset::CheckedFile& f = files[i];
    if (!f.source) continue;
    const std::string before = f.source->text();
    const int applied = dataset::fix_all(f, *jobs[i].settings, unsafe);
    if (jobs[i].input.is_stdin) std::cout << f.source->text();
    if (applied == 0) continue;
    if (jobs[i].input.is_stdin) {
      fixed += applied;
    } else if (auto failure = write_atomically(f.path, f.source->text())) {
      std::cerr << "fexpr check: " << *failure << "; '" << f.path << "' is unchanged\n";
      f = dataset::lint_text(f.path, before, *jobs[i].settings, f.format);
      written = false;
    } else {
      fixed += applied;
    }
  }
  return written;
}

int explain(const std::string& name) {
  const dataset::Rule* r = dataset::find_rule(name);
  if (!r) {
    std::cerr << "fexpr check --explain: unknown code '" << name << "'; the codes are " << dataset::rule_names() << "\n";
    return 2;
  }
  std::cout << code_name(r->code) << " (" << severity_name(r->severity) << "): " << r->summary << "\n\n"
            << r->explanation << "\n\nWhy it matters: " << r->why << "\n\nExample:\n" << r->example << "\n";
  if (!r->correction.empty()) std::cout << "\nCorrected:\n" << r->correction << "\n";
  return 0;
}

std::vector<Job> jobs_for(const CheckOptions& o, ConfigResolver& configs) {
  std::vector<Job> jobs;
  for (CheckInput& input : check_inputs(o.files, o.inputs)) {
    // Standard input named with --stdin-name (as editors do) is configured as that file.
    const bool unnamed = input.is_stdin && input.name == CheckInputOptions{}.stdin_name;
    const dataset::LintConfig& config = configs.for_file(input.name, unnamed);
    if (input.found_in_directory && config.excludes(input.name)) continue;
    jobs.push_back({std::move(input), &config.settings, dataset::format_named(o.input_format)});
  }
  return jobs;
}

int run_check(CheckOptions o) {
  if (!o.explain.empty()) return explain(o.explain);
  if (o.files.empty()) {
    std::cerr << "fexpr check: name the datasets to check (FILE...), or --explain CODE\n";
    return 2;
  }
  std::vector<Job> jobs;
  std::optional<ConfigResolver> configs;  // holds the settings the jobs point to
  try {
    configs.emplace(o.config);
    jobs = jobs_for(o, *configs);
  } catch (const dataset::SettingError& e) {
    std::cerr << "fexpr check: " << e.what() << "\n";
    return 2;
  }
  auto files = check_all(jobs);
  if (o.diff) return show_fixes(files, jobs, o.unsafe_fixes);
  bool io_error = o.fix && !apply_fixes_in_place(files, jobs, o.unsafe_fixes, o.output.fixed);
  // Standard output holds the fixed standard input, so the report goes to standard error.
  const bool fixed_stdin = o.fix && std::any_of(jobs.begin(), jobs.end(), [](const Job& j) { return j.input.is_stdin; });
  std::ostream& report = fixed_stdin ? std::cerr : std::cout;
  if (o.format == "json") write_json(report, files, o.output);
  else if (o.format == "sarif") write_sarif(report, files, o.output);
  else if (o.format == "github") write_github(report, files, o.output);
  else if (o.format == "concise") write_concise(report, files, o.output);
  else write_text(report, files, o.output);
  bool errors = false, warnings = false;
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
  CLI::App* sub = app.add_subcommand("check", "Check every function of .adm datasets and .cmd command files");
  sub->add_option("FILE", o->files, "Datasets and command files to check, or folders of them (- = standard input)");
  // Directories are always searched, as ruff and eslint do; -r stays so scripts written for
  // the first releases, when it was needed, keep working.
  sub->add_flag("-r,--recursive")
      ->description("Accepted for compatibility: a directory's *.adm, *.acf and *.cmd files are always checked");
  sub->add_option("--stdin-name,--stdin-filename", o->inputs.stdin_name,
                  "Name standard input goes by in messages; a name ending in .acf reads it as a solver command file, "
                  "in .cmd as an Adams View command file");
  sub->add_option("--input-format", o->input_format,
                  "Read every file as adm (a dataset, or a solver command file by .acf) or cmd (an Adams View "
                  "command file), whatever its name; by default its name's extension says")
      ->check(CLI::IsMember({"adm", "cmd"}));
  sub->add_option("--format,--output-format", o->format,
                  "Output format: text, concise (one line each), json, sarif, github (workflow annotations)")
      ->check(CLI::IsMember({"text", "concise", "json", "sarif", "github"}));
  sub->add_flag("--werror", o->werror, "Exit 1 on warnings too");
  sub->add_flag("--info", o->output.info, "Also write notes (statements read but not interpreted, user subroutines)");
  sub->add_option("--explain", o->explain, "Say what a code means, why it matters, with an example");
  sub->add_option("--select", o->config.select, "Report only these codes (comma-separated); replaces the config's");
  sub->add_option("--ignore", o->config.ignore, "Never report these codes (comma-separated); adds to the config's");
  sub->add_option("--severity", o->config.severities, "Report CODE at LEVEL (error, warning, info): CODE=LEVEL, repeatable")
      ->allow_extra_args(false);
  auto* config = sub->add_option("--config", o->config.config_file,
                                  "Read the settings from this file instead of the nearest fexpr.toml");
  sub->add_flag("--isolated", o->config.isolated, "Read no fexpr.toml")->excludes(config);
  sub->add_flag("--fix", o->fix,
                "Apply the safe fixes to the files, then report what is left; standard input's fixed text goes to "
                "standard output, the report to standard error");
  sub->add_flag("--diff", o->diff, "Show the fixes as a unified diff without writing; exit 1 when there are some");
  sub->add_flag("--unsafe-fixes", o->unsafe_fixes, "With --fix or --diff, also apply fixes that change the model");
  sub->add_flag("-q,--quiet", o->output.quiet, "Write only the summary lines");
  sub->add_flag("-v,--verbose", o->output.verbose, "Write a summary line for every file, those with nothing to report too");
  sub->add_flag("--statistics", o->output.statistics, "After the summary, count the diagnostics per code");
  sub->add_option("--root", o->output.root, "SARIF: artifact URIs relative to this folder (default: file:// URIs)");
  return [o] { return run_check(*o); };
}

}  // namespace fexpr::cli
