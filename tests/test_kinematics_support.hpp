// Shared by the test_kinematics_* files: rotations built by hand (Eigen::AngleAxis, independent of
// the library's Euler code), one-line measure evaluation, and part motions whose states agree
// with each other over time, so time derivatives can be checked by finite differences.
#pragma once

#include "kinematics/measure.hpp"
#include "kinematics/model.hpp"

#include <Eigen/Geometry>
#include <catch2/catch.hpp>

#include <cmath>
#include <initializer_list>
#include <numbers>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace kinematics_test {

using namespace fexpr::kinematics;
using Eigen::Matrix3d;
using Eigen::Vector3d;

inline constexpr double kPi = std::numbers::pi;

inline Matrix3d rx(double a) { return Eigen::AngleAxisd(a, Vector3d::UnitX()).toRotationMatrix(); }
inline Matrix3d ry(double a) { return Eigen::AngleAxisd(a, Vector3d::UnitY()).toRotationMatrix(); }
inline Matrix3d rz(double a) { return Eigen::AngleAxisd(a, Vector3d::UnitZ()).toRotationMatrix(); }
inline Matrix3d r313(double psi, double theta, double phi) { return rz(psi) * rx(theta) * rz(phi); }
inline Matrix3d r321(double yaw, double second, double roll) { return rz(yaw) * ry(second) * rx(roll); }

inline PartState at_rest(const Vector3d& position, const Vector3d& euler = Vector3d::Zero()) {
  PartState s;
  s.position = position;
  s.euler = euler;
  return s;
}

// Sets one vector of a part's state (position, euler, ...), as a host changes a state.
inline void set(State& s, int part, Vector3d PartState::*field, const Vector3d& value) {
  PartState changed = s.part(part);
  changed.*field = value;
  s.set_part(part, changed);
}

inline MeasureCall bound(const Model& model, std::string_view name, std::vector<long> ids) {
  const auto measure = measure_from_name(name);
  REQUIRE(measure.has_value());
  // Qualified: with a std::vector argument, ADL would also find std::bind.
  auto call = fexpr::kinematics::bind(model, *measure, ids);
  if (auto* error = std::get_if<BindError>(&call)) FAIL(error->message);
  return std::get<MeasureCall>(call);
}

// Value of a measure that must evaluate.
inline double measure(const Model& model, const State& state, std::string_view name, std::vector<long> ids) {
  double value = 0.0;
  const char* error = evaluate(bound(model, name, std::move(ids)), model, state, 0, &value, nullptr, nullptr);
  if (error) FAIL(std::string(name) + ": " + error);
  return value;
}

// The evaluation error at the given order, "" when there is none.
inline std::string error_at(const Model& model, const State& state, std::string_view name, std::vector<long> ids,
                            int order) {
  const MeasureCall call = bound(model, name, std::move(ids));
  const std::size_t width = static_cast<std::size_t>(kStatesPerPart * call.part_count);
  std::vector<double> grad(width, 0.0), hess(width * width, 0.0);
  double value = 0.0;
  const char* error = evaluate(call, model, state, order, &value, grad.data(), hess.data());
  return error ? error : "";
}

// Markers 20 (part 2) and 30 (part 3) on parts in general poses; 20's axes are set so that
// relative to 30 they are exactly `relative`.
struct TwoParts {
  Model model;
  explicit TwoParts(const Matrix3d& relative) {
    const Vector3d e2(0.4, 1.3, -2.2), e3(-1.7, 0.8, 2.9);
    model.add_part(2, at_rest({1, 0, 0}, e2));
    model.add_part(3, at_rest({0, 1, 0}, e3));
    const Matrix3d axes30 = r313(0.5, 2.0, -0.3);
    model.add_marker(30, 3, {0, 0, 0}, axes30);
    const Matrix3d ground_axes30 = r313(e3[0], e3[1], e3[2]) * axes30;
    model.add_marker(20, 2, {0, 0, 0}, r313(e2[0], e2[1], e2[2]).transpose() * ground_axes30 * relative);
  }
  // The measure of 20 relative to 30, after the leading arguments given (ORIENT's codes).
  double operator()(std::string_view name, std::vector<long> leading = {}) const {
    leading.insert(leading.end(), {20, 30});
    return measure(model, State(model), name, std::move(leading));
  }
};

// Rigid motion with polynomial translation and Euler angles; velocity, angular velocity and
// their rates follow from it, so the states at any time t are those of one real motion.
struct Motion {
  Vector3d p0 = Vector3d::Zero(), v0 = Vector3d::Zero(), a0 = Vector3d::Zero();
  Vector3d e0 = Vector3d::Zero(), e1 = Vector3d::Zero(), e2 = Vector3d::Zero();  // euler(t) = e0 + e1 t + e2 t^2

