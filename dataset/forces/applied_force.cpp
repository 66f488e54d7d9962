#include "dataset/forces/applied_force.hpp"

#include "dataset/forces/force_element.hpp"
#include "dataset/values.hpp"
#include "support/text.hpp"

#include <charconv>

namespace fexpr::dataset {

std::variant<const Statement*, std::string> applied_force(const Dataset& dataset, std::string_view element) {
  const std::string name = text::upper(element);
  const std::size_t slash = name.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == name.size())
    return "'" + std::string(element) + "' is not an element such as BUSHING/3";
  long id = 0;
  const char* end = name.data() + name.size();
  auto [stop, error] = std::from_chars(name.data() + slash + 1, end, id);
  if (error != std::errc() || stop != end) return "'" + std::string(element) + "' is not an element such as BUSHING/3";
  const std::string type = name.substr(0, slash);
  const std::string label = type + "/" + std::to_string(id);
  const Statement* s = find_statement(dataset, type, id);
  if (!s) return "the model has no " + label;
  if (type != "SFORCE" && !is_force_element(type)) {
    return label + " is not an applied force element: loads are those of SFORCE, SPRINGDAMPER, BUSHING, FIELD, BEAM, "
                   "VFORCE, VTORQUE and GFORCE";
  }
  return s;
}

}  // namespace fexpr::dataset
