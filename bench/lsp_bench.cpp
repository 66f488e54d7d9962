// How long the language server takes to re-check a 10,004-line dataset (4,000 expressions)
// after an edit: each iteration applies one edit (STEP <-> the unknown STPE in one VARIABLE) and
// re-checks the whole text, as the server does on every didChange.
#include "bench/results.hpp"
#include "lsp/documents.hpp"
#include "lsp/features.hpp"
#include "tests/generated_recheck_dataset.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <malloc.h>
#include <fstream>
#include <sstream>
#include <string>

namespace fexpr::bench {
void register_lsp_edit_benchmark();

void register_lsp_benchmarks() {
  register_lsp_edit_benchmark();
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

// The largest real dataset of the corpus (368 KB, 663 markers, 80 force elements): one character
// of a VARIABLE's FUNCTION= changed and changed back in turn, then what the editor asks for: the
// diagnostics as the server publishes them (the re-check and the JSON), or, after those, a
// hover or a completion there, the first request after the edit.
enum class Request { diagnostics, hover, completion };
std::size_t document_bytes = 0;

void register_lsp_edit_benchmark() {
  const auto edit = [](benchmark::State& s, Request request) {
    std::ifstream in(FEXPR_SOURCE_DIR
                     "/tests/data/corpus/bthornton191__adamspy/"
                     "test__files__real_analysis_with_spikes__FRS5_doe_8_LAUL_analysis.adm",
                     std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::size_t heap = mallinfo2().uordblks;
    lsp::Document document("file:///FRS5.adm", text.str(), 1);
    // Line 15931 (1-based): ", FUNCTION = BEAM(1, 1, 8, 4363) *6/24.0/1.016**2 * 145.03774"; the
    // last digit is character 60 (0-based).
    const std::string& t = document.text();
    std::size_t at = 0;
    for (int line = 0; line < 15930 && at != std::string::npos; ++line) at = t.find('\n', at) + 1;
    if (t.compare(at, 62, ", FUNCTION = BEAM(1, 1, 8, 4363) *6/24.0/1.016**2 * 145.03774\n") != 0) {
      s.SkipWithError("the benchmark's line is not in the dataset");
      return;
    }
    benchmark::DoNotOptimize(lsp::published_diagnostics(document));
    benchmark::DoNotOptimize(lsp::hover(document, static_cast<std::uint32_t>(at + 14)));
    // What the server holds for the document once it has checked it and answered a hover: the
    // text, the check kept for the next edit, the model.
    document_bytes = mallinfo2().uordblks - heap;
    int version = 2;
    for (auto _ : s) {
      nlohmann::json change = {{{"range", {{"start", {{"line", 15930}, {"character", 60}}}, {"end", {{"line", 15930}, {"character", 61}}}}},
                                {"text", version % 2 == 0 ? "5" : "4"}}};
      if (request != Request::diagnostics) {
        // As the server runs: the edit's diagnostics are published before the next request.
        s.PauseTiming();
        document.change(change, version++);
        benchmark::DoNotOptimize(lsp::published_diagnostics(document));
        s.ResumeTiming();
      } else {
        document.change(change, version++);
      }
      switch (request) {
        case Request::diagnostics: benchmark::DoNotOptimize(lsp::published_diagnostics(document)); break;
        // On BEAM( of that line, and after its "BEAM(1, ": the first request after the edit.
        case Request::hover: benchmark::DoNotOptimize(lsp::hover(document, static_cast<std::uint32_t>(at + 14))); break;
        case Request::completion:
          benchmark::DoNotOptimize(lsp::completion(document, static_cast<std::uint32_t>(at + 21)));
          break;
      }
    }
    if (request == Request::diagnostics) s.counters["statements_checked"] = document.checked().statements_checked;
  };
  const auto configure = [](benchmark::internal::Benchmark* b) {
    b->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true)->MinTime(0.5);
  };
  configure(benchmark::RegisterBenchmark("lsp/edit_368kb_dataset", edit, Request::diagnostics));
  configure(benchmark::RegisterBenchmark("lsp/edit_368kb_dataset_hover", edit, Request::hover));
  configure(benchmark::RegisterBenchmark("lsp/edit_368kb_dataset_completion", edit, Request::completion));
}

void print_lsp_table(const Results& results) {
  auto seconds = results.seconds("lsp/recheck_10k_lines");
  auto edit = results.seconds("lsp/edit_368kb_dataset");
  if (!seconds && !edit) return;  // filtered out
  std::printf("\n## Language server\n\n| step | ms |\n|---|---:|\n");
  if (seconds) std::printf("| re-check of 10,004 lines, 4,000 functions, after an edit | %.1f |\n", *seconds * 1e3);
  if (edit)
    std::printf("| one character of a FUNCTION= in the 368 KB corpus dataset: edit, re-check, diagnostics as JSON | %.1f |\n",
                *edit * 1e3);
  if (auto hover = results.seconds("lsp/edit_368kb_dataset_hover"))
    std::printf("| after the edit's diagnostics, a hover there (the first request after the edit) | %.1f |\n", *hover * 1e3);
  if (auto completion = results.seconds("lsp/edit_368kb_dataset_completion"))
    std::printf("| after the edit's diagnostics, a completion there | %.1f |\n", *completion * 1e3);
  if (edit) std::printf("\nMemory for the 368 KB document, checked and hovered: %.1f MB of heap.\n", document_bytes / 1e6);
}

}  // namespace fexpr::bench
