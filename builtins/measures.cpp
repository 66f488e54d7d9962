// Functions whose values come from outside the expression: the model (kinematic measures), the
// dataset (elements), the solver (forces and reactions) or a user subroutine. The table gives
// their arity and help text; the evaluator binds them (or rejects them) elsewhere, so they have
// no rules here. Markers, frames and elements are given by id; an omitted or 0 j, k or l means
// ground.
#include "builtins/entries.hpp"

namespace fexpr::builtins {
namespace {

constexpr Builtin entry(std::string_view name, int min_args, int max_args, Category category, Smoothness smoothness,
                        std::string_view signature, std::string_view formula, std::string_view example,
                        DimensionRule dimension_rule = DimensionRule::unknown, units::Dimension dimension = {}) {
  Builtin b{name, min_args, max_args, category, smoothness, signature, formula, example, nullptr, nullptr};
  b.dimension_rule = dimension_rule;
  b.dimension = dimension;
  return b;
}
// A measure's dimension is fixed: DX is a length whatever its markers.
constexpr Builtin kinematic(std::string_view name, int min_args, int max_args, units::Dimension dimension,
                            std::string_view signature, std::string_view formula, std::string_view example,
                            Smoothness smoothness = Smoothness::smooth) {
  return entry(name, min_args, max_args, Category::kinematic, smoothness, signature, formula, example,
               DimensionRule::fixed, dimension);
}
constexpr Builtin element(std::string_view name, int min_args, int max_args, Smoothness smoothness,
                          std::string_view signature, std::string_view formula, std::string_view example,
                          DimensionRule dimension_rule = DimensionRule::unknown) {
  return entry(name, min_args, max_args, Category::element, smoothness, signature, formula, example, dimension_rule);
}
constexpr Builtin solver(std::string_view name, int min_args, int max_args, std::string_view signature,
                         std::string_view formula, std::string_view example,
                         DimensionRule dimension_rule = DimensionRule::unknown, units::Dimension dimension = {}) {
  return entry(name, min_args, max_args, Category::solver, Smoothness::smooth, signature, formula, example,
               dimension_rule, dimension);
}

constexpr std::string_view kElementForce =
    "component comp (1..8: FM FX FY FZ TM TX TY TZ) of the element's force on its I (jflag 0) or J (jflag 1) "
    "marker, in rm's axes";

using enum Smoothness;
constexpr Builtin kEntries[] = {
    kinematic("ACCM", 1, 3, units::kAcceleration, "ACCM(i[, j][, l])",
              "|d²/dt² (R_i - R_j)| seen from l: magnitude of the relative acceleration", "ACCM(21, 11)"),
    kinematic("ACCX", 1, 4, units::kAcceleration, "ACCX(i[, j][, k][, l])", "d²/dt² (R_i - R_j) seen from l, along k's x axis",
              "ACCX(21, 11, 11, 11): x acceleration of 21 relative to 11, in 11's frame"),
    kinematic("ACCY", 1, 4, units::kAcceleration, "ACCY(i[, j][, k][, l])", "d²/dt² (R_i - R_j) seen from l, along k's y axis",
              "ACCY(21, 0, 0, 0): y acceleration of 21 in ground"),
    kinematic("ACCZ", 1, 4, units::kAcceleration, "ACCZ(i[, j][, k][, l])", "d²/dt² (R_i - R_j) seen from l, along k's z axis",
              "ACCZ(21): z acceleration of 21 in ground"),
    element("AKISPL", 3, 4, c1, "AKISPL(x, z, id[, iord])",
            "Akima spline of SPLINE/id at x, linear in z between curves; iord 0, 1, 2: y, dy/dx, d²y/dx² (curves only)",
            "AKISPL(TIME, 0, 5): SPLINE/5 at TIME"),
    element("ARYVAL", 2, 2, smooth, "ARYVAL(id, i)", "entry i of ARRAY/id", "ARYVAL(3, 2): second entry of ARRAY/3"),
    kinematic("AX", 1, 2, units::kAngle, "AX(i[, j])", "atan2(-z_i·y_j, z_i·z_j): rotation of i about j's x axis, unwrapped over time",
              "AX(21, 11)"),
    kinematic("AY", 1, 2, units::kAngle, "AY(i[, j])", "atan2(z_i·x_j, z_i·z_j): rotation of i about j's y axis, unwrapped over time",
              "AY(21, 11)"),
    kinematic("AZ", 1, 2, units::kAngle, "AZ(i[, j])", "atan2(x_i·y_j, x_i·x_j): rotation of i about j's z axis, unwrapped over time",
              "AZ(21, 11)"),
    element("BEAM", 4, 4, smooth, "BEAM(id, jflag, comp, rm)", kElementForce,
            "BEAM(4, 1, 5, 0): torque magnitude of BEAM/4 on J", DimensionRule::element_load),
    element("BUSH", 4, 4, smooth, "BUSH(id, jflag, comp, rm)", kElementForce, "BUSH(2, 0, 4, 0): FZ of BUSHING/2 on I", DimensionRule::element_load),
    solver("CONTACT", 4, 4, "CONTACT(id, jflag, comp, rm)", kElementForce, "CONTACT(1, 0, 1, 0): force magnitude", DimensionRule::element_load),
    element("CUBSPL", 3, 4, c2, "CUBSPL(x, z, id[, iord])",
            "cubic spline of SPLINE/id at x, linear in z between curves; iord 0, 1, 2: y, dy/dx, d²y/dx² (curves only)",
            "CUBSPL(DX(2, 1), 0, 5): SPLINE/5 at DX(2, 1)"),
    element("CURVE", 4, 4, c2, "CURVE(alpha, iord, comp, id)",
            "component comp (1 x, 2 y, 3 z) of CURVE/id at parameter alpha (iord 0), or its iord-th derivative",
            "CURVE(0.5, 0, 2, 4): y of CURVE/4 at alpha = 0.5"),
    solver("CVCV", 4, 4, "CVCV(id, jflag, comp, rm)", kElementForce, "CVCV(1, 0, 2, 0): FX of CVCV/1 on I", DimensionRule::element_load),
    entry("DELAY", 3, 4, Category::history, smooth, "DELAY(e_delayed, e_delay, e_history[, id])",
           "e_delayed at TIME - max(e_delay, 0); while that is < 0 (before the start, TIME = 0) e_history evaluated "
           "at it, which is all fexpr evaluates besides a zero delay: later values need the solver's history; id: an "
           "ARRAY of interpolation settings",
           "DELAY(DZ(21, 11), 0.5, 0): DZ(21, 11) half a time unit ago, 0 until TIME = 0.5", DimensionRule::first),
    element("DIF", 1, 1, smooth, "DIF(id)", "value of the state of DIFF/id", "DIF(2)"),
    element("DIF1", 1, 1, smooth, "DIF1(id)", "time derivative of the state of DIFF/id", "DIF1(2)"),
    kinematic("DM", 1, 2, units::kLength, "DM(i[, j])", "|R_i - R_j|: distance from j to i", "DM(21, 11)"),
    kinematic("DX", 1, 3, units::kLength, "DX(i[, j][, k])", "(R_i - R_j)·x_k: displacement of i from j along k's x axis",
              "DX(21, 11, 11): x of 21 in 11's frame"),
    kinematic("DY", 1, 3, units::kLength, "DY(i[, j][, k])", "(R_i - R_j)·y_k: displacement of i from j along k's y axis",
              "DY(21, 11): y of 21 from 11, in ground axes"),
    kinematic("DZ", 1, 3, units::kLength, "DZ(i[, j][, k])", "(R_i - R_j)·z_k: displacement of i from j along k's z axis",
              "DZ(21): height of 21 above the ground origin"),
    element("FIELD", 4, 4, smooth, "FIELD(id, jflag, comp, rm)", kElementForce, "FIELD(7, 0, 2, 0): FX of FIELD/7 on I", DimensionRule::element_load),
    solver("FM", 1, 2, "FM(i[, j])", "magnitude of the net force on i from the elements between i and j (j 0: all)",
           "FM(21, 11)", DimensionRule::fixed, units::kForce),
    solver("FRICTION", 2, 2, "FRICTION(id, index)",
           "output index of FRICTION/id: 1..6 friction forces and torques along the J marker of its JOINT, 7..12 "
           "friction coefficients, 13 the static coefficient, 14..19 joint velocities, 20.. creep",
           "FRICTION(1, 6): friction torque of FRICTION/1 about the z axis of its joint's J marker"),
    solver("FX", 1, 3, "FX(i[, j][, k])",
           "net force on i from the elements between i and j (j 0: all), along k's x axis", "FX(21, 11, 11)", DimensionRule::fixed, units::kForce),
    solver("FY", 1, 3, "FY(i[, j][, k])",
           "net force on i from the elements between i and j (j 0: all), along k's y axis", "FY(21, 11)", DimensionRule::fixed, units::kForce),
    solver("FZ", 1, 3, "FZ(i[, j][, k])",
           "net force on i from the elements between i and j (j 0: all), along k's z axis", "FZ(21)", DimensionRule::fixed, units::kForce),
    element("GFORCE", 4, 4, smooth, "GFORCE(id, jflag, comp, rm)", kElementForce, "GFORCE(89, 0, 2, 0): FX of GFORCE/89 on I", DimensionRule::element_load),
    kinematic("INCANG", 3, 3, units::kAngle, "INCANG(i, j, k)",
              "atan2(|u×v|, u·v), u = R_i - R_j, v = R_k - R_j: included angle at j in [0, π]; undefined where j meets i or k",
              "INCANG(3, 2, 4)*RTOD: angle at marker 2 between the lines to 3 and to 4, in degrees", c0),
    element("INTERP", 3, 4, c0, "INTERP(x, method, id[, iord])",
            "time-series SPLINE/id (FILE=) at x, method 1 linear or 3 cubic; iord 0, 1, 2: y, dy/dx, d²y/dx²",
            "INTERP(TIME, 3, 6)"),
    element("INVPSD", 7, 7, smooth, "INVPSD(x, id, f0, f1, nf, linlog, seed)",
            "Σ_{i=1..nf} A_i·sin(2π f_i x + φ_i) on [f0, f1], A_i from the PSD SPLINE/id (linlog 0 linear, 1 log), "
            "φ_i from seed",
            "INVPSD(TIME, 3, 1, 50, 100, 1, 7)"),
    solver("JOINT", 4, 4, "JOINT(id, jflag, comp, rm)", kElementForce,
           "JOINT(3, 0, 2, 0): FX of JOINT/3 on I, in ground", DimensionRule::element_load),
    solver("JPRIM", 4, 4, "JPRIM(id, jflag, comp, rm)", kElementForce, "JPRIM(5, 1, 4, 0): FZ of JPRIM/5 on J", DimensionRule::element_load),
    solver("MOTION", 4, 4, "MOTION(id, jflag, comp, rm)", kElementForce, "MOTION(1, 0, 8, 0): TZ of MOTION/1 on I", DimensionRule::element_load),
    solver("NFORCE", 4, 4, "NFORCE(id, jflag, comp, rm)", kElementForce, "NFORCE(2, 0, 1, 0): force magnitude", DimensionRule::element_load),
    kinematic("PHI", 1, 2, units::kAngle, "PHI(i[, j])",
              "third body-fixed 3-1-3 angle of i relative to j: atan2(A31, A32), A = i's axes in j", "PHI(21, 11)",
              discontinuous),
    element("PINVAL", 2, 2, smooth, "PINVAL(id, nseq)",
            "VARVAL of the nseq-th VARIABLE (counted from 1) in the VARIABLES= list of PINPUT/id",
            "PINVAL(1, 2): the second VARIABLE of PINPUT/1"),
    kinematic("PITCH", 1, 2, units::kAngle, "PITCH(i[, j])",
              "second body-fixed 3-2-1 angle of i relative to j, automotive sign: asin(A31), A = i's axes in j",
              "PITCH(21, 11)"),
    element("POUVAL", 2, 2, smooth, "POUVAL(id, nseq)",
            "VARVAL of the nseq-th VARIABLE (counted from 1) in the VARIABLES= list of POUTPUT/id",
            "POUVAL(1, 2): the second VARIABLE of POUTPUT/1"),
    kinematic("PSI", 1, 2, units::kAngle, "PSI(i[, j])",
              "first body-fixed 3-1-3 angle of i relative to j: atan2(A13, -A23), A = i's axes in j", "PSI(21, 11)",
              discontinuous),
    solver("PTCV", 4, 4, "PTCV(id, jflag, comp, rm)", kElementForce, "PTCV(1, 0, 3, 0): FY of PTCV/1 on I", DimensionRule::element_load),
    kinematic("ROLL", 1, 2, units::kAngle, "ROLL(i[, j])",
              "third body-fixed 3-2-1 angle of i relative to j: atan2(A32, A33), A = i's axes in j", "ROLL(21, 11)",
              discontinuous),
    solver("SENVAL", 1, 1, "SENVAL(id)", "the value SENSOR/id last evaluated", "SENVAL(1)"),
    // Angles, Euler parameters or direction cosines by its system: no one dimension.
    entry("ORIENT", 3, 4, Category::kinematic, discontinuous, "ORIENT(system, component, i[, j])",
          "component of i's orientation in j: 1-12 body-, 13-24 space-fixed Euler angles, 25 AX AY AZ, "
          "26 YAW PITCH ROLL, 27 Euler parameters e0..e3 (e0 >= 0), 28 Rodriguez, 29 direction cosines",
          "ORIENT(27, 1, 21, 11): e0 = cos(φ/2) of the turn φ from 11's axes to 21's"),
    element("SFORCE", 4, 4, smooth, "SFORCE(id, jflag, comp, rm)", kElementForce,
            "SFORCE(104, 0, 1, 0): force magnitude of SFORCE/104 on I", DimensionRule::element_load),
    element("SPDP", 4, 4, smooth, "SPDP(id, jflag, comp, rm)", kElementForce, "SPDP(3, 0, 1, 0): force magnitude of SPDP/3", DimensionRule::element_load),
    kinematic("THETA", 1, 2, units::kAngle, "THETA(i[, j])", "second body-fixed 3-1-3 angle of i relative to j: acos(A33) in [0, π]",
              "THETA(21, 11)"),
    solver("TM", 1, 2, "TM(i[, j])", "magnitude of the net torque on i from the elements between i and j (j 0: all)",
           "TM(21, 11)", DimensionRule::fixed, units::kTorque),
    solver("TX", 1, 3, "TX(i[, j][, k])",
           "net torque on i from the elements between i and j (j 0: all), about k's x axis", "TX(21, 11, 11)", DimensionRule::fixed, units::kTorque),
    solver("TY", 1, 3, "TY(i[, j][, k])",
           "net torque on i from the elements between i and j (j 0: all), about k's y axis", "TY(21, 11)", DimensionRule::fixed, units::kTorque),
    solver("TZ", 1, 3, "TZ(i[, j][, k])",
           "net torque on i from the elements between i and j (j 0: all), about k's z axis", "TZ(21)", DimensionRule::fixed, units::kTorque),
    entry("USER", 0, 30, Category::user, smooth, "USER(r1, ..., r30)",
          "a user-written subroutine called with up to 30 real parameters", "USER(1, 2.5, 3)"),
    element("VARVAL", 1, 1, smooth, "VARVAL(id)", "value of VARIABLE/id, solved together with the other VARIABLEs",
            "VARVAL(1)", DimensionRule::variable),
    element("VFORCE", 4, 4, smooth, "VFORCE(id, jflag, comp, rm)", kElementForce, "VFORCE(6, 0, 3, 0): FY of VFORCE/6 on I", DimensionRule::element_load),
    kinematic("VM", 1, 3, units::kVelocity, "VM(i[, j][, l])", "|d/dt (R_i - R_j)| seen from l: relative speed", "VM(21, 11)"),
    kinematic("VR", 1, 3, units::kVelocity, "VR(i[, j][, l])",
              "d/dt DM(i, j): radial velocity, positive when separating; undefined at DM = 0", "VR(21, 11)"),
    element("VTORQ", 4, 4, smooth, "VTORQ(id, jflag, comp, rm)", kElementForce, "VTORQ(6, 0, 8, 0): TZ of VTORQUE/6 on I", DimensionRule::element_load),
    kinematic("VX", 1, 4, units::kVelocity, "VX(i[, j][, k][, l])", "d/dt (R_i - R_j) seen from l, along k's x axis",
              "VX(21, 11, 11, 11): x velocity of 21 relative to 11, in 11's frame"),
    kinematic("VY", 1, 4, units::kVelocity, "VY(i[, j][, k][, l])", "d/dt (R_i - R_j) seen from l, along k's y axis",
              "VY(21, 0, 0, 0): y velocity of 21 in ground"),
    kinematic("VZ", 1, 4, units::kVelocity, "VZ(i[, j][, k][, l])", "d/dt (R_i - R_j) seen from l, along k's z axis",
              "VZ(21): z velocity of 21 in ground"),
    kinematic("WDTM", 1, 3, units::kAngularAcceleration, "WDTM(i[, j][, l])",
              "|d/dt (ω_i - ω_j)| seen from l: magnitude of the relative angular acceleration", "WDTM(21, 11)"),
    kinematic("WDTX", 1, 4, units::kAngularAcceleration, "WDTX(i[, j][, k][, l])", "d/dt (ω_i - ω_j) seen from l, along k's x axis",
              "WDTX(21, 11, 11, 11)"),
    kinematic("WDTY", 1, 4, units::kAngularAcceleration, "WDTY(i[, j][, k][, l])", "d/dt (ω_i - ω_j) seen from l, along k's y axis", "WDTY(21, 11)"),
    kinematic("WDTZ", 1, 4, units::kAngularAcceleration, "WDTZ(i[, j][, k][, l])", "d/dt (ω_i - ω_j) seen from l, along k's z axis", "WDTZ(21)"),
    kinematic("WM", 1, 2, units::kAngularVelocity, "WM(i[, j])", "|ω_i - ω_j|: magnitude of the relative angular velocity", "WM(21, 11)"),
    kinematic("WX", 1, 3, units::kAngularVelocity, "WX(i[, j][, k])", "(ω_i - ω_j)·x_k: relative angular velocity about k's x axis",
              "WX(21, 11, 11)"),
    kinematic("WY", 1, 3, units::kAngularVelocity, "WY(i[, j][, k])", "(ω_i - ω_j)·y_k: relative angular velocity about k's y axis",
              "WY(21, 11)"),
    kinematic("WZ", 1, 3, units::kAngularVelocity, "WZ(i[, j][, k])", "(ω_i - ω_j)·z_k: relative angular velocity about k's z axis", "WZ(21)"),
    kinematic("YAW", 1, 2, units::kAngle, "YAW(i[, j])",
              "first body-fixed 3-2-1 angle of i relative to j: atan2(A21, A11), A = i's axes in j", "YAW(21, 11)",
              discontinuous),
};

}  // namespace

std::span<const Builtin> measure_entries() { return kEntries; }

}  // namespace fexpr::builtins
