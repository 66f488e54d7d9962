// What every file of the C API shares: the thread's last error and the guard that turns any
// exception into a status, so that nothing but a status crosses the boundary.
#pragma once

#include <fexpr/diagnostic.hpp>
#include <fexpr/fexpr.h>

#include <exception>
#include <new>
#include <string>

namespace fexpr::capi {

// Records a failure as the thread's last error and returns its status.
fexpr_status fail(fexpr_status status, std::string message, unsigned line = 0, unsigned column = 0);
// A failure placed at a diagnostic's position in `source`.
fexpr_status fail(fexpr_status status, const Diagnostic& d, const SourceText& source);
fexpr_status usage(std::string message);

// Runs body, which returns a status; an exception escaping it becomes a status too. Failures
// that the body reports itself have already been recorded.
template <class Body>
fexpr_status guarded(Body body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(FEXPR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(FEXPR_INTERNAL_ERROR, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(FEXPR_INTERNAL_ERROR, "internal error: unknown exception");
  }
}

}  // namespace fexpr::capi
