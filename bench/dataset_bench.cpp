// Dataset throughput on a generated 10 MB .adm: the statement reader, the reader with the model
// builder, and (once dataset::check_text exists) the whole checker.
#include "bench/results.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#ifdef FEXPR_BENCH_CHECKER
#include "dataset/checker.hpp"
#endif

#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>
#include <string>

namespace fexpr::bench {
namespace {

constexpr std::size_t kDatasetBytes = 10u << 20;

// Parts in a row, each with two markers, a spring-damper SFORCE to ground, a contact VARIABLE
// and a comment line: the statements and expressions a vehicle or machine model is made of.
std::string generate_dataset(std::size_t bytes) {
  std::string text = "Generated benchmark model\n!\nUNITS/, FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND\n"
                     "PART/1, GROUND\nMARKER/1, PART = 1\n";
  char buffer[1024];
  for (long i = 1; text.size() < bytes; ++i) {
    const long part = 1 + i, m1 = 10 * part + 1, m2 = 10 * part + 2;
    std::snprintf(buffer, sizeof buffer,
                  "! part %ld and its forces\n"
                  "PART/%ld, MASS = 1.5, CM = %ld, QG = %.3f, 0, 0.5, REULER = 0, 0, 0, VX = 0.1\n"
                  "MARKER/%ld, PART = %ld, QP = 0, 0, 0\n"
                  "MARKER/%ld, PART = %ld, QP = 0.1, 0, -0.05, REULER = 90D, 0D, 0D\n"
                  "SFORCE/%ld, TRANSLATIONAL, I = %ld, J = 1\n"
                  ", FUNCTION = -1E4*(DM(%ld, 1) - 0.5) - 25*VR(%ld, 1)\n"
                  ", + STEP(TIME, 0, 0, 1, 50)*SIN(2*PI*TIME)\n"
                  "VARIABLE/%ld, FUNCTION = IMPACT(DZ(%ld, 1), VZ(%ld, 1), 0.1, 1E5, 1.5, 50, 0.01)\n",
                  part, part, m1, 0.01 * static_cast<double>(i), m1, part, m2, part, i, m1, m1, m1, i, m2, m2);
    text += buffer;
  }
  text += "END\n";
  return text;
}

const std::string& dataset_text() {
  static const std::string text = generate_dataset(kDatasetBytes);
  return text;
}

}  // namespace

void register_dataset_benchmarks() {
  auto configure = [](benchmark::internal::Benchmark* b) {
    b->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true)->MinTime(0.2);
  };
  configure(benchmark::RegisterBenchmark("dataset/read", [](benchmark::State& s) {
    static const SourceText source("generated.adm", dataset_text());
    benchmark::DoNotOptimize(dataset::read(source));  // the allocator's first touch of the memory, untimed
    for (auto _ : s) benchmark::DoNotOptimize(dataset::read(source));
  }));
  configure(benchmark::RegisterBenchmark("dataset/read_build_model", [](benchmark::State& s) {
    static const SourceText source("generated.adm", dataset_text());
    for (auto _ : s) {
      auto d = dataset::read(source);
      benchmark::DoNotOptimize(dataset::build_model(d));
    }
  }));
#ifdef FEXPR_BENCH_CHECKER
  configure(benchmark::RegisterBenchmark("dataset/check_text", [](benchmark::State& s) {
    for (auto _ : s) benchmark::DoNotOptimize(dataset::check_text("generated.adm", dataset_text()));
  }));
#endif
}

void print_dataset_table(const Results& results) {
  if (!results.seconds("dataset/read") && !results.seconds("dataset/check_text")) return;  // filtered out
  const double megabytes = static_cast<double>(dataset_text().size()) / 1e6;
  std::printf("\n## Dataset throughput on a generated %.1f MB dataset\n\n| step | ms | MB/s |\n|---|---:|---:|\n",
              megabytes);
  const char* rows[][2] = {{"dataset/read", "dataset::read"},
                           {"dataset/read_build_model", "dataset::read + build_model"},
                           {"dataset/check_text", "dataset::check_text"}};
  for (const auto& [name, label] : rows) {
    auto seconds = results.seconds(name);
    if (seconds) std::printf("| %s | %.1f | %.0f |\n", label, *seconds * 1e3, megabytes / *seconds);
    else std::printf("| %s | not measured (not built yet) | - |\n", label);
  }
}

}  // namespace fexpr::bench
