// Every derivative rule against finite differences of the rules below it: first partials against
// the value rule, second partials against the order 1 derivative rule, with respect to every
// argument, at 200+ random points per function (std::mt19937, fixed seed). Points within a
// margin of a switch point are skipped. The differences are Richardson-extrapolated central
// differences, (8(f(+h) - f(-h)) - (f(+2h) - f(-2h)))/(12h), h = 1e-4·max(1, |a_i|): truncation
// error O(h⁴) and rounding about 1e-12·|f|. Pass: |analytic - fd| <= 1e-6·max(|analytic|, |fd|,
// 1e-4·(1 + |f|)), f being the function differenced; the floor only matters for partials near 0.
#include "builtins_calls.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <set>

namespace test_builtins_derivatives {

using namespace fexpr::builtins;
using namespace fexpr::builtins::testing;

namespace {

constexpr double kTolerance = 1e-6;
constexpr double kMargin = 0.02;  // skip points whose switch distance is below this
constexpr int kPoints = 200;
constexpr double kNoSwitch = std::numeric_limits<double>::infinity();

using Args = std::vector<double>;

struct Sampler {
  std::string name;
  std::function<Args(std::mt19937&)> sample;
  // Distance to the nearest switch point, in units where kMargin is safely wider than 2h.
  std::function<double(const Args&)> switch_distance = [](const Args&) { return kNoSwitch; };
};

double uniform(std::mt19937& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
// A magnitude in [lo, hi] with a random sign.
double either_sign(std::mt19937& rng, double lo, double hi) {
  return (uniform(rng, 0, 1) < 0.5 ? -1 : 1) * uniform(rng, lo, hi);
}
Args series_args(std::mt19937& rng, Args head) {
  const int count = std::uniform_int_distribution<int>(1, 31)(rng);
  for (int j = 0; j < count; ++j) head.push_back(uniform(rng, -1, 1));
  return head;
}
double distance_to_whole(double q) { return std::fabs(q - std::round(q)); }
// STEP(x, x0, h0, x1, h1) with the cubic, for the contact samplers' clipping test.
double cubic_step(double x, double x0, double h0, double x1, double h1) {
  const double t = std::clamp((x - x0) / (x1 - x0), 0.0, 1.0);
  return h0 + (h1 - h0) * t * t * (3 - 2 * t);
}

Sampler unary(std::string name, double lo, double hi, std::function<double(double)> distance = nullptr) {
  Sampler s{std::move(name), [lo, hi](std::mt19937& rng) { return Args{uniform(rng, lo, hi)}; }};
  if (distance) s.switch_distance = [distance](const Args& a) { return distance(a[0]); };
  return s;
}
Sampler binary(std::string name, std::function<double(const Args&)> distance) {
  return {std::move(name),
          [](std::mt19937& rng) {
            return Args{uniform(rng, -3, 3), uniform(rng, -3, 3)};
          },
          std::move(distance)};
}
Sampler step_sampler(std::string name) {
  // Rising and mirrored steps, x over both constant sides and the transition.
  return {std::move(name),
          [](std::mt19937& rng) {
            const double x0 = uniform(rng, -2, 2), x1 = x0 + either_sign(rng, 0.5, 3);
            const double x = uniform(rng, std::min(x0, x1) - 1, std::max(x0, x1) + 1);
            return Args{x, x0, uniform(rng, -3, 3), x1, uniform(rng, -3, 3)};
          },
          [](const Args& a) { return std::min(std::fabs(a[0] - a[1]), std::fabs(a[0] - a[3])); }};
}

const std::vector<Sampler>& samplers() {
  static const std::vector<Sampler> all = {
      unary("ABS", -3, 3, [](double a) { return std::fabs(a); }),
      unary("ACOS", -0.95, 0.95),
      unary("AINT", -5, 5, distance_to_whole),
      unary("ANINT", -5, 5, [](double a) { return distance_to_whole(a - 0.5); }),
      unary("ASIN", -0.95, 0.95),
      unary("ATAN", -5, 5),
      binary("ATAN2",
             [](const Args& a) { return std::min(std::hypot(a[0], a[1]), a[1] < 0 ? std::fabs(a[0]) : kNoSwitch); }),
      unary("COS", -6, 6),
      unary("COSH", -4, 4),
      binary("DIM", [](const Args& a) { return std::fabs(a[0] - a[1]); }),
      unary("EXP", -4, 4),
      unary("LOG", 0.05, 10),
      unary("LOG10", 0.05, 10),
      binary("MAX", [](const Args& a) { return std::fabs(a[0] - a[1]); }),
      binary("MIN", [](const Args& a) { return std::fabs(a[0] - a[1]); }),
      {"MOD",
       [](std::mt19937& rng) {
         return Args{uniform(rng, -8, 8), either_sign(rng, 1, 4)};
       },
       // The quotient's distance to a whole number, scaled so that 0.1 in the quotient is kMargin.
       [](const Args& a) { return distance_to_whole(a[0] / a[1]) * kMargin / 0.1; }},
      binary("SIGN", [](const Args& a) { return std::min(std::fabs(a[0]), std::fabs(a[1])); }),
      unary("SIN", -6, 6),
      unary("SINH", -4, 4),
      unary("SQRT", 0.05, 10),
      unary("TAN", -1.4, 1.4),
      unary("TANH", -4, 4),
      // MAG(x, y, z) and UV(x, y, z, k): singular at the zero vector; k is an index, not varied.
      {"MAG", [](std::mt19937& rng) { return Args{uniform(rng, -2, 2), uniform(rng, -2, 2), uniform(rng, -2, 2)}; },
       [](const Args& a) { return std::hypot(a[0], a[1], a[2]); }},
      {"UV",
       [](std::mt19937& rng) {
         return Args{uniform(rng, -2, 2), uniform(rng, -2, 2), uniform(rng, -2, 2),
                     static_cast<double>(std::uniform_int_distribution<int>(0, 2)(rng))};
       },
       [](const Args& a) { return std::hypot(a[0], a[1], a[2]); }},
      step_sampler("STEP"),
      step_sampler("STEP5"),
      step_sampler("HAVSIN"),
      {"SHF",
       [](std::mt19937& rng) {
         return Args{uniform(rng, -2, 2),  uniform(rng, -2, 2), uniform(rng, -3, 3),
                     uniform(rng, 0.1, 5), uniform(rng, -3, 3), uniform(rng, -3, 3)};
       }},
      {"POLY",
       [](std::mt19937& rng) {
         const double x0 = uniform(rng, -1, 1);
         return series_args(rng, {x0 + uniform(rng, -1.2, 1.2), x0});
       }},
      {"CHEBY",
       [](std::mt19937& rng) {
         const double x0 = uniform(rng, -1, 1);
         return series_args(rng, {x0 + uniform(rng, -1.1, 1.1), x0});
       }},
      {"FORCOS",
       [](std::mt19937& rng) {
         return series_args(rng, {uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, 0.1, 2)});
       }},
      {"FORSIN",
       [](std::mt19937& rng) {
         return series_args(rng, {uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, 0.1, 2)});
       }},
      {"SWEEP",
       [](std::mt19937& rng) {
         const double x0 = uniform(rng, 0, 1), x1 = x0 + uniform(rng, 0.5, 3);
         return Args{uniform(rng, -1, x1 + 1), uniform(rng, -2, 2), x0, uniform(rng, 0.1, 2), x1,
                     uniform(rng, 0.1, 3),     uniform(rng, 0.1, 1)};
       },
       [](const Args& a) {
         return std::min({std::fabs(a[0] - a[2]), std::fabs(a[0] - a[2] - a[6]), std::fabs(a[0] - a[4])});
       }},
      {"IMPACT",
       [](std::mt19937& rng) {
         const double x1 = uniform(rng, -1, 1), d = uniform(rng, 0.05, 0.5);
         return Args{x1 - uniform(rng, -0.2, 2.5 * d),
                     uniform(rng, -2, 2),
                     x1,
                     uniform(rng, 10, 1000),
                     uniform(rng, 1.1, 3),
                     uniform(rng, 0.5, 50),
                     d};
       },
       [](const Args& a) {
         const double x = a[0], xdot = a[1], x1 = a[2], k = a[3], e = a[4], d = a[6];
         const double dist = std::min(std::fabs(x - x1), std::fabs(x - (x1 - d)));
         if (x >= x1) return dist;
         const double spring = k * std::pow(x1 - x, e), damper = cubic_step(x, x1 - d, a[5], x1, 0) * xdot;
         return std::min(dist, std::fabs(spring - damper) / (spring + std::fabs(damper)));
       }},
      {"BISTOP",
       [](std::mt19937& rng) {
         const double x1 = uniform(rng, -1, 0), x2 = x1 + uniform(rng, 0.5, 2), d = uniform(rng, 0.05, 0.5);
         return Args{uniform(rng, x1 - 0.6, x2 + 0.6),
                     uniform(rng, -2, 2),
                     x1,
                     x2,
                     uniform(rng, 10, 1000),
                     uniform(rng, 1.1, 3),
                     uniform(rng, 0.5, 50),
                     d};
       },
       [](const Args& a) {
         const double x = a[0], xdot = a[1], x1 = a[2], x2 = a[3], k = a[4], e = a[5], c = a[6], d = a[7];
         const double dist =
             std::min({std::fabs(x - x1), std::fabs(x - x1 + d), std::fabs(x - x2), std::fabs(x - x2 - d)});
         double spring = 0, damper = 0;
         if (x < x1) {
           spring = k * std::pow(x1 - x, e);
           damper = cubic_step(x, x1 - d, c, x1, 0) * xdot;
         } else if (x > x2) {
           spring = -k * std::pow(x - x2, e);
           damper = cubic_step(x, x2, 0, x2 + d, c) * xdot;
         } else {
           return dist;
         }
         return std::min(dist, std::fabs(spring - damper) / (std::fabs(spring) + std::fabs(damper)));
       }},
  };
  return all;
}

// Quiet calls for the inner loops (one Catch assertion per evaluation would swamp the report);
// an error there shows up as NaN and so as a failure.
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
double quiet_value(const Builtin& b, const Args& args) {
  double v = 0;
  return b.value(args.data(), static_cast<int>(args.size()), &v) ? kNaN : v;
}
Derivatives quiet_derivatives(const Builtin& b, const Args& args, int order) {
  const int n = static_cast<int>(args.size());
  Derivatives r;
  r.d.assign(args.size(), 0.0);
  r.dd.assign(args.size() * args.size(), 0.0);
  if (b.derivatives(args.data(), n, order, &r.value, r.d.data(), r.dd.data())) {
    r.value = kNaN;
    std::fill(r.d.begin(), r.d.end(), kNaN);
    std::fill(r.dd.begin(), r.dd.end(), kNaN);
  }
  return r;
}

double richardson(const std::function<double(double)>& f, double h) {
  return (8 * (f(h) - f(-h)) - (f(2 * h) - f(-2 * h))) / (12 * h);
}

// The worst disagreement seen, as a multiple of the tolerance.
struct Worst {
  double ratio = 0;
  std::string where;
  void record(double analytic, double fd, double scale, const std::string& what) {
    const double bound = kTolerance * std::max({std::fabs(analytic), std::fabs(fd), 1e-4 * (1 + std::fabs(scale))});
    const double r = std::fabs(analytic - fd) / bound;
    if (!(r <= ratio)) {  // also catches NaN
      ratio = std::isnan(r) ? std::numeric_limits<double>::infinity() : r;
      where = what + ": analytic " + std::to_string(analytic) + ", finite difference " + std::to_string(fd);
    }
  }
};

}  // namespace

