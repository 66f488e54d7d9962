// The whole table: every file's entries, gathered and sorted once.
#include "builtins/entries.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
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

// The compiler asks for every call it meets: by a hash of the name in any case, not by an
// upper-case copy searched for in the table.
const Builtin* find(std::string_view name) {
  using ByName = std::unordered_map<std::string_view, const Builtin*, text::CaseInsensitiveHash, text::CaseInsensitiveEqual>;
  static const ByName by_name = [] {
    ByName out;
    for (const Builtin& b : table()) out.emplace(b.name, &b);
    return out;
  }();
  const auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : it->second;
}

}  // namespace fexpr::builtins
