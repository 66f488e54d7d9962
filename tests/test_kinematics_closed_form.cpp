// The closed-form derivatives of DX ... DM, VX ... VM and VR against the general path (dual
// numbers over every state) at random states, with markers off and at their part's origin,
// turned and not, on ground and omitted; values must be the same bits as the value path's.
#include "kinematics/measure_closed_form.hpp"
#include "test_kinematics_derivative_support.hpp"

#include <bit>
#include <cstdint>

namespace test_kinematics_closed_form {

using namespace kinematics_test;

namespace {

constexpr int kStatesPerConfiguration = 20;

// RandomScene plus markers that skip rotation work: 22 at part 2's origin along its axes (a CM
// marker), 23 at the origin but turned, 31 off part 3's origin along its axes, 41 at part 4's
// origin along its axes, 2 at the ground origin along ground's axes.
struct Scene : RandomScene {
  Scene() {
    model.add_marker(22, 2, Vector3d::Zero(), Matrix3d::Identity());
    model.add_marker(23, 2, Vector3d::Zero(), axes());
    model.add_marker(31, 3, vector(1), Matrix3d::Identity());
    model.add_marker(41, 4, Vector3d::Zero(), Matrix3d::Identity());
    model.add_marker(2, 0, Vector3d::Zero(), Matrix3d::Identity());
  }
};

Derivatives general(const MeasureCall& call, const Model& model, const State& state, int order) {
  const std::size_t width = static_cast<std::size_t>(kStatesPerPart * call.part_count);
  Derivatives d;
  d.grad.assign(width, 0.0);
  d.hess.assign(width * width, 0.0);
  const char* error = fexpr::kinematics::detail::evaluate_general(call, model, state, order, &d.value, d.grad.data(),
                                                                  d.hess.data());
  if (error) FAIL(error);
  return d;
}

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

}  // namespace

TEST_CASE("Closed-form measures agree with the general path at random states", "[kinematics][derivatives]") {
  const char* name = GENERATE("DX", "DY", "DZ", "DM", "VX", "VY", "VZ", "VM", "VR");
  const auto measure_kind = *measure_from_name(name);
  REQUIRE(fexpr::kinematics::detail::has_closed_form(measure_kind));
  const std::size_t n = static_cast<std::size_t>(max_markers(measure_kind));
  // Written as i, j, k, l and cut to the measure's markers (VM and VR take i, j, l).
  const std::vector<std::vector<long>> configurations = {
      {20, 30, 40, 50}, {20}, {20, 30, 21, 30}, {20, 1, 40, 30}, {22}, {22, 1}, {22, 0, 0, 41},
      {23, 31, 22, 41}, {22, 2, 23, 22}, {20, 21, 21, 30}, {41, 22, 22, 22}, {31, 20, 41, 23}, {22, 41, 41, 41}};
  Scene scene;
  for (const std::vector<long>& written : configurations) {
    std::vector<long> ids(written.begin(), written.begin() + static_cast<std::ptrdiff_t>(std::min(n, written.size())));
    if (n == 3 && (measure_kind == Measure::VM || measure_kind == Measure::VR) && written.size() == 4)
      ids = {written[0], written[1], written[3]};
    const MeasureCall call = bound(scene.model, name, ids);
    const std::size_t width = static_cast<std::size_t>(kStatesPerPart * call.part_count);
    for (int sample = 0; sample < kStatesPerConfiguration; ++sample) {
      const State state = scene.state();
      CAPTURE(name, ids, sample);
      double value = 0.0, closed = 0.0;
      REQUIRE(fexpr::kinematics::detail::evaluate_general(call, scene.model, state, 0, &value, nullptr, nullptr) ==
              nullptr);
      REQUIRE(evaluate(call, scene.model, state, 0, &closed, nullptr, nullptr) == nullptr);
      const Derivatives first = derivatives(call, scene.model, state, 1);
      const Derivatives second = derivatives(call, scene.model, state, 2);
      const Derivatives reference = general(call, scene.model, state, 2);
      // The same operations as the value path: the same bits.
      CHECK(bits(closed) == bits(value));
      CHECK(bits(first.value) == bits(value));
      CHECK(bits(second.value) == bits(value));
      CHECK(reference.value == Approx(value).epsilon(1e-14).margin(1e-14));
      CHECK(first.grad == second.grad);
      CHECK(relative_error(first.grad, reference.grad) < 1e-13);
      CHECK(relative_error(second.hess, reference.hess) < 1e-13);
      bool symmetric = true;
      for (std::size_t a = 0; a < width; ++a)
        for (std::size_t b = 0; b < a; ++b) symmetric = symmetric && second.hess[a * width + b] == second.hess[b * width + a];
      CHECK(symmetric);
    }
  }
}

TEST_CASE("Closed-form measures fail where the general path fails, with its message and value", "[kinematics][derivatives]") {
  Scene scene;
  const State state = scene.state();
  struct Case {
    const char* name;
    std::vector<long> ids;
  };
  // Coincident markers (22 with itself, or i with j on one part at one point); zero velocity of
  // a marker relative to itself.
  const Case cases[] = {{"DM", {22, 22}}, {"DM", {20, 20}}, {"VR", {22, 22}}, {"VR", {23, 22}}, {"VM", {20, 20}},
                        {"VM", {20, 20, 30}}};
  for (const Case& c : cases) {
    CAPTURE(c.name, c.ids);
    const MeasureCall call = bound(scene.model, c.name, c.ids);
    for (int order = 0; order <= 2; ++order) {
      const std::size_t width = static_cast<std::size_t>(kStatesPerPart * call.part_count);
      std::vector<double> grad(width, 0.0), hess(width * width, 0.0), g(width, 0.0), h(width * width, 0.0);
      double closed = 1.0, reference = 1.0;
      const char* a = evaluate(call, scene.model, state, order, &closed, grad.data(), hess.data());
      const char* b = fexpr::kinematics::detail::evaluate_general(call, scene.model, state, order, &reference, g.data(),
                                                                   h.data());
      CHECK(std::string(a ? a : "") == (b ? b : ""));
      // A value is defined where there is no error: DM and VM of a zero vector at order 0.
      if (order == 0 && !a) CHECK(bits(closed) == bits(reference));
      if (order > 0) CHECK(a != nullptr);
    }
  }
}

TEST_CASE("A marker at its part's origin along its axes reads no Euler angle for DM and VR", "[kinematics][derivatives]") {
  // With j on ground, DM and VR of a CM marker depend on the part's position and velocity only.
  Scene scene;
  const State state = scene.state();
  for (const char* name : {"DM", "VR"}) {
    const MeasureCall call = bound(scene.model, name, {22, 1});
    const Derivatives d = derivatives(call, scene.model, state, 2);
    for (std::size_t a = 0; a < kStatesPerPart; ++a) {
      const bool read = a < 3 || (a >= 6 && a < 9);
      CAPTURE(name, a);
      if (!read) CHECK(d.grad[a] == 0.0);
      for (std::size_t b = 0; b < kStatesPerPart; ++b)
        if (!read || !(b < 3 || (b >= 6 && b < 9))) CHECK(d.hess[a * kStatesPerPart + b] == 0.0);
    }
  }
}

}  // namespace test_kinematics_closed_form
