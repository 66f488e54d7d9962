#include "cli/input_options.hpp"

#include "support/number.hpp"

#include <stdexcept>

namespace fexpr::cli {

std::optional<std::string> declare_vars(Context& context, const std::vector<std::string>& vars, std::vector<double>& values) {
  for (const std::string& v : vars) {
    const std::size_t eq = v.find('=');
    const auto value = eq == std::string::npos ? std::nullopt : number::parse(v.substr(eq + 1));
    if (!value || eq == 0) return "--var expects NAME=NUMBER, got '" + v + "'";
    try {
      const std::size_t slot = context.declare_variable(v.substr(0, eq));
      values.resize(std::max(values.size(), slot + 1));
      values[slot] = *value;
    } catch (const std::invalid_argument& e) {
      return "--var '" + v + "': " + e.what();
    }
  }
  return std::nullopt;
}

}  // namespace fexpr::cli
