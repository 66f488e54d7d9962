// How the suite's files register a benchmark: one call timed by Google Benchmark in a loop of its
// own, medians of kRepetitions, and kept by name for --count (instruction counts, count.sh).
#pragma once

#include <benchmark/benchmark.h>

#include <cctype>
#include <functional>
#include <map>
#include <string>

namespace fexpr::bench {

inline constexpr int kRepetitions = 5;
inline constexpr double kMinTime = 0.03;

// Each benchmark's call by name, for --count.
inline std::map<std::string, std::function<void(long)>>& calls() {
  static std::map<std::string, std::function<void(long)>> by_name;
  return by_name;
}

// A case's name as a benchmark name's last part: "IF chain (9 deep)" -> "if_chain_9_deep".
inline std::string slug_of(const std::string& name) {
  std::string s;
  for (char ch : name) {
    if (std::isalnum(static_cast<unsigned char>(ch))) s += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    else if (!s.empty() && s.back() != '_') s += '_';
  }
  while (!s.empty() && s.back() == '_') s.pop_back();
  return s;
}

template <class Call>
void add(const std::string& name, benchmark::TimeUnit unit, Call call) {
  benchmark::RegisterBenchmark(name.c_str(), [call](benchmark::State& s) {
    for (auto _ : s) call();
  })
      ->Unit(unit)
      ->Repetitions(kRepetitions)
      ->ReportAggregatesOnly(true)
      ->MinTime(kMinTime);
  calls()[name] = [call](long n) {
    for (long k = 0; k < n; ++k) call();
  };
}

}  // namespace fexpr::bench
