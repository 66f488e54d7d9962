// An applied force element of a dataset (SPRINGDAMPER, BUSHING, FIELD, BEAM, VFORCE, VTORQUE, GFORCE) as
// expression text in the measures of its markers, so that the evaluator computes its loads
// with their gradients and Hessians as it does any expression.
//
// Each element gives four vector expressions in ground axes: the force and the torque on its
// I marker, and the force and the torque on its J marker (J=, or the part of JFLOAT=, whose
// floating marker sits at I). Torques are about the marker the load acts at. An empty text is
// a load the element does not apply. The power is the rate of work of all four loads on the
// parts. Reading the statement checks its markers and parameters and reports the first
// problem at its place in the file.
#pragma once

#include "dataset/statement.hpp"
#include "kinematics/measure.hpp"
#include "kinematics/model.hpp"

#include <fexpr/diagnostic.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fexpr::dataset {

// The six-component linear law of BUSHING, FIELD and BEAM along J's axes:
// (F, T) = preload - K·(X - free) - C·V, K and C 6×6 by columns, X and V j_frame's measures.
struct LinearLaw {
  std::array<double, 36> k{}, c{};
  std::array<double, 6> free{}, preload{};
  // BUSHING's loads are written -K·X - C·V + preload, its K and C diagonal; FIELD's and BEAM's
  // in the order above.
  bool bushing = false;
};

struct ForceElement {
  std::string type;  // the statement's name: "SPRINGDAMPER", "VFORCE", ...
  long id = 0;
  long i = 0, j = 0;  // the markers the loads act at; j is JFLOAT for VFORCE, VTORQUE, GFORCE
  std::string force_i, torque_i, force_j, torque_j;
  std::string power;
  // Whether the power's text is made of the four loads' texts (set_load_power), so that
  // evaluating it evaluates every load.
  bool power_reads_loads = false;
  // The law of an element that has one, which its loads' texts are written from: what check
  // bounds (linear_loads_bound.hpp) instead of compiling them.
  std::optional<LinearLaw> linear;
  // The component expressions of the statement that the loads embed, each compiled alone
  // first so that an error in one is reported at its place in the file.
  std::vector<const Argument*> expressions;
  // The text at 0 force_i, 1 torque_i, 2 force_j, 3 torque_j.
  const std::string& load(int which) const;
};

// The statements read_force_element evaluates, and the function that reports each.
struct ForceStatement {
  std::string_view statement;
  std::string_view function;  // SPDP(id, jflag, comp, rm) and the like
};
inline constexpr std::array<ForceStatement, 7> kForceStatements{{{"SPRINGDAMPER", "SPDP"},
                                                                 {"BUSHING", "BUSH"},
                                                                 {"FIELD", "FIELD"},
                                                                 {"BEAM", "BEAM"},
                                                                 {"VFORCE", "VFORCE"},
                                                                 {"VTORQUE", "VTORQ"},
                                                                 {"GFORCE", "GFORCE"}}};
bool is_force_element(std::string_view statement);

// The markers the kinematic model does not place: FLOATING ones, with the part each is on (for
// JFLOAT=), and those on a flexible body or point mass (part 0), whose motion fexpr does not know.
struct UnplacedMarker {
  long id = 0;
  long part = 0;
};

std::vector<UnplacedMarker> unplaced_markers(const Dataset& dataset);

// The element, or an error at its place. Without texts, an element with a linear law has its law
// and no load texts (write_linear_loads writes them); every other element is read whole.
std::variant<ForceElement, Diagnostic> read_force_element(const Statement& s, const kinematics::Model& model,
                                                          const std::vector<UnplacedMarker>& floating,
                                                          bool texts = true);

// Expression text of component comp (1..8: FM FX FY FZ TM TX TY TZ) of the load on I
// (jflag 0) or J (jflag 1) along the axes of marker rm (0: ground). It reads the loads' texts,
// which an element with a linear law has once write_linear_loads wrote them, unless
// component_from_law.
std::string force_component(const ForceElement& e, int jflag, int comp, long rm);

