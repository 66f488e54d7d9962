// Harmonics, polynomial and Fourier series, and the SWEEP chirp.
#include "builtins/entries.hpp"
#include "builtins/steps.hpp"

#include <numbers>
#include <type_traits>

namespace fexpr::builtins {
namespace {

constexpr int kMaxCoefficients = 31;  // a0 ... a30

// A series sum_j a_j·B_j(p) is linear in its coefficients a_j = args[P...], and its basis B_j
// depends only on the first P arguments p. So only the basis runs on jets (over p); the
// coefficient partials follow from linearity: dF/da_j = B_j, d²F/dp da_j = dB_j/dp, d²F/da² = 0.
// Basis(p, count, out) fills out[0 .. count).
template <int P, auto Basis>
const char* series_value(const double* args, int n, double* value) {
  std::array<double, kMaxCoefficients> b;
  Basis(args, n - P, b.data());
  double sum = 0.0;
  for (int j = 0; j < n - P; ++j) sum += args[P + j] * b[j];
  *value = sum;
  return nullptr;
}

template <int P, int Order, auto Basis>
void series_jet(const double* args, int n, double* value, double* d, double* dd) {
  using J = Jet<P, Order>;
  std::array<J, P> p;
  for (int i = 0; i < P; ++i) p[i] = J::variable(args[i], i);
  std::array<J, kMaxCoefficients> b;
  Basis(p.data(), n - P, b.data());
  J sum;
  for (int j = 0; j < n - P; ++j) sum = sum + args[P + j] * b[j];
  *value = sum.v;
  for (int i = 0; i < P; ++i) d[i] = sum.g[i];
  for (int j = 0; j < n - P; ++j) d[P + j] = b[j].v;
  if constexpr (Order == 2) {
    for (int i = 0; i < P; ++i) {
      for (int k = 0; k < P; ++k) dd[i * n + k] = sum.h[i * P + k];
      for (int j = 0; j < n - P; ++j) dd[i * n + P + j] = dd[(P + j) * n + i] = b[j].g[i];
    }
  }
}

template <int P, auto Basis>
const char* series_derivatives(const double* args, int n, int order, double* value, double* d, double* dd) {
  if (order == 2) {
    series_jet<P, 2, Basis>(args, n, value, d, dd);
  } else {
    series_jet<P, 1, Basis>(args, n, value, d, dd);
  }
  return nullptr;
}

template <int P, auto Basis>
constexpr Builtin series(std::string_view name, std::string_view signature, std::string_view formula,
                         std::string_view example) {
  return {name, P + 1, P + kMaxCoefficients, Category::general, Smoothness::smooth, signature, formula, example,
          series_value<P, Basis>, series_derivatives<P, Basis>};
}

// p = (x, x0): the powers of u = x - x0.
constexpr auto kPowers = [](const auto* p, int count, auto* out) {
  const auto u = p[0] - p[1];
  out[0] = 1.0;
  for (int j = 1; j < count; ++j) out[j] = out[j - 1] * u;
};
// p = (x, x0): Chebyshev polynomials T_j(u), u = x - x0, by T_j = 2u·T_{j-1} - T_{j-2}.
constexpr auto kChebyshev = [](const auto* p, int count, auto* out) {
  const auto u = p[0] - p[1];
  out[0] = 1.0;
  if (count > 1) out[1] = u;
  for (int j = 2; j < count; ++j) out[j] = 2.0 * u * out[j - 1] - out[j - 2];
};
// p = (x, x0, w): 1, then cos(j·w·(x - x0)) or sin(j·w·(x - x0)); a0 is not halved.
constexpr auto kCosines = [](const auto* p, int count, auto* out) {
  using std::cos;
  const auto theta = p[2] * (p[0] - p[1]);
  out[0] = 1.0;
  for (int j = 1; j < count; ++j) out[j] = cos(j * theta);
};
constexpr auto kSines = [](const auto* p, int count, auto* out) {
  using std::sin;
  const auto theta = p[2] * (p[0] - p[1]);
  out[0] = 1.0;
  for (int j = 1; j < count; ++j) out[j] = sin(j * theta);
};

constexpr auto kShf = [](const auto* a, auto& out) -> const char* {
  using std::sin;
  out = a[2] * sin(a[3] * (a[0] - a[1]) - a[4]) + a[5];
  return nullptr;
};

// Linear chirp: the phase Φ (in cycles) has frequency f0 up to x0, rising linearly to f1 at x1,
// then f1; it is continuous with a continuous first derivative. The amplitude is faded in
// over x0 ... x0 + dx, as Adams' text has it (SWEEP "begins" at x0 and is fully active after
// dx); the printed STEP5(x,0,0,dx,1) of SOLIDWORKS and MotionSolve contradicts that text when
// x0 ≠ 0 (docs/language.md, "Edge cases of the STEP family").
constexpr auto kSweep = [](const auto* a, auto& out) -> const char* {
  using std::sin;
  using T = std::remove_cvref_t<decltype(a[0])>;
  const T &x = a[0], &amplitude = a[1], &x0 = a[2], &f0 = a[3], &x1 = a[4], &f1 = a[5], &dx = a[6];
  if (!(value_of(x1) > value_of(x0))) return "SWEEP with x1 <= x0";
  if (!(value_of(x0 + dx) > value_of(x0))) return "SWEEP with dx <= 0 (or too small to move x0)";
  const T phase = value_of(x) <= value_of(x0)  ? f0 * x
                  : value_of(x) < value_of(x1) ? f0 * x + (f1 - f0) / (2.0 * (x1 - x0)) * (x - x0) * (x - x0)
                                               : f1 * x - (f1 - f0) * (x1 + x0) / 2.0;
  out = amplitude * smooth_step(x, x0, T(0.0), x0 + dx, T(1.0), quintic) * sin(2.0 * std::numbers::pi * phase);
  return nullptr;
};

constexpr Builtin kEntries[] = {
    series<2, kChebyshev>("CHEBY", "CHEBY(x, x0, a0, ..., a30)",
                          "Σ a_j·T_j(u), u = x-x0, Chebyshev T0 = 1, T1 = u, T_j = 2u·T_{j-1} - T_{j-2}",
                          "CHEBY(3, 1, 1, 0, -1) = -6"),
    series<3, kCosines>("FORCOS", "FORCOS(x, x0, w, a0, ..., a30)", "a0 + Σ_{j>=1} a_j·cos(j·w·(x-x0)); a0 not halved",
                        "FORCOS(0.25, 0, 360D, 1, 2, 3, 4) = -2"),
    series<3, kSines>("FORSIN", "FORSIN(x, x0, w, a0, ..., a30)", "a0 + Σ_{j>=1} a_j·sin(j·w·(x-x0)); a0 not halved",
                      "FORSIN(0.25, 0, 360D, 1, 2, 3, 4) = -1"),
    series<2, kPowers>("POLY", "POLY(x, x0, a0, ..., a30)", "Σ a_j·(x-x0)^j", "POLY(12, 10, 0, 25, 0, 0.75) = 56"),
    formula_entry<6, kShf>("SHF", Smoothness::smooth, "SHF(x, x0, a, w, phi, b)",
                           "a·sin(w·(x-x0) - phi) + b, w and phi in radians", "SHF(0.25, 0, 2, 360D, 0, 5) = 7"),
    formula_entry<7, kSweep>(
        "SWEEP", Smoothness::c1, "SWEEP(x, a, x0, f0, x1, f1, dx)",
        "a·STEP5(x, x0, 0, x0+dx, 1)·sin(2πΦ), Φ = f0·x to x0, f0·x + (f1-f0)(x-x0)²/(2(x1-x0)) to x1, "
        "f1·x - (f1-f0)(x0+x1)/2 after (f in Hz); x1 > x0, dx > 0; derivatives at x0, x0+dx, x1 from the constant side",
        "SWEEP(0.5, 1, 0, 1, 2, 3, 0.01) = -0.707107"),
};

}  // namespace

std::span<const Builtin> series_entries() { return kEntries; }

}  // namespace fexpr::builtins
