// Which fexpr.toml applies to each checked file, with the command line's settings laid over it:
// --select replaces the file's select, --ignore adds to its ignore, --severity overrides its
// severities. --config names one file for all; --isolated reads none.
#pragma once

#include "dataset/lint_config.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fexpr::cli {

struct ConfigOptions {
  std::string config_file;               // --config
  bool isolated = false;                 // --isolated
  std::optional<std::string> select;     // --select CODES
  std::optional<std::string> ignore;     // --ignore CODES
  std::vector<std::string> severities;   // --severity CODE=LEVEL, repeated
};

class ConfigResolver {
 public:
  // Throws dataset::SettingError for a bad option value or a bad --config file.
  explicit ConfigResolver(const ConfigOptions& options);

  // The configuration for a dataset path, found from its folder upward (from the current folder
  // for standard input without a name). Throws dataset::SettingError when that fexpr.toml is
  // malformed.
  const dataset::LintConfig& for_file(const std::string& path, bool unnamed_stdin);

 private:
  bool isolated_;
  std::optional<std::string> fixed_;  // --config
  std::optional<std::set<Code>> select_;
  std::set<Code> ignore_;
  std::map<Code, Severity> severities_;
  std::map<std::string, dataset::LintConfig> read_;  // by config path; "" for the defaults
};

}  // namespace fexpr::cli
