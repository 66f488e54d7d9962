// Which codes `fexpr check` reports and at what severity: from fexpr.toml and the command line
// (--select, --ignore, --severity), applied to a checked file's diagnostics.
#pragma once

#include <fexpr/diagnostic.hpp>

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fexpr::dataset {

// A setting that cannot be used; what() names where it came from ("fexpr.toml:3:10: ..." or
// "--select: ...") and what to write instead.
class SettingError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LintSettings {
  std::optional<std::set<Code>> select;  // when set, only these codes are reported
  std::set<Code> ignore;                 // never reported, even when selected
  std::map<Code, Severity> severities;   // reported at this severity instead of their own

  bool enabled(Code code) const;
};

// The code named `name`; `where` prefixes the error ("--select", "fexpr.toml:3:10").
Code parse_code(std::string_view name, std::string_view where);
// "discontinuity,parameter" (blanks allowed around names) as --select and --ignore take them.
std::set<Code> parse_code_list(std::string_view list, std::string_view where);
// "error", "warning" or "info" (also "note").
Severity parse_severity(std::string_view name, std::string_view where);

struct CheckedFile;
// Drops the diagnostics of codes that are not enabled and gives the others their severity.
void apply_settings(CheckedFile& file, const LintSettings& settings);

}  // namespace fexpr::dataset
