// A physical dimension as powers of the base quantities Adams' UNITS statement names (length,
// mass, time, force) and the angle, which Adams keeps apart: its functions read and give angles
// in radians, and a degree value where radians are read is the commonest unit mistake.
#pragma once

#include <optional>
#include <string>

namespace fexpr::units {

struct Dimension {
  int length = 0, angle = 0, mass = 0, time = 0, force = 0;
  bool operator==(const Dimension&) const = default;
};

inline constexpr Dimension kNone{};
inline constexpr Dimension kLength{1, 0, 0, 0, 0};
inline constexpr Dimension kAngle{0, 1, 0, 0, 0};
inline constexpr Dimension kMass{0, 0, 1, 0, 0};
inline constexpr Dimension kTime{0, 0, 0, 1, 0};
inline constexpr Dimension kForce{0, 0, 0, 0, 1};

constexpr Dimension operator*(const Dimension& a, const Dimension& b) {
  return {a.length + b.length, a.angle + b.angle, a.mass + b.mass, a.time + b.time, a.force + b.force};
}
constexpr Dimension operator/(const Dimension& a, const Dimension& b) {
  return {a.length - b.length, a.angle - b.angle, a.mass - b.mass, a.time - b.time, a.force - b.force};
}
constexpr Dimension power(const Dimension& a, int n) {
  return {a.length * n, a.angle * n, a.mass * n, a.time * n, a.force * n};
}

inline constexpr Dimension kVelocity = kLength / kTime;
inline constexpr Dimension kAcceleration = kVelocity / kTime;
inline constexpr Dimension kAngularVelocity = kAngle / kTime;
inline constexpr Dimension kAngularAcceleration = kAngularVelocity / kTime;
inline constexpr Dimension kTorque = kForce * kLength;

// The square root, where every power is even.
std::optional<Dimension> root(const Dimension& d);

// Whether a and b can be one physical quantity: a force is a mass times an acceleration, and
// an angle is a ratio of lengths (the radian is 1), so v = ω·r and a torque by an angle
// compare equal. Only dimensions that differ here are a certain mistake.
bool compatible(const Dimension& a, const Dimension& b);

// The names of the model's units, for messages ("mm", "N"); empty names print no units.
struct UnitNames {
  std::string length, mass, time, force;
};

// "a length (mm)", "a velocity (mm/s)", "a force times a length", "a number": the quantity's
// usual name where it has one, else its powers.
std::string describe(const Dimension& d, const UnitNames& names = {});
// Its unit in the model's units: "mm/s", "N*mm", "rad"; empty for a number.
std::string unit_text(const Dimension& d, const UnitNames& names);

}  // namespace fexpr::units
