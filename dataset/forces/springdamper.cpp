// SPRINGDAMPER (adams_solver/state_springdamper.html). Translational: a force along the line
// from J to I, positive apart, f = -C·VR(I,J) - K·(DM(I,J) - LENGTH) + FORCE, its opposite on
// J. Rotational: a torque about J's z axis, t = -CT·WZ(I,J,J) - KT·(AZ(I,J) - ANGLE) + TORQUE,
// its opposite on J.
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"
#include "dataset/values.hpp"

namespace fexpr::dataset {

namespace {

struct Coefficients {
  const char* stiffness;
  const char* damping;
  const char* reference;  // LENGTH or ANGLE
  const char* preload;    // FORCE or TORQUE
};
constexpr Coefficients kTranslational{"K", "C", "LENGTH", "FORCE"};
constexpr Coefficients kRotational{"KT", "CT", "ANGLE", "TORQUE"};

}  // namespace

std::variant<ForceElement, Diagnostic> read_springdamper(const Statement& s, ForceElement e) {
  const Argument* translational = find_argument(s, "TRANSLATIONAL");
  const Argument* rotational = find_argument(s, "ROTATIONAL");
  if (!translational == !rotational)
    return force_error(s.name_span, element_label(s) + " needs one of TRANSLATIONAL and ROTATIONAL", Code::missing_argument);
  const Coefficients& own = rotational ? kRotational : kTranslational;
  const Coefficients& other = rotational ? kTranslational : kRotational;
  for (const char* k : {other.stiffness, other.damping, other.reference, other.preload}) {
    if (const Argument* a = find_argument(s, k))
      return force_error(a->keyword_span, element_label(s) + " is " + (rotational ? "ROTATIONAL" : "TRANSLATIONAL") +
                                              ": " + k + "= belongs to the other kind");
  }
  std::vector<double> k{0.0}, c{0.0}, reference{0.0}, preload{0.0};
  if (auto d = read_reals(s, own.stiffness, 1, Sign::non_negative, k)) return *d;
  if (auto d = read_reals(s, own.damping, 1, Sign::non_negative, c)) return *d;
  if (auto d = read_reals(s, own.reference, 1, rotational ? Sign::any : Sign::non_negative, reference)) return *d;
  if (auto d = read_reals(s, own.preload, 1, Sign::any, preload)) return *d;
  std::string ij = std::to_string(e.i) + ", " + std::to_string(e.j), sj = std::to_string(e.j);
  if (rotational) {
    std::string t = "(-" + text(c[0]) + "*WZ(" + ij + ", " + sj + ") - " + text(k[0]) + "*(AZ(" + ij + ") - " +
                    text(reference[0]) + ") + " + text(preload[0]) + ")";
    e.torque_i = t + "*UVZ(" + sj + ")";
    e.torque_j = "-" + t + "*UVZ(" + sj + ")";
    e.power = t + "*WZ(" + ij + ", " + sj + ")";
    return e;
  }
  std::string f = "(-" + text(c[0]) + "*VR(" + ij + ") - " + text(k[0]) + "*(DM(" + ij + ") - " + text(reference[0]) +
                  ") + " + text(preload[0]) + ")";
  e.force_i = f + "*DXYZ(" + ij + ")/DM(" + ij + ")";
  e.force_j = "-" + e.force_i;
  e.power = f + "*VR(" + ij + ")";
  return e;
}

}  // namespace fexpr::dataset
