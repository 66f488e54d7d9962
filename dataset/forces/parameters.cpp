#include "dataset/forces/parameters.hpp"

#include "dataset/values.hpp"
#include "support/number.hpp"

namespace fexpr::dataset {

std::string element_label(const Statement& s) { return s.name + "/" + std::to_string(s.id.value_or(0)); }

Diagnostic force_error(Span span, std::string message, Code code) {
  return Diagnostic{Severity::error, code, span, std::move(message)};
}

std::optional<Diagnostic> read_reals(const Statement& s, std::string_view keyword, std::size_t count, Sign sign,
                                     std::vector<double>& out) {
  const Argument* a = find_argument(s, keyword);
  if (!a) return std::nullopt;
  std::string name(keyword);
  if (a->values.size() != count)
    return force_error(a->span, element_label(s) + " " + name + "= takes " + std::to_string(count) +
                                    (count == 1 ? " number" : " numbers") + ", got " + std::to_string(a->values.size()),
                       Code::argument);
  out.assign(count, 0.0);
  for (std::size_t k = 0; k < count; ++k) {
    auto v = real(a->values[k]);
    if (!v) return force_error(a->values[k].span, not_real(a->values[k]), Code::argument);
    if (sign == Sign::non_negative && *v < 0)
      return force_error(a->values[k].span, element_label(s) + " " + name + "= must not be negative, got " + a->values[k].text);
    if (sign == Sign::positive && *v <= 0)
      return force_error(a->values[k].span, element_label(s) + " " + name + "= must be positive, got " + a->values[k].text);
    out[k] = *v;
  }
  return std::nullopt;
}

std::optional<Diagnostic> negative_diagonal(const Statement& s, const char* keyword, const std::vector<double>& m,
                                            const std::array<std::size_t, 6>& written) {
  const Argument* a = find_argument(s, keyword);
  for (std::size_t d = 0; d < 6; ++d) {
    if (m[d * 7] >= 0) continue;
    std::string shown = a ? a->values[written[d]].text : number::format(m[d * 7]);
    return force_error(a ? a->values[written[d]].span : s.name_span,
                       element_label(s) + " " + keyword + " is not positive semidefinite: its diagonal entry (" +
                           std::to_string(d + 1) + ", " + std::to_string(d + 1) + ") is " + shown);
  }
  return std::nullopt;
}

std::optional<Diagnostic> damping_given_twice(const Statement& s) {
  const Argument* cratio = find_argument(s, "CRATIO");
  if (!cratio || !find_argument(s, "CMATRIX")) return std::nullopt;
  return force_error(cratio->keyword_span, element_label(s) + " gives its damping twice: CRATIO= and CMATRIX=");
}

std::string text(double value) {
  std::string t = number::format(value);
  return value < 0 ? "(" + t + ")" : t;
}

std::string vector_text(const std::string& x, const std::string& y, const std::string& z) {
  return "[" + x + ", " + y + ", " + z + "]";
}

std::string along_axes(const std::string& x, const std::string& y, const std::string& z, long m) {
  if (m == 0) return vector_text(x, y, z);
  std::string k = std::to_string(m);
  return "((" + x + ")*UVX(" + k + ") + (" + y + ")*UVY(" + k + ") + (" + z + ")*UVZ(" + k + "))";
}

}  // namespace fexpr::dataset
