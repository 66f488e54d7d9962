// Order 1: each part's frames on a dual number of its own width (6 or 12 states), then the
// measure on a dual number as wide as all the states the call reads.
#include "kinematics/measure_formulas.hpp"

namespace fexpr::kinematics::detail {

namespace {

template <int Active, int Parts>
const char* gradient(const MeasureCall& call, const Model& model, const State& state, double* value, double* grad) {
  constexpr int N = Active * Parts;
  using Local = Dual<double, Active>;
  using T = Dual<double, N>;
  auto seed = [](double x, int, int k) {
    Local t(x);
    t.d[static_cast<std::size_t>(k)] = 1.0;
    return t;
  };
  auto widen = [](const Local& x, int p) {
    T t(x.v);
    std::copy(x.d.begin(), x.d.end(), t.d.begin() + p * Active);
    return t;
  };
  T out;
  if (const char* error = evaluate_as<Local>(call, model, state, seed, widen, out)) return error;
  *value = out.v;
  for (int n = 0; n < N; ++n) grad[n / Active * kStatesPerPart + n % Active] = out.d[static_cast<std::size_t>(n)];
  return nullptr;
}

}  // namespace

const char* evaluate_gradient(const MeasureCall& call, const Model& model, const State& state, double* value,
                              double* grad) {
  if (active_states_per_part(call.measure) == 6) {
    switch (call.part_count) {
      case 0: return evaluate_value(call, model, state, value);
      case 1: return gradient<6, 1>(call, model, state, value, grad);
      case 2: return gradient<6, 2>(call, model, state, value, grad);
      case 3: return gradient<6, 3>(call, model, state, value, grad);
    }
  } else {
    switch (call.part_count) {
      case 0: return evaluate_value(call, model, state, value);
      case 1: return gradient<12, 1>(call, model, state, value, grad);
      case 2: return gradient<12, 2>(call, model, state, value, grad);
      case 3: return gradient<12, 3>(call, model, state, value, grad);
      case 4: return gradient<12, 4>(call, model, state, value, grad);
    }
  }
  return "kinematic measure reads more parts than it can take";
}

}  // namespace fexpr::kinematics::detail