  PartState at(double t) const {
    PartState s;
    s.position = p0 + v0 * t + 0.5 * a0 * t * t;
    s.velocity = v0 + a0 * t;
    s.acceleration = a0;
    s.euler = e0 + e1 * t + e2 * t * t;
    const Vector3d rate = e1 + 2.0 * e2 * t, rate2 = 2.0 * e2;
    const double psi = s.euler[0], theta = s.euler[1];
    // R = Rz(psi) Rx(theta) Rz(phi): each angle turns about the axis it is applied on, seen in ground.
    const Vector3d z = Vector3d::UnitZ();
    const Vector3d node = rz(psi) * Vector3d::UnitX();
    const Vector3d body_z = rz(psi) * rx(theta) * Vector3d::UnitZ();
    s.omega = rate[0] * z + rate[1] * node + rate[2] * body_z;
    const Vector3d node_frame_omega = rate[0] * z + rate[1] * node;
    s.alpha = rate2[0] * z + rate2[1] * node + rate[1] * (rate[0] * z).cross(node) + rate2[2] * body_z +
              rate[2] * node_frame_omega.cross(body_z);
    return s;
  }
};

// Three parts in general motion (2, 3, 4) with markers 20, 21 on part 2, 30 on 3, 40 on 4 and
// 1 on ground, all with offsets and tilted axes, so every term of every formula is exercised.
struct MovingScene {
  Model model;
  Motion motion[3];

  MovingScene() {
    motion[0] = {{0.5, -1, 2}, {0.3, 0.2, -0.1}, {0.4, -0.2, 0.3}, {0.3, 1.1, -0.6}, {0.7, -0.4, 1.3}, {0.2, 0.3, -0.5}};
    motion[1] = {{-1, 0.5, 0}, {-0.2, 0.5, 0.4}, {-0.3, 0.1, 0.2}, {-1.2, 2.1, 0.9}, {-0.5, 0.6, -0.8}, {0.4, -0.2, 0.1}};
    motion[2] = {{2, 1, -1}, {0.1, -0.4, 0.2}, {0.2, 0.5, -0.4}, {2.2, 0.7, 1.5}, {1.1, 0.3, 0.6}, {-0.3, 0.2, 0.4}};
    for (int p = 0; p < 3; ++p) model.add_part(2 + p, motion[p].at(0.0));
    model.add_marker(20, 2, {0.4, -0.3, 1.2}, r313(0.3, 0.9, -1.1));
    model.add_marker(21, 2, {-0.7, 0.2, 0.1}, r313(-2.0, 1.7, 0.4));
    model.add_marker(30, 3, {1.0, 0.5, -0.4}, r313(1.4, 0.6, 2.5));
    model.add_marker(40, 4, {-0.2, 0.8, 0.3}, r313(-0.6, 2.3, -1.9));
    model.add_marker(1, 0, {0.5, 0.5, 1.0}, r313(0.8, 0.5, 0.2));
  }

  State at(double t) const {
    State s(model);
    for (int p = 0; p < 3; ++p) s.set_part(p + 1, motion[p].at(t));
    return s;
  }
  // Axes of a marker in ground at time t, from hand-built rotations.
  Matrix3d axes(long id, double t) const {
    const Marker& m = model.markers()[static_cast<std::size_t>(model.find_marker(id))];
    const Vector3d e = m.part == 0 ? Vector3d::Zero() : motion[m.part - 1].at(t).euler;
    return r313(e[0], e[1], e[2]) * m.orientation;
  }
};

// d/dt of f(t) by the five-point central difference (error of order h^4).
template <class F>
auto time_derivative(F f, double t, double h = 1e-3) {
  // Evaluated here: an Eigen expression returned as auto would outlive its operands.
  using Result = std::decay_t<decltype(f(t))>;
  return Result((f(t - 2 * h) - 8.0 * f(t - h) + 8.0 * f(t + h) - f(t + 2 * h)) / (12.0 * h));
}

// A vector measured by its components in the axes of l, differentiated in time: its rate in
// frame l, in l's axes and in ground.
struct RateInL {
  Vector3d in_l, in_ground;
};
template <class Components>
RateInL rate_in_l(const MovingScene& scene, long l, double t, const Components& components) {
  auto in_l = [&](double time) {
    const State at = scene.at(time);
    Vector3d v;
    for (int c = 0; c < 3; ++c) v[c] = components(at, c);
    return v;
  };
  const Vector3d rate = time_derivative(in_l, t);
  return {rate, (l == 0 ? Matrix3d::Identity() : scene.axes(l, t)) * rate};
}

// The rate measures (x, y, z; taking i, j, k, l) give `rate` in the axes of each k.
inline void check_components(const MovingScene& scene, double t, const char* const (&names)[3], long i, long j,
                             long l, std::initializer_list<long> ks, const Vector3d& in_ground, double tolerance) {
  const State s = scene.at(t);
  for (long k : ks) {
    CAPTURE(k);
    const Matrix3d axes_k = k == 0 ? Matrix3d::Identity() : scene.axes(k, t);
    for (int c = 0; c < 3; ++c)
      CHECK(measure(scene.model, s, names[c], {i, j, k, l}) == Approx(axes_k.col(c).dot(in_ground)).margin(tolerance));
  }
}

}  // namespace kinematics_test
