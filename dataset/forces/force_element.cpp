#include "dataset/forces/force_element.hpp"

#include "dataset/forces/jfloat_hint.hpp"
#include "dataset/forces/parameters.hpp"
#include "dataset/values.hpp"

#include <algorithm>

namespace fexpr::dataset {

const std::string& ForceElement::load(int which) const {
  switch (which) {
    case 0: return force_i;
    case 1: return torque_i;
    case 2: return force_j;
    default: return torque_j;
  }
}

bool is_force_element(std::string_view statement) {
  return std::any_of(kForceStatements.begin(), kForceStatements.end(),
                     [&](const ForceStatement& f) { return f.statement == statement; });
}

std::vector<UnplacedMarker> unplaced_markers(const Dataset& dataset) {
  std::vector<UnplacedMarker> out;
  for (const Statement& s : dataset.statements) {
    if (s.name != "MARKER" || !s.id) continue;
    if (find_argument(s, "FE_PART") || find_argument(s, "FLEX_BODY") || find_argument(s, "POINT_MASS")) {
      out.push_back({*s.id, 0});
      continue;
    }
    const Argument* part = find_argument(s, "PART");
    if (!find_argument(s, "FLOATING") || !part || part->values.size() != 1) continue;
    if (auto p = integer(part->values[0])) out.push_back({*s.id, *p});
  }
  return out;
}

namespace {

std::variant<long, Diagnostic> marker(const Statement& s, std::string_view keyword) {
  const Argument* a = find_argument(s, keyword);
  std::string name(keyword);
  if (!a) {
    auto hint = missing_argument_hint(s, keyword);
    return force_error(hint ? hint->span : s.name_span, element_label(s) + " needs " + name + "=" + (hint ? hint->text : ""),
                       Code::missing_argument);
  }
  if (a->values.size() != 1 || !integer(a->values[0]))
    return force_error(a->span, element_label(s) + " " + name + "= takes one marker id", Code::argument);
  return *integer(a->values[0]);
}

const UnplacedMarker* unplaced(long id, const std::vector<UnplacedMarker>& markers) {
  auto m = std::find_if(markers.begin(), markers.end(), [&](const UnplacedMarker& u) { return u.id == id; });
  return m == markers.end() ? nullptr : &*m;
}

// A marker the dataset defines off the rigid parts is no error of the element's: Adams applies
// forces there, fexpr cannot follow its motion, so the element is noted as not evaluated.
Diagnostic not_on_rigid_part(const Statement& s, std::string_view keyword, const UnplacedMarker& m) {
  const Argument* a = find_argument(s, keyword);
  return Diagnostic{Severity::info, Code::not_interpreted, a->values[0].span,
                    element_label(s) + " " + std::string(keyword) + "=" + std::to_string(m.id) + ": marker " + std::to_string(m.id) +
                        (m.part == 0 ? " is on a flexible body or point mass" : " is a floating marker") +
                        ", whose motion fexpr does not know; not evaluated"};
}

}  // namespace

std::optional<Diagnostic> fixed_marker(const Statement& s, std::string_view keyword, long id,
                                       const kinematics::Model& model, const std::vector<UnplacedMarker>& markers) {
  if (model.find_marker(id) >= 0) return std::nullopt;
  if (const UnplacedMarker* m = unplaced(id, markers)) return not_on_rigid_part(s, keyword, *m);
  const Argument* a = find_argument(s, keyword);
  return force_error(a->values[0].span,
                     element_label(s) + " " + std::string(keyword) + "=" + std::to_string(id) +
                         ": marker " + std::to_string(id) + " is not defined on a rigid part",
                     Code::reference);
}

namespace {

// A fixed marker of the part that floating marker jfloat is on: the reaction acts on that part
// where I is, and the part's motion is read through it. Adams asks for a floating marker; a
// fixed one (as some translated datasets give) names its part as clearly, so it is taken.
std::variant<long, Diagnostic> floating_part_marker(const Statement& s, long jfloat, const kinematics::Model& model,
                                                    const std::vector<UnplacedMarker>& floating) {
  if (model.find_marker(jfloat) >= 0) return jfloat;
  const Argument* a = find_argument(s, "JFLOAT");
  const UnplacedMarker* f = unplaced(jfloat, floating);
  if (f && f->part == 0) return not_on_rigid_part(s, "JFLOAT", *f);
  if (!f)
    return force_error(a->values[0].span,
                       element_label(s) + " JFLOAT=" + std::to_string(jfloat) + ": marker " + std::to_string(jfloat) +
                           " is not defined",
                       Code::reference);
  int part = model.find_part(f->part);
  auto on_part = part < 0 ? std::vector<long>{} : model.markers_on_part(part);
  auto fixed = std::find_if(on_part.begin(), on_part.end(), [](long m) { return m > 0; });
  if (fixed == on_part.end())
    return force_error(a->values[0].span,
                       element_label(s) + " JFLOAT=" + std::to_string(jfloat) + " is on PART/" + std::to_string(f->part) +
                           ", which has no fixed marker to read its motion from",
                       Code::reference);
  return *fixed;
}

std::variant<ForceElement, Diagnostic> read_element(const Statement& s, const kinematics::Model& model,
                                                   const std::vector<UnplacedMarker>& floating) {
  ForceElement e;
  e.type = s.name;
  e.id = s.id.value_or(0);
  auto i = marker(s, "I");
  if (auto* d = std::get_if<Diagnostic>(&i)) return *d;
  e.i = std::get<long>(i);
  if (auto d = fixed_marker(s, "I", e.i, model, floating)) return *d;
  bool floating_j = s.name == "VFORCE" || s.name == "VTORQUE" || s.name == "GFORCE";
  auto j = marker(s, floating_j ? "JFLOAT" : "J");
  if (auto* d = std::get_if<Diagnostic>(&j)) return *d;
  e.j = std::get<long>(j);
  if (!floating_j) {
    if (auto d = fixed_marker(s, "J", e.j, model, floating)) return *d;
    if (s.name == "SPRINGDAMPER") return read_springdamper(s, std::move(e));
    if (s.name == "FIELD") return read_field(s, std::move(e));
    if (s.name == "BEAM") return read_beam(s, std::move(e));
    return read_bushing(s, std::move(e));
  }
  auto on_j_part = floating_part_marker(s, e.j, model, floating);
  if (auto* d = std::get_if<Diagnostic>(&on_j_part)) return *d;
  return read_vector_force(s, std::move(e), model, floating, std::get<long>(on_j_part));
}

}  // namespace

std::variant<ForceElement, Diagnostic> read_force_element(const Statement& s, const kinematics::Model& model,
                                                          const std::vector<UnplacedMarker>& floating, bool texts) {
  auto read = read_element(s, model, floating);
  if (auto* e = std::get_if<ForceElement>(&read); e && texts && e->linear) write_linear_loads(*e);
  return read;
}

std::string force_component(const ForceElement& e, int jflag, int comp, long rm) {
  if (component_from_law(e, comp, rm)) return linear_component_along_j(e, jflag, comp);
  const std::string& v = e.load(jflag * 2 + (comp >= 5 ? 1 : 0));
  if (v.empty()) return "0";
  return vector_component(v, (comp - 1) % 4, rm);
}

std::string vector_component(const std::string& v, int axis, long rm) {
  if (axis == 0) return "MAG(" + v + ")";
  static const char* unit[] = {"", "[1, 0, 0]", "[0, 1, 0]", "[0, 0, 1]"};
  static const char* uv[] = {"", "UVX(", "UVY(", "UVZ("};
  return "(" + v + ")*" + (rm == 0 ? std::string(unit[axis]) : uv[axis] + std::to_string(rm) + ")");
}

void set_load_power(ForceElement& e, const std::string& v_j, const std::string& w_j) {
  std::string si = std::to_string(e.i), p;
  auto add = [&](const std::string& load, const std::string& rate) {
    if (load.empty()) return;
    p += (p.empty() ? "" : " + ") + ("(" + load + ")*" + rate);
  };
  add(e.force_i, "VXYZ(" + si + ")");
  add(e.torque_i, "WXYZ(" + si + ")");
  add(e.force_j, v_j);
  add(e.torque_j, w_j);
  e.power = p.empty() ? "0" : p;
  e.power_reads_loads = true;
}

}  // namespace fexpr::dataset
