// The C API's expression handle, shared by the interpreted and the compiled entry points.
#pragma once

#include "capi/errors.hpp"

#include <fexpr/expression.hpp>

#include <memory>

namespace fexpr::dataset {
struct LoadedModel;
}

struct fexpr_expression {
  fexpr::Expression expression;
  // The text its spans are offsets into, for the line and column of evaluation errors; null
  // for a force element's load, composed by fexpr rather than written by anyone.
  std::shared_ptr<const fexpr::SourceText> source;
  std::shared_ptr<const fexpr::dataset::LoadedModel> model;
};

namespace fexpr::capi {

// An evaluation error of expression e, at its place in e's text when it has one.
inline fexpr_status place_of(fexpr_status status, const Diagnostic& d, const fexpr_expression& e) {
  if (!e.source) return fail(status, d.message);
  return fail(status, d, *e.source);
}

}  // namespace fexpr::capi
