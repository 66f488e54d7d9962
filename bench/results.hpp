// Collects the medians Google Benchmark reports, so that the suite can print its figures and
// ratios as one table after the runs.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fexpr::bench {

// Prints one line per benchmark (its median CPU time) as it finishes, and keeps the medians.
class Results : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      // Medians of the repetitions; a single run stands for itself.
      if (run.run_type == Run::RT_Aggregate && run.aggregate_name != "median") continue;
      if (run.error_occurred) continue;
      const double seconds = run.GetAdjustedCPUTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
      seconds_[run.run_name.function_name] = seconds;
      real_seconds_[run.run_name.function_name] =
          run.GetAdjustedRealTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
      if (run.run_type == Run::RT_Aggregate || run.repetitions <= 1)
        std::printf("%-48s %12.2f ns\n", run.run_name.function_name.c_str(), seconds * 1e9);
    }
    std::fflush(stdout);
  }

  // Median seconds per iteration of the benchmark registered under name, if it ran.
  std::optional<double> seconds(const std::string& name) const {
    auto it = seconds_.find(name);
    if (it == seconds_.end()) return std::nullopt;
    return it->second;
  }
  // Median wall-clock seconds, for work done in child processes (a C compiler run).
  std::optional<double> real_seconds(const std::string& name) const {
    auto it = real_seconds_.find(name);
    if (it == real_seconds_.end()) return std::nullopt;
    return it->second;
  }

 private:
  std::map<std::string, double> seconds_;
  std::map<std::string, double> real_seconds_;
};

// A table cell: seconds scaled (1e9 for ns) and formatted, or "-" for a benchmark that did not
// run; and the ratio a/b of two.
inline std::string cell(std::optional<double> seconds, double scale, const char* format) {
  if (!seconds) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, format, *seconds * scale);
  return buffer;
}
inline std::string ratio(std::optional<double> a, std::optional<double> b) {
  if (!a || !b || *b == 0.0) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", *a / *b);
  return buffer;
}

// Registers the dataset throughput benchmarks (dataset_bench.cpp) and prints their table.
void register_dataset_benchmarks();
void print_dataset_table(const Results& results);
void register_check_benchmarks();
void print_check_table(const Results& results);
void register_lsp_benchmarks();
void print_lsp_table(const Results& results);
void register_compiled_benchmarks();
void print_compiled_table(const Results& results);
void register_batch_benchmarks();
void print_batch_table(const Results& results);

}  // namespace fexpr::bench
