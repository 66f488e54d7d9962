// The loads of BUSHING, FIELD and BEAM, which act along the J marker's axes on what I does
// relative to J (adams_solver/state_bushing.html, state_field.html, state_beam.html).
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"

#include <algorithm>

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

void set_linear_law(ForceElement& e, const std::vector<double>& k, const std::vector<double>& c,
                    const std::vector<double>& free, const std::vector<double>& preload) {
  LinearLaw law;
  std::copy_n(k.begin(), 36, law.k.begin());
  std::copy_n(c.begin(), 36, law.c.begin());
  std::copy_n(free.begin(), 6, law.free.begin());
  std::copy_n(preload.begin(), 6, law.preload.begin());
  e.linear = law;
}

namespace {

// FIELD and BEAM: row r is preload - K(r, n)·(X(n) - free(n)) - C(r, n)·V(n) over the nonzero
// entries. BUSHING: -K·X - C·V + preload, row by row.
std::array<std::string, 6> rows(const ForceElement& e) {
  const LinearLaw& law = *e.linear;
  auto x = j_frame_displacements(e), v = j_frame_velocities(e);
  std::array<std::string, 6> load;
  for (std::size_t r = 0; r < 6; ++r) {
    if (law.bushing) {
      load[r] = "-" + text(law.k[r * 7]) + "*" + x[r] + " - " + text(law.c[r * 7]) + "*" + v[r] + " + " +
                text(law.preload[r]);
      continue;
    }
    load[r] = text(law.preload[r]);
    for (std::size_t m = 0; m < 6; ++m) {
      double km = law.k[m * 6 + r], cm = law.c[m * 6 + r];
      if (km != 0) load[r] += " - " + text(km) + "*(" + x[m] + " - " + text(law.free[m]) + ")";
      if (cm != 0) load[r] += " - " + text(cm) + "*" + v[m];
    }
  }
  return load;
}

}  // namespace

void write_linear_loads(ForceElement& e) {
  const std::array<std::string, 6> load = rows(e);
  std::string ij = std::to_string(e.i) + ", " + std::to_string(e.j), sj = std::to_string(e.j);
  e.force_i = along_axes(load[0], load[1], load[2], e.j);
  e.torque_i = along_axes(load[3], load[4], load[5], e.j);
  e.force_j = "-" + e.force_i;
  e.torque_j = "-" + e.torque_i + " - (DXYZ(" + ij + ")%" + e.force_i + ")";
  set_load_power(e, "VXYZ(" + sj + ")", "WXYZ(" + sj + ")");
}

}  // namespace fexpr::dataset
