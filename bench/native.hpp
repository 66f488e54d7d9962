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

// The model cases with a general marker: marker 3 off part 3's origin, the part turned and
// spinning, marker 1 at the ground origin. They read the part's 12 states from in.variables
// (x y z psi theta phi vx vy vz wx wy wz, fexpr's gradient order), turn the marker's offset
// by the part's Euler angles and differentiate through the rotation, as a host's force
// routine would.
double spring_general(const Inputs& in);
double spring_general_gradient(const Inputs& in, double* grad);
double impact_general(const Inputs& in);
double impact_general_gradient(const Inputs& in, double* grad);
// Marker 3's offset in part 3 (bench/main.cpp builds the model with it).
extern const double kGeneralOffset[3];

// For muparser's callbacks: STEP and IMPACT as written by hand.
double step(double x, double x0, double h0, double x1, double h1);
double impact(double x, double v, double x1, double k, double e, double cmax, double d);

}  // namespace fexpr::bench::native
