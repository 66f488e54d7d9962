// The loads of a force element compiled for evaluation: the twelve components of the force
// and torque on I and on J in ground axes, and their power, each an Expression with its
// gradient and Hessian. SFORCE is read into the same form, so `fexpr loads` treats every
// applied force element alike.
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/forces/force_element.hpp"

#include <fexpr/expression.hpp>

#include <array>
#include <optional>
#include <variant>
#include <vector>

namespace fexpr::dataset {

struct ForceLoads {
  ForceElement element;
  // force on I (x y z), torque on I, force on J, torque on J; ground axes
  std::array<std::optional<Expression>, 12> loads;
  // The text each load compiled from, which its evaluation errors' spans are offsets into.
  std::array<std::string, 12> texts;
  std::optional<Expression> power;
};

// Any statement fexpr evaluates loads for (SFORCE and kForceStatements), read and compiled; an
// error (or, for a user subroutine, a note) at its place when it cannot be.
std::variant<ForceLoads, Diagnostic> force_loads(const Statement& s, ElementBindings& bindings,
                                                 const kinematics::Model& model, const SourceText& source,
                                                 const std::vector<UnplacedMarker>& floating);

// What `check` evaluates of an element, in the order force_loads gives it: the power alone when
// it reads every load (a quarter of the text to compile), else the twelve loads and the power. The
// element is read as the bindings read it for its load functions (ElementBindings::force_element).
std::variant<std::vector<Expression>, Diagnostic> force_check(const Statement& s, ElementBindings& bindings,
                                                              const SourceText& source);

// SFORCE's loads as ForceElement texts (sforce.hpp gives its scalar form).
std::variant<ForceElement, Diagnostic> sforce_element(const Statement& s, const ElementBindings& bindings);

}  // namespace fexpr::dataset
