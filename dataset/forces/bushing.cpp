// BUSHING (adams_solver/state_bushing.html): on I, along J's axes, F = -K·(x, y, z) - C·(vx,
// vy, vz) + FORCE with the displacement DX/DY/DZ(I,J,J) and its rate seen from J, and
// T = -KT·(a, b, c) - CT·(wx, wy, wz) + TORQUE with Adams' projected small-angle rotations
// a, b, c = AX, AY, AZ(I,J) and the angular velocity WX/WY/WZ(I,J,J). On J, -F and
// -T - δ×F, δ = DXYZ(I,J): the force on I carried over the bushing's deflection.
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"

namespace fexpr::dataset {

std::variant<ForceElement, Diagnostic> read_bushing(const Statement& s, ForceElement e) {
  std::vector<double> k(3, 0.0), c(3, 0.0), kt(3, 0.0), ct(3, 0.0), force(3, 0.0), torque(3, 0.0);
  if (auto d = read_reals(s, "K", 3, Sign::non_negative, k)) return *d;
  if (auto d = read_reals(s, "C", 3, Sign::non_negative, c)) return *d;
  if (auto d = read_reals(s, "KT", 3, Sign::non_negative, kt)) return *d;
  if (auto d = read_reals(s, "CT", 3, Sign::non_negative, ct)) return *d;
  if (auto d = read_reals(s, "FORCE", 3, Sign::any, force)) return *d;
  if (auto d = read_reals(s, "TORQUE", 3, Sign::any, torque)) return *d;
  std::string ij = std::to_string(e.i) + ", " + std::to_string(e.j), sj = std::to_string(e.j);
  const char* axis[] = {"X", "Y", "Z"};
  std::string f[3], t[3];
  for (int a = 0; a < 3; ++a) {
    std::string x = axis[a];
    f[a] = "-" + text(k[a]) + "*D" + x + "(" + ij + ", " + sj + ") - " + text(c[a]) + "*V" + x + "(" + ij + ", " + sj +
           ", " + sj + ") + " + text(force[a]);
    t[a] = "-" + text(kt[a]) + "*A" + x + "(" + ij + ") - " + text(ct[a]) + "*W" + x + "(" + ij + ", " + sj + ") + " +
           text(torque[a]);
  }
  e.force_i = along_axes(f[0], f[1], f[2], e.j);
  e.torque_i = along_axes(t[0], t[1], t[2], e.j);
  e.force_j = "-" + e.force_i;
  e.torque_j = "-" + e.torque_i + " - (DXYZ(" + ij + ")%" + e.force_i + ")";
  e.power = load_power(e, "VXYZ(" + sj + ")", "WXYZ(" + sj + ")");
  return e;
}

}  // namespace fexpr::dataset
