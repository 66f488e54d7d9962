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

}  // namespace fexpr::dataset
