// The vector functions of Adams Solver (C++): the vector measures (DXYZ ... TXYZ, UVX ...),
// each the three scalar functions of its components, and MAG and UV, which take a vector.
// The compiler turns every vector into its three components (eval/compile_vector.cpp), so the
// rules below see MAG(v) as MAG(x, y, z) and UV(v) as UV(x, y, z, k), one call per component k.
#include "builtins/entries.hpp"

#include <cmath>

namespace fexpr::builtins {
namespace {

constexpr char kZeroMagnitude[] = "derivative of MAG is undefined at a zero vector (it has no direction)";
constexpr char kZeroDirection[] = "UV of a zero vector is undefined (it has no direction)";

// MAG(x, y, z) = |v|; at v = 0 the value is 0 and the derivatives are an error, as for DM.
const char* magnitude_value(const double* a, int, double* value) {
  *value = std::hypot(a[0], a[1], a[2]);
  return nullptr;
}
const char* magnitude_derivatives(const double* a, int, int order, double* value, double* d, double* dd) {
  const double m = std::hypot(a[0], a[1], a[2]);
  *value = m;
  if (m == 0.0) return kZeroMagnitude;
  // d|v|/dv_i = u_i; d2|v|/dv_i dv_j = (delta_ij - u_i u_j)/|v|.
  const double u[3] = {a[0] / m, a[1] / m, a[2] / m};
  for (int i = 0; i < 3; ++i) d[i] = u[i];
  if (order == 2) {
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) dd[i * 3 + j] = ((i == j ? 1.0 : 0.0) - u[i] * u[j]) / m;
  }
  return nullptr;
}

// UV(x, y, z, k) = v_k/|v|, component k (0, 1 or 2, the nearest whole number) of the unit vector.
const char* direction(const double* a, double& m, int& k) {
  m = std::hypot(a[0], a[1], a[2]);
  const double index = std::nearbyint(a[3]);
  if (!(index >= 0.0 && index <= 2.0)) return "UV component index must be 0, 1 or 2";
  k = static_cast<int>(index);
  return m == 0.0 ? kZeroDirection : nullptr;
}
const char* direction_value(const double* a, int, double* value) {
  double m = 0.0;
  int k = 0;
  if (const char* error = direction(a, m, k)) return error;
  *value = a[k] / m;
  return nullptr;
}
const char* direction_derivatives(const double* a, int, int order, double* value, double* d, double* dd) {
  double m = 0.0;
  int k = 0;
  if (const char* error = direction(a, m, k)) return error;
  const double u[3] = {a[0] / m, a[1] / m, a[2] / m};
  *value = u[k];
  auto delta = [](int i, int j) { return i == j ? 1.0 : 0.0; };
  // du_k/dv_i = (delta_ki - u_k u_i)/|v|;
  // d2u_k/dv_i dv_j = (3 u_i u_j u_k - delta_ki u_j - delta_kj u_i - delta_ij u_k)/|v|^2.
  // The index k is no variable: its row and column stay 0 (4 arguments, row-major 4 x 4).
  for (int i = 0; i < 3; ++i) d[i] = (delta(k, i) - u[k] * u[i]) / m;
  if (order == 2) {
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        dd[i * 4 + j] =
            (3.0 * u[i] * u[j] * u[k] - delta(k, i) * u[j] - delta(k, j) * u[i] - delta(i, j) * u[k]) / (m * m);
  }
  return nullptr;
}

// A vector measure: the scalar functions of its components, with the same arguments.
constexpr Builtin measure(std::string_view name, int min_args, int max_args, Category category,
                          std::string_view signature, std::string_view formula, std::string_view example,
                          std::array<std::string_view, 3> components) {
  return {name,    min_args, max_args, category,      Smoothness::smooth, signature,
          formula, example,  nullptr,  nullptr,       Shape::vector,      Shape::scalar,
          components};
}

constexpr Builtin kEntries[] = {
    measure("ACCXYZ", 1, 4, Category::kinematic, "ACCXYZ(i[, j][, k][, l])",
            "[ACCX, ACCY, ACCZ](i, j, k, l): the relative acceleration vector (cfunc_accxyz)",
            "ACCXYZ(21, 11, 11, 11)", {"ACCX", "ACCY", "ACCZ"}),
    measure("DXYZ", 1, 3, Category::kinematic, "DXYZ(i[, j][, k])",
            "[DX, DY, DZ](i, j, k): the displacement vector of i from j in k's axes (cfunc_dxyz)",
            "DXYZ(21, 11)*UVX(31): displacement of 21 from 11 along 31's x axis", {"DX", "DY", "DZ"}),
    measure("FXYZ", 1, 3, Category::solver, "FXYZ(i[, j][, k])",
            "[FX, FY, FZ](i, j, k): the net force vector on i from the elements between i and j (cfunc_fxyz)",
            "FXYZ(4): the net force on marker 4; MAG(DXYZ(4, 5)%FXYZ(4)) its moment about 5", {"FX", "FY", "FZ"}),
    {"MAG", 1, 1, Category::math, Smoothness::smooth, "MAG(v)",
     "|v| = sqrt(vx² + vy² + vz²) of a vector expression (cfunc_mag); at v = 0 the value 0, its derivatives an error",
     "MAG([3, 4, 12]) = 13", magnitude_value, magnitude_derivatives, Shape::scalar, Shape::vector, {}},
    measure("TXYZ", 1, 3, Category::solver, "TXYZ(i[, j][, k])",
            "[TX, TY, TZ](i, j, k): the net torque vector on i from the elements between i and j", "TXYZ(21, 11)",
            {"TX", "TY", "TZ"}),
    {"UV", 1, 1, Category::math, Smoothness::smooth, "UV(v)",
     "v/|v|: the unit vector along a vector expression (cfunc_uv); undefined (an error) at v = 0",
     "UV([3, 0, 4]) = [0.6, 0, 0.8]", direction_value, direction_derivatives, Shape::vector, Shape::vector, {}},
    measure("UVX", 1, 2, Category::kinematic, "UVX(i[, k])", "the unit vector of i's x axis in k's axes (cfunc_uvx)",
            "UVX(31)*DXYZ(21, 11): the same as DX(21, 11, 31)", {"UVX.X", "UVX.Y", "UVX.Z"}),
    measure("UVY", 1, 2, Category::kinematic, "UVY(i[, k])", "the unit vector of i's y axis in k's axes (cfunc_uvy)",
            "UVY(31)*DXYZ(21, 11): the same as DY(21, 11, 31)", {"UVY.X", "UVY.Y", "UVY.Z"}),
    measure("UVZ", 1, 2, Category::kinematic, "UVZ(i[, k])", "the unit vector of i's z axis in k's axes (cfunc_uvz)",
            "UVZ(31)*DXYZ(21, 11): the same as DZ(21, 11, 31)", {"UVZ.X", "UVZ.Y", "UVZ.Z"}),
    measure("VXYZ", 1, 4, Category::kinematic, "VXYZ(i[, j][, k][, l])",
            "[VX, VY, VZ](i, j, k, l): the relative velocity vector (solver_assist_vxyz)",
            "VXYZ(21, 11): MAG(VXYZ(21, 11)) is VM(21, 11)", {"VX", "VY", "VZ"}),
    measure("WDTXYZ", 1, 4, Category::kinematic, "WDTXYZ(i[, j][, k][, l])",
            "[WDTX, WDTY, WDTZ](i, j, k, l): the relative angular acceleration vector (cfunc_wdtxyz)",
            "WDTXYZ(21, 11, 11)", {"WDTX", "WDTY", "WDTZ"}),
    measure("WXYZ", 1, 3, Category::kinematic, "WXYZ(i[, j][, k])",
            "[WX, WY, WZ](i, j, k): the relative angular velocity vector (solver_assist_wxyz)",
            "WXYZ(21, 11)%DXYZ(21, 11)", {"WX", "WY", "WZ"}),
};

}  // namespace

std::span<const Builtin> vector_entries() { return kEntries; }

}  // namespace fexpr::builtins
