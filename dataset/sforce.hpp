// SFORCE elements evaluated for real: the scalar force, the force or torque vectors at I and
// J in ground, their power, and their Jacobian with respect to the part states.
//
// TRANSLATIONAL (the default), action-reaction: the force on I is f along the unit vector from
// J to I (positive f pushes them apart), the force on J its opposite. ROTATIONAL: a torque f
// about J's z axis on I, its opposite on J. ACTIONONLY: only I is loaded, a translational
// force along J's z axis or a rotational torque about it.
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/statement.hpp"

#include <fexpr/expression.hpp>

#include <array>
#include <optional>
#include <string>
#include <variant>

namespace fexpr::dataset {

struct SforceGeometry {
  long id = 0, i = 0, j = 0;
  bool rotational = false, action_only = false;
};

// The expression text of component comp (1..8: FM FX FY FZ TM TX TY TZ) of the load on I
// (jflag 0) or J (jflag 1), in the axes of marker rm (0 = ground), given f's text.
std::string sforce_component(const SforceGeometry& g, const std::string& f, int jflag, int comp, long rm);
// The power of the loads on I and J (sum of force . velocity and torque . angular velocity).
std::string sforce_power(const SforceGeometry& g, const std::string& f);

struct Sforce {
  SforceGeometry geometry;
  Expression value;                      // f
  Expression power;
  std::array<std::optional<Expression>, 12> loads;  // force on I (x y z), torque on I, force on J, torque on J; ground axes
};

// Reads the statement's geometry and compiles its loads; an error message when it cannot.
std::variant<Sforce, std::string> make_sforce(const Statement& s, ElementBindings& bindings);
std::optional<SforceGeometry> sforce_geometry(const Statement& s);

}  // namespace fexpr::dataset
