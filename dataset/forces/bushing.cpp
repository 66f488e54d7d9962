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
  LinearLaw law;
  law.bushing = true;
  for (std::size_t a = 0; a < 3; ++a) {
    law.k[a * 7] = k[a];
    law.k[(a + 3) * 7] = kt[a];
    law.c[a * 7] = c[a];
    law.c[(a + 3) * 7] = ct[a];
    law.preload[a] = force[a];
    law.preload[a + 3] = torque[a];
  }
  e.linear = law;
  return e;
}

}  // namespace fexpr::dataset
