// Gradients and Hessians of every measure with respect to part states, against finite
// differences at random states, plus a few derivatives worked out by hand.
#include "counting_new.hpp"
#include "test_kinematics_support.hpp"

#include <algorithm>
#include <cstdlib>
#include <new>
#include <random>

using namespace kinematics_test;

using fexpr::testing::allocations;

namespace {

struct Derivatives {
  double value = 0.0;
  std::vector<double> grad, hess;
};

Derivatives derivatives(const MeasureCall& call, const Model& model, const State& state, int order) {
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
      PartState& ps = s.part(p);
      ps.position = vector(2);
      ps.euler = vector(kPi);
      ps.velocity = vector(2);
      ps.omega = vector(2);
      ps.acceleration = vector(2);
      ps.alpha = vector(2);
    }
    return s;
  }
};

// Five-point central difference in one state of one part (error of order h^4).
template <class F>
auto state_difference(State s, int part, int k, F f) {
  constexpr double h = 1e-4;
  double& x = state_value(s.part(part), k);
  const double x0 = x;
  auto at = [&](double offset) {
    x = x0 + offset;
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
double relative_error(const std::vector<double>& exact, const std::vector<double>& approx) {
  double error = 0.0, scale = 1.0;
  for (std::size_t n = 0; n < exact.size(); ++n) {
    error = std::max(error, std::abs(exact[n] - approx[n]));
    scale = std::max(scale, std::abs(approx[n]));
  }
  return error / scale;
}

constexpr double kRelative = 1e-6;
constexpr int kStatesPerConfiguration = 30;

}  // namespace

TEST_CASE("Every measure's gradient and Hessian match finite differences at random states",
          "[kinematics][derivatives]") {
  const char* name = GENERATE("DX", "DY", "DZ", "DM", "AX", "AY", "AZ", "PSI", "THETA", "PHI", "YAW", "PITCH",
                              "ROLL", "VX", "VY", "VZ", "VM", "VR", "WX", "WY", "WZ", "WM", "ACCX", "ACCY",
                              "ACCZ", "ACCM", "WDTX", "WDTY", "WDTZ", "WDTM", "UVX.X", "UVX.Y", "UVX.Z",
                              "UVY.X", "UVY.Y", "UVY.Z", "UVZ.X", "UVZ.Y", "UVZ.Z");
  const std::size_t n = static_cast<std::size_t>(max_markers(*measure_from_name(name)));
  // Every marker on its own part; i alone; markers sharing parts; j on ground.
  const std::vector<std::vector<long>> configurations = {
      {20, 30, 40, 50}, {20}, n == 2 ? std::vector<long>{21, 40} : std::vector<long>{20, 30, 21, 30}, {20, 1, 40, 30}};
  RandomScene scene;
  int checked = 0;
  for (const std::vector<long>& written : configurations) {
    const std::vector<long> ids(written.begin(), written.begin() + static_cast<std::ptrdiff_t>(std::min(n, written.size())));
    const MeasureCall call = bound(scene.model, name, ids);
    const std::size_t width = static_cast<std::size_t>(kStatesPerPart * call.part_count);
    for (int sample = 0; sample < kStatesPerConfiguration; ++sample) {
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
      ++checked;
    }
  }
  CHECK(checked >= 100);
}

TEST_CASE("Derivatives hand-derived for a point seen from a spinning frame", "[kinematics][derivatives]") {
  // Point on part 3 at (x, y, z); frame l (part 2) turns with omega = (wx, wy, wz) in ground.
  // VY(30, 0, 0, 20) = vy - (omega x r)_y = vy - wz x + wx z, so a velocity measure depends on
  // positions through the frame it is taken in.
  const double w = 1.5, x = 2.0, y = -0.5;
  Model model;
  PartState spin;
  spin.omega = {0, 0, w};
  model.add_part(2, spin);
  model.add_part(3, at_rest({x, y, 0}));
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(30, 3, {0, 0, 0}, Matrix3d::Identity());
  const State s(model);
  const MeasureCall call = bound(model, "VY", {30, 0, 0, 20});
  REQUIRE(call.part_count == 2);
  REQUIRE(call.parts[0] == 2);  // part 3 (index 2) first: it is marker i's
  const Derivatives d = derivatives(call, model, s, 2);
  CHECK(d.value == Approx(-w * x).epsilon(1e-15));
  constexpr std::size_t x3 = 0, z3 = 2, vy3 = 7, wx2 = 12 + 9, wz2 = 12 + 11;
  std::vector<double> grad(24, 0.0), hess(24 * 24, 0.0);
  grad[x3] = -w;
  grad[z3] = 0.0;  // wx = 0
  grad[vy3] = 1.0;
  grad[wz2] = -x;
  grad[wx2] = 0.0;  // z = 0
  hess[x3 * 24 + wz2] = hess[wz2 * 24 + x3] = -1.0;
  hess[z3 * 24 + wx2] = hess[wx2 * 24 + z3] = 1.0;
  for (std::size_t a = 0; a < 24; ++a) {
    CAPTURE(state_label(model, call.parts[a / 12], static_cast<int>(a % 12)));
    CHECK(d.grad[a] == Approx(grad[a]).margin(1e-15));
    for (std::size_t b = 0; b < 24; ++b) CHECK(d.hess[a * 24 + b] == Approx(hess[a * 24 + b]).margin(1e-15));
  }
}

TEST_CASE("Displacements do not depend on velocity states", "[kinematics][derivatives]") {
  RandomScene scene;
  const State s = scene.state();
  const char* name = GENERATE("DX", "DM", "AX", "PSI", "YAW", "UVX.Y");
  const MeasureCall call = bound(scene.model, name, {20, 30});
  const Derivatives d = derivatives(call, scene.model, s, 2);
  const std::size_t width = static_cast<std::size_t>(kStatesPerPart * call.part_count);
  for (std::size_t a = 0; a < width; ++a) {
    if (a % kStatesPerPart >= 6) CHECK(d.grad[a] == 0.0);
    for (std::size_t b = 0; b < width; ++b)
      if (a % kStatesPerPart >= 6 || b % kStatesPerPart >= 6) CHECK(d.hess[a * width + b] == 0.0);
  }
}

TEST_CASE("Derivatives are named after the part and state", "[kinematics][derivatives]") {
  Model model;
  const int p = model.add_part(2, PartState{});
  CHECK(state_label(model, p, 0) == "PART/2.x");
  CHECK(state_label(model, p, 3) == "PART/2.psi");
  CHECK(state_label(model, p, 6) == "PART/2.vx");
  CHECK(state_label(model, p, 11) == "PART/2.wz");
}

TEST_CASE("Evaluation does not allocate, at any order and width", "[kinematics][derivatives]") {
  {
    // Tools such as valgrind put their own operator new in place of the counting one.
    const long probe_before = allocations.load();
    const std::vector<double> probe(3, 1.0);
    if (allocations != probe_before + 1) {
      WARN("heap allocations are not being counted here; nothing to check");
      return;
    }
  }
  const char* name = GENERATE("DX", "DM", "PSI", "YAW", "VX", "VR", "WM", "ACCX", "WDTM");
  const int order = GENERATE(0, 1, 2);
  RandomScene scene;
  const State s = scene.state();
  const std::vector<long> written = {20, 30, 40, 50};
  const std::size_t n = static_cast<std::size_t>(max_markers(*measure_from_name(name)));
  const MeasureCall call = bound(scene.model, name, {written.begin(), written.begin() + static_cast<std::ptrdiff_t>(n)});
  std::vector<double> grad(48), hess(48 * 48);
  double value = 0.0;
  const long before = allocations.load();
  const char* error = evaluate(call, scene.model, s, order, &value, grad.data(), hess.data());
  const long during = allocations.load() - before;
  CAPTURE(name, order);
  CHECK(error == nullptr);
  CHECK(during == 0);
}
