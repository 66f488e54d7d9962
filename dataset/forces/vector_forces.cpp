// VFORCE, VTORQUE and GFORCE (adams_solver/state_vforce.html, state_vtorque.html,
// state_gforce.html): the force FX, FY, FZ and the torque TX, TY, TZ (or the vectors FXYZ=,
// TXYZ=) along RM's axes act on I; the reaction, their opposite, acts on the part of the
// floating marker JFLOAT, which the solver keeps at I, so it has no moment arm.
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"
#include "dataset/values.hpp"

namespace fexpr::dataset {

namespace {

// The load FX, FY, FZ (or TX, TY, TZ) along RM's axes, in ground; "" when the statement
// gives none of them.
std::string load_vector(const Statement& s, const char* vector, const char* const (&components)[3], long rm,
                        std::vector<const Argument*>& used) {
  if (const Argument* v = find_argument(s, vector)) {
    used.push_back(v);
    std::string t = "(" + v->expression + ")";
    return along_axes(t + "*[1, 0, 0]", t + "*[0, 1, 0]", t + "*[0, 0, 1]", rm);
  }
  std::string c[3];
  bool any = false;
  for (int k = 0; k < 3; ++k) {
    const Argument* a = find_argument(s, components[k]);
    c[k] = a ? "(" + a->expression + ")" : "0";
    if (a) used.push_back(a);
    any |= a != nullptr;
  }
  return any ? along_axes(c[0], c[1], c[2], rm) : "";
}

}  // namespace

std::variant<ForceElement, Diagnostic> read_vector_force(const Statement& s, ForceElement e,
                                                         const kinematics::Model& model,
                                                         const std::vector<UnplacedMarker>& markers, long j_part_marker) {
  if (const Argument* f = find_argument(s, "FUNCTION"))
    return Diagnostic{Severity::info, Code::user_subroutine, f->span,
                      element_label(s) + " is computed by a user subroutine; not evaluated"};
  long rm = 0;
  if (const Argument* a = find_argument(s, "RM")) {
    auto id = a->values.size() == 1 ? integer(a->values[0]) : std::nullopt;
    if (!id) return force_error(a->span, element_label(s) + " RM= takes one marker id", Code::argument);
    if (*id != 0)
      if (auto d = fixed_marker(s, "RM", *id, model, markers)) return *d;
    rm = *id;
  } else {
    return force_error(s.name_span, element_label(s) + " needs RM=", Code::missing_argument);
  }
  static const char* const kForces[3] = {"FX", "FY", "FZ"};
  static const char* const kTorques[3] = {"TX", "TY", "TZ"};
  if (s.name != "VTORQUE") e.force_i = load_vector(s, "FXYZ", kForces, rm, e.expressions);
  if (s.name != "VFORCE") e.torque_i = load_vector(s, "TXYZ", kTorques, rm, e.expressions);
  if (e.force_i.empty() && e.torque_i.empty())
    return force_error(s.name_span, element_label(s) + " gives no component of its load", Code::missing_argument);
  if (!e.force_i.empty()) e.force_j = "-" + e.force_i;
  if (!e.torque_i.empty()) e.torque_j = "-" + e.torque_i;
  // The reaction acts at the point of the JFLOAT part that is at I.
  std::string m = std::to_string(j_part_marker);
  set_load_power(e, "(VXYZ(" + m + ") + WXYZ(" + m + ")%DXYZ(" + std::to_string(e.i) + ", " + m + "))",
                       "WXYZ(" + m + ")");
  return e;
}

}  // namespace fexpr::dataset
