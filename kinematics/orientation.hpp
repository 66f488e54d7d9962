// The orientation systems of ORIENT(system, component, i[, j]): 29 ways of writing the rotation
// A = [axes of j]^T [axes of i] (the axes of i in j's coordinates) as numbers, after the Adams
// Solver ORIENT page (https://adams.thisaray.com/adams_solver/orient.html); rows 12-29 of its
// table as a public copy of it gives them (docs/models.md says which and why).
//
//   1-12   body-fixed Euler angles, sequences 1-2-3 2-3-1 3-1-2 1-3-2 2-1-3 3-2-1 1-2-1 1-3-1
//          2-1-2 2-3-2 3-1-3 3-2-3: A = R_a(t1)·R_b(t2)·R_c(t3), each turn about the moving axis.
//   13-24  space-fixed, the same sequences: A = R_c(t3)·R_b(t2)·R_a(t1), each about j's axis.
//   25     AX, AY, AZ            26  YAW, PITCH, ROLL (Adams' sign, as the measures)
//   27     Euler parameters e0 (1), e1, e2, e3: A is a turn by phi about the unit axis n,
//          e0 = cos(phi/2), (e1, e2, e3) = n·sin(phi/2), with e0 >= 0.
//   28     Rodriguez parameters (e1, e2, e3)/e0 = n·tan(phi/2).
//   29     direction cosines: components 1-3 are i's x axis on j's x, y, z; 4-6 its y axis,
//          7-9 its z axis.
//
// Ranges and singular points, never NaN:
//  - Euler angles: the first and third in (-pi, pi]; the second in [-pi/2, pi/2] for sequences
//    of three different axes, in [0, pi] for a-b-a sequences. Where the second angle makes the
//    first and third turn about one line (cos t2 or sin t2 within 1e-8 of 0), the angle about
//    j's axis carries the whole rotation and the angle about i's axis is 0 (body-fixed: t3 = 0;
//    space-fixed: t1 = 0), the second keeps its value; derivatives of all three are errors.
//  - Euler parameters within 1e-8 of a half turn (e0 = 0): the largest of e1, e2, e3 is made
//    positive; derivatives are errors, since the e0 >= 0 sign convention jumps there.
//  - Rodriguez parameters within 1e-8 of a half turn are infinite: an error at every order.
//  - AX, AY, AZ and YAW, PITCH, ROLL: as the measures of those names.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace fexpr::kinematics {

enum class OrientationKind : std::uint8_t {
  body_fixed, space_fixed, ax_ay_az, yaw_pitch_roll, euler_parameters, rodriguez, direction_cosines
};

struct OrientationSystem {
  OrientationKind kind;
  int components;           // 3, 4 (Euler parameters) or 9 (direction cosines)
  std::array<int, 3> axes;  // Euler sequences: the axes in the order written, 0 x, 1 y, 2 z
};

// System `code` (1 to 29), or nullopt.
std::optional<OrientationSystem> orientation_system(long code);

// Why ORIENT(system, component, ...) is not defined ("ORIENT system 27 (Euler parameters) has
// components 1 to 4, not 5"), with the index of the offending argument (0 or 1); nullopt when
// it is.
struct OrientationProblem {
  int argument;
  std::string message;
};
std::optional<OrientationProblem> check_orientation(long system, long component);

}  // namespace fexpr::kinematics
