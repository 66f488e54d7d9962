// The one translation unit that includes toml++: it is a heavy header.
#include "dataset/lint_config.hpp"

#include <fnmatch.h>

// Errors come back as values, so that each names its place in the file.
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

namespace fexpr::dataset {
namespace {

namespace fs = std::filesystem;

std::string where(const std::string& path, const toml::source_region& at) {
  return path + ":" + std::to_string(at.begin.line) + ":" + std::to_string(at.begin.column);
}

class Reader {
 public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  LintConfig read(const toml::table& root) {
    LintConfig config;
    config.path = path_;
    config.folder = fs::absolute(path_).lexically_normal().parent_path();
    for (const auto& [key, node] : root) {
      const std::string name(key.str());
      if (name != "check") {
        if (node.is_table()) fail(node, "unknown table '" + name + "'; the settings go in [check]");
        fail(node, "unknown key '" + name + "' (outside [check]); the settings go in [check]: put it under a line [check]");
      }
      const toml::table* check = node.as_table();
      if (!check) fail(node, "'check' must be a table: [check]");
      for (const auto& [setting_name, value] : *check) setting(config, std::string(setting_name.str()), value);
    }
    return config;
  }

 private:
  void setting(LintConfig& config, const std::string& name, const toml::node& value) {
    if (name == "select") config.settings.select = codes(value, name);
    else if (name == "ignore") config.settings.ignore = codes(value, name);
    else if (name == "exclude") config.exclude = strings(value, name);
    else if (name == "severity") severities(config.settings, value);
    else fail(value, "unknown setting '" + name + "'; [check] takes select, ignore, exclude and [check.severity]");
  }

  std::vector<std::string> strings(const toml::node& value, const std::string& name) {
    const toml::array* array = value.as_array();
    if (!array) fail(value, "'" + name + "' must be an array of strings: " + name + " = [\"...\"]");
    std::vector<std::string> out;
    for (const toml::node& item : *array) {
      const auto* text = item.as_string();
      if (!text) fail(item, "'" + name + "' must be an array of strings; this item is not a string");
      out.push_back(text->get());
    }
    return out;
  }

  std::set<Code> codes(const toml::node& value, const std::string& name) {
    std::set<Code> out;
    const toml::array* array = value.as_array();
    if (!array) fail(value, "'" + name + "' must be an array of codes: " + name + " = [\"discontinuity\"]");
    for (const toml::node& item : *array) {
      const auto* text = item.as_string();
      if (!text) fail(item, "'" + name + "' must be an array of code names; this item is not a string");
      out.insert(parse_code(text->get(), where(path_, item.source())));
    }
    return out;
  }

  void severities(LintSettings& settings, const toml::node& value) {
    const toml::table* table = value.as_table();
    if (!table) fail(value, "'severity' must be a table: [check.severity] with lines code = \"error\"");
    for (const auto& [code, level] : *table) {
      const auto* text = level.as_string();
      if (!text) fail(level, "the severity of '" + std::string(code.str()) + "' must be \"error\", \"warning\" or \"info\"");
      settings.severities[parse_code(code.str(), where(path_, code.source()))] =
          parse_severity(text->get(), where(path_, level.source()));
    }
  }

  [[noreturn]] void fail(const toml::node& at, const std::string& message) {
    throw SettingError(where(path_, at.source()) + ": " + message);
  }

  std::string path_;
};

}  // namespace

bool LintConfig::excludes(const fs::path& file) const {
  const fs::path relative = fs::absolute(file).lexically_normal().lexically_relative(folder);
  for (const std::string& pattern : exclude) {
    if (fnmatch(pattern.c_str(), relative.generic_string().c_str(), 0) == 0) return true;
    for (const fs::path& part : relative)
      if (fnmatch(pattern.c_str(), part.string().c_str(), 0) == 0) return true;
  }
  return false;
}

LintConfig read_config(const std::string& path) {
  toml::parse_result parsed = toml::parse_file(path);
  if (!parsed) {
    const toml::parse_error& e = parsed.error();
    // A file that cannot be opened has no position worth printing.
    if (e.source().begin.line == 0) throw SettingError(path + ": " + std::string(e.description()));
    throw SettingError(where(path, e.source()) + ": " + std::string(e.description()) + "; fexpr.toml is TOML");
  }
  return Reader(path).read(parsed.table());
}

std::optional<std::string> find_config(const fs::path& folder) {
  std::error_code ec;
  fs::path at = fs::absolute(folder, ec).lexically_normal();
  if (ec) return std::nullopt;
  while (true) {
    // A folder that cannot be read holds no configuration for us; the search goes on above it.
    std::error_code unreadable;
    fs::path candidate = at / "fexpr.toml";
    if (fs::is_regular_file(candidate, unreadable)) return candidate.string();
    if (at == at.parent_path()) return std::nullopt;
    at = at.parent_path();
  }
}

}  // namespace fexpr::dataset
