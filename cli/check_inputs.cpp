#include "cli/check_inputs.hpp"

#include "dataset/loaded_model.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <filesystem>

namespace fexpr::cli {
namespace {

namespace fs = std::filesystem;

bool is_dataset_name(const fs::path& path) {
  const std::string extension = path.extension().string();
  return text::iequals(extension, ".adm") || text::iequals(extension, ".acf") || text::iequals(extension, ".cmd");
}

CheckInput failure(std::string name, std::string why) { return {std::move(name), std::nullopt, std::move(why)}; }

// The datasets below root. Links to directories are not followed, so a link loop (a
// directory linking to its parent) cannot make the walk endless; links to files are datasets
// like the files themselves.
std::vector<CheckInput> datasets_below(const std::string& root) {
  std::vector<CheckInput> found;
  std::vector<fs::path> pending{root};
  while (!pending.empty()) {
    fs::path dir = std::move(pending.back());
    pending.pop_back();
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code ignored;
      if (it->symlink_status(ignored).type() == fs::file_type::directory) pending.push_back(it->path());
      else if (it->is_regular_file(ignored) && is_dataset_name(it->path()))
        found.push_back({it->path().string(), {}, {}, true});
    }
    if (ec)
      found.push_back(failure(dir.string(), "cannot read the directory '" + dir.string() + "': " + ec.message() +
                                                "; check its permissions"));
  }
  if (found.empty())
    found.push_back(failure(root, "'" + root + "' holds no *.adm, *.acf or *.cmd file; name the files to check"));
  std::sort(found.begin(), found.end(), [](const CheckInput& a, const CheckInput& b) { return a.name < b.name; });
  return found;
}

}  // namespace

std::vector<CheckInput> check_inputs(const std::vector<std::string>& arguments, const CheckInputOptions& options) {
  std::vector<CheckInput> inputs;
  bool stdin_read = false;
  for (const std::string& argument : arguments) {
    if (argument == "-") {
      if (stdin_read) {
        inputs.push_back(failure(options.stdin_name, "standard input was already read as '" + options.stdin_name +
                                                         "'; give '-' once"));
      } else {
        inputs.push_back({options.stdin_name, dataset::read_file("-"), {}, false, true});
        stdin_read = true;
      }
      continue;
    }
    std::error_code ec;
    if (!fs::is_directory(argument, ec)) inputs.push_back({argument, {}, {}});
    else
      for (CheckInput& found : datasets_below(argument)) inputs.push_back(std::move(found));
  }
  return inputs;
}

}  // namespace fexpr::cli
