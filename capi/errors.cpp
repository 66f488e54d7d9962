#include "capi/errors.hpp"

namespace fexpr::capi {
namespace {

struct LastError {
  fexpr_status status = FEXPR_OK;
  std::string message;
  unsigned line = 0;
  unsigned column = 0;
};
// Per thread, so that threads sharing an expression read their own failures.
thread_local LastError last_error;

}  // namespace

fexpr_status fail(fexpr_status status, std::string message, unsigned line, unsigned column) {
  last_error.status = status;
  last_error.message = std::move(message);
  last_error.line = line;
  last_error.column = column;
  return status;
}

fexpr_status fail(fexpr_status status, const Diagnostic& d, const SourceText& source) {
  const Position p = source.position(d.span.begin);
  return fail(status, d.message, p.line, p.column);
}

fexpr_status usage(std::string message) { return fail(FEXPR_USAGE_ERROR, std::move(message)); }

}  // namespace fexpr::capi

extern "C" fexpr_status fexpr_last_error(const char** message, unsigned* line, unsigned* column) {
  using fexpr::capi::last_error;
  if (message) *message = last_error.message.c_str();
  if (line) *line = last_error.line;
  if (column) *column = last_error.column;
  return last_error.status;
}
