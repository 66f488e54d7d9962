// What the two forms of a run (run.cpp, the fast form; run_reference.cpp, the reference form)
// share: the layouts a workspace has loaded, the inputs loaded and checked the same way, the
// derivatives of a constant power and the chain rule's arguments, which both must compute alike
// for their values and derivatives to agree bit for bit.
#pragma once

#include "eval/run.hpp"
#include "builtins/builtin.hpp"
#include "builtins/power_value.hpp"

#include <cstdint>

namespace fexpr::detail::run_shared {

using builtins::power_value;

// d/da and d2/da2 of a**e with e held constant; at a = 0 the documented conventions.
[[gnu::always_inline]] inline const char* base_partials(double a, double e, int order, double& d, double& dd) {
  d = dd = 0.0;
  if (e == 0.0) return nullptr;
  if (a == 0.0 && e < 1.0) return "derivative of a**b is infinite at a = 0 for b < 1";
  d = e == 1.0 ? 1.0 : e * power_value(a, e - 1.0);
  if (order == 2) {
    if (a == 0.0 && e < 2.0 && e != 1.0) return "second derivative of a**b is infinite at a = 0 for b < 2";
    dd = e == 1.0 ? 0.0 : e == 2.0 ? 2.0 : e * (e - 1.0) * power_value(a, e - 2.0);
  }
  return nullptr;
}

// What a workspace has loaded for its current program.
enum Ready : unsigned {
  kValues = 1u << 0,
  kReference1 = 1u << 1,
  kReference2 = 1u << 2,
  kLanes1 = 1u << 3,
  kLanes2 = 1u << 4,
  kGradientRun = 1u << 5,  // Workspace::Buffers::gradient_run
};

// The registers laid out for the program, constants loaded (run.cpp).
void prepare_values(const Program& p, Workspace::Buffers& b);

// Copies the inputs the program reads (TIME, MODE, variables) into their registers; false if any
// is not finite. Inputs it does not read are neither copied nor checked: what an evaluation
// costs depends on what the expression reads, not on how many variables its context declares.
[[gnu::always_inline]] inline bool load_inputs(const Program& p, const Inputs& in, double* r) {
  double bad = 0.0;  // NaN unless all are finite
  if (p.reads_time) {
    r[0] = in.time;
    bad += in.time - in.time;
  }
  if (p.reads_mode) {
    r[1] = in.mode;
    bad += in.mode - in.mode;
  }
  const double* vars = in.variables.data();
  double* const registers = r + 2;  // of the variables, by slot
  const std::uint32_t* slot = p.variables_read.data();
  auto load = [&](std::size_t k) {
    const double v = vars[slot[k]];
    registers[slot[k]] = v;
    bad += v - v;
  };
  switch (const std::size_t count = p.variables_read.size()) {
    case 4: load(3); [[fallthrough]];
    case 3: load(2); [[fallthrough]];
    case 2: load(1); [[fallthrough]];
    case 1: load(0); [[fallthrough]];
    case 0: break;
    default:
      for (std::size_t k = 0; k < count; ++k) load(k);
  }
  return bad == 0.0;
}

// The chain rule leaves out the arguments in constant registers: their gradients and Hessians
// are zero, and IMPACT's five constant parameters would otherwise cost five rows and 45 outer
// products over every derivative input. Every sum the chain rule builds starts at +0 and so is
// never -0, and x + (+-0) == x for every other x: leaving the zero terms out changes no bit.
// (A partial in a constant that is not finite, on which no derivative depends, is then no
// longer an error.) Writes the positions of the other arguments into `kept`; returns how many.
inline int varying_arguments(const Program& p, const std::uint32_t* args, int count, int* kept) {
  int m = 0;
  for (int a = 0; a < count; ++a)
    if (args[a] - p.first_constant >= p.first_temporary - p.first_constant) kept[m++] = a;
  return m;
}

// Moves the partials of the kept arguments to the front of d and dd (then m x m). In place:
// each entry moves to a lower or the same index, and they are visited in increasing order.
inline void keep_partials(const int* kept, int m, int count, double* d, double* dd) {
  if (m == count) return;
  for (int i = 0; i < m; ++i) d[i] = d[kept[i]];
  if (dd)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < m; ++j) dd[i * m + j] = dd[kept[i] * count + kept[j]];
}

// A builtin's value and its partials in the kept arguments only (d: m, dd: m x m), through its
// rule for some arguments where it has one. d and dd are zero-filled for `count` arguments.
inline const char* kept_partials(const builtins::Builtin& f, const double* args, int count, int order, const int* kept, int m,
                          double* value, double* d, double* dd) {
  if (m < count && f.some_derivatives) return f.some_derivatives(args, count, order, kept, m, value, d, dd);
  if (const char* e = f.derivatives(args, count, order, value, d, dd)) return e;
  keep_partials(kept, m, count, d, order == 2 ? dd : nullptr);
  return nullptr;
}

// Copies the inputs in; false if any is not finite. The first thing every run does.
[[gnu::always_inline]] inline bool begin(const Program& p, const Inputs& in, Workspace::Buffers& b) {
  if (b.prepared != p.id) [[unlikely]]
    prepare_values(p, b);
  b.inputs = &in;
  return load_inputs(p, in, b.value.data());
}

}  // namespace fexpr::detail::run_shared
