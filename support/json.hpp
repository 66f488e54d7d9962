// Minimal JSON text writing for the CLI's machine-readable outputs.
#pragma once

#include <string>
#include <string_view>

namespace fexpr::json {

// A JSON string literal, with quotes; invalid UTF-8 bytes become U+FFFD.
std::string quote(std::string_view s);
// A JSON number that reads back to the same double.
std::string number(double v);

}  // namespace fexpr::json
