// The statements fexpr interprets and their keywords, one line each, after the Adams Solver
// (C++) statement reference (adams_solver/state_*.html). test_lsp_features checks that every
// statement and keyword of dataset/keywords.cpp has an entry here, so a keyword the reader
// learns cannot go without one.
#include "lsp/words.hpp"

namespace fexpr::lsp {
namespace {

struct Entry {
  std::string_view statement;  // empty: a keyword every statement shares
  std::string_view keyword;    // empty: the statement itself
  std::string_view text;
};

constexpr Entry kEntries[] = {
    // Keywords every statement shares.
    {"", "FUNCTION", "the element's expression, or USER(r1, ..., r30): constants for its user subroutine"},
    {"", "ROUTINE", "the user subroutine that FUNCTION = USER(...) calls, as library::name"},
    {"", "FILE", "a file the statement reads its data from"},
    {"", "COMMENT", "a comment written with the element's output"},
    {"", "TITLE", "a title written with the element's output"},
    {"", "NAME", "a name for the element"},
    {"", "LABEL", "a label for the element"},
    {"", "STRING", "the text of a STRING statement"},
    {"", "MNF_FILE", "the modal neutral file (.mnf) of a flexible body"},
    {"", "DB_FILE", "the Adams database file that holds a flexible body's modes"},

    {"PART", "", "a rigid body: its mass and inertia, and where its coordinate system (BCS) is at the start"},
    {"PART", "GROUND", "this part is the ground: the fixed frame that everything is measured in"},
    {"PART", "MASS", "the part's mass"},
    {"PART", "CM", "the marker at the part's center of mass (and of the IP axes when there is no IM)"},
    {"PART", "IM", "the marker that IP is given about and in the axes of (default: CM)"},
    {"PART", "IP", "the inertia Ixx, Iyy, Izz [, Ixy, Ixz, Iyz] about the IM marker, in its axes"},
    {"PART", "QG", "the origin of the part's coordinate system (BCS) in ground coordinates"},
    {"PART", "REULER", "the BCS's orientation in ground: body-fixed 3-1-3 Euler angles, radians (D: degrees)"},
    {"PART", "XG", "a point in the BCS's x-z plane (off its z axis), in ground coordinates"},
    {"PART", "ZG", "a point on the BCS's z axis, in ground coordinates"},
    {"PART", "VX", "the initial velocity of the CM marker along x of the VM marker (ground's axes by default)"},
    {"PART", "VY", "the initial velocity of the CM marker along y of the VM marker (ground's axes by default)"},
    {"PART", "VZ", "the initial velocity of the CM marker along z of the VM marker (ground's axes by default)"},
    {"PART", "WX", "the initial angular velocity about x of the WM marker (the CM marker by default)"},
    {"PART", "WY", "the initial angular velocity about y of the WM marker (the CM marker by default)"},
    {"PART", "WZ", "the initial angular velocity about z of the WM marker (the CM marker by default)"},
    {"PART", "VM", "the marker whose axes VX, VY, VZ are along"},
    {"PART", "WM", "the marker whose axes WX, WY, WZ are about"},
    {"PART", "EXACT", "the coordinates (X:Y:Z:PSI:THETA:PHI) that the initial-conditions analysis must not change"},
    {"PART", "MATERIAL", "the part's material, by name or id (fexpr does not read it)"},
    {"PART", "PLANAR", "a flag exporters write on a part (fexpr does not read it)"},

    {"MARKER", "", "a coordinate system on a part: the point and axes that forces, joints and measures use"},
    {"MARKER", "PART", "the part the marker is on (default: the PART, FLEX_BODY or POINT_MASS just above)"},
    {"MARKER", "QP", "the marker's origin in the part's coordinate system (BCS)"},
    {"MARKER", "REULER", "the marker's orientation in the BCS: body-fixed 3-1-3 Euler angles, radians (D: degrees)"},
    {"MARKER", "XP", "a point in the marker's x-z plane (its x axis with USEXP), in the BCS"},
    {"MARKER", "ZP", "a point on the marker's z axis (in its x-z plane with USEXP), in the BCS"},
    {"MARKER", "USEXP", "XP is on the x axis and ZP in the x-z plane, instead of ZP on the z axis"},
    {"MARKER", "FLOATING", "the marker moves on its part: the element that uses it (JFLOAT=) places it"},
    {"MARKER", "POINT_MASS", "the point mass the marker is on"},
    {"MARKER", "FLEX_BODY", "the flexible body the marker is on"},
    {"MARKER", "FE_PART", "the FE part the marker is on"},
    {"MARKER", "NODE_ID", "the node of the flexible body that the marker is attached to"},
    {"MARKER", "NODE_LABEL", "the label of the FE part's node that the marker is attached to"},

    {"SFORCE", "", "a single-component force or torque between two markers, its magnitude given by FUNCTION="},
    {"SFORCE", "I", "the marker the force acts at"},
    {"SFORCE", "J", "the marker of the reaction; its z axis is the direction of an ACTIONONLY force or a torque"},
    {"SFORCE", "TRANSLATIONAL", "a force along the line from J to I (positive pushes the markers apart)"},
    {"SFORCE", "ROTATIONAL", "a torque about the z axis of J (right-hand rule)"},
    {"SFORCE", "ACTIONONLY", "no reaction: the force acts on I alone, along the z axis of J"},
    {"SFORCE", "FUNCTION", "the force's magnitude (or the torque's), or USER(...) for SFOSUB"},

    {"VARIABLE", "", "a scalar algebraic variable: its value is its FUNCTION=, read with VARVAL(id)"},
    {"VARIABLE", "FUNCTION", "the variable's value, or USER(...) for VARSUB"},
    {"VARIABLE", "IC", "an approximate initial value, where the solver starts its iterations"},

    {"DIFF", "", "a differential equation: DIF(id) is its state, DIF1(id) the state's derivative"},
    {"DIFF", "FUNCTION", "the state's derivative (IMPLICIT: the residual that must be 0), or USER(...) for DIFSUB"},
    {"DIFF", "IC", "the state's initial value [, an approximate initial derivative]"},
    {"DIFF", "IMPLICIT", "FUNCTION= is the residual of an implicit equation instead of the derivative"},
    {"DIFF", "STATIC_HOLD", "the state keeps its value during static and quasi-static analyses"},

    {"SPLINE", "", "data points that AKISPL, CUBSPL and INTERP interpolate: y of x, or a family of curves in z"},
    {"SPLINE", "X", "the x values, increasing (at least four)"},
    {"SPLINE", "Y", "the y value of each x; with a z value first (Y = z, y1, ...) one curve of a family"},
    {"SPLINE", "LINEAR_EXTRAPOLATE", "beyond the data, continue along the tangent at the end"},
    {"SPLINE", "FILE", "a file that holds the data instead of X= and Y="},
    {"SPLINE", "CHANNEL", "the channel of the FILE's data (RPC III files hold several)"},
    {"SPLINE", "BLOCK", "the named block of the FILE that holds the data"},

    {"MOTION", "", "a motion prescribed as a function of time, on a joint or between two markers"},
    {"MOTION", "JOINT", "the joint whose motion is prescribed"},
    {"MOTION", "I", "the marker whose motion relative to J is prescribed (without JOINT=)"},
    {"MOTION", "J", "the marker the I marker's motion is measured from (without JOINT=)"},
    {"MOTION", "TRANSLATIONAL", "the joint's translation is prescribed"},
    {"MOTION", "ROTATIONAL", "the joint's rotation is prescribed"},
    {"MOTION", "DISPLACEMENT", "FUNCTION= is the displacement (the default)"},
    {"MOTION", "VELOCITY", "FUNCTION= is the velocity"},
    {"MOTION", "ACCELERATION", "FUNCTION= is the acceleration"},
    {"MOTION", "X", "the translation of I along the x axis of J"},
    {"MOTION", "Y", "the translation of I along the y axis of J"},
    {"MOTION", "Z", "the translation of I along the z axis of J"},
    {"MOTION", "B1", "the first angle of a body-fixed 1-2-3 rotation of I relative to J"},
    {"MOTION", "B2", "the second angle of a body-fixed 1-2-3 rotation of I relative to J"},
    {"MOTION", "B3", "the third angle of a body-fixed 1-2-3 rotation of I relative to J"},
    {"MOTION", "ICDISP", "the initial displacement of a VELOCITY or ACCELERATION motion"},
    {"MOTION", "ICVEL", "the initial velocity of an ACCELERATION motion"},
    {"MOTION", "FUNCTION", "the displacement, velocity or acceleration as a function of TIME, or USER(...)"},

    {"GFORCE", "", "a force and a torque (six components) at I, the reaction at the floating JFLOAT marker"},
    {"VFORCE", "", "a force (three components) at I, the reaction at the floating JFLOAT marker"},
    {"VTORQUE", "", "a torque (three components) on I's part, the reaction at the floating JFLOAT marker"},
    {"", "I", "the marker the element acts at"},
    {"", "J", "the marker of the reaction"},
    {"", "JFLOAT", "the floating marker the reaction acts at; Adams keeps it where I is"},
    {"", "RM", "the marker whose axes the components are in (ground's when absent or 0)"},
    {"", "FX", "the force along x of the RM marker"},
    {"", "FY", "the force along y of the RM marker"},
    {"", "FZ", "the force along z of the RM marker"},
    {"", "TX", "the torque about x of the RM marker"},
    {"", "TY", "the torque about y of the RM marker"},
    {"", "TZ", "the torque about z of the RM marker"},
    {"", "FXYZ", "the force as one vector expression [fx, fy, fz] in the RM marker's axes"},
    {"", "TXYZ", "the torque as one vector expression [tx, ty, tz] in the RM marker's axes"},

    {"SPRINGDAMPER", "", "a linear spring and damper between two markers, along their line or about J's z axis"},
    {"SPRINGDAMPER", "TRANSLATIONAL", "a force along the line from J to I"},
    {"SPRINGDAMPER", "ROTATIONAL", "a torque about the z axis of J"},
    {"SPRINGDAMPER", "K", "the stiffness: force per unit of stretch beyond LENGTH"},
    {"SPRINGDAMPER", "C", "the damping: force per unit of stretching speed"},
    {"SPRINGDAMPER", "LENGTH", "the free length: the distance at which the spring force is FORCE"},
    {"SPRINGDAMPER", "FORCE", "the preload: the force at the free length"},
    {"SPRINGDAMPER", "KT", "the torsional stiffness: torque per radian beyond ANGLE"},
    {"SPRINGDAMPER", "CT", "the torsional damping: torque per unit of angular speed"},
    {"SPRINGDAMPER", "ANGLE", "the free angle: the angle at which the spring torque is TORQUE"},
    {"SPRINGDAMPER", "TORQUE", "the preload: the torque at the free angle"},

    {"BUSHING", "", "a linear bushing: forces and torques from the displacement and rotation of I relative to J"},
    {"BUSHING", "K", "the stiffnesses along x, y, z of J"},
    {"BUSHING", "C", "the dampings along x, y, z of J"},
    {"BUSHING", "KT", "the torsional stiffnesses about x, y, z"},
    {"BUSHING", "CT", "the torsional dampings about x, y, z"},
    {"BUSHING", "FORCE", "the preload forces along x, y, z of J"},
    {"BUSHING", "TORQUE", "the preload torques about x, y, z"},

    {"FIELD", "", "a six-component force between two markers, linear in their displacement and velocity"},
    {"FIELD", "KMATRIX", "the 6x6 stiffness matrix, 36 values"},
    {"FIELD", "CMATRIX", "the 6x6 damping matrix, 36 values"},
    {"FIELD", "CRATIO", "the damping as a ratio of the stiffness (CMATRIX = CRATIO*KMATRIX)"},
    {"FIELD", "LENGTH", "the free displacements and angles, six values, at which the stiffness force is 0"},
    {"FIELD", "FORCE", "the preload forces and torques, six values"},

    {"BEAM", "", "a massless elastic beam from J along its x axis to I"},
    {"BEAM", "LENGTH", "the beam's undeformed length"},
    {"BEAM", "IXX", "the torsional constant of the cross section"},
    {"BEAM", "IYY", "the area moment of inertia about y"},
    {"BEAM", "IZZ", "the area moment of inertia about z"},
    {"BEAM", "AREA", "the cross section's area"},
    {"BEAM", "ASY", "the shear area ratio for y (0: no shear deformation)"},
    {"BEAM", "ASZ", "the shear area ratio for z (0: no shear deformation)"},
    {"BEAM", "EMODULUS", "Young's modulus of elasticity"},
    {"BEAM", "GMODULUS", "the shear modulus"},
    {"BEAM", "CRATIO", "the damping as a ratio of the stiffness matrix"},
    {"BEAM", "CMATRIX", "the 6x6 damping matrix, 21 values of its lower half"},
    {"BEAM", "FORMULATION", "LINEAR (the default), STRING or NONLINEAR: how the beam's deformation is modelled"},

    {"REQUEST", "", "output: the motion or force between two markers, or up to eight expressions, at each step"},
    {"REQUEST", "DISPLACEMENT", "output the displacement of I relative to J"},
    {"REQUEST", "VELOCITY", "output the velocity of I relative to J"},
    {"REQUEST", "ACCELERATION", "output the acceleration of I relative to J"},
    {"REQUEST", "FORCE", "output the force at I (between I and J)"},
    {"REQUEST", "I", "the marker the output is of"},
    {"REQUEST", "J", "the marker the output is relative to (ground when absent or 0)"},
    {"REQUEST", "RM", "the marker whose axes the output is in (ground's when absent or 0)"},
    {"REQUEST", "F1", "the expression of the request's first column"},
    {"REQUEST", "F2", "the expression of the request's second column"},
    {"REQUEST", "F3", "the expression of the request's third column"},
    {"REQUEST", "F4", "the expression of the request's fourth column"},
    {"REQUEST", "F5", "the expression of the request's fifth column"},
    {"REQUEST", "F6", "the expression of the request's sixth column"},
    {"REQUEST", "F7", "the expression of the request's seventh column"},
    {"REQUEST", "F8", "the expression of the request's eighth column"},
    {"REQUEST", "FUNCTION", "USER(...): constants for the REQSUB subroutine that computes the columns"},
    {"REQUEST", "CNAMES", "the names of the result set's components, in the results file"},
    {"REQUEST", "CLABELS", "the labels of the result set's components"},
    {"REQUEST", "CUNITS", "the units of the result set's components"},
    {"REQUEST", "RESULTS_NAME", "the name of the result set in the results file"},

    {"JOINT", "", "an idealized connection: it removes degrees of freedom between the parts of I and J"},
    {"JOINT", "I", "the marker on the first part"},
    {"JOINT", "J", "the marker on the second part, which the joint holds I to"},
    {"JOINT", "REVOLUTE", "rotation about the common z axis only"},
    {"JOINT", "TRANSLATIONAL", "translation along the common z axis only"},
    {"JOINT", "CYLINDRICAL", "rotation about and translation along the common z axis"},
    {"JOINT", "SPHERICAL", "rotation about the common origin only"},
    {"JOINT", "UNIVERSAL", "rotation about the z axes of I and J, which stay perpendicular"},
    {"JOINT", "HOOKE", "a universal joint oriented by the x axis of I and the y axis of J"},
    {"JOINT", "CONVEL", "a constant-velocity joint"},
    {"JOINT", "FIXED", "no relative motion"},
    {"JOINT", "PLANAR", "I stays in the x-y plane of J: translation in that plane, rotation about its normal"},
    {"JOINT", "RACKPIN", "a pinion (I) and a rack (J): the pinion's rotation moves it along the rack"},
    {"JOINT", "SCREW", "translation along the z axis tied to rotation about it by PITCH"},
    {"JOINT", "PD", "the pinion's pitch diameter (RACKPIN)"},
    {"JOINT", "PITCH", "the translation per turn (SCREW)"},
    {"JOINT", "IC", "the initial displacement and velocity of a revolute or translational joint"},
    {"JOINT", "ICROT", "the initial rotation and angular velocity of a cylindrical joint"},
    {"JOINT", "ICTRAN", "the initial translation and velocity of a cylindrical joint"},
    {"JOINT", "DELTA_V", "friction: the slip speed over which static friction turns into dynamic"},
    {"JOINT", "MAXIMUM_DEFORMATION", "friction: the largest creep while the joint sticks"},
    {"JOINT", "MU_DYN_ROT", "friction: the dynamic coefficient of the rotation"},
    {"JOINT", "MU_DYN_TRANS", "friction: the dynamic coefficient of the translation"},
    {"JOINT", "MU_STAT_ROT", "friction: the static coefficient of the rotation"},
    {"JOINT", "MU_STAT_TRANS", "friction: the static coefficient of the translation"},
    {"JOINT", "MAX_FRIC_ROT", "friction: the largest friction torque"},
    {"JOINT", "MAX_FRIC_TRANS", "friction: the largest friction force"},
    {"JOINT", "PRELOAD_RADIAL", "friction: the radial preload"},
    {"JOINT", "PRELOAD_AXIAL", "friction: the axial preload"},
    {"JOINT", "INNER_RADIUS", "friction: the inner radius of the sliding surfaces"},
    {"JOINT", "OUTER_RADIUS", "friction: the outer radius of the sliding surfaces"},
    {"JOINT", "FRICTION", "friction: on, off or preload only"},
    {"JOINT", "WIDTH", "friction: the width of the sliding surfaces"},
    {"JOINT", "HEIGHT", "friction: the height of the sliding surfaces"},

    {"ARRAY", "", "a list of numbers (IC) or of VARIABLEs (U), or a system element's states (X) or outputs (Y)"},
    {"ARRAY", "IC", "an array of constants (NUMBERS=), read with ARYVAL, or a system element's initial states"},
    {"ARRAY", "U", "the inputs of a system element: the VARIABLEs listed"},
    {"ARRAY", "X", "the states of a system element (GSE, LSE, TFSISO)"},
    {"ARRAY", "Y", "the outputs of a system element (GSE, LSE, TFSISO)"},
    {"ARRAY", "SIZE", "the number of entries"},
    {"ARRAY", "NUMBERS", "the constants of an IC array"},
    {"ARRAY", "VARIABLES", "the VARIABLEs of a U array, in order"},

    {"PINPUT", "", "a plant's inputs, for linearization and control: a list of VARIABLEs, read with PINVAL"},
    {"PINPUT", "VARIABLES", "the VARIABLEs that are the plant's inputs, in order"},
    {"POUTPUT", "", "a plant's outputs: a list of VARIABLEs, read with POUVAL"},
    {"POUTPUT", "VARIABLES", "the VARIABLEs that are the plant's outputs, in order"},

    {"UNITS", "", "the units the dataset's numbers are in"},
    {"UNITS", "FORCE", "the unit of force (NEWTON, POUND_FORCE, ...)"},
    {"UNITS", "MASS", "the unit of mass (KILOGRAM, POUND_MASS, ...)"},
    {"UNITS", "LENGTH", "the unit of length (MILLIMETER, METER, INCH, ...)"},
    {"UNITS", "TIME", "the unit of time (SECOND, MILLISECOND, ...)"},
    {"UNITS", "SYSTEM", "a named set of units (MKS, MMKS, CGS, IPS, FPS, ...)"},
    {"UNITS", "UCF", "the units consistency factor: mass times acceleration divided by UCF is force"},

    {"ACCGRAV", "", "the acceleration of gravity, in ground's axes"},
    {"ACCGRAV", "IGRAV", "the acceleration of gravity along ground's x axis"},
    {"ACCGRAV", "JGRAV", "the acceleration of gravity along ground's y axis"},
    {"ACCGRAV", "KGRAV", "the acceleration of gravity along ground's z axis"},

    {"END", "", "the end of the dataset: the rest of the file is not read"},
};

}  // namespace

std::optional<std::string_view> statement_help(std::string_view statement) {
  for (const Entry& e : kEntries)
    if (e.keyword.empty() && e.statement == statement) return e.text;
  return std::nullopt;
}

std::optional<std::string_view> keyword_help(std::string_view statement, std::string_view keyword) {
  if (keyword.empty()) return std::nullopt;
  for (std::string_view owner : {statement, std::string_view()}) {
    for (const Entry& e : kEntries)
      if (e.statement == owner && e.keyword == keyword) return e.text;
  }
  return std::nullopt;
}

}  // namespace fexpr::lsp
