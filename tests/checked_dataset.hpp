// The errors and warnings of a checked dataset as "line:column:severity:code", for tests that
// state them, worked out by hand, as such a list.
#pragma once

#include "dataset/checker.hpp"

#include <string>
#include <vector>

namespace fexpr::testing {

inline std::vector<std::string> problems(const dataset::CheckedFile& f) {
  std::vector<std::string> out;
  for (const auto& d : f.diagnostics) {
    if (d.severity == Severity::info) continue;
    auto p = f.source->position(d.span.begin);
    out.push_back(std::to_string(p.line) + ":" + std::to_string(p.column) + ":" + std::string(severity_name(d.severity)) +
                  ":" + std::string(code_name(d.code)));
  }
  return out;
}

}  // namespace fexpr::testing
