#include "support/number.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

namespace fexpr::number {
namespace {

// from_chars reports overflow and underflow alike (result_out_of_range, no value). The decimal
// exponent of the first significant digit tells them apart; it saturates, so that exponents of
// any length (1E-99999999999999999999) are read in one pass without overflowing an integer.
bool below_range(std::string_view text) {
  constexpr long long kLimit = 1'000'000'000;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  long long order = 0;  // decimal exponent of the first nonzero digit, before the E part
  bool significant = false, fraction = false;
  for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
    const char c = text[i];
    if (c == '.') {
      fraction = true;
    } else if (!significant && c == '0') {
      if (fraction) --order;
    } else if (!significant) {
      significant = true;
      if (fraction) --order;
    } else if (!fraction && order < kLimit) {
      ++order;
    }
  }
  long long exponent = 0;
  bool negative = false;
  if (i < text.size()) ++i;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  for (; i < text.size(); ++i) {
    if (exponent < kLimit) exponent = exponent * 10 + (text[i] - '0');
  }
  return order + (negative ? -exponent : exponent) < 0;
}

}  // namespace

namespace {

std::string upper_exponent(const char* begin, const char* end) {
  std::string out(begin, end);
  for (char& c : out) {
    if (c == 'e') c = 'E';
  }
  return out;
}

}  // namespace

std::string format(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return upper_exponent(buffer, ec == std::errc() ? end : buffer);
}

std::string format(double value, int digits) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, digits);
  return upper_exponent(buffer, ec == std::errc() ? end : buffer);
}

std::optional<double> parse(std::string_view text) {
  double value = 0.0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::general);
  if (end != text.data() + text.size()) return std::nullopt;
  // Below half the smallest denormal the nearest double is zero, as for any underflow.
  if (ec == std::errc::result_out_of_range && below_range(text)) return text.front() == '-' ? -0.0 : 0.0;
  if (ec != std::errc() || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace fexpr::number
