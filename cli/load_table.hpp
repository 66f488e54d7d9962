// The twelve load components of a force element (force and torque on I and on J, ground axes)
// evaluated at one state, with their Jacobian over the part states they read; printed as text
// or JSON by `fexpr sforce` and `fexpr loads` alike.
#pragma once

#include "dataset/statement.hpp"

#include <fexpr/expression.hpp>

#include <CLI/CLI.hpp>

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fexpr::cli {

struct LoadTable {
  double loads[12] = {};
  std::vector<std::string> columns;           // every derivative input any load reads, first seen first
  std::vector<std::vector<double>> jacobian;  // 12 rows over columns; empty without --jacobian
};

// Throws EvaluationError as Expression::value does.
LoadTable evaluate_loads(const std::array<std::optional<Expression>, 12>& loads, const Inputs& in, bool jacobian);

// Text output rounds to `digits` significant digits (0: the shortest exact form, --precision).
std::string vector3(const double* v, int digits);
// The non-zero columns and rows of the Jacobian, indented under an element's lines.
void print_jacobian(const LoadTable& t, int digits);
// "\"on_i\": {...}, \"on_j\": {...}" and, with a Jacobian, ", \"jacobian\": {...}".
std::string loads_json(const LoadTable& t);

// What `fexpr sforce` and `fexpr loads` share on their command lines.
struct LoadOptions {
  double time = 0.0;
  std::vector<std::string> sets;  // PART/ID and NAME=VALUE, two words per --set
  bool jacobian = false;
  std::string format = "text";
  int precision = 0;
};
void add_load_options(CLI::App* sub, LoadOptions& o);
// "SFORCE/1, SPRINGDAMPER/2": the statements with an id that `keep` selects, in file order, for
// the messages that say which elements a dataset has; empty when there is none.
std::string element_labels(const dataset::Dataset& dataset, const std::function<bool(const dataset::Statement&)>& keep);

// {"file": ..., "time": ..., "<key>": [items, one a line]}
void print_json_list(const std::string& file, double time, const std::string& key, const std::vector<std::string>& items);

// Each result printed by text(result), or all in one JSON list of json(result).
template <typename Result, typename Text, typename Json>
void print_results(const std::string& format, const std::string& file, double time, const std::string& key,
                   const std::vector<Result>& results, Text text, Json json) {
  if (format != "json") {
    for (const Result& r : results) text(r);
    return;
  }
  std::vector<std::string> items;
  for (const Result& r : results) items.push_back(json(r));
  print_json_list(file, time, key, items);
}

}  // namespace fexpr::cli
