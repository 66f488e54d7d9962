// The version CMakeLists.txt declares in project(fexpr VERSION ...), read from the file itself,
// for the tests that check every front end reports it.
#pragma once

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace fexpr::testing {

inline std::string project_version() {
  std::ifstream file(std::string(FEXPR_SOURCE_DIR) + "/CMakeLists.txt");
  std::stringstream text;
  text << file.rdbuf();
  std::smatch m;
  const std::string s = text.str();
  if (!std::regex_search(s, m, std::regex(R"(project\(fexpr VERSION ([0-9]+\.[0-9]+\.[0-9]+))"))) return "not found";
  return m[1];
}

}  // namespace fexpr::testing
