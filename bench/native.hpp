// The benchmark functions hand-written in C++, in a translation unit of their own so that the
// benchmark calls them as a host calls its own force routine (no inlining into the loop).
#pragma once

#include <fexpr/expression.hpp>

namespace fexpr::bench::native {

double spring(const Inputs& in);
double spring_gradient(const Inputs& in, double* grad);
double steps(const Inputs& in);
double steps_gradient(const Inputs& in, double* grad);
double impact(const Inputs& in);
double impact_gradient(const Inputs& in, double* grad);
double trig(const Inputs& in);
double trig_gradient(const Inputs& in, double* grad);
double polynomial(const Inputs& in);
double polynomial_gradient(const Inputs& in, double* grad);
double if_chain(const Inputs& in);
double if_chain_gradient(const Inputs& in, double* grad);
double varval_chain(const Inputs& in);
double varval_chain_gradient(const Inputs& in, double* grad);

// For muparser's callbacks: STEP and IMPACT as written by hand.
double step(double x, double x0, double h0, double x1, double h1);
double impact(double x, double v, double x1, double k, double e, double cmax, double d);

}  // namespace fexpr::bench::native
