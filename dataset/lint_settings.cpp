#include "dataset/lint_settings.hpp"

#include "dataset/checker.hpp"
#include "dataset/rules.hpp"

#include <algorithm>

namespace fexpr::dataset {

bool LintSettings::enabled(Code code) const { return (!select || select->count(code)) && !ignore.count(code); }

Code parse_code(std::string_view name, std::string_view where) {
  if (const Rule* r = find_rule(name)) return r->code;
  throw SettingError(std::string(where) + ": unknown code '" + std::string(name) + "'; the codes are " + rule_names() +
                     " (fexpr check --explain CODE says what one means)");
}

std::set<Code> parse_code_list(std::string_view list, std::string_view where) {
  const std::string whole(list);
  std::set<Code> codes;
  while (true) {
    std::size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    std::size_t first = item.find_first_not_of(' ');
    item = first == std::string_view::npos ? std::string_view() : item.substr(first, item.find_last_not_of(' ') - first + 1);
    if (item.empty()) throw SettingError(std::string(where) + ": an empty code in '" + whole + "'; separate codes with single commas");
    codes.insert(parse_code(item, where));
    if (comma == std::string_view::npos) return codes;
    list.remove_prefix(comma + 1);
  }
}

Severity parse_severity(std::string_view name, std::string_view where) {
  if (name == "error") return Severity::error;
  if (name == "warning") return Severity::warning;
  if (name == "info" || name == "note") return Severity::info;
  throw SettingError(std::string(where) + ": unknown severity '" + std::string(name) + "'; write error, warning or info");
}

void apply_settings(CheckedFile& file, const LintSettings& settings) {
  auto& ds = file.diagnostics;
  ds.erase(std::remove_if(ds.begin(), ds.end(), [&](const Diagnostic& d) { return !settings.enabled(d.code); }), ds.end());
  for (Diagnostic& d : ds) {
    auto it = settings.severities.find(d.code);
    if (it != settings.severities.end()) d.severity = it->second;
  }
}

}  // namespace fexpr::dataset
