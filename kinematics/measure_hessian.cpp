// Order 2: forward over forward. Pass a seeds the outer derivative along state a, so the result
// carries row a of the Hessian; N passes of width N keep every scalar small (no N*N storage per
// intermediate), which keeps evaluation on the stack. As for order 1, each part's frames are
// built at the part's own width and widened for the measure.
#include "kinematics/measure_formulas.hpp"

namespace fexpr::kinematics::detail {

namespace {

template <int Active, int Parts>
const char* hessian(const MeasureCall& call, const Model& model, const State& state, double* value, double* grad,
                    double* hess) {
  constexpr int N = Active * Parts;
  using Local = Dual<Dual<double, Active>, 1>;
  using T = Dual<Dual<double, N>, 1>;
  const int width = Parts * kStatesPerPart;
  auto full = [](int n) { return n / Active * kStatesPerPart + n % Active; };
  auto widen_inner = [](const Dual<double, Active>& x, int p) {
    Dual<double, N> t(x.v);
    std::copy(x.d.begin(), x.d.end(), t.d.begin() + p * Active);
    return t;
  };
  auto widen = [&](const Local& x, int p) {
    T t;
    t.v = widen_inner(x.v, p);
    t.d[0] = widen_inner(x.d[0], p);
    return t;
  };
  for (int a = 0; a < N; ++a) {
    auto seed = [a](double x, int p, int k) {
      Local t(x);
      t.v.d[static_cast<std::size_t>(k)] = 1.0;
      if (p * Active + k == a) t.d[0].v = 1.0;
      return t;
    };
    T out;
    if (const char* error = evaluate_as<Local>(call, model, state, seed, widen, out)) return error;
    if (a == 0) {
      *value = out.v.v;
      for (int n = 0; n < N; ++n) grad[full(n)] = out.v.d[static_cast<std::size_t>(n)];
    }
    for (int n = 0; n < N; ++n) hess[full(a) * width + full(n)] = out.d[0].d[static_cast<std::size_t>(n)];
  }
  return nullptr;
}

}  // namespace

const char* evaluate_hessian(const MeasureCall& call, const Model& model, const State& state, double* value,
                             double* grad, double* hess) {
  if (active_states_per_part(call.measure) == 6) {
    switch (call.part_count) {
      case 0: return evaluate_value(call, model, state, value);
      case 1: return hessian<6, 1>(call, model, state, value, grad, hess);
      case 2: return hessian<6, 2>(call, model, state, value, grad, hess);
      case 3: return hessian<6, 3>(call, model, state, value, grad, hess);
    }
  } else {
    switch (call.part_count) {
      case 0: return evaluate_value(call, model, state, value);
      case 1: return hessian<12, 1>(call, model, state, value, grad, hess);
      case 2: return hessian<12, 2>(call, model, state, value, grad, hess);
      case 3: return hessian<12, 3>(call, model, state, value, grad, hess);
      case 4: return hessian<12, 4>(call, model, state, value, grad, hess);
    }
  }
  return "kinematic measure reads more parts than it can take";
}

}  // namespace fexpr::kinematics::detail
