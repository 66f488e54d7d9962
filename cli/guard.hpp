// The last line of defence of the fexpr program: whatever a command lets escape (a bug, or no
// memory left) ends with a message and an exit status of its own, never in an abort.
#pragma once

#include <exception>
#include <new>
#include <ostream>

namespace fexpr::cli {

// The exit status when fexpr itself fails, apart from the 1 of a finding and the 2 of a usage
// error, so that a script can tell the three apart.
constexpr int kInternalError = 3;

// run()'s exit status; an exception it throws is reported on `errors` as kInternalError.
template <typename Run>
int guarded(Run run, std::ostream& errors) {
  try {
    return run();
  } catch (const std::bad_alloc&) {
    errors << "fexpr: out of memory\n";
  } catch (const std::exception& e) {
    errors << "fexpr: internal error: " << e.what() << "; please report it with the command that caused it\n";
  } catch (...) {
    errors << "fexpr: internal error of unknown type; please report it with the command that caused it\n";
  }
  return kInternalError;
}

}  // namespace fexpr::cli
