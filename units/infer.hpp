// The physical dimension of every subexpression of a function, and the unit mistakes that are
// certain: terms of one sum, arguments that must agree, an angle measure tested against a
// degree value. A constant may carry any dimension (1E4*DX can be a force), so a subexpression
// with a constant factor has none certain and is never the ground of a finding.
#pragma once

#include "ast/ast.hpp"
#include "units/dimension.hpp"

#include <fexpr/diagnostic.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fexpr::units {

// What is certain of a subexpression's dimension: nothing (free), or one dimension.
struct Inferred {
  bool known = false;
  Dimension dimension;
};

struct Environment {
  // The dimension of VARIABLE/id's function where it is certain; unset: none is.
  std::function<std::optional<Dimension>(long id)> variable;
  UnitNames names;
};

struct Inference {
  std::vector<Inferred> nodes;           // by ast::NodeId
  std::vector<Diagnostic> diagnostics;   // warnings of code units, each with its place
};

Inference infer(const ast::Tree& tree, const Environment& environment);

// Whether a number is one a reader writes in degrees: a multiple of 15 above 2π (15 .. 360).
bool degree_value(double value);
// How many turns an angle in radians is, to a tenth, for messages: "14.3" for 90.
std::string turns(double radians);

}  // namespace fexpr::units
