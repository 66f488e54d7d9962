// The fexpr program's last line of defence (main() runs every command through it): an exception
// a command lets escape ends with a message and exit status 3, never in an abort.
#include "cli/guard.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <vector>

namespace test_cli_guard {

using fexpr::cli::guarded;
using fexpr::cli::kInternalError;

TEST_CASE("a command's own exit status passes through the guard", "[cli][guard]") {
  std::ostringstream errors;
  CHECK(guarded([] { return 1; }, errors) == 1);
  CHECK(errors.str().empty());
}

TEST_CASE("an exception that escapes a command is an internal error with its message", "[cli][guard]") {
  std::ostringstream errors;
  CHECK(guarded([]() -> int { throw std::invalid_argument("'x=1' is not a name"); }, errors) == kInternalError);
  CHECK(errors.str() == "fexpr: internal error: 'x=1' is not a name; please report it with the command that caused it\n");
  SECTION("so is one of no standard type") {
    errors.str("");
    CHECK(guarded([]() -> int { throw 42; }, errors) == kInternalError);
    CHECK(errors.str() == "fexpr: internal error of unknown type; please report it with the command that caused it\n");
  }
  SECTION("memory running out is said as such") {
    errors.str("");
    CHECK(guarded([]() -> int { throw std::bad_alloc(); }, errors) == kInternalError);
    CHECK(errors.str() == "fexpr: out of memory\n");
  }
  // The README's status: apart from 0, 1 (findings) and 2 (usage errors).
  CHECK(kInternalError == 3);
}

}  // namespace test_cli_guard
