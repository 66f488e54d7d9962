// ModelBindings' two evaluation entries (evaluate, which the evaluator's bound calls take, and
// evaluate_measure, which element bindings take): the measure's value worked out by hand, the
// same bits and derivatives as kinematics::evaluate, and the error when no state is given.
#include "kinematics/model_bindings.hpp"
#include "test_kinematics_support.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

namespace test_kinematics_model_bindings {

using namespace kinematics_test;
using Catch::Matchers::Equals;

namespace {

// Part 3 turned and spinning, marker 30 off its origin and turned; marker 1 at the ground origin.
struct TurnedMarker {
  Model model;
  PartState part;
  Vector3d qp{0.1, -0.05, 0.02};

  TurnedMarker() {
    part.position = {0.6, 0.1, 0.987};
    part.euler = {0.3, 0.2, -0.1};
    part.velocity = {0.3, -0.1, -0.5};
    part.omega = {0.1, -0.2, 0.3};
    model.add_part(3, part);
    model.add_marker(30, 3, qp, r313(0.4, 0.5, 0.6));
    model.add_marker(1, 0, Vector3d::Zero(), Matrix3d::Identity());
  }
  // The marker's origin and velocity in ground, with the rotation built from angle-axis turns.
  Vector3d origin() const { return part.position + r313(0.3, 0.2, -0.1) * qp; }
  Vector3d velocity() const { return part.velocity + part.omega.cross(r313(0.3, 0.2, -0.1) * qp); }
};

// The model's bindings and its initial state, given to evaluations as a host gives it.
struct Evaluating : TurnedMarker {
  const fexpr::kinematics::ModelBindings bindings{model};
  const State state{model};
  fexpr::Inputs in;

