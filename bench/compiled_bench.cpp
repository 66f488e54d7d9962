// The compiled path (fexpr::compile_native) on the bench cases that read no model or dataset:
// value and value + gradient against the interpreter and the hand-written native C++ (main.cpp
// registers those as value/, gradient/, native/, native_gradient/), and the one-off cost of
// compiling: generate + cc + dlopen into an empty cache folder, and the load from a warm cache
// that a restarted process does.
#include "bench/cases.hpp"
#include "bench/registry.hpp"
#include "bench/results.hpp"

#include <fexpr/expression.hpp>
#include <fexpr/native.hpp>

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <vector>

namespace fexpr::bench {
namespace {

struct Compiled {
  Case c;
  std::string slug;
  Context context;
  std::optional<Expression> expression;
  std::optional<NativeExpression> native;
  std::vector<double> values;
  Inputs in;
  std::vector<double> grad;
};

std::deque<Compiled>& compiled_cases() {
  static std::deque<Compiled> all;
  return all;
}

// The folders the compile benchmarks point $FEXPR_CACHE at: one emptied after every build, one
// kept warm, and the one the timed objects come from.
struct Folders {
  std::filesystem::path root, cold, warm, timed;
  Folders() {
    std::string pattern = (std::filesystem::temp_directory_path() / "fexpr-bench-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    root = pattern;
    cold = root / "cold";
    warm = root / "warm";
    timed = root / "timed";
  }
  ~Folders() { std::filesystem::remove_all(root); }
};

Folders& folders() {
  static Folders f;
  return f;
}

std::optional<NativeExpression> compile_in(const std::filesystem::path& cache, const Expression& e) {
  setenv("FEXPR_CACHE", cache.c_str(), 1);
  NativeResult r = compile_native(e);
  if (!r) std::fprintf(stderr, "warning: compile_native: %s\n", r.why_not.c_str());
  return std::move(r.expression);
}

// The one-off costs, in wall-clock time since the compiler runs in a child process; a few runs
// each, as a build takes tens of milliseconds.
void register_compile_costs(Compiled& p) {
  Compiled* q = &p;
  benchmark::RegisterBenchmark(("compiled_build/" + p.slug).c_str(), [q](benchmark::State& s) {
    for (auto _ : s) {
      benchmark::DoNotOptimize(compile_in(folders().cold, *q->expression));
      std::filesystem::remove_all(folders().cold);
    }
  })
      ->Unit(benchmark::kMillisecond)
      ->Repetitions(kRepetitions)
      ->ReportAggregatesOnly(true)
      ->Iterations(1)
      ->UseRealTime();
  // Each load is the shared object's first in the process: the last copy of the previous one
  // closed it, and the timed object is another file.
  benchmark::RegisterBenchmark(("compiled_load/" + p.slug).c_str(), [q](benchmark::State& s) {
    for (auto _ : s) benchmark::DoNotOptimize(compile_in(folders().warm, *q->expression));
  })
      ->Unit(benchmark::kMicrosecond)
      ->Repetitions(kRepetitions)
      ->ReportAggregatesOnly(true)
      ->MinTime(kMinTime)
      ->UseRealTime();
}

void register_calls(Compiled& p) {
  Compiled* q = &p;
  add("compiled/" + p.slug, benchmark::kNanosecond, [q] { benchmark::DoNotOptimize(q->native->value(q->in)); });
  add("compiled_gradient/" + p.slug, benchmark::kNanosecond, [q] {
    benchmark::DoNotOptimize(q->native->gradient(q->in, q->grad));
    benchmark::ClobberMemory();
  });
}

}  // namespace

void register_compiled_benchmarks() {
  for (Case& c : cases()) {
    if (c.model || !c.dataset.empty()) continue;
    Compiled& p = compiled_cases().emplace_back();
    p.c = std::move(c);
    p.slug = slug_of(p.c.name);
    p.expression = prepare_scalar(p.c, p.context, p.values, p.in);
    p.grad.assign(p.expression->derivative_count(), 0.0);
    compile_in(folders().warm, *p.expression);
    p.native = compile_in(folders().timed, *p.expression);
    if (!p.native) continue;
    // The compiled path must give the interpreter's value before its speed means anything.
    Workspace ws;
    if (p.native->value(p.in) != p.expression->value(p.in, ws))
      std::fprintf(stderr, "warning: %s: the compiled value differs from the interpreter's\n", p.c.name.c_str());
    register_calls(p);
    register_compile_costs(p);
  }
}

void print_compiled_table(const Results& r) {
  if (!r.seconds("compiled/spring") && !r.seconds("compiled_build/spring")) return;  // filtered out
  auto s = [&r](const std::string& kind, const Compiled& p) { return r.seconds(kind + "/" + p.slug); };
  auto wall = [&r](const std::string& kind, const Compiled& p) { return r.real_seconds(kind + "/" + p.slug); };
  std::printf("\n## The compiled path (fexpr::compile_native), ns per call (medians of %d runs)\n\n", kRepetitions);
  std::printf("| case | interpreter value | compiled value | native value | compiled/native | interpreter/compiled |"
              " interpreter value+grad | compiled value+grad | native value+grad | compiled/native grad |"
              " interpreter/compiled grad | build, cold cache (ms) | load, warm cache (us) |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Compiled& p : compiled_cases()) {
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p.c.name.c_str(),
                cell(s("value", p), 1e9, "%.1f").c_str(), cell(s("compiled", p), 1e9, "%.1f").c_str(),
                cell(s("native", p), 1e9, "%.1f").c_str(), ratio(s("compiled", p), s("native", p)).c_str(),
                ratio(s("value", p), s("compiled", p)).c_str(), cell(s("gradient", p), 1e9, "%.1f").c_str(),
                cell(s("compiled_gradient", p), 1e9, "%.1f").c_str(), cell(s("native_gradient", p), 1e9, "%.1f").c_str(),
                ratio(s("compiled_gradient", p), s("native_gradient", p)).c_str(),
                ratio(s("gradient", p), s("compiled_gradient", p)).c_str(),
                cell(wall("compiled_build", p), 1e3, "%.1f").c_str(), cell(wall("compiled_load", p), 1e6, "%.0f").c_str());
  }
}

}  // namespace fexpr::bench
