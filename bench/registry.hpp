// How the suite's files register a benchmark: one call timed by Google Benchmark in a loop of its
// own, medians of kRepetitions, and kept by name for --count (instruction counts, count.sh).
#pragma once

#include "bench/cases.hpp"

#include <fexpr/expression.hpp>

#include <benchmark/benchmark.h>

#include <cctype>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

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

// A case that reads no model or dataset, compiled with its variables declared in `context`;
// `in` then holds its TIME and `values`, the variables' values, which must stay in place.
inline Expression prepare_scalar(const Case& c, Context& context, std::vector<double>& values, Inputs& in) {
  for (const auto& [name, value] : c.variables) {
    context.declare_variable(name);
    values.push_back(value);
  }
  auto compiled = compile(c.text, context);
  if (!compiled) throw std::runtime_error("does not compile: " + c.text);
  in.time = c.time;
  in.variables = values;
  return *compiled.expression;
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
