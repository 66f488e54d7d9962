#include "units/dimension.hpp"

#include <utility>

namespace fexpr::units {

std::optional<Dimension> root(const Dimension& d) {
  auto even = [](int p) { return p % 2 == 0; };
  if (!even(d.length) || !even(d.angle) || !even(d.mass) || !even(d.time) || !even(d.force)) return std::nullopt;
  return Dimension{d.length / 2, d.angle / 2, d.mass / 2, d.time / 2, d.force / 2};
}

bool compatible(const Dimension& a, const Dimension& b) {
  auto base = [](const Dimension& d) {
    return Dimension{d.length + d.force, 0, d.mass + d.force, d.time - 2 * d.force, 0};
  };
  return base(a) == base(b);
}

namespace {

struct Named {
  Dimension dimension;
  const char* name;
};
constexpr Named kNamed[] = {
    {kNone, "a number"},
    {kLength, "a length"},
    {kAngle, "an angle"},
    {kMass, "a mass"},
    {kTime, "a time"},
    {kForce, "a force"},
    {kVelocity, "a velocity"},
    {kAcceleration, "an acceleration"},
    {kAngularVelocity, "an angular velocity"},
    {kAngularAcceleration, "an angular acceleration"},
    {kTorque, "a torque"},
};

}  // namespace

std::string unit_text(const Dimension& d, const UnitNames& names) {
  auto or_else = [](const std::string& name, const char* fallback) { return name.empty() ? std::string(fallback) : name; };
  const std::pair<int, std::string> powers[] = {
      {d.force, or_else(names.force, "force")}, {d.mass, or_else(names.mass, "mass")},
      {d.length, or_else(names.length, "length")}, {d.angle, "rad"}, {d.time, or_else(names.time, "time")}};
  std::string over, under;
  for (const auto& [p, name] : powers) {
    if (p == 0) continue;
    std::string& side = p > 0 ? over : under;
    int n = p > 0 ? p : -p;
    side += (side.empty() ? "" : "*") + name + (n > 1 ? "^" + std::to_string(n) : "");
  }
  if (over.empty() && under.empty()) return {};
  return (over.empty() ? "1" : over) + (under.empty() ? "" : "/" + under);
}

std::string describe(const Dimension& d, const UnitNames& names) {
  const bool have_names = !names.length.empty();
  for (const Named& n : kNamed) {
    if (n.dimension != d) continue;
    std::string unit = unit_text(d, names);
    return std::string(n.name) + (have_names && !unit.empty() ? " (" + unit + ")" : "");
  }
  return "a quantity in " + unit_text(d, names);
}

}  // namespace fexpr::units