TEST_CASE("Every function with rules has a finite-difference sampler", "[derivatives]") {
  std::set<std::string> sampled;
  for (const Sampler& s : samplers()) sampled.insert(s.name);
  for (const Builtin& b : table()) {
    if (b.value == nullptr) continue;
    INFO(b.name);
    CHECK(sampled.count(std::string(b.name)) == 1);
  }
}

TEST_CASE("First and second partials agree with finite differences at random points", "[derivatives]") {
  const Sampler& sampler = GENERATE(from_range(samplers()));
  INFO(sampler.name);
  const Builtin& rules = builtin(sampler.name);
  std::mt19937 rng(20240611);
  Worst first, second, consistency;
  int tested = 0;
  for (int attempt = 0; tested < kPoints && attempt < 50 * kPoints; ++attempt) {
    const Args args = sampler.sample(rng);
    if (sampler.switch_distance(args) < kMargin || std::isnan(quiet_value(rules, args))) continue;
    ++tested;
    const int n = static_cast<int>(args.size());
    const Derivatives d1 = quiet_derivatives(rules, args, 1), d2 = quiet_derivatives(rules, args, 2);
    const std::string at = describe(sampler.name, args);
    for (int i = 0; i < n; ++i) {
      consistency.record(d2.d[i], d1.d[i], d1.value, at + " order 1 vs order 2, d/da" + std::to_string(i));
      if (i == 0)
        consistency.record(d1.value, quiet_value(rules, args), d1.value, at + " value rule vs derivative rule");
      const double h = 1e-4 * std::max(1.0, std::fabs(args[i]));
      const auto shifted = [&](double delta) {
        Args b = args;
        b[i] += delta;
        return b;
      };
      first.record(d1.d[i], richardson([&](double delta) { return quiet_value(rules, shifted(delta)); }, h), d1.value,
                   at + " d/da" + std::to_string(i));
      for (int j = 0; j < n; ++j) {
        const auto dj = [&](double delta) { return quiet_derivatives(rules, shifted(delta), 1).d[j]; };
        const std::string which = " d2/da" + std::to_string(i) + "da" + std::to_string(j);
        second.record(d2.second(i, j), richardson(dj, h), d1.d[j], at + which);
        consistency.record(d2.second(i, j), d2.second(j, i), d2.second(i, j), at + which + " symmetry");
      }
    }
  }
  CHECK(tested >= kPoints);
  INFO("worst first partial: " << first.where);
  CHECK(first.ratio <= 1.0);
  INFO("worst second partial: " << second.where);
  CHECK(second.ratio <= 1.0);
  INFO("worst consistency: " << consistency.where);
  CHECK(consistency.ratio <= 1.0);
}

}  // namespace test_builtins_derivatives
