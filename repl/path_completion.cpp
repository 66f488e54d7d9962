#include "repl/path_completion.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace fexpr::repl {

std::vector<std::string> complete_path(std::string_view partial) {
  const std::size_t slash = partial.rfind('/');
  const std::string directory(slash == std::string_view::npos ? "" : partial.substr(0, slash + 1));
  const std::string_view stem = slash == std::string_view::npos ? partial : partial.substr(slash + 1);
  std::vector<std::string> out;
  std::error_code error;
  std::filesystem::directory_iterator it(directory.empty() ? "." : directory, error);
  // An unreadable or missing directory has nothing to offer, which is what Tab then shows.
  for (; !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (!name.starts_with(stem) || (name.starts_with('.') && !stem.starts_with('.'))) continue;
    std::error_code type_error;
    out.push_back(directory + name + (it->is_directory(type_error) ? "/" : ""));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace fexpr::repl
