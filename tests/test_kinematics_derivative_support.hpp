// Shared by the test_kinematics_* files that check derivatives: random scenes and states, and
// the comparison of a measure's gradient and Hessian with central finite differences of its
// value.
#pragma once

#include "test_kinematics_support.hpp"

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string_view>
#include <vector>

namespace kinematics_test {

struct Derivatives {
  double value = 0.0;
  std::vector<double> grad, hess;
};

inline Derivatives derivatives(const MeasureCall& call, const Model& model, const State& state, int order) {
  const std::size_t width = static_cast<std::size_t>(kStatesPerPart * call.part_count);
  Derivatives d;
  d.grad.assign(width, 0.0);
  d.hess.assign(width * width, 0.0);
  const char* error = evaluate(call, model, state, order, &d.value, d.grad.data(), d.hess.data());
  if (error) FAIL(error);
  return d;
}

// Parts 2..5 with markers 20, 21 (part 2), 30, 40, 50 and 1 on ground, all offset and tilted.
struct RandomScene {
  Model model;
  std::mt19937 random{12345};

  double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(random); }
  Vector3d vector(double size) { return {uniform(-size, size), uniform(-size, size), uniform(-size, size)}; }
  Matrix3d axes() { return r313(uniform(-kPi, kPi), uniform(0.1, kPi - 0.1), uniform(-kPi, kPi)); }

  RandomScene() {
    for (long id = 2; id <= 5; ++id) model.add_part(id, PartState{});
    for (long id : {20L, 21L}) model.add_marker(id, 2, vector(1), axes());
    for (long part : {3L, 4L, 5L}) model.add_marker(10 * part, part, vector(1), axes());
    model.add_marker(1, 0, vector(1), axes());
  }
  State state() {
    State s(model);
    for (int p = 1; p < s.size(); ++p) {
      PartState ps;
      ps.position = vector(2);
      ps.euler = vector(kPi);
      ps.velocity = vector(2);
      ps.omega = vector(2);
      ps.acceleration = vector(2);
      ps.alpha = vector(2);
      s.set_part(p, ps);
    }
    return s;
  }
};

// Five-point central difference in one state of one part (error of order h^4).
template <class F>
auto state_difference(State s, int part, int k, F f) {
  constexpr double h = 1e-4;
  const double x0 = state_value(s.part(part), k);
  auto at = [&](double offset) {
    s.set_value(part, k, x0 + offset);
    return f(s);
  };
  const auto a = at(-2 * h), b = at(-h), c = at(h), d = at(2 * h);
  using Result = std::decay_t<decltype(a)>;
  Result r(a.size());
  for (std::size_t n = 0; n < r.size(); ++n) r[n] = (a[n] - 8.0 * b[n] + 8.0 * c[n] - d[n]) / (12.0 * h);
  return r;
}

// Largest entry-wise error, relative to the largest finite-difference entry (at least 1, so
// entries that should be zero are held to an absolute 1e-6).
inline double relative_error(const std::vector<double>& exact, const std::vector<double>& approx) {
  double error = 0.0, scale = 1.0;
  for (std::size_t n = 0; n < exact.size(); ++n) {
    error = std::max(error, std::abs(exact[n] - approx[n]));
    scale = std::max(scale, std::abs(approx[n]));
  }
  return error / scale;
}

inline constexpr double kRelative = 1e-6;

// Checks a measure call (its arguments as written) at `samples` random states of the scene: the
// gradient and Hessian against finite differences of the value, orders 0, 1 and 2 against each
// other, and the Hessian's symmetry.
inline void check_derivatives(RandomScene& scene, std::string_view name, const std::vector<long>& ids, int samples) {
  const MeasureCall call = bound(scene.model, name, ids);
  const std::size_t width = static_cast<std::size_t>(kStatesPerPart * call.part_count);
  for (int sample = 0; sample < samples; ++sample) {
    const State state = scene.state();
    CAPTURE(name, ids, sample);
    const Derivatives first = derivatives(call, scene.model, state, 1);
    const Derivatives second = derivatives(call, scene.model, state, 2);
    const double value = measure(scene.model, state, name, ids);
    // Same formula, sums in a different order: rounding on values of order 1.
    CHECK(first.value == Approx(value).epsilon(1e-14).margin(1e-14));
    CHECK(second.value == Approx(value).epsilon(1e-14).margin(1e-14));
    CHECK(relative_error(second.grad, first.grad) < 1e-14);

    std::vector<double> fd_grad, fd_hess;
    for (int p = 0; p < call.part_count; ++p)
      for (int k = 0; k < kStatesPerPart; ++k) {
        const int part = call.parts[static_cast<std::size_t>(p)];
        auto value_at = [&](const State& s) { return std::vector<double>{measure(scene.model, s, name, ids)}; };
        fd_grad.push_back(state_difference(state, part, k, value_at)[0]);
        auto grad_at = [&](const State& s) { return derivatives(call, scene.model, s, 1).grad; };
        const std::vector<double> row = state_difference(state, part, k, grad_at);
        fd_hess.insert(fd_hess.end(), row.begin(), row.end());
      }
    CHECK(relative_error(first.grad, fd_grad) < kRelative);
    CHECK(relative_error(second.hess, fd_hess) < kRelative);
    double asymmetry = 0.0;
    for (std::size_t a = 0; a < width; ++a)
      for (std::size_t b = 0; b < a; ++b)
        asymmetry = std::max(asymmetry, std::abs(second.hess[a * width + b] - second.hess[b * width + a]));
    CHECK(asymmetry <= 1e-12 * std::max(1.0, *std::max_element(fd_hess.begin(), fd_hess.end())));
  }
}

}  // namespace kinematics_test
