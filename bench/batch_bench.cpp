// The batch entry (Expression::values) on the cases that read no model or dataset: a batch of
// kBatchPoints points per call, over Inputs (batch/) and over Columns (columns/), reported per
// point against one value() call per point and the hand-written native (main.cpp registers
// those as value/ and native/). Every point is the case's own point, so that all do the same
// work with the same branches.
#include "bench/cases.hpp"
#include "bench/registry.hpp"
#include "bench/results.hpp"

#include <fexpr/expression.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <optional>
#include <vector>

namespace fexpr::bench {
namespace {

constexpr std::size_t kBatchPoints = 1000;

struct Batch {
  Case c;
  std::string slug;
  Context context;
  std::optional<Expression> expression;
  std::vector<double> values;
  std::vector<Inputs> points;
  std::vector<double> time;                   // the columns: TIME and each variable, one
  std::vector<std::vector<double>> variables;  // value a point
  std::vector<Column> variable_columns;
  Columns columns;
  std::vector<double> out;
  Workspace workspace;
};

std::deque<Batch>& batch_cases() {
  static std::deque<Batch> all;
  return all;
}

// The first n points, as batches of at most kBatchPoints, over Inputs or over Columns.
void run_points(Batch& b, long n, bool by_column) {
  for (long done = 0; done < n;) {
    const auto size = static_cast<std::size_t>(std::min<long>(n - done, static_cast<long>(kBatchPoints)));
    if (by_column) {
      Columns part = b.columns;
      part.points = size;
      b.expression->values(part, b.workspace, std::span<double>(b.out));
    } else {
      b.expression->values(std::span<const Inputs>(b.points).first(size), b.workspace, std::span<double>(b.out));
    }
    benchmark::ClobberMemory();
    done += static_cast<long>(size);
  }
}

// One timed call is a batch of kBatchPoints; the table divides by it. For --count, N calls are
// N points (in batches of kBatchPoints), so that bench/count.sh reports instructions per point.
void register_batch(Batch& b, bool by_column) {
  Batch* q = &b;
  const std::string name = (by_column ? "columns/" : "batch/") + b.slug;
  benchmark::RegisterBenchmark(name.c_str(), [q, by_column](benchmark::State& s) {
    for (auto _ : s) run_points(*q, static_cast<long>(kBatchPoints), by_column);
  })
      ->Unit(benchmark::kNanosecond)
      ->Repetitions(kRepetitions)
      ->ReportAggregatesOnly(true)
      ->MinTime(kMinTime);
  calls()[name] = [q, by_column](long n) { run_points(*q, n, by_column); };
}

}  // namespace

void register_batch_benchmarks() {
  for (Case& c : cases()) {
    if (c.model || !c.dataset.empty()) continue;
    Batch& b = batch_cases().emplace_back();
    b.c = std::move(c);
    b.slug = slug_of(b.c.name);
    Inputs in;
    b.expression = prepare_scalar(b.c, b.context, b.values, in);
    b.points.assign(kBatchPoints, in);
    b.time.assign(kBatchPoints, in.time);
    for (const double v : b.values) b.variables.emplace_back(kBatchPoints, v);
    for (const auto& column : b.variables) b.variable_columns.push_back({column.data(), 1});
    b.columns.time = {b.time.data(), 1};
    b.columns.variables = b.variable_columns;
    b.out.assign(kBatchPoints, 0.0);
    // The batch must give value()'s bits before its speed means anything.
    const double one = b.expression->value(in, b.workspace);
    for (const bool by_column : {false, true}) {
      run_points(b, static_cast<long>(kBatchPoints), by_column);
      if (std::any_of(b.out.begin(), b.out.end(), [one](double v) { return v != one; }))
        std::fprintf(stderr, "warning: %s: the batch differs from value()\n", b.c.name.c_str());
      register_batch(b, by_column);
    }
  }
}

void print_batch_table(const Results& r) {
  if (!r.seconds("batch/spring")) return;  // filtered out
  auto s = [&r](const std::string& kind, const Batch& b) { return r.seconds(kind + "/" + b.slug); };
  auto per_point = [&s](const std::string& kind, const Batch& b) -> std::optional<double> {
    if (auto batch = s(kind, b)) return *batch / static_cast<double>(kBatchPoints);
    return std::nullopt;
  };
  std::printf("\n## The batch entry (Expression::values), ns per point (medians of %d runs, batches of %zu)\n\n",
              kRepetitions, kBatchPoints);
  std::printf("| case | batch | columns | value | native | batch/native | columns/native | value/native |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
  double log_batch = 0.0, log_columns = 0.0, log_value = 0.0;
  int complete = 0;
  for (const Batch& b : batch_cases()) {
    const auto batch = per_point("batch", b), columns = per_point("columns", b);
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s |\n", b.c.name.c_str(), cell(batch, 1e9, "%.1f").c_str(),
                cell(columns, 1e9, "%.1f").c_str(), cell(s("value", b), 1e9, "%.1f").c_str(),
                cell(s("native", b), 1e9, "%.1f").c_str(), ratio(batch, s("native", b)).c_str(),
                ratio(columns, s("native", b)).c_str(), ratio(s("value", b), s("native", b)).c_str());
    if (batch && columns && s("value", b) && s("native", b)) {
      log_batch += std::log(*batch / *s("native", b));
      log_columns += std::log(*columns / *s("native", b));
      log_value += std::log(*s("value", b) / *s("native", b));
      ++complete;
    }
  }
  if (complete > 0) {
    std::printf("\nGeometric means over %d cases: batch/native %.2f, columns/native %.2f, value/native %.2f.\n",
                complete, std::exp(log_batch / complete), std::exp(log_columns / complete),
                std::exp(log_value / complete));
  }
}

}  // namespace fexpr::bench
