// A REPL session in-process and everything it has written, taken piece by piece, for tests that
// compare whole entries' output exactly.
#pragma once

#include "repl/session.hpp"

#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>

namespace fexpr::testing {

struct Run {
  std::ostringstream out;
  repl::Session session{out};

  // Feeds each line; returns what they printed.
  std::string operator()(std::initializer_list<std::string_view> lines) {
    for (std::string_view line : lines) session.feed(line);
    return take();
  }
  std::string take() {
    std::string text = out.str();
    out.str("");
    return text;
  }
};

}  // namespace fexpr::testing
