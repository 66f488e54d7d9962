// SHF, POLY, CHEBY, FORCOS, FORSIN and SWEEP: the documented examples, closed-form partials with
// respect to every argument (coefficients included), arity limits and SWEEP's regions and errors.
// Tolerance: 1e-12 relative (or 1e-12 absolute near 0) unless written otherwise.
#include "builtins_calls.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace test_builtins_series {

using namespace fexpr::builtins::testing;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using std::numbers::pi;

namespace {
constexpr double kDeg = pi / 180;

void check_close(double actual, double expected) {
  CHECK_THAT(actual, WithinRel(expected, 1e-12) || WithinAbs(expected, 1e-12));
}
}  // namespace

TEST_CASE("SHF is a shifted harmonic a·sin(w(x-x0) - phi) + b", "[series]") {
  SECTION("the documented example SHF(TIME, 25D, PI, 360D, 0, 5) = 5 + π·sin(2π(TIME - 25D))") {
    auto t = GENERATE(0.0, 0.1, 0.37, 1.5);
    check_close(call("SHF", {t, 25 * kDeg, pi, 360 * kDeg, 0, 5}), 5 + pi * std::sin(2 * pi * (t - 25 * kDeg)));
  }
  SECTION("partials by (x, x0, a, w, phi, b)") {
    // θ = w(x-x0) - phi: F_x = a·w·cosθ, F_x0 = -F_x, F_a = sinθ, F_w = a(x-x0)cosθ, F_phi = -a·cosθ, F_b = 1;
    // F_xx = -a·w²·sinθ, F_xw = a·cosθ - a·w(x-x0)sinθ, F_xa = w·cosθ, F_ww = -a(x-x0)²sinθ.
    const double x = 0.7, x0 = 0.2, a = 1.5, w = 3, phi = 0.4, b = -2, u = x - x0, th = w * u - phi;
    const Derivatives r = derivatives("SHF", {x, x0, a, w, phi, b});
    const double first[6] = {a * w * std::cos(th), -a * w * std::cos(th), std::sin(th),
                             a * u * std::cos(th), -a * std::cos(th),     1};
    for (int i = 0; i < 6; ++i) check_close(r.d[i], first[i]);
    check_close(r.second(0, 0), -a * w * w * std::sin(th));
    check_close(r.second(0, 3), a * std::cos(th) - a * w * u * std::sin(th));
    check_close(r.second(0, 2), w * std::cos(th));
    check_close(r.second(3, 3), -a * u * u * std::sin(th));
    check_close(r.second(5, 5), 0);
  }
}

TEST_CASE("POLY is a polynomial in x - x0", "[series]") {
  SECTION("the documented example POLY(TIME, 10, 0, 25, 0, 0.75) = 25(t-10) + 0.75(t-10)³") {
    auto t = GENERATE(8.0, 10.0, 11.5, 12.0);
    const double u = t - 10;
    check_close(call("POLY", {t, 10, 0, 25, 0, 0.75}), 25 * u + 0.75 * u * u * u);
    // F_x = 25 + 2.25u² = -F_x0, F_aj = u^j, F_xx = 4.5u = F_x0x0, F_x aj = j·u^(j-1).
    const Derivatives r = derivatives("POLY", {t, 10, 0, 25, 0, 0.75});
    check_close(r.d[0], 25 + 2.25 * u * u);
    check_close(r.d[1], -(25 + 2.25 * u * u));
    for (int j = 0; j < 4; ++j) check_close(r.d[2 + j], std::pow(u, j));
    check_close(r.second(0, 0), 4.5 * u);
    check_close(r.second(0, 1), -4.5 * u);
    check_close(r.second(1, 1), 4.5 * u);
    for (int j = 0; j < 4; ++j) {
      const double slope = j == 0 ? 0.0 : j * std::pow(u, j - 1);
      check_close(r.second(0, 2 + j), slope);
      check_close(r.second(1, 2 + j), -slope);
      for (int k = 0; k < 4; ++k) CHECK(r.second(2 + j, 2 + k) == 0.0);
    }
  }
  SECTION("one coefficient is a constant, and 31 are allowed") {
    CHECK(call("POLY", {5, 1, 3.5}) == 3.5);
    std::vector<double> args{2, 1};  // u = 1, so the sum is the number of coefficients
    args.resize(33, 1.0);
    CHECK(call("POLY", args) == 31);
    CHECK(builtin("POLY").min_args == 3);
    CHECK(builtin("POLY").max_args == 33);
  }
}