  Evaluating() { in.state = &state; }
};

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

std::uintptr_t handle_of(const fexpr::kinematics::ModelBindings& bindings, const char* name,
                         const std::vector<double>& ids = {30.0, 1.0}) {
  std::vector<std::optional<double>> arguments(ids.begin(), ids.end());
  auto resolved = bindings.resolve(name, arguments);
  auto* call = std::get_if<fexpr::Bindings::Resolved>(&resolved);
  REQUIRE(call != nullptr);
  return call->handle;
}

}  // namespace

TEST_CASE("ModelBindings evaluate DM, VR, DZ and VZ of a turned marker as worked out by hand", "[kinematics][bindings]") {
  const Evaluating m;
  const auto& [bindings, state, in] = std::tie(m.bindings, m.state, m.in);
  const Vector3d r = m.origin(), v = m.velocity();
  struct Case {
    const char* name;
    double expected;
  };
  const Case cases[] = {{"DM", r.norm()}, {"VR", v.dot(r) / r.norm()}, {"DZ", r.z()}, {"VZ", v.z()}};
  for (const Case& c : cases) {
    CAPTURE(c.name);
    const std::uintptr_t handle = handle_of(bindings, c.name);
    double value = 0.0, measured = 0.0;
    REQUIRE(bindings.evaluate(handle, in, nullptr, 0, &value, nullptr, nullptr) == nullptr);
    REQUIRE(bindings.evaluate_measure(handle, in, 0, &measured, nullptr, nullptr) == nullptr);
    CHECK(value == Approx(c.expected).epsilon(1e-14));
    CHECK(bits(measured) == bits(value));
    CHECK(bits(measure(m.model, state, c.name, {30, 1})) == bits(value));
  }
}

TEST_CASE("ModelBindings' two entries give kinematics::evaluate's gradient", "[kinematics][bindings]") {
  const Evaluating m;
  const auto& [bindings, state, in] = std::tie(m.bindings, m.state, m.in);
  for (const char* name : {"DM", "VR", "DZ", "VZ"}) {
    CAPTURE(name);
    const std::uintptr_t handle = handle_of(bindings, name);
    std::vector<double> bound_grad(kStatesPerPart, 0.0), measure_grad(kStatesPerPart, 0.0),
        reference(kStatesPerPart, 0.0);
    double a = 0.0, b = 0.0, c = 0.0;
    REQUIRE(bindings.evaluate(handle, in, nullptr, 1, &a, bound_grad.data(), nullptr) == nullptr);
    REQUIRE(bindings.evaluate_measure(handle, in, 1, &b, measure_grad.data(), nullptr) == nullptr);
    REQUIRE(evaluate(bound(m.model, name, {30, 1}), m.model, state, 1, &c, reference.data(), nullptr) == nullptr);
    CHECK(bits(a) == bits(c));
    CHECK(bits(b) == bits(c));
    CHECK(bound_grad == reference);
    CHECK(measure_grad == reference);
  }
}

TEST_CASE("ModelBindings say so when no state is given, through either entry", "[kinematics][bindings]") {
  Evaluating m;
  m.in.state = nullptr;
  const auto& [bindings, in] = std::tie(m.bindings, m.in);
  const std::uintptr_t handle = handle_of(bindings, "DM");
  double value = 0.0;
  const char* bound_error = bindings.evaluate(handle, in, nullptr, 0, &value, nullptr, nullptr);
  const char* measure_error = bindings.evaluate_measure(handle, in, 0, &value, nullptr, nullptr);
  REQUIRE(bound_error != nullptr);
  REQUIRE(measure_error != nullptr);
  CHECK_THAT(bound_error, Equals("no model state was given to evaluate a kinematic function"));
  CHECK_THAT(measure_error, Equals(bound_error));
}

TEST_CASE("ModelBindings' direct value functions give evaluate()'s bits, and NaN where it reports an error",
          "[kinematics][bindings]") {
  Evaluating m;
  m.model.add_part(4, m.part);
  m.model.add_marker(40, 4, {0.0, 0.0, 0.0}, Matrix3d::Identity());  // at its part's origin
  const fexpr::kinematics::ModelBindings bindings(m.model);
  State state(m.model);
  fexpr::Inputs in;
  in.state = &state;
  const char* const measures[] = {"DX", "DY", "DZ", "DM", "VX", "VY", "VZ", "VM", "VR"};
  // j omitted, j on ground, k and l the turned marker, a marker at its part's origin.
  const std::vector<std::vector<double>> marker_sets = {
      {30}, {30, 1}, {1, 30}, {30, 40}, {40, 1, 30}, {30, 40, 30, 30}, {40, 30, 1, 40}};
  const double heights[] = {0.987, -0.3, 0.0, 1e300, std::numeric_limits<double>::infinity()};
  std::size_t compared = 0;
  for (const char* name : measures) {
    for (const auto& ids : marker_sets) {
      if (static_cast<int>(ids.size()) > max_markers(*measure_from_name(name))) continue;
      CAPTURE(name, ids);
      const std::uintptr_t handle = handle_of(bindings, name, ids);
      const auto direct = bindings.value_function(handle);
      REQUIRE(direct.function != nullptr);
      for (const double z : heights) {
        PartState turned = m.part, moved = m.part;
        turned.position.z() = -z;
        turned.euler.x() = z == 0.0 ? 2.5 : 0.3;
        moved.position.z() = z;
        moved.velocity.x() = z;
        state.set_part(m.model.find_part(3), turned);
        state.set_part(m.model.find_part(4), moved);
        double value = 0.0;
        const char* error = bindings.evaluate(handle, in, nullptr, 0, &value, nullptr, nullptr);
        const double got = direct.function(direct.data, in);
        if (error) CHECK(std::isnan(got));
        else CHECK(bits(got) == bits(value));
        ++compared;
      }
    }
  }
  // Marker sets a measure takes: DX, DY, DZ, VM, VR up to 3 markers (5 sets), DM 2 (4 sets),
  // VX, VY, VZ 4 (all 7); each at 5 states.
  CHECK(compared == (3 * 5 + 4 + 3 * 7 + 5 + 5) * 5);

  // The errors: coincident markers for VR, no state, a state made before the model grew.
  state.set_part(m.model.find_part(3), m.part);
  const auto vr = bindings.value_function(handle_of(bindings, "VR", {30, 30}));
  double value = 0.0;
  REQUIRE(bindings.evaluate(handle_of(bindings, "VR", {30, 30}), in, nullptr, 0, &value, nullptr, nullptr) != nullptr);
  CHECK(std::isnan(vr.function(vr.data, in)));
  const auto dm = bindings.value_function(handle_of(bindings, "DM", {30, 1}));
  fexpr::Inputs no_state;
  CHECK(std::isnan(dm.function(dm.data, no_state)));
  CHECK_FALSE(std::isnan(dm.function(dm.data, in)));
  m.model.add_part(5, m.part);
  CHECK(std::isnan(dm.function(dm.data, in)));
  CHECK_THAT(bindings.evaluate(handle_of(bindings, "DM", {30, 1}), in, nullptr, 0, &value, nullptr, nullptr),
             Equals("the state does not match the model (parts were added after it was made)"));

  // Measures without a closed form are left to evaluate().
  for (const char* name : {"PSI", "WX", "ACCX", "AX"}) {
    CAPTURE(name);
    CHECK(bindings.value_function(handle_of(bindings, name, {30, 1})).function == nullptr);
  }
}


// A force element's loads read the same measures hundreds of times: each call is bound once and
// handed out again (the same handle), and its inputs keep their labels, also for a part the
// model gained after the bindings were made.
TEST_CASE("ModelBindings bind a measure once, however often it is read", "[kinematics][bindings]") {
  Evaluating m;
  const std::uintptr_t dm = handle_of(m.bindings, "DM");
  CHECK(handle_of(m.bindings, "DM") == dm);
  CHECK(handle_of(m.bindings, "DM", {30.0, 0.0}) != dm);
  CHECK(handle_of(m.bindings, "DX") != dm);

  m.model.add_part(4, m.part);
  m.model.add_marker(40, 4, Vector3d::Zero(), Matrix3d::Identity());
  std::vector<std::optional<double>> arguments{40.0, 30.0};
  auto resolved = m.bindings.resolve("DX", arguments);
  auto* call = std::get_if<fexpr::Bindings::Resolved>(&resolved);
  REQUIRE(call != nullptr);
  REQUIRE(call->input_names().size() == 24);
  CHECK(call->input_names().front() == "PART/4.x");
  CHECK(call->input_names()[12] == "PART/3.x");
  CHECK(call->input_names().back() == "PART/3.wz");
}

}  // namespace test_kinematics_model_bindings
