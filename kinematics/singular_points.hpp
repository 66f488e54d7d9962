// Where the angle measures have no value or no derivative, and what the error says: shared by
// the kinematics layer and fexpr codegen, whose generated code must fail where and as the
// interpreter does.
#pragma once

namespace fexpr::kinematics {

// Angles are dimensionless, so "at the singular point" can be a tolerance: within 1e-8 of it
// (about the square root of the rounding unit) rounding already scrambles how a decomposition
// splits the rotation, and derivatives are of order 1e8 anyway.
inline constexpr double kSingularTolerance = 1e-8;

// AX, AY, AZ (axis 0, 1, 2) where both arguments of their atan2 are within the tolerance of 0.
inline constexpr const char* kAxisAngleUndefined[3] = {
    "AX is undefined when the z axis of i is parallel to the x axis of j",
    "AY is undefined when the z axis of i is parallel to the y axis of j",
    "AZ is undefined when the x axis of i is parallel to the z axis of j"};
inline constexpr const char* kEulerSingular =
    "PSI, THETA and PHI have no derivative where THETA is 0 or pi (PSI takes the whole rotation, PHI is 0)";
inline constexpr const char* kYawPitchRollSingular =
    "YAW, PITCH and ROLL have no derivative where PITCH is +-pi/2 (YAW takes the whole rotation, ROLL is 0)";
inline constexpr const char* kOrientEulerSingular =
    "ORIENT Euler angles have no derivative where the second angle puts the first and third turn on one line "
    "(the angle about j's axis takes the whole rotation, the one about i's axis is 0)";
inline constexpr const char* kEulerParametersHalfTurn =
    "ORIENT Euler parameters have no derivative at a half turn (e0 = 0), where the sign convention e0 >= 0 jumps";
inline constexpr const char* kRodriguezHalfTurn = "ORIENT Rodriguez parameters are infinite at a half turn (e0 = 0)";
inline constexpr const char* kIncludedAngleInLine =
    "INCANG has no derivative where the three markers are on one line (the angle is 0 or pi)";
inline constexpr const char* kIncludedAngleCoincidentIJ = "INCANG is undefined when markers i and j coincide";
inline constexpr const char* kIncludedAngleCoincidentJK = "INCANG is undefined when markers j and k coincide";

}  // namespace fexpr::kinematics
