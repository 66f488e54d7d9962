// The loads of BUSHING and FIELD, which act along the J marker's axes on what I does relative
// to J (adams_solver/state_bushing.html, state_field.html).
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"

namespace fexpr::dataset {

std::array<std::string, 6> j_frame_displacements(const ForceElement& e) {
  std::string ij = std::to_string(e.i) + ", " + std::to_string(e.j), jj = ij + ", " + std::to_string(e.j);
  return {"DX(" + jj + ")", "DY(" + jj + ")", "DZ(" + jj + ")", "AX(" + ij + ")", "AY(" + ij + ")", "AZ(" + ij + ")"};
}

std::array<std::string, 6> j_frame_velocities(const ForceElement& e) {
  std::string sj = std::to_string(e.j), ijj = std::to_string(e.i) + ", " + sj + ", " + sj;
  return {"VX(" + ijj + ", " + sj + ")", "VY(" + ijj + ", " + sj + ")", "VZ(" + ijj + ", " + sj + ")",
          "WX(" + ijj + ")",            "WY(" + ijj + ")",            "WZ(" + ijj + ")"};
}

void set_loads_along_j(ForceElement& e, const std::string (&f)[3], const std::string (&t)[3]) {
  std::string ij = std::to_string(e.i) + ", " + std::to_string(e.j), sj = std::to_string(e.j);
  e.force_i = along_axes(f[0], f[1], f[2], e.j);
  e.torque_i = along_axes(t[0], t[1], t[2], e.j);
  e.force_j = "-" + e.force_i;
  e.torque_j = "-" + e.torque_i + " - (DXYZ(" + ij + ")%" + e.force_i + ")";
  e.power = load_power(e, "VXYZ(" + sj + ")", "WXYZ(" + sj + ")");
}

}  // namespace fexpr::dataset
