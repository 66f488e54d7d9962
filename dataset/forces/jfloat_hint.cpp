#include "dataset/forces/jfloat_hint.hpp"

namespace fexpr::dataset {

std::optional<MissingArgumentHint> missing_argument_hint(const Statement& s, std::string_view missing) {
  const Argument* j = find_argument(s, "J");
  if (missing != "JFLOAT" || !j) return std::nullopt;
  std::string written = "J=";
  for (std::size_t k = 0; k < j->values.size(); ++k) written += (k ? "," : "") + j->values[k].text;
  return MissingArgumentHint{j->span, "; J= is not an argument of " + s.name +
                                          ", whose reaction acts at a floating marker: write JFLOAT= (a FLOATING "
                                          "marker on the reacting part) instead of " + written};
}

}  // namespace fexpr::dataset
