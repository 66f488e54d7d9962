// The whole table: every file's entries, gathered and sorted once.
#include "builtins/entries.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace fexpr::builtins {

std::span<const Builtin> table() {
  static const std::vector<Builtin> all = [] {
    std::vector<Builtin> entries;
    for (auto part : {math_entries(), step_entries(), series_entries(), contact_entries(), measure_entries(),
                      vector_entries()})
      entries.insert(entries.end(), part.begin(), part.end());
    std::sort(entries.begin(), entries.end(), [](const Builtin& a, const Builtin& b) { return a.name < b.name; });
    return entries;
  }();
  return all;
}

const Builtin* find(std::string_view name) {
  const std::string key = text::upper(name);
  const auto all = table();
  const auto it =
      std::lower_bound(all.begin(), all.end(), key, [](const Builtin& b, std::string_view k) { return b.name < k; });
  return it != all.end() && it->name == key ? &*it : nullptr;
}

}  // namespace fexpr::builtins
