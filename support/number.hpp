// Locale-independent number text: what the grammar reads and what every output prints.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fexpr::number {

// Shortest text that reads back to exactly the same double ("0.1", "1E+05", "-0").
std::string format(double value);
// The same form rounded to `digits` significant digits (1 to 17), for text meant to be read
// rather than read back: format(100.00000000000013, 6) is "100".
std::string format(double value, int digits);
// Parses a decimal floating-point literal with std::from_chars, correctly rounded: denormals
// exactly, below half the smallest denormal to 0 (-0 for "-..."). Empty on overflow (1E400,
// 1.8E308), on "inf" and "nan", and on bad text.
std::optional<double> parse(std::string_view text);

}  // namespace fexpr::number
