// The loads of BUSHING, FIELD and BEAM, which act along the J marker's axes on what I does
// relative to J (adams_solver/state_bushing.html, state_field.html, state_beam.html).
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"

#include <algorithm>

namespace fexpr::dataset {

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

// The six measures' texts: DX(I, J, J), ...
std::array<std::string, 6> texts(const ForceElement& e, const std::array<JFrameMeasure, 6>& measures) {
  const std::array<long, 4> markers = j_frame_markers(e);
  std::array<std::string, 6> out;
  for (std::size_t n = 0; n < 6; ++n) {
    out[n] = std::string(kinematics::measure_name(measures[n].measure)) + "(";
    for (std::size_t k = 0; k < measures[n].markers; ++k) out[n] += (k ? ", " : "") + std::to_string(markers[k]);
    out[n] += ")";
  }
  return out;
}

// FIELD and BEAM: row r is preload - K(r, n)·(X(n) - free(n)) - C(r, n)·V(n) over the nonzero
// entries. BUSHING: -K·X - C·V + preload, row by row. x: the texts of X.
std::array<std::string, 6> rows(const ForceElement& e, const std::array<std::string, 6>& x) {
  const LinearLaw& law = *e.linear;
  const auto v = texts(e, kJFrameVelocities);
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

bool component_from_law(const ForceElement& e, int comp, long rm) {
  return e.linear && rm == e.j && comp != 1 && comp != 5;
}

std::string linear_component_along_j(const ForceElement& e, int jflag, int comp) {
  const auto d = texts(e, kJFrameDisplacements);
  const std::array<std::string, 6> load = rows(e, d);
  const int k = (comp - 2) % 4;  // FX..FZ, TX..TZ: 0, 1, 2
  if (comp <= 4) return jflag == 0 ? load[k] : "-(" + load[k] + ")";
  if (jflag == 0) return load[3 + k];
  // On J the torque is -T - d×F with d = DXYZ(I,J): along J's axes d is DX/DY/DZ(I,J,J), the X
  // of the first three rows, and F is those rows.
  const int a = (k + 1) % 3, b = (k + 2) % 3;
  return "-(" + load[3 + k] + ") - (" + d[a] + "*(" + load[b] + ") - " + d[b] + "*(" + load[a] + "))";
}

void write_linear_loads(ForceElement& e) {
  const std::array<std::string, 6> load = rows(e, texts(e, kJFrameDisplacements));
  std::string ij = std::to_string(e.i) + ", " + std::to_string(e.j), sj = std::to_string(e.j);
  e.force_i = along_axes(load[0], load[1], load[2], e.j);
  e.torque_i = along_axes(load[3], load[4], load[5], e.j);
  e.force_j = "-" + e.force_i;
  e.torque_j = "-" + e.torque_i + " - (DXYZ(" + ij + ")%" + e.force_i + ")";
  set_load_power(e, "VXYZ(" + sj + ")", "WXYZ(" + sj + ")");
}

}  // namespace fexpr::dataset
