// IMPACT and BISTOP in the RecurDyn rd_impact layout, for callers outside the expression
// language (the C API). The table's IMPACT and BISTOP rules run on the same code.
//
// order 0: value[0] = F;
// order 1: value[0] = dF/dx,    value[1] = dF/dxdot;
// order 2: value[0] = d²F/dx², value[1] = d²F/dx dxdot, value[2] = d²F/dxdot² (= 0).
// Entries not listed are 0; every entry is 0 where the contact is open or the force is clipped to 0.
// Returns nullptr, or a static message for a bad parameter or order, or an entry that is not
// finite (value is then all 0).
#pragma once

namespace fexpr::builtins {

const char* impact(double x, double xdot, double x1, double k, double e, double cmax, double d, int order,
                   double value[3]);
const char* bistop(double x, double xdot, double x1, double x2, double k, double e, double cmax, double d, int order,
                   double value[3]);

}  // namespace fexpr::builtins
