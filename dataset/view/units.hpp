// The units of an Adams View model (`defaults units`) and numbers written with units (12mm,
// 0.0d, 30(deg), 7801.0(kg/meter**3)). A model's numbers are kept in its own units: lengths in
// its length unit, as the dataset Adams writes for it has them, and angles in radians.
#pragma once

#include "units/dimension.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace fexpr::dataset::view {

// The physical dimensions a number of a command can have.
using units::Dimension;
using units::kAngle;
using units::kForce;
using units::kLength;
using units::kMass;
using units::kNone;
using units::kTime;

// The model's units, each as its size in SI (meter, radian, kilogram, second, newton).
struct Units {
  double length = 1.0, angle = 0.017453292519943295, mass = 1.0, time = 1.0, force = 1.0;
  // The names written in `defaults units` (for the UNITS statement and messages), lower case.
  std::string length_name = "meter", angle_name = "deg", mass_name = "kg", time_name = "sec", force_name = "newton";

  // A unit name of `defaults units` (length = mm): true when known, and then set. Adams View's
  // names and their abbreviations (mm, millimeter; inch, in; deg, degrees; pound_force, lbf).
  bool set(std::string_view quantity, std::string_view name);
  // The size in SI of one model unit of dimension d ("angles in radians" included: the model
  // keeps angles in radians, so angle units convert to radians).
  double model_unit(const Dimension& d) const;
};

// A number with the unit it was written in, in the model's units: "12mm" in a model in meters
// is 0.012 with dimension length; "90d" and "90(deg)" are pi/2 with dimension angle. A plain
// number has no unit and is returned as written, dimension kNone. Empty when the text is not a
// number, or has a unit fexpr does not know.
struct Quantity {
  double value = 0.0;
  Dimension dimension;
  bool has_unit = false;
};
std::optional<Quantity> quantity(std::string_view text, const Units& units);

// A unit expression (deg, mm, kg/meter**3, newton/meter**2) as its size in SI and dimension;
// empty when a name is unknown.
std::optional<Quantity> unit(std::string_view text);

}  // namespace fexpr::dataset::view
