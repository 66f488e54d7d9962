// `fexpr check` on the real files of tests/data/corpus (56 datasets and command files of
// solver runs, 43 Adams View command files): the checker's CPU time in this process, over all of
// them and over the largest of each kind alone, which is what a user waits for.
#include "bench/results.hpp"
#include "dataset/checker.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::bench {
namespace {

struct File {
  std::string name, text;
};

const std::vector<File>& corpus() {
  static const std::vector<File> files = [] {
    std::vector<File> out;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(FEXPR_SOURCE_DIR "/tests/data/corpus")) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".adm" && ext != ".acf" && ext != ".cmd") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      out.push_back({entry.path().string(), text.str()});
    }
    std::sort(out.begin(), out.end(), [](const File& a, const File& b) { return a.name < b.name; });
    return out;
  }();
  return files;
}

std::size_t bytes(const std::vector<const File*>& files) {
  std::size_t n = 0;
  for (const File* f : files) n += f->text.size();
  return n;
}

// The whole corpus, its datasets (.adm, .acf) or its command files (.cmd); the largest alone.
std::vector<const File*> chosen(std::string_view set) {
  const bool commands = set.ends_with("command_files") || set.ends_with("command_file");
  std::vector<const File*> out;
  for (const File& f : corpus()) {
    if (set == "all" || f.name.ends_with(".cmd") == commands) out.push_back(&f);
  }
  if (set.starts_with("largest") && !out.empty())
    out = {*std::max_element(out.begin(), out.end(),
                             [](const File* a, const File* b) { return a->text.size() < b->text.size(); })};
  return out;
}

const char* kSets[][2] = {{"all", "every corpus file"},
                          {"datasets", "its datasets (.adm, .acf)"},
                          {"command_files", "its command files (.cmd)"},
                          {"largest_dataset", "the largest dataset alone"},
                          {"largest_command_file", "the largest command file alone"}};

}  // namespace

void register_check_benchmarks() {
  for (const auto& [set, label] : kSets) {
    benchmark::RegisterBenchmark(("check/" + std::string(set)).c_str(), [set = std::string(set)](benchmark::State& s) {
      const auto files = chosen(set);
      for (auto _ : s) {
        for (const File* f : files) benchmark::DoNotOptimize(dataset::check_text(f->name, f->text));
      }
    })->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true)->MinTime(0.3);
  }
}

void print_check_table(const Results& results) {
  if (!results.seconds("check/all")) return;  // filtered out
  std::printf("\n## check on the real files of tests/data/corpus\n\n| files | count | KB | ms | MB/s |\n|---|---:|---:|---:|---:|\n");
  for (const auto& [set, label] : kSets) {
    const auto files = chosen(set);
    const auto seconds = results.seconds("check/" + std::string(set));
    const double megabytes = static_cast<double>(bytes(files)) / 1e6;
    if (seconds)
      std::printf("| %s | %zu | %.0f | %.2f | %.1f |\n", label, files.size(), megabytes * 1e3, *seconds * 1e3,
                  megabytes / *seconds);
  }
}

}  // namespace fexpr::bench