TEST_CASE("CHEBY sums Chebyshev polynomials of x - x0", "[series]") {
  SECTION("the documented example CHEBY(t, 1, 1, 0, -1) = 1 - (2(t-1)² - 1) = -2t² + 4t") {
    auto t = GENERATE(-1.0, 0.0, 0.5, 1.0, 3.0);
    check_close(call("CHEBY", {t, 1, 1, 0, -1}), -2 * t * t + 4 * t);
    // F_x = -4t + 4, F_xx = -4, F_a2 = T2(u) = 2u² - 1, F_x a2 = 4u.
    const Derivatives r = derivatives("CHEBY", {t, 1, 1, 0, -1});
    check_close(r.d[0], -4 * t + 4);
    check_close(r.second(0, 0), -4);
    check_close(r.d[4], 2 * (t - 1) * (t - 1) - 1);
    check_close(r.second(0, 4), 4 * (t - 1));
  }
  SECTION("higher terms follow T_j = 2u·T_{j-1} - T_{j-2}: T3 = 4u³ - 3u, T4 = 8u⁴ - 8u² + 1") {
    const double u = 0.6;
    check_close(call("CHEBY", {u, 0, 0, 0, 0, 1}), 4 * u * u * u - 3 * u);
    check_close(call("CHEBY", {u, 0, 0, 0, 0, 0, 1}), 8 * std::pow(u, 4) - 8 * u * u + 1);
    // T4' = 32u³ - 16u, T4'' = 96u² - 16.
    const Derivatives r = derivatives("CHEBY", {u, 0, 0, 0, 0, 0, 1});
    check_close(r.d[0], 32 * u * u * u - 16 * u);
    check_close(r.second(0, 0), 96 * u * u - 16);
  }
}

TEST_CASE("FORCOS and FORSIN are Fourier series whose a0 is not halved", "[series]") {
  SECTION("the documented example FORCOS(TIME, 0, 360D, 1, 2, 3, 4)") {
    auto t = GENERATE(0.0, 0.125, 0.25, 0.6);
    const double w = 2 * pi;
    check_close(call("FORCOS", {t, 0, w, 1, 2, 3, 4}),
                1 + 2 * std::cos(w * t) + 3 * std::cos(2 * w * t) + 4 * std::cos(3 * w * t));
    check_close(call("FORSIN", {t, 0, w, 1, 2, 3, 4}),
                1 + 2 * std::sin(w * t) + 3 * std::sin(2 * w * t) + 4 * std::sin(3 * w * t));
  }
  SECTION("partials by x, x0, w and the coefficients") {
    // FORCOS: F_x = -Σ a_j·j·w·sin(jwu), F_w = -Σ a_j·j·u·sin(jwu), F_aj = cos(jwu),
    // F_xx = -Σ a_j (jw)² cos(jwu), F_xw = -Σ a_j j (sin(jwu) + jwu·cos(jwu)), F_ww = -Σ a_j (ju)² cos(jwu).
    const double x = 0.9, x0 = 0.3, w = 1.7, u = x - x0, a[3] = {0.5, -2, 1.25};
    const Derivatives r = derivatives("FORCOS", {x, x0, w, a[0], a[1], a[2]});
    double fx = 0, fw = 0, fxx = 0, fxw = 0, fww = 0;
    for (int j = 1; j < 3; ++j) {
      const double th = j * w * u;
      fx -= a[j] * j * w * std::sin(th);
      fw -= a[j] * j * u * std::sin(th);
      fxx -= a[j] * j * w * j * w * std::cos(th);
      fxw -= a[j] * j * (std::sin(th) + th * std::cos(th));
      fww -= a[j] * j * u * j * u * std::cos(th);
    }
    check_close(r.d[0], fx);
    check_close(r.d[1], -fx);
    check_close(r.d[2], fw);
    check_close(r.d[3], 1);
    check_close(r.d[4], std::cos(w * u));
    check_close(r.d[5], std::cos(2 * w * u));
    check_close(r.second(0, 0), fxx);
    check_close(r.second(0, 1), -fxx);
    check_close(r.second(0, 2), fxw);
    check_close(r.second(2, 2), fww);
    check_close(r.second(0, 5), -2 * w * std::sin(2 * w * u));
    check_close(r.second(3, 3), 0);
  }
  SECTION("a0 alone is the constant, and 31 coefficients are allowed") {
    CHECK(call("FORCOS", {5, 0, 1, 2.5}) == 2.5);
    CHECK(call("FORSIN", {5, 0, 1, 2.5}) == 2.5);
    CHECK(builtin("FORCOS").min_args == 4);
    CHECK(builtin("FORCOS").max_args == 34);
    CHECK(builtin("FORSIN").max_args == 34);
  }
}

