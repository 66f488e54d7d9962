#include "kinematics/orientation.hpp"

#include <string_view>

namespace fexpr::kinematics {

namespace {

// The twelve Euler sequences in the order of the Adams table, for body-fixed (1-12) and
// space-fixed (13-24) angles alike.
constexpr std::array<std::array<int, 3>, 12> kSequences = {{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1},
                                                           {1, 0, 2}, {2, 1, 0}, {0, 1, 0}, {0, 2, 0},
                                                           {1, 0, 1}, {1, 2, 1}, {2, 0, 2}, {2, 1, 2}}};
constexpr long kSystems = 29;

constexpr std::string_view kSystemList =
    "1-12 body-fixed and 13-24 space-fixed Euler angles (1-2-3, 2-3-1, 3-1-2, 1-3-2, 2-1-3, 3-2-1, 1-2-1, 1-3-1, "
    "2-1-2, 2-3-2, 3-1-3, 3-2-3), 25 AX AY AZ, 26 YAW PITCH ROLL, 27 Euler parameters, 28 Rodriguez parameters, "
    "29 direction cosines";

// Indexed by OrientationKind.
constexpr std::string_view kKindNames[] = {"body-fixed",       "space-fixed",          "AX, AY, AZ",
                                           "YAW, PITCH, ROLL", "Euler parameters",     "Rodriguez parameters",
                                           "direction cosines"};
static_assert(std::size(kKindNames) == static_cast<std::size_t>(OrientationKind::direction_cosines) + 1);

std::string system_name(const OrientationSystem& s) {
  std::string name(kKindNames[static_cast<std::size_t>(s.kind)]);
  if (s.kind != OrientationKind::body_fixed && s.kind != OrientationKind::space_fixed) return name;
  for (std::size_t n = 0; n < s.axes.size(); ++n) name += (n == 0 ? " " : "-") + std::to_string(s.axes[n] + 1);
  return name + " Euler angles";
}

}  // namespace

std::optional<OrientationSystem> orientation_system(long code) {
  if (code < 1 || code > kSystems) return std::nullopt;
  if (code <= 24) {
    const auto axes = kSequences[static_cast<std::size_t>((code - 1) % 12)];
    return OrientationSystem{code <= 12 ? OrientationKind::body_fixed : OrientationKind::space_fixed, 3, axes};
  }
  switch (code) {
    case 25: return OrientationSystem{OrientationKind::ax_ay_az, 3, {}};
    case 26: return OrientationSystem{OrientationKind::yaw_pitch_roll, 3, {}};
    case 27: return OrientationSystem{OrientationKind::euler_parameters, 4, {}};
    case 28: return OrientationSystem{OrientationKind::rodriguez, 3, {}};
    default: return OrientationSystem{OrientationKind::direction_cosines, 9, {}};
  }
}

std::optional<OrientationProblem> check_orientation(long system, long component) {
  const auto s = orientation_system(system);
  if (!s)
    return OrientationProblem{0, "ORIENT system " + std::to_string(system) + " is not defined; the systems are " +
                                     std::string(kSystemList)};
  if (component < 1 || component > s->components)
    return OrientationProblem{1, "ORIENT system " + std::to_string(system) + " (" + system_name(*s) +
                                     ") has components 1 to " + std::to_string(s->components) + ", not " +
                                     std::to_string(component)};
  return std::nullopt;
}

}  // namespace fexpr::kinematics
