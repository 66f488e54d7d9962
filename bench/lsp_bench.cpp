// How long the language server takes to re-check a 10,004-line dataset (4,000 expressions)
// after an edit: each iteration applies one edit (STEP <-> the unknown STPE in one VARIABLE) and
// re-checks the whole text, as the server does on every didChange.
#include "bench/results.hpp"
#include "lsp/documents.hpp"
#include "tests/generated_recheck_dataset.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

namespace fexpr::bench {
void register_lsp_benchmarks() {
  benchmark::RegisterBenchmark("lsp/recheck_10k_lines", [](benchmark::State& s) {
    lsp::Document document("file:///big.adm", testing::recheck_dataset(2000), 1);
    benchmark::DoNotOptimize(document.checked().errors());
    int version = 2;
    for (auto _ : s) {
      // Line 5002 (0-based) is "VARIABLE/1001, FUNCTION = STEP(...)"; STEP starts at character 26.
      const char* name = version % 2 == 0 ? "STPE" : "STEP";
      nlohmann::json change = {{{"range", {{"start", {{"line", 5002}, {"character", 26}}}, {"end", {{"line", 5002}, {"character", 30}}}}},
                                {"text", name}}};
      document.change(change, version);
      const std::size_t errors = document.checked().errors();
      if (errors != (version % 2 == 0 ? 1u : 0u)) {
        s.SkipWithError("the re-check did not report exactly the edited error");
        break;
      }
      ++version;
    }
  })->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true)->MinTime(0.5);
}

void print_lsp_table(const Results& results) {
  auto seconds = results.seconds("lsp/recheck_10k_lines");
  if (!seconds) return;  // filtered out
  std::printf("\n## Language server\n\n| step | ms |\n|---|---:|\n| re-check of 10,004 lines, 4,000 functions, after an edit | %.1f |\n",
              *seconds * 1e3);
}

}  // namespace fexpr::bench
