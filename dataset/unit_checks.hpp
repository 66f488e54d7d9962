// The units checks of a dataset's functions (code units): each expression's own, from
// units::infer, and what its statement needs of it (a translational SFORCE a force, a rotational
// MOTION an angle), in the model's unit names (UNITS, or a command file's `defaults units`).
#pragma once

#include "ast/ast.hpp"
#include "dataset/element_bindings.hpp"
#include "dataset/statement.hpp"
#include "units/infer.hpp"

#include <fexpr/diagnostic.hpp>
#include <fexpr/expression.hpp>

#include <map>
#include <vector>

namespace fexpr::dataset {

class UnitChecks {
 public:
  UnitChecks(const Dataset& dataset, const ElementBindings& elements, const SourceText& source);
  // Its environment refers to the object itself, for VARVAL.
  UnitChecks(const UnitChecks&) = delete;
  UnitChecks& operator=(const UnitChecks&) = delete;

  // The findings of argument a of statement s, parsed as tree; compiled, where it compiled, for
  // the values a rotational MOTION reaches.
  std::vector<Diagnostic> check(const Statement& s, const Argument& a, const ast::Tree& tree,
                                const Expression* compiled, Workspace& workspace);

  // Every subexpression's dimension, where it is certain (the editor's hover shows them).
  units::Inference infer(const ast::Tree& tree) const { return units::infer(tree, environment_); }
  const units::UnitNames& names() const { return environment_.names; }

 private:
  std::optional<units::Dimension> variable(long id);

  const Dataset& dataset_;
  const ElementBindings& elements_;
  const SourceText& source_;
  units::Environment environment_;
  std::map<long, std::optional<units::Dimension>> variables_;
};

// The unit names of the model, short (mm, N): its UNITS statement's, or those a command file's
// `defaults units` set (Dataset::unit_names).
units::UnitNames unit_names(const Dataset& dataset);

}  // namespace fexpr::dataset
