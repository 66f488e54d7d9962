// Warnings (and the STEP family's error) from the language's cautions, found on the syntax tree
// of one expression.
#pragma once

#include "ast/ast.hpp"

#include <fexpr/diagnostic.hpp>

#include <vector>

namespace fexpr::dataset {

enum class Use {
  motion,  // MOTION: needs a continuous second derivative in TIME
  force,   // SFORCE, GFORCE, VFORCE, VTORQUE: needs a continuous value
  other,
};

// - IF and functions less smooth than C2 in a MOTION;
// - an IF in a force whose branches differ where the test crosses zero (found when the test
//   is a subexpression the branches repeat, or a name or call plus a constant, and the
//   branches then reduce to constants);
// - STEP, STEP5, HAVSIN with x0 >= x1 (an error, as evaluating them is); IMPACT and BISTOP
//   with an exponent below 1, negative stiffness or damping, a non-positive depth, or BISTOP's
//   x1 >= x2.
std::vector<Diagnostic> check_rules(const ast::Tree& tree, Use use);

}  // namespace fexpr::dataset
