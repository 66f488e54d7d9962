#include "cli/check_config.hpp"

#include <filesystem>

namespace fexpr::cli {

namespace fs = std::filesystem;

ConfigResolver::ConfigResolver(const ConfigOptions& options) : isolated_(options.isolated) {
  if (options.select) select_ = dataset::parse_code_list(*options.select, "--select");
  if (options.ignore) ignore_ = dataset::parse_code_list(*options.ignore, "--ignore");
  for (const std::string& item : options.severities) {
    std::size_t equals = item.find('=');
    if (equals == std::string::npos)
      throw dataset::SettingError("--severity: '" + item + "' is not CODE=LEVEL; write e.g. --severity discontinuity=error");
    severities_[dataset::parse_code(item.substr(0, equals), "--severity")] =
        dataset::parse_severity(item.substr(equals + 1), "--severity");
  }
  if (!options.config_file.empty()) {
    if (!fs::is_regular_file(options.config_file))
      throw dataset::SettingError("--config: '" + options.config_file + "' is not a file; name a fexpr.toml");
    fixed_ = options.config_file;
    for_file({}, true);
  }
}

const dataset::LintConfig& ConfigResolver::for_file(const std::string& path, bool unnamed_stdin) {
  std::optional<std::string> config_path = fixed_;
  if (!config_path && !isolated_) config_path = dataset::find_config(unnamed_stdin ? fs::current_path() : fs::absolute(path).parent_path());
  const std::string key = config_path.value_or("");
  if (auto it = read_.find(key); it != read_.end()) return it->second;
  dataset::LintConfig config = config_path ? dataset::read_config(*config_path) : dataset::LintConfig{};
  if (select_) config.settings.select = select_;
  config.settings.ignore.insert(ignore_.begin(), ignore_.end());
  for (const auto& [code, severity] : severities_) config.settings.severities[code] = severity;
  return read_.emplace(key, std::move(config)).first->second;
}

}  // namespace fexpr::cli
