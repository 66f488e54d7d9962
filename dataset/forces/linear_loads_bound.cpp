#include "dataset/forces/linear_loads_bound.hpp"

#include "kinematics/measure.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <span>

namespace fexpr::dataset {

namespace {

using kinematics::Measure;

// Eight orders of magnitude below the largest double: the few thousand roundings of an
// element's evaluation cannot carry a value bounded by it past overflow.
constexpr double kLimit = 1e300;

// The magnitude of a measure at the state; any failure to bind or evaluate it, or a value that
// is not finite, makes the bound say nothing.
class Measures {
 public:
  Measures(const kinematics::Model& model, const kinematics::State& state) : model_(model), state_(state) {}
  double operator()(Measure measure, std::span<const long> ids) {
    auto call = kinematics::bind(model_, measure, ids);
    double value = 0;
    if (std::holds_alternative<kinematics::BindError>(call) ||
        kinematics::evaluate(std::get<kinematics::MeasureCall>(call), model_, state_, 0, &value, nullptr, nullptr) ||
        !std::isfinite(value)) {
      ok = false;
      return 0;
    }
    largest = std::max(largest, std::abs(value));
    return std::abs(value);
  }
  double operator()(Measure measure, std::initializer_list<long> ids) {
    return (*this)(measure, std::span<const long>(ids.begin(), ids.size()));
  }
  // The six of j_frame, in its order.
  std::array<double, 6> operator()(const ForceElement& e, const std::array<JFrameMeasure, 6>& measures) {
    const std::array<long, 4> markers = j_frame_markers(e);
    std::array<double, 6> out;
    for (std::size_t n = 0; n < 6; ++n) out[n] = (*this)(measures[n].measure, std::span(markers).first(measures[n].markers));
    return out;
  }
  double largest_of(Measure x, Measure y, Measure z, std::initializer_list<long> ids) {
    return std::max({(*this)(x, ids), (*this)(y, ids), (*this)(z, ids)});
  }
  bool ok = true;
  double largest = 0;  // of every measure read: each is itself a value the evaluation holds

 private:
  const kinematics::Model& model_;
  const kinematics::State& state_;
};

}  // namespace

bool loads_certainly_finite(const ForceElement& e, const kinematics::Model& model, const kinematics::State& state) {
  if (!e.linear || !e.expressions.empty()) return false;
  const LinearLaw& law = *e.linear;
  const long i = e.i, j = e.j;
  Measures m(model, state);
  // The X and V the law multiplies, as its texts read them.
  const std::array<double, 6> x = m(e, kJFrameDisplacements), v = m(e, kJFrameVelocities);
  // UVX/UVY/UVZ(J), which turn the loads from J's axes into ground; DXYZ(I,J), the arm of the
  // force on J; the velocities the power multiplies the loads by.
  const double axes = std::max({m.largest_of(Measure::UVX_X, Measure::UVX_Y, Measure::UVX_Z, {j}),
                                m.largest_of(Measure::UVY_X, Measure::UVY_Y, Measure::UVY_Z, {j}),
                                m.largest_of(Measure::UVZ_X, Measure::UVZ_Y, Measure::UVZ_Z, {j})});
  const double arm = m.largest_of(Measure::DX, Measure::DY, Measure::DZ, {i, j});
  const double vi = m.largest_of(Measure::VX, Measure::VY, Measure::VZ, {i});
  const double wi = m.largest_of(Measure::WX, Measure::WY, Measure::WZ, {i});
  const double vj = m.largest_of(Measure::VX, Measure::VY, Measure::VZ, {j});
  const double wj = m.largest_of(Measure::WX, Measure::WY, Measure::WZ, {j});
  if (!m.ok) return false;
  // Along J's axes, load r: preload - sum of K(r, n)*(X(n) - free(n)) and C(r, n)*V(n).
  double largest = m.largest;
  std::array<double, 6> load{};
  for (std::size_t r = 0; r < 6; ++r) {
    load[r] = std::abs(law.preload[r]);
    largest = std::max(largest, load[r]);
    for (std::size_t n = 0; n < 6; ++n) {
      const double k = std::abs(law.k[n * 6 + r]), c = std::abs(law.c[n * 6 + r]);
      const double stretch = x[n] + std::abs(law.free[n]);
      largest = std::max({largest, k, c, stretch});
      load[r] += k * stretch + c * v[n];
    }
  }
  // In ground: each component a sum of the three along J's axes, each times an axis' entry.
  const double force = (load[0] + load[1] + load[2]) * axes, torque = (load[3] + load[4] + load[5]) * axes;
  // On J, -F and -T - DXYZ(I,J)×F: a cross component is the difference of two products.
  const double torque_j = torque + 2 * arm * force;
  // The power: four dot products of three terms each, added.
  const double power = 3 * (force * vi + torque * wi + force * vj + torque_j * wj);
  // Compared one by one: a NaN (an infinite load times a zero) fails its comparison.
  for (double bound : {largest, force, torque, torque_j, power}) {
    if (!(bound < kLimit)) return false;
  }
  return true;
}

}  // namespace fexpr::dataset
