// Each benchmark function as a careful C++ programmer writes it by hand: the constants inline,
// the derivative derived on paper, u*sqrt(u) for u**1.5, no allocation, no checks beyond the
// function's own branches.
#include "bench/native.hpp"

#include <cmath>
#include <numbers>

namespace fexpr::bench::native {
namespace {

inline double step_with_slope(double x, double x0, double h0, double x1, double h1, double& slope) {
  const double delta = (x - x0) / (x1 - x0);
  if (delta <= 0.0) {
    slope = 0.0;
    return h0;
  }
  if (delta >= 1.0) {
    slope = 0.0;
    return h1;
  }
  slope = (h1 - h0) * 6.0 * delta * (1.0 - delta) / (x1 - x0);
  return h0 + (h1 - h0) * (delta * delta * (3.0 - 2.0 * delta));
}

inline double step_inline(double x, double x0, double h0, double x1, double h1) {
  const double delta = (x - x0) / (x1 - x0);
  if (delta <= 0.0) return h0;
  if (delta >= 1.0) return h1;
  return h0 + (h1 - h0) * (delta * delta * (3.0 - 2.0 * delta));
}

inline double power(double u, double e) { return e == 1.5 ? u * std::sqrt(u) : std::pow(u, e); }

inline double impact_inline(double x, double v, double x1, double k, double e, double cmax, double d) {
  if (x >= x1) return 0.0;
  const double u = x1 - x;
  const double f = k * power(u, e) - step_inline(x, x1 - d, cmax, x1, 0.0) * v;
  return f > 0.0 ? f : 0.0;
}

// d/dx and d/dv of IMPACT; the other partials are not needed by the benchmark.
inline double impact_with_gradient(double x, double v, double x1, double k, double e, double cmax, double d,
                                   double& fx, double& fv) {
  fx = fv = 0.0;
  if (x >= x1) return 0.0;
  const double u = x1 - x;
  double slope = 0.0;
  const double damping = step_with_slope(x, x1 - d, cmax, x1, 0.0, slope);
  const double root = std::sqrt(u);  // e = 1.5 in the benchmark
  const double f = k * (e == 1.5 ? u * root : std::pow(u, e)) - damping * v;
  if (!(f > 0.0)) return 0.0;
  fx = -k * e * (e == 1.5 ? root : std::pow(u, e - 1.0)) - slope * v;
  fv = -damping;
  return f;
}

// Marker 3 (general rows): rho = R q, its origin p = x + rho and velocity v = xd + w × rho, and
// the derivatives of rho along psi, theta, phi: each angle turns rho about its own line (ground
// z, the line of nodes, the part's z axis), d rho/d angle = line × rho.
struct GeneralMarker {
  double rho[3], p[3], v[3];
  double turn[3][3];  // d rho / d(psi, theta, phi)
};

inline void cross(const double* a, const double* b, double* out) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

inline GeneralMarker general_marker(const double* s, bool derivatives) {
  const double c1 = std::cos(s[3]), s1 = std::sin(s[3]), c2 = std::cos(s[4]), s2 = std::sin(s[4]);
  const double c3 = std::cos(s[5]), s3 = std::sin(s[5]);
  const double* q = kGeneralOffset;
  GeneralMarker m;
  m.rho[0] = (c1 * c3 - s1 * c2 * s3) * q[0] + (-c1 * s3 - s1 * c2 * c3) * q[1] + s1 * s2 * q[2];
  m.rho[1] = (s1 * c3 + c1 * c2 * s3) * q[0] + (-s1 * s3 + c1 * c2 * c3) * q[1] - c1 * s2 * q[2];
  m.rho[2] = s2 * s3 * q[0] + s2 * c3 * q[1] + c2 * q[2];
  double w_rho[3];
  cross(s + 9, m.rho, w_rho);
  for (int k = 0; k < 3; ++k) {
    m.p[k] = s[k] + m.rho[k];
    m.v[k] = s[6 + k] + w_rho[k];
  }
  if (derivatives) {
    const double lines[3][3] = {{0.0, 0.0, 1.0}, {c1, s1, 0.0}, {s1 * s2, -c1 * s2, c2}};
    for (int a = 0; a < 3; ++a) cross(lines[a], m.rho, m.turn[a]);
  }
  return m;
}

inline double dot(const double* a, const double* b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

constexpr double kOmega = 2.0 * std::numbers::pi * 5.0;
constexpr double kLevels[] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};

}  // namespace

double step(double x, double x0, double h0, double x1, double h1) { return step_inline(x, x0, h0, x1, h1); }
double impact(double x, double v, double x1, double k, double e, double cmax, double d) {
  return impact_inline(x, v, x1, k, e, cmax, d);
}

double spring(const Inputs& in) {
  const double x = in.variables[0], v = in.variables[1];
  return -1E4 * (x - 0.5) - 25.0 * v;
}
double spring_gradient(const Inputs& in, double* g) {
  const double x = in.variables[0], v = in.variables[1];
  g[0] = 0.0;
  g[1] = -1E4;
  g[2] = -25.0;
  return -1E4 * (x - 0.5) - 25.0 * v;
}

double steps(const Inputs& in) {
  const double t = in.time;
  return step_inline(t, 0.0, 0.0, 0.5, 100.0) + step_inline(t, 1.0, 0.0, 1.5, -100.0);
}
double steps_gradient(const Inputs& in, double* g) {
  const double t = in.time;
  double s1 = 0.0, s2 = 0.0;
  const double f = step_with_slope(t, 0.0, 0.0, 0.5, 100.0, s1) + step_with_slope(t, 1.0, 0.0, 1.5, -100.0, s2);
  g[0] = s1 + s2;
  return f;
}

double impact(const Inputs& in) { return impact_inline(in.variables[0], in.variables[1], 1.0, 1E5, 1.5, 50.0, 0.01); }
double impact_gradient(const Inputs& in, double* g) {
  g[0] = 0.0;
  return impact_with_gradient(in.variables[0], in.variables[1], 1.0, 1E5, 1.5, 50.0, 0.01, g[1], g[2]);
}

double trig(const Inputs& in) {
  const double t = in.time, x = in.variables[0], v = in.variables[1], d = in.variables[2];
  return 100.0 * std::sin(kOmega * t) * std::cos(x) + std::sqrt(x * x + v * v + d * d);
}
double trig_gradient(const Inputs& in, double* g) {
  const double t = in.time, x = in.variables[0], v = in.variables[1], d = in.variables[2];
  const double s = std::sin(kOmega * t), c = std::cos(kOmega * t), cx = std::cos(x), sx = std::sin(x);
  const double r = std::sqrt(x * x + v * v + d * d);
  g[0] = 100.0 * kOmega * c * cx;
  g[1] = -100.0 * s * sx + x / r;
  g[2] = v / r;
  g[3] = d / r;
  return 100.0 * s * cx + r;
}

double polynomial(const Inputs& in) {
  const double x = in.variables[0], v = in.variables[1];
  return 1 + 2 * x - 3 * v + 0.5 * x * x - 1.5 * x * v + 2.5 * v * v + 0.1 * x * x * x - 0.2 * x * x * v +
         0.3 * x * v * v - 0.4 * v * v * v + 0.05 * x * x * x * x - 0.02 * v * v * v * v + x;
}
double polynomial_gradient(const Inputs& in, double* g) {
  const double x = in.variables[0], v = in.variables[1];
  const double x2 = x * x, v2 = v * v, xv = x * v;
  g[0] = 0.0;
  g[1] = 2 + x - 1.5 * v + 0.3 * x2 - 0.4 * xv + 0.3 * v2 + 0.2 * x2 * x + 1;
  g[2] = -3 - 1.5 * x + 5 * v - 0.2 * x2 + 0.6 * xv - 1.2 * v2 - 0.08 * v2 * v;
  return polynomial(in);
}

// IF(x-0.1: -1, 0, IF(x-0.2: -2, 0, ... IF(x-0.9: -9, 0, x*v)...))
double if_chain(const Inputs& in) {
  const double x = in.variables[0], v = in.variables[1];
  for (int level = 1; level <= 9; ++level) {
    const double test = x - kLevels[level - 1];
    if (test < 0.0) return -level;
    if (test == 0.0) return 0.0;
  }
  return x * v;
}
double if_chain_gradient(const Inputs& in, double* g) {
  const double x = in.variables[0], v = in.variables[1];
  g[0] = g[1] = g[2] = 0.0;
  for (int level = 1; level <= 9; ++level) {
    const double test = x - kLevels[level - 1];
    if (test < 0.0) return -level;
    if (test == 0.0) return 0.0;
  }
  g[1] = v;
  g[2] = x;
  return x * v;
}

const double kGeneralOffset[3] = {0.1, -0.05, 0.02};

// -1E4*(DM(3,1)-0.5) - 25*VR(3,1): DM = |p|, VR = v·p/|p|.
double spring_general(const Inputs& in) {
  const GeneralMarker m = general_marker(in.variables.data(), false);
  const double n = std::sqrt(dot(m.p, m.p));
  return -1E4 * (n - 0.5) - 25.0 * dot(m.v, m.p) / n;
}
// d DM/dp = e = p/n; d VR/dp = (v - VR e)/n, d VR/dv = e; p moves with x and the angles, v with
// xd, w (d v/d w_k = e_k × rho) and the angles (w × d rho).
double spring_general_gradient(const Inputs& in, double* g) {
  const GeneralMarker m = general_marker(in.variables.data(), true);
  const double* w = in.variables.data() + 9;
  const double n = std::sqrt(dot(m.p, m.p));
  const double vr = dot(m.v, m.p) / n;
  double e[3], dp[3], rho_e[3];
  for (int k = 0; k < 3; ++k) {
    e[k] = m.p[k] / n;
    dp[k] = -1E4 * e[k] - 25.0 * (m.v[k] - vr * e[k]) / n;
  }
  cross(m.rho, e, rho_e);
  g[0] = 0.0;
  for (int k = 0; k < 3; ++k) {
    double w_turn[3];
    cross(w, m.turn[k], w_turn);
    g[1 + k] = dp[k];
    g[4 + k] = dot(dp, m.turn[k]) - 25.0 * dot(e, w_turn);
    g[7 + k] = -25.0 * e[k];
    g[10 + k] = -25.0 * rho_e[k];
  }
  return -1E4 * (n - 0.5) - 25.0 * vr;
}

// IMPACT(DZ(3,1), VZ(3,1), 1, 1E5, 1.5, 50, 0.01): DZ = p_z, VZ = v_z.
double impact_general(const Inputs& in) {
  const GeneralMarker m = general_marker(in.variables.data(), false);
  return impact_inline(m.p[2], m.v[2], 1.0, 1E5, 1.5, 50.0, 0.01);
}
double impact_general_gradient(const Inputs& in, double* g) {
  const GeneralMarker m = general_marker(in.variables.data(), true);
  const double* w = in.variables.data() + 9;
  double fx = 0.0, fv = 0.0;
  const double f = impact_with_gradient(m.p[2], m.v[2], 1.0, 1E5, 1.5, 50.0, 0.01, fx, fv);
  g[0] = 0.0;
  for (int k = 0; k < 3; ++k) {
    double w_turn[3];
    cross(w, m.turn[k], w_turn);
    g[1 + k] = k == 2 ? fx : 0.0;
    g[4 + k] = fx * m.turn[k][2] + fv * w_turn[2];
    g[7 + k] = k == 2 ? fv : 0.0;
  }
  // d v_z/d w = (e_k × rho)_z: rho_y, -rho_x, 0.
  g[10] = fv * m.rho[1];
  g[11] = -fv * m.rho[0];
  g[12] = 0.0;
  return f;
}

// VARIABLE/10 = 2*TIME + 1; VARIABLE/k = 1.01*VARVAL(k+1) + 0.5 for k = 9 ... 1.
double varval_chain(const Inputs& in) {
  double f = 2.0 * in.time + 1.0;
  for (int k = 9; k >= 1; --k) f = 1.01 * f + 0.5;
  return f;
}
double varval_chain_gradient(const Inputs& in, double* g) {
  double f = 2.0 * in.time + 1.0, d = 2.0;
  for (int k = 9; k >= 1; --k) {
    f = 1.01 * f + 0.5;
    d = 1.01 * d;
  }
  g[0] = d;
  return f;
}

}  // namespace fexpr::bench::native
