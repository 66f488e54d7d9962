#include "dataset/values.hpp"

#include "support/number.hpp"

#include <charconv>
#include <numbers>

namespace fexpr::dataset {

std::optional<double> real(const Value& v) {
  std::string_view t = v.text;
  bool degrees = !t.empty() && (t.back() == 'D' || t.back() == 'd');
  if (degrees) t.remove_suffix(1);
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  auto parsed = number::parse(t);
  if (!parsed) return std::nullopt;
  return degrees ? *parsed * std::numbers::pi / 180.0 : *parsed;
}

std::string not_real(const Value& v) {
  std::string_view t = v.text;
  if (!t.empty() && (t.back() == 'D' || t.back() == 'd')) t.remove_suffix(1);
  if (!t.empty() && (t.front() == '+' || t.front() == '-')) t.remove_prefix(1);
  double value = 0.0;
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value, std::chars_format::general);
  std::string quoted = "'" + v.text + "'";
  if (ec == std::errc::result_out_of_range && end == t.data() + t.size())
    return quoted + " is out of the range of double precision";
  // 1.D3: FORTRAN writes double precision exponents with D.
  std::string_view rest(end, static_cast<std::size_t>(t.data() + t.size() - end));
  if (ec == std::errc() && rest.size() > 1 && (rest[0] == 'D' || rest[0] == 'd') &&
      rest.find_first_not_of("+-0123456789", 1) == std::string_view::npos)
    return quoted + ": a FORTRAN 'D' exponent is not supported (write E); a 'D' after a number means degrees";
  return quoted + " is not a number";
}

std::optional<long> integer(const Value& v) {
  long out = 0;
  std::string_view t = v.text;
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
  if (ec != std::errc() || end != t.data() + t.size() || t.empty()) return std::nullopt;
  return out;
}

const Argument* find_argument(const Statement& s, std::string_view keyword) {
  for (const Argument& a : s.arguments) {
    if (a.keyword == keyword) return &a;
  }
  return nullptr;
}

const Statement* find_statement(const Dataset& dataset, std::string_view name, long id) {
  for (const Statement& s : dataset.statements) {
    if (s.id == id && s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace fexpr::dataset
