// Kinematic measures (DX ... WDTM, INCANG, ORIENT, and the unit-vector components UVX.X ... UVZ.Z) of markers in a Model at a State, with exact first and second derivatives with respect
// to the part states.
//
// Conventions (spec section 6; r = origin of i minus origin of j, all in ground):
//  - Marker arguments: j omitted or 0 = ground origin; k = frame the components are expressed
//    in, l = frame the time derivatives are taken in, both ground when omitted or 0.
//  - Angles are in radians. AX, AY, AZ, PSI, PHI, YAW, ROLL lie in (-pi, pi], THETA in [0, pi],
//    PITCH in [-pi/2, pi/2]. AX, AY, AZ are principal values of one state: Adams accumulates
//    whole revolutions over a simulation, which needs a history this library does not keep.
//  - PITCH follows Adams: PITCH = asin(A31), the negative of the second 3-2-1 angle, where
//    A = [axes of j]^T [axes of i] = Rz(YAW)·Ry(-PITCH)·Rx(ROLL).
//  - INCANG(i, j, k) is the angle at j between the lines to i and to k, in [0, pi]; Adams
//    continues it past pi over a simulation, one state cannot.
//  - UVX.Y(i, k) = x_i · y_k: the direction cosine of i's x axis with k's y axis.
//  - Singular points, where a value or derivative does not exist, are evaluation errors or a
//    fixed convention, never NaN:
//      DM, VM, ACCM, WM, WDTM of a zero vector: value 0; order 1 and 2 are errors.
//      VR of coincident markers: an error at every order (the direction r/|r| is undefined).
//      AX, AY, AZ with both atan2 arguments below 1e-8: an error at every order.
//      PSI/PHI at sin(THETA) <= 1e-8 (THETA = 0 or pi): PHI = 0 and PSI carries the whole
//      rotation about z; THETA keeps its value. Derivatives of all three are errors there.
//      YAW/ROLL at cos(PITCH) <= 1e-8: ROLL = 0 and YAW carries the rotation; PITCH keeps its
//      value; derivatives of all three are errors.
//      INCANG where j coincides with i or k (within 1e-8 of their distance from the ground
//      origin): an error at every order. With the three markers on
//      one line (sine of the angle <= 1e-8) the value is 0 or pi; derivatives are errors.
//      ORIENT: see kinematics/orientation.hpp.
//    A call whose markers are all on ground reads no state: orders 1 and 2 give the value only.
#pragma once

#include "kinematics/model.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace fexpr::kinematics {

// UVX_Y is "UVX.Y": the y component, in the axes of k, of marker i's unit x axis. The nine are
// internal (no builtin of that name): the vector functions UVX(i[,k]) ... are built on them.
enum class Measure : std::uint8_t {
  DX, DY, DZ, DM, AX, AY, AZ, PSI, THETA, PHI, YAW, PITCH, ROLL,
  VX, VY, VZ, VM, VR, WX, WY, WZ, WM,
  ACCX, ACCY, ACCZ, ACCM, WDTX, WDTY, WDTZ, WDTM,
  UVX_X, UVX_Y, UVX_Z, UVY_X, UVY_Y, UVY_Z, UVZ_X, UVZ_Y, UVZ_Z,
  INCANG, ORIENT
};

std::optional<Measure> measure_from_name(std::string_view upper_case_name);
std::string_view measure_name(Measure);
// Marker arguments: DX:3, DM:2, VX:4, VM/VR:3, WX:3, WM:2, ACCX:4, ACCM:3, WDTX:4, WDTM:3,
// AX..ROLL:2, UVX.X..UVZ.Z:2 (i, k), INCANG:3, ORIENT:2.
int max_markers(Measure);
// The integer constants written before the markers, named for messages ("the orientation
// system"): ORIENT's system and component; none for the other measures.
std::span<const std::string_view> parameter_names(Measure);

struct MeasureCall {
  Measure measure;
  std::array<int, 4> markers;  // marker indices for i, j, k, l; -1 = ground (omitted or id 0)
  std::array<int, 4> parts;    // distinct non-ground part indices read, in order of i, j, k, l; -1 unused
  int part_count;
  std::array<int, 4> slot_parts;  // for each marker slot, its part's position in parts; -1 on ground or unused
  std::array<int, 2> parameters;  // the leading constants, checked (ORIENT: system, component); else 0
};

// argument: 0-based index of the offending argument as written (parameters included), or -1
// for the call as a whole (no marker or too many).
struct BindError {
  int argument;
  std::string message;
  bool parameter = false;  // a parameter whose value is not defined, rather than a marker or the count
};

// Checks the arguments as written: the measure's parameters (ORIENT(27, 4, ...)), then the
// marker ids (0 means ground; VM, VR, ACCM and WDTM take i, j, l; UVX.X ... take i, k). Unknown
// ids give "marker 31 is not defined; markers on part 3 are 30, 32"; an undefined parameter
// value says which ones are defined.
std::variant<MeasureCall, BindError> bind(const Model& model, Measure measure, std::span<const long> arguments);

// order 0: *value. order 1: also grad, the 12 states of each part in call.parts, part-major
// (12*part_count entries). order 2: also hess, row-major (12*part_count)^2. The caller
// zero-fills grad and hess. Returns nullptr, or a static message for an evaluation error
// ("VR is undefined when markers coincide"). Does not allocate.
const char* evaluate(const MeasureCall& call, const Model& model, const State& state, int order,
                     double* value, double* grad, double* hess);

}  // namespace fexpr::kinematics
