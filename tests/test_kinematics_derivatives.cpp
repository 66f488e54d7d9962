// Gradients and Hessians of every measure with respect to part states, against finite
// differences at random states, plus a few derivatives worked out by hand.
#include "counting_new.hpp"
#include "test_kinematics_derivative_support.hpp"

#include <algorithm>
#include <new>

namespace test_kinematics_derivatives {

using namespace kinematics_test;

using fexpr::testing::allocations;

namespace {

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
  for (const std::vector<long>& written : configurations) {
    const std::vector<long> ids(written.begin(), written.begin() + static_cast<std::ptrdiff_t>(std::min(n, written.size())));
    check_derivatives(scene, name, ids, kStatesPerConfiguration);
  }
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
  const auto [name, arguments] = GENERATE(table<const char*, std::vector<long>>(
      {{"DX", {20, 30, 40}}, {"DM", {20, 30}}, {"PSI", {20, 30}}, {"YAW", {20, 30}}, {"VX", {20, 30, 40, 50}},
       {"VR", {20, 30, 40}}, {"WM", {20, 30}}, {"ACCX", {20, 30, 40, 50}}, {"WDTM", {20, 30, 40}},
       {"UVY.Z", {20, 30}}, {"INCANG", {20, 30, 40}}, {"ORIENT", {14, 2, 20, 30}}, {"ORIENT", {27, 1, 20, 30}},
       {"ORIENT", {28, 3, 20, 30}}}));
  const int order = GENERATE(0, 1, 2);
  RandomScene scene;
  const State s = scene.state();
  const MeasureCall call = bound(scene.model, name, arguments);
  std::vector<double> grad(48), hess(48 * 48);
  double value = 0.0;
  const long before = allocations.load();
  const char* error = evaluate(call, scene.model, s, order, &value, grad.data(), hess.data());
  const long during = allocations.load() - before;
  CAPTURE(name, order);
  CHECK(error == nullptr);
  CHECK(during == 0);
}

}  // namespace test_kinematics_derivatives