// Component axis (0 magnitude, 1..3 x, y, z) of the vector text v along marker rm's axes.
std::string vector_component(const std::string& v, int axis, long rm);

// Sets the power of e's loads: those on I act where I moves, those on J where the J part moves
// at the velocity v_j and angular velocity w_j (vector texts in ground).
void set_load_power(ForceElement& e, const std::string& v_j, const std::string& w_j);

// Sets the law of FIELD and BEAM: K and C of 36 values by columns, free and preload of 6.
void set_linear_law(ForceElement& e, const std::vector<double>& k, const std::vector<double>& c,
                    const std::vector<double>& free, const std::vector<double>& preload);
// Writes the loads' texts of an element with a linear law: on I along J's axes the law's force
// F and torque T, on J -F and -T - DXYZ(I,J)×F, the force carried over the deflection.
void write_linear_loads(ForceElement& e);
// Component comp (2..4 FX..FZ, 6..8 TX..TZ) of those loads on I (jflag 0) or J (jflag 1) along
// J's own axes, from the law alone: there the law's rows are the components, so the text is a
// row (and for the torque on J the cross product's component) rather than the vectors in ground
// taken apart again. BEAM(id, 1, 8, J) is how models read a beam's bending moment.
std::string linear_component_along_j(const ForceElement& e, int jflag, int comp);
// Whether component comp along rm's axes is one linear_component_along_j writes: e has a linear
// law, rm is its J marker and comp is not a magnitude (1, 5).
bool component_from_law(const ForceElement& e, int comp, long rm);
// A measure the J-frame laws read: its function and how many of the markers I, J, J, J it takes.
struct JFrameMeasure {
  kinematics::Measure measure;
  std::size_t markers;
};
// What those forces act on: the displacement of I from J along J's axes, DX/DY/DZ(I,J,J), then
// Adams' projected small-angle rotations AX/AY/AZ(I,J); and their rates seen from J,
// VX/VY/VZ(I,J,J,J) and WX/WY/WZ(I,J,J). The loads' texts and check's bound on them read these.
inline constexpr std::array<JFrameMeasure, 6> kJFrameDisplacements{{{kinematics::Measure::DX, 3},
                                                                    {kinematics::Measure::DY, 3},
                                                                    {kinematics::Measure::DZ, 3},
                                                                    {kinematics::Measure::AX, 2},
                                                                    {kinematics::Measure::AY, 2},
                                                                    {kinematics::Measure::AZ, 2}}};
inline constexpr std::array<JFrameMeasure, 6> kJFrameVelocities{{{kinematics::Measure::VX, 4},
                                                                 {kinematics::Measure::VY, 4},
                                                                 {kinematics::Measure::VZ, 4},
                                                                 {kinematics::Measure::WX, 3},
                                                                 {kinematics::Measure::WY, 3},
                                                                 {kinematics::Measure::WZ, 3}}};
// The markers I, J, J, J of e, of which a J-frame measure takes the first `markers`.
inline std::array<long, 4> j_frame_markers(const ForceElement& e) { return {e.i, e.j, e.j, e.j}; }

// Per element (force_element.cpp reads the statement's common parts, these its physics).
std::variant<ForceElement, Diagnostic> read_springdamper(const Statement& s, ForceElement e);
std::variant<ForceElement, Diagnostic> read_bushing(const Statement& s, ForceElement e);
std::variant<ForceElement, Diagnostic> read_field(const Statement& s, ForceElement e);
std::variant<ForceElement, Diagnostic> read_beam(const Statement& s, ForceElement e);
std::variant<ForceElement, Diagnostic> read_vector_force(const Statement& s, ForceElement e,
                                                         const kinematics::Model& model,
                                                         const std::vector<UnplacedMarker>& markers, long j_part_marker);

// Null when marker id, given as `keyword`, is on a rigid part; else an error for a marker the
// dataset does not define, a note (not evaluated) for one on a flexible body, a point mass, or
// floating.
std::optional<Diagnostic> fixed_marker(const Statement& s, std::string_view keyword, long id,
                                       const kinematics::Model& model, const std::vector<UnplacedMarker>& markers);

}  // namespace fexpr::dataset