TEST_CASE("SWEEP is a linear chirp faded in over x0 ... x0 + dx", "[series]") {
  // Φ = f0·x up to x0; f0·x + (f1-f0)(x-x0)²/(2(x1-x0)) up to x1; f1·x - (f1-f0)(x0+x1)/2 after.
  const double a = 1.5, x0 = 1, f0 = 2, x1 = 3, f1 = 5.3, dx = 0.5;
  const auto phase = [&](double x) {
    if (x <= x0) return f0 * x;
    if (x < x1) return f0 * x + (f1 - f0) * (x - x0) * (x - x0) / (2 * (x1 - x0));
    return f1 * x - (f1 - f0) * (x0 + x1) / 2;
  };
  const auto window = [&](double x) {  // STEP5(x, x0, 0, x0+dx, 1)
    const double t = std::clamp((x - x0) / dx, 0.0, 1.0);
    return t * t * t * (10 - 15 * t + 6 * t * t);
  };
  SECTION("values in every region") {
    auto x = GENERATE(0.5, 1.0, 1.2, 1.5, 2.2, 3.0, 4.1);
    check_close(call("SWEEP", {x, a, x0, f0, x1, f1, dx}), a * window(x) * std::sin(2 * pi * phase(x)));
  }
  SECTION("zero before x0, the window being closed") {
    CHECK(call("SWEEP", {0.5, a, x0, f0, x1, f1, dx}) == 0.0);
    CHECK(call("SWEEP", {1.0, a, x0, f0, x1, f1, dx}) == 0.0);
  }
  SECTION("zero between dx and x0: the fade-in starts at x0, as Adams' text says, not at 0") {
    // The printed formula STEP5(x,0,0,dx,1)·a·sin(2πΦ) of SOLIDWORKS and MotionSolve would give
    // 1.5·sin(2π·2·0.7) = 1.5·sin(2.8π) ≈ 0.88 at x = 0.7; Adams' text has SWEEP begin at x0 = 1.
    CHECK(call("SWEEP", {0.7, a, x0, f0, x1, f1, dx}) == 0.0);
    // MotionSolve's example SWEEP(TIME, 10, 1, 1, 5, 10, 0.1) at TIME = 0.5: 0 before x0 = 1.
    CHECK(call("SWEEP", {0.5, 10, 1, 1, 5, 10, 0.1}) == 0.0);
    // Half way through the fade-in, x = x0 + dx/2 = 1.25: STEP5 = 0.5 and Φ = f0·x + (f1-f0)(x-x0)²/(2(x1-x0)).
    const double x = 1.25, p = f0 * x + (f1 - f0) * 0.0625 / 4;
    check_close(call("SWEEP", {x, a, x0, f0, x1, f1, dx}), a * 0.5 * std::sin(2 * pi * p));
  }
  SECTION("the phase and the frequency are continuous at x1") {
    // Φ(x1-) = f0·x1 + (f1-f0)(x1-x0)/2 = 6 + 3.3 = 9.3 = f1·x1 - (f1-f0)(x0+x1)/2 = 15.9 - 6.6.
    const double eps = 1e-9;
    const double left = call("SWEEP", {x1 - eps, a, x0, f0, x1, f1, dx});
    const double right = call("SWEEP", {x1 + eps, a, x0, f0, x1, f1, dx});
    CHECK_THAT(left, WithinAbs(right, 1e-6));
    const Derivatives dl = derivatives("SWEEP", {x1 - eps, a, x0, f0, x1, f1, dx});
    const Derivatives dr = derivatives("SWEEP", {x1, a, x0, f0, x1, f1, dx});
    // dF/dx = a·2π·f(x)·cos(2πΦ) with the window open; f(x1) = f1.
    CHECK_THAT(dr.d[0], WithinRel(a * 2 * pi * f1 * std::cos(2 * pi * 9.3), 1e-12));
    CHECK_THAT(dl.d[0], WithinRel(dr.d[0], 1e-6));
  }
  SECTION("partials by x and a where the window is open") {
    // x = 2.2: F = a·sin(2πΦ), F_x = a·2π·Φ'·cos(2πΦ), Φ' = f0 + (f1-f0)(x-x0)/(x1-x0), F_a = sin(2πΦ).
    const double x = 2.2, p = phase(x), dp = f0 + (f1 - f0) * (x - x0) / (x1 - x0);
    const Derivatives r = derivatives("SWEEP", {x, a, x0, f0, x1, f1, dx});
    check_close(r.d[0], a * 2 * pi * dp * std::cos(2 * pi * p));
    check_close(r.d[1], std::sin(2 * pi * p));
    // F_xx = a·2π·(Φ''·cos(2πΦ) - 2π·Φ'²·sin(2πΦ)), Φ'' = (f1-f0)/(x1-x0).
    const double ddp = (f1 - f0) / (x1 - x0);
    check_close(r.second(0, 0), a * 2 * pi * (ddp * std::cos(2 * pi * p) - 2 * pi * dp * dp * std::sin(2 * pi * p)));
  }
  SECTION("the documented example SWEEP(TIME, 1.0, 0.0, 2.0, 5.0, 6.0, 0.01)") {
    // At TIME = 2: Φ = 2·2 + 4·2²/10 = 5.6, window open: sin(11.2π).
    check_close(call("SWEEP", {2, 1.0, 0.0, 2.0, 5.0, 6.0, 0.01}), std::sin(2 * pi * 5.6));
  }
  SECTION("errors") {
    CHECK(error("SWEEP", {1, a, 3, f0, 3, f1, dx}) == "SWEEP with x1 <= x0");
    CHECK(error("SWEEP", {1, a, 3, f0, 2, f1, dx}) == "SWEEP with x1 <= x0");
    CHECK(error("SWEEP", {1, a, x0, f0, x1, f1, 0}) == "SWEEP with dx <= 0 (or too small to move x0)");
    CHECK(error("SWEEP", {1, a, x0, f0, x1, f1, -1}) == "SWEEP with dx <= 0 (or too small to move x0)");
    CHECK(error("SWEEP", {1, a, 1e10, f0, 2e10, f1, 1e-10}) == "SWEEP with dx <= 0 (or too small to move x0)");
  }
  SECTION("derivatives at x0, x0+dx and x1 come from the constant side") {
    // At x0 the window is closed (and stays so for x <= x0): every partial is 0.
    CHECK(derivatives("SWEEP", {x0, a, x0, f0, x1, f1, dx}).d == std::vector<double>(7, 0.0));
    // At x0+dx the window is 1 with slope and curvature 0: F_x = a·2π·Φ'·cos(2πΦ).
    const double x = x0 + dx, p = phase(x), dp = f0 + (f1 - f0) * (x - x0) / (x1 - x0);
    check_close(derivatives("SWEEP", {x, a, x0, f0, x1, f1, dx}).d[0], a * 2 * pi * dp * std::cos(2 * pi * p));
    // At x1 the constant-frequency side: F_xx = -a·(2π·f1)²·sin(2πΦ), Φ(x1) = 9.3, no Φ'' term.
    check_close(derivatives("SWEEP", {x1, a, x0, f0, x1, f1, dx}).second(0, 0),
                -a * 4 * pi * pi * f1 * f1 * std::sin(2 * pi * 9.3));
  }
}

}  // namespace test_builtins_series
