// The batch entry (Expression::values) on the cases that read no model or dataset: a batch of
// kBatchPoints points per call, reported per point against one value() call per point and the
// hand-written native (main.cpp registers those as value/ and native/). Every point is the
// case's own point, so that the three do the same work with the same branches.
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
  std::vector<double> out;
  Workspace workspace;
};

std::deque<Batch>& batch_cases() {
  static std::deque<Batch> all;
  return all;
}

// The first n points, as batches of at most kBatchPoints.
void run_points(Batch& b, long n) {
  for (long done = 0; done < n;) {
    const auto size = static_cast<std::size_t>(std::min<long>(n - done, static_cast<long>(kBatchPoints)));
    b.expression->values(std::span<const Inputs>(b.points).first(size), b.workspace, std::span<double>(b.out));
    benchmark::ClobberMemory();
    done += static_cast<long>(size);
  }
}

// One timed call is a batch of kBatchPoints; the table divides by it. For --count, N calls are
// N points (in batches of kBatchPoints), so that bench/count.sh reports instructions per point.
void register_batch(Batch& b) {
  Batch* q = &b;
  const std::string name = "batch/" + b.slug;
  benchmark::RegisterBenchmark(name.c_str(), [q](benchmark::State& s) {
    for (auto _ : s) run_points(*q, static_cast<long>(kBatchPoints));
  })
      ->Unit(benchmark::kNanosecond)
      ->Repetitions(kRepetitions)
      ->ReportAggregatesOnly(true)
      ->MinTime(kMinTime);
  calls()[name] = [q](long n) { run_points(*q, n); };
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
    b.out.assign(kBatchPoints, 0.0);
    // The batch must give value()'s bits before its speed means anything.
    run_points(b, static_cast<long>(kBatchPoints));
    const double one = b.expression->value(in, b.workspace);
    if (std::any_of(b.out.begin(), b.out.end(), [one](double v) { return v != one; }))
      std::fprintf(stderr, "warning: %s: the batch differs from value()\n", b.c.name.c_str());
    register_batch(b);
  }
}

void print_batch_table(const Results& r) {
  if (!r.seconds("batch/spring")) return;  // filtered out
  auto s = [&r](const std::string& kind, const Batch& b) { return r.seconds(kind + "/" + b.slug); };
  std::printf("\n## The batch entry (Expression::values), ns per point (medians of %d runs, batches of %zu)\n\n",
              kRepetitions, kBatchPoints);
  std::printf("| case | batch | value | native | batch/native | value/native | value/batch |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
  double log_batch = 0.0, log_value = 0.0;
  int complete = 0;
  for (const Batch& b : batch_cases()) {
    std::optional<double> per_point;
    if (auto batch = s("batch", b)) per_point = *batch / static_cast<double>(kBatchPoints);
    std::printf("| %s | %s | %s | %s | %s | %s | %s |\n", b.c.name.c_str(), cell(per_point, 1e9, "%.1f").c_str(),
                cell(s("value", b), 1e9, "%.1f").c_str(), cell(s("native", b), 1e9, "%.1f").c_str(),
                ratio(per_point, s("native", b)).c_str(), ratio(s("value", b), s("native", b)).c_str(),
                ratio(s("value", b), per_point).c_str());
    if (per_point && s("value", b) && s("native", b)) {
      log_batch += std::log(*per_point / *s("native", b));
      log_value += std::log(*s("value", b) / *s("native", b));
      ++complete;
    }
  }
  if (complete > 0) {
    std::printf("\nGeometric means over %d cases: batch/native %.2f, value/native %.2f.\n", complete,
                std::exp(log_batch / complete), std::exp(log_value / complete));
  }
}

}  // namespace fexpr::bench
