// fexpr.toml: the settings of `fexpr check` for the datasets in its folder and below.
//
//   [check]
//   select = ["syntax", "name"]          # only these codes (default: all)
//   ignore = ["not-interpreted"]         # never these
//   exclude = ["generated", "old_*.adm"]  # files a directory search skips
//   [check.severity]
//   discontinuity = "error"
//
// A key or a value fexpr does not know is an error naming its line and column, never skipped.
#pragma once

#include "dataset/lint_settings.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fexpr::dataset {

struct LintConfig {
  std::string path;               // the file read; empty for the defaults
  std::filesystem::path folder;   // the folder exclude patterns are relative to
  LintSettings settings;
  std::vector<std::string> exclude;  // shell patterns

  // Whether a pattern matches the file's path relative to `folder` ('*' crossing '/'), or one
  // of that path's folder names or its file name.
  bool excludes(const std::filesystem::path& file) const;
};

// Reads a configuration file; throws SettingError ("fexpr.toml:3:10: ...") when it is not one.
LintConfig read_config(const std::string& path);

// The fexpr.toml in `folder` or in the nearest folder above it.
std::optional<std::string> find_config(const std::filesystem::path& folder);

}  // namespace fexpr::dataset
