// The statements of the translated model: one per object, as Adams writes the dataset for it
// (PART QG= REULER= CM=, MARKER PART= QP= REULER=, SFORCE I= J= FUNCTION=, ...), each argument
// spanning the command-file text it comes from.
#include "dataset/view/names.hpp"
#include "dataset/view/translator.hpp"

#include "support/text.hpp"

#include <algorithm>

namespace fexpr::dataset::view {
namespace {

bool yes(const Parameter* p) {
  if (!p || p->items.empty()) return false;
  const std::string v = text::lower(p->items.front().text);
  return v == "yes" || v == "on" || v == "true";
}

const Parameter* parameter(const Object& o, std::string_view name) {
  auto it = o.parameters.find(std::string(name));
  return it == o.parameters.end() ? nullptr : it->second;
}

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

Dimension per_angle(int power) { return Dimension{0, power, 0, 0, 0}; }

}  // namespace

Statement& Translator::statement(const Object& o) {
  Statement s;
  s.name = o.type;
  s.name_span = o.made ? Span{o.made->words.front().span.begin, o.made->words.back().span.end} : o.name_span;
  s.id = o.id;
  s.id_span = o.id_span.end ? o.id_span : o.name_span;
  s.span = o.made ? o.made->span : o.name_span;
  s.recognised = true;
  out_.statements.push_back(std::move(s));
  NamedObject& named = out_.objects[o.key];
  named.name = o.name;
  named.type = o.type;
  named.id = o.id.value_or(0);
  named.span = o.name_span;
  return out_.statements.back();
}

void Translator::add_numbers(Statement& s, std::string_view keyword, const std::vector<double>& numbers, Span span) {
  Argument a;
  a.keyword = std::string(keyword);
  a.keyword_span = a.span = span;
  for (double v : numbers) a.values.push_back({span, number_text(v)});
  s.arguments.push_back(std::move(a));
}

void Translator::add_flag(Statement& s, std::string_view keyword, Span span) {
  Argument a;
  a.keyword = std::string(keyword);
  a.keyword_span = a.span = span;
  s.arguments.push_back(std::move(a));
}

void Translator::add_function(Statement& s, std::string_view keyword, const Parameter& p) {
  Argument a;
  a.keyword = std::string(keyword);
  a.keyword_span = p.name_span;
  a.span = p.span;
  a.is_expression = true;
  const std::string& text = source_.text();
  for (const Item& i : p.items) {
    if (i.kind != Item::Kind::string) {
      note(i.span, p.name + " is not written as strings (\"...\"); fexpr does not check it");
      return;
    }
  }
  if (p.items.empty()) return;
  // The pieces joined as Adams View joins them, each character at its place in the file: what
  // lies between two strings (the quotes, ',', '&', a line break) becomes blanks.
  const Item& first = p.items.front();
  const Item& last = p.items.back();
  const std::uint32_t begin = first.content_begin, end = last.span.end - 1;
  a.expression_span = {begin, std::max(begin, end)};
  a.expression.assign(a.expression_span.end - begin, ' ');
  for (std::size_t k = 0; k < p.items.size(); ++k) {
    const Item& i = p.items[k];
    for (std::uint32_t at = i.content_begin; at + 1 < i.span.end; ++at) {
      if (text[at] == '\\' && i.escaped) {
        ++at;
      }
      if (at + 1 < i.span.end) a.expression[at - begin] = text[at];
    }
    if (k + 1 < p.items.size()) {
      const Item& next = p.items[k + 1];
      const char before = i.span.end >= 2 && i.span.end - 1 > i.content_begin ? text[i.span.end - 2] : ' ';
      const char after = next.content_begin < next.span.end - 1 ? text[next.content_begin] : ' ';
      if (word_char(before) && word_char(after)) {
        note({i.span.end - 2, next.content_begin + 1},
             p.name + " is split inside a name or number between two strings; fexpr does not check it");
        return;
      }
    }
  }
  if (a.expression.find_first_not_of(' ') == std::string::npos) {
    warning(p.span, p.name + " is empty: the element has no function", Code::missing_argument);
  }
  s.arguments.push_back(std::move(a));
}

bool Translator::add_reference(Statement& s, std::string_view keyword, const Object& o, std::string_view name,
                               std::string_view type) {
  const Parameter* p = parameter(o, name);
  if (!p || p->items.empty()) return true;
  const Item& item = p->items.front();
  std::string written = item.text;
  // A name built by an expression ("part" // "_B.cm").
  if (item.kind == Item::Kind::expression) {
    auto v = evaluate(item.text, item.span.begin, *this, Frame{}, kNone);
    const auto* d = std::get_if<DesignValue>(&v);
    if (!d || (d->kind != DesignValue::Kind::text && d->kind != DesignValue::Kind::object)) {
      note(item.span, o.name + ": fexpr does not evaluate the object " + p->name + " names");
      s.not_interpreted = p->name + " names an object fexpr does not evaluate";
      return false;
    }
    written = d->text;
  }
  const Object* target = find(written);
  if (!target) {
    Item named = item;
    named.text = written;
    unknown_name(named, text::lower(type));
    s.not_interpreted = std::string(name) + " names an object fexpr does not know";
    return false;
  }
  if (target->type != type) {
    error(item.span, std::string(name) + " names " + target->name + ", a " + text::lower(target->type) + ", not a " +
                         text::lower(type),
          Code::argument);
    return false;
  }
  Argument a;
  a.keyword = std::string(keyword);
  a.keyword_span = p->name_span;
  a.span = p->span;
  a.values.push_back({item.span, target->id ? std::to_string(*target->id) : std::string("0")});
  s.arguments.push_back(std::move(a));
  return true;
}

std::optional<std::vector<double>> Translator::numbers(const Object& o, const Parameter& p, Dimension plain) {
  std::vector<double> out;
  const double scale = plain.angle == 0 ? 1.0 : std::pow(units_.angle, plain.angle);
  for (const Item& i : p.items) {
    if (i.kind == Item::Kind::expression) {
      auto v = evaluate(i.text, i.span.begin, *this, Frame{}, plain.angle == 1 ? kAngle : plain == kLength ? kLength : kNone);
      if (auto* f = std::get_if<DesignFailure>(&v)) {
        if (f->certain) error(f->span, f->message, Code::syntax);
        note(i.span, o.name + ": " + p.name + " is not interpreted: " + f->message);
        return std::nullopt;
      }
      const DesignValue& d = std::get<DesignValue>(v);
      for (double x : d.numbers) out.push_back(d.dimension == kNone ? x * scale : x);
      continue;
    }
    auto q = quantity(i.text, units_);
    if (!q) {
      note(i.span, o.name + ": " + p.name + " '" + i.text + "' is not a number fexpr reads; it is not interpreted");
      return std::nullopt;
    }
    out.push_back(q->has_unit ? q->value : q->value * scale);
  }
  return out;
}

void Translator::add_parameter_numbers(Statement& s, const Object& o, std::string_view name, std::string_view keyword,
                                       Dimension plain) {
  const Parameter* p = parameter(o, name);
  if (!p) return;
  auto v = numbers(o, *p, plain);
  if (!v) {
    s.not_interpreted = p->name + " could not be read";
    return;
  }
  Argument a;
  a.keyword = std::string(keyword);
  a.keyword_span = p->name_span;
  a.span = p->span;
  for (std::size_t k = 0; k < v->size(); ++k) {
    const Span span = k < p->items.size() ? p->items[k].span : p->span;
    a.values.push_back({span, number_text((*v)[k])});
  }
  s.arguments.push_back(std::move(a));
}

void Translator::assign_ids() {
  // A measure of an object becomes a VARIABLE, as Adams writes it.
  const auto space = [](const Object& o) { return o.type == "MEASURE" ? std::string("VARIABLE") : o.type; };
  std::map<std::string, std::set<long>> used;
  for (const std::string& key : order_) {
    const Object& o = objects_.at(key);
    if (o.id) used[space(o)].insert(*o.id);
  }
  for (const std::string& key : order_) {
    Object& o = objects_.at(key);
    if (o.id || o.type == "POINT") continue;
    std::set<long>& ids = used[space(o)];
    long next = 1;
    while (ids.count(next)) ++next;
    o.id = next;
    ids.insert(next);
  }
}

void Translator::emit() {
  assign_ids();
  for (const std::string& key : order_) {
    const Object& o = objects_.at(key);
    if (o.type == "PART") {
      emit_part(o);
    } else if (o.type == "MARKER") {
      emit_marker(o);
    } else if (o.type == "MEASURE") {
      emit_measure(o);
    } else if (o.type != "POINT") {
      emit_element(o);
    }
  }
}

void Translator::emit_measure(const Object& o) {
  std::string why;
  const std::string function = measure_function(o, why);
  if (function.empty()) {
    NamedObject& named = out_.objects[o.key];
    named.name = o.name;
    named.type = "MEASURE";
    named.span = o.name_span;
    named.as_value = true;
    named.not_interpreted = "measure " + o.name + " is not interpreted: " + why;
    return;
  }
  Object as_variable = o;
  as_variable.type = "VARIABLE";
  Statement& s = statement(as_variable);
  Argument a;
  a.keyword = "FUNCTION";
  a.keyword_span = a.span = o.name_span;
  a.is_expression = true;
  a.synthesized = true;
  a.expression = function;
  s.arguments.push_back(std::move(a));
  out_.objects[o.key].as_value = true;
}

// The function Adams writes for a measure of an object (as a VARIABLE of the dataset): a
// part's center of mass measured from ground, an element's force on its first or second
// object; empty, with why, for what fexpr has no function for.
std::string Translator::measure_function(const Object& o, std::string& why) {
  const auto text_of = [&](std::string_view name) {
    const Parameter* p = parameter(o, name);
    return p && !p->items.empty() ? text::lower(p->items.front().text) : std::string();
  };
  const std::string characteristic = text_of("characteristic"), component = text_of("component");
  const Parameter* object = parameter(o, "object");
  if (o.subtype != "object" || !object || object->items.empty()) {
    why = "fexpr reads measures of an object (measure create object) only";
    return {};
  }
  const Object* target = find(object->items.front().text);
  if (!target || !target->id) {
    why = "it measures " + object->items.front().text + ", which fexpr does not interpret";
    return {};
  }
  std::string rm = "0";
  if (const Parameter* frame = parameter(o, "coordinate_rframe"); frame && !frame->items.empty()) {
    const Object* marker = find(frame->items.front().text);
    if (!marker || marker->type != "MARKER" || !marker->id) {
      why = "its coordinate_rframe is not a marker fexpr knows";
      return {};
    }
    rm = std::to_string(*marker->id);
  }
  const int axis = component == "x_component" ? 0 : component == "y_component" ? 1 : component == "z_component" ? 2
                   : component == "mag_component" ? 3 : -1;
  if (axis < 0) {
    why = "component " + component + " is not one fexpr reads";
    return {};
  }
  if (target->type == "PART") {
    const Object* cm = nullptr;
    if (const Parameter* c = parameter(*target, "center_of_mass_marker"); c && !c->items.empty()) cm = find(c->items.front().text);
    if (!cm) {
      auto it = objects_.find(target->key + ".cm");
      if (it != objects_.end()) cm = &it->second;
    }
    if (!cm || !cm->id) {
      why = "fexpr does not know the center of mass of " + target->name;
      return {};
    }
    const std::string i = std::to_string(*cm->id);
    static const char* const kAxes[] = {"X", "Y", "Z", "M"};
    const std::string x = kAxes[axis];
    if (characteristic == "cm_position") return axis == 3 ? "DM(" + i + ",0)" : "D" + x + "(" + i + ",0," + rm + ")";
    if (characteristic == "cm_velocity") return axis == 3 ? "VM(" + i + ",0,0)" : "V" + x + "(" + i + ",0," + rm + ",0)";
    if (characteristic == "cm_acceleration")
      return axis == 3 ? "ACCM(" + i + ",0,0)" : "ACC" + x + "(" + i + ",0," + rm + ",0)";
    if (characteristic == "cm_angular_velocity") return axis == 3 ? "WM(" + i + ",0)" : "W" + x + "(" + i + ",0," + rm + ")";
    if (characteristic == "cm_angular_acceleration")
      return axis == 3 ? "WDTM(" + i + ",0,0)" : "WDT" + x + "(" + i + ",0," + rm + ",0)";
    if (characteristic == "ax_ay_az_projection_angles" && axis < 3) return "A" + x + "(" + i + ",0)";
    why = "characteristic " + characteristic + " of a part is not one fexpr has a function for";
    return {};
  }
  // An element's force or torque on its first object (from_first = yes) or its second.
  static const std::pair<std::string_view, std::string_view> kElements[] = {
      {"SFORCE", "SFORCE"}, {"BUSHING", "BUSH"}, {"SPRINGDAMPER", "SPDP"}, {"VFORCE", "VFORCE"},
      {"VTORQUE", "VTORQ"}, {"GFORCE", "GFORCE"}, {"BEAM", "BEAM"},        {"FIELD", "FIELD"},
      {"JOINT", "JOINT"},   {"MOTION", "MOTION"}};
  for (const auto& [type, function] : kElements) {
    if (target->type != type) continue;
    const bool torque = characteristic == "element_torque";
    if (!torque && characteristic != "element_force") break;
    const int comp = (torque ? 5 : 1) + (axis == 3 ? 0 : axis + 1);
    const std::string jflag = text_of("from_first") == "no" ? "1" : "0";
    return std::string(function) + "(" + std::to_string(*target->id) + "," + jflag + "," + std::to_string(comp) + "," +
           rm + ")";
  }
  why = "characteristic " + characteristic + " of a " + text::lower(target->type) + " is not one fexpr has a function for";
  return {};
}

void Translator::emit_part(const Object& o) {
  Statement& s = statement(o);
  // A file may make several models; fexpr reads them as one, whose ground is the first's.
  if (o.ground && o.key == out_.models.front() + ".ground") {
    add_flag(s, "GROUND", o.name_span);
    return;
  }
  if (o.ground) {
    note(o.name_span, "the file makes more than one model; fexpr reads them as one, and the ground of " +
                          o.name.substr(0, o.name.size() - 7) + " as a part at rest where the first model's ground is");
  }
  if (!o.unplaced.empty()) {
    s.not_interpreted = "the place of " + o.name + " is not known: " + o.unplaced;
    unplaced_parts_.insert(o.key);
    return;
  }
  const Span where = o.location_span.end ? o.location_span : o.name_span;
  add_numbers(s, "QG", {o.local.origin.x(), o.local.origin.y(), o.local.origin.z()}, where);
  const Eigen::Vector3d e = body313(o.local.axes);
  add_numbers(s, "REULER", {e.x(), e.y(), e.z()}, o.orientation_span.end ? o.orientation_span : where);
  if (const Parameter* cm = parameter(o, "center_of_mass_marker"); cm && !cm->items.empty()) {
    // The center of mass matters here only for the initial velocities, which are about it.
    const bool moving = parameter(o, "vx") || parameter(o, "vy") || parameter(o, "vz") || parameter(o, "wx") ||
                        parameter(o, "wy") || parameter(o, "wz");
    std::string kept = s.not_interpreted;
    if (!add_reference(s, "CM", o, "center_of_mass_marker", "MARKER") && !moving) s.not_interpreted = kept;
  } else if (auto it = objects_.find(o.key + ".cm"); it != objects_.end() && it->second.type == "MARKER") {
    add_numbers(s, "CM", {static_cast<double>(it->second.id.value_or(0))}, o.name_span);
    s.arguments.back().values.back().text = std::to_string(it->second.id.value_or(0));
  }
  // Angular velocities are in the model's angle unit per time; the dataset's in radians.
  for (const auto& [view, keyword, angular] :
       {std::tuple{"vx", "VX", false}, {"vy", "VY", false}, {"vz", "VZ", false}, {"wx", "WX", true},
        {"wy", "WY", true}, {"wz", "WZ", true}}) {
    add_parameter_numbers(s, o, view, keyword, angular ? per_angle(1) : kNone);
  }
  if (!s.not_interpreted.empty()) unplaced_parts_.insert(o.key);
  if (parameter(o, "vm") || parameter(o, "wm")) {
    note(s.span, o.name + ": initial velocities about a velocity marker (vm, wm) are read in ground; fexpr does not "
                          "turn them into that marker's axes");
  }
}

void Translator::emit_marker(const Object& o) {
  Statement& s = statement(o);
  auto part = objects_.find(o.parent);
  if (part == objects_.end() || !part->second.id) {
    s.not_interpreted = "the part of " + o.name + " is not known";
    return;
  }
  add_numbers(s, "PART", {static_cast<double>(*part->second.id)}, o.name_span);
  s.arguments.back().values.back().text = std::to_string(*part->second.id);
  if (o.subtype == "floating") {
    add_flag(s, "FLOATING", o.name_span);
    return;
  }
  if (!o.unplaced.empty() || !part->second.unplaced.empty()) {
    s.not_interpreted = "the place of " + o.name + " is not known: " + (o.unplaced.empty() ? part->second.unplaced : o.unplaced);
    return;
  }
  if (unplaced_parts_.count(o.parent)) {
    s.not_interpreted = "fexpr does not interpret its part, " + part->second.name;
    return;
  }
  const Span where = o.location_span.end ? o.location_span : o.name_span;
  add_numbers(s, "QP", {o.local.origin.x(), o.local.origin.y(), o.local.origin.z()}, where);
  const Eigen::Vector3d e = body313(o.local.axes);
  add_numbers(s, "REULER", {e.x(), e.y(), e.z()}, o.orientation_span.end ? o.orientation_span : where);
}

void Translator::emit_element(const Object& o) {
  Statement& s = statement(o);
  const auto function = [&](std::string_view view, std::string_view keyword) {
    if (const Parameter* p = parameter(o, view)) add_function(s, keyword, *p);
  };
  const auto user = [&]() {
    if (const Parameter* p = parameter(o, "user_function")) {
      out_.diagnostics.push_back({Severity::info, Code::user_subroutine, p->span,
                                  o.name + " calls a user subroutine (user_function); not evaluated"});
      s.not_interpreted = "it calls a user subroutine";
      return true;
    }
    return false;
  };
  const auto marker = [&](std::string_view view, std::string_view keyword) {
    add_reference(s, keyword, o, view, "MARKER");
  };
  const Span at = o.name_span;
  if (o.type == "JOINT") {
    if (o.subtype.starts_with('?')) {
      s.not_interpreted = "joint type '" + o.subtype.substr(1) + "' is not one fexpr knows";
    } else {
      add_flag(s, o.subtype, at);
    }
    marker("i_marker_name", "I");
    marker("j_marker_name", "J");
  } else if (o.type == "MOTION") {
    if (parameter(o, "joint_name")) {
      add_reference(s, "JOINT", o, "joint_name", "JOINT");
    } else {
      marker("i_marker_name", "I");
      marker("j_marker_name", "J");
      if (const Parameter* axis = parameter(o, "axis"); axis && !axis->items.empty())
        add_flag(s, text::upper(axis->items.front().text), axis->span);
    }
    if (const Parameter* freedom = parameter(o, "type_of_freedom"); freedom && !freedom->items.empty()) {
      const std::string v = text::lower(freedom->items.front().text);
      if (v.starts_with("trans")) add_flag(s, "TRANSLATIONAL", freedom->span);
      if (v.starts_with("rot")) add_flag(s, "ROTATIONAL", freedom->span);
    }
    if (const Parameter* d = parameter(o, "time_derivative"); d && !d->items.empty())
      add_flag(s, text::upper(d->items.front().text), d->span);
    if (!user()) function("function", "FUNCTION");
  } else if (o.type == "SFORCE") {
    marker("i_marker_name", "I");
    marker("j_marker_name", "J");
    if (const Parameter* freedom = parameter(o, "type_of_freedom"); freedom && !freedom->items.empty()) {
      const std::string v = text::lower(freedom->items.front().text);
      add_flag(s, v.starts_with("rot") ? "ROTATIONAL" : "TRANSLATIONAL", freedom->span);
    }
    if (yes(parameter(o, "action_only"))) add_flag(s, "ACTIONONLY", parameter(o, "action_only")->span);
    if (!user()) function("function", "FUNCTION");
  } else if (o.type == "VFORCE" || o.type == "VTORQUE" || o.type == "GFORCE") {
    marker("i_marker_name", "I");
    marker("j_floating_marker_name", "JFLOAT");
    marker("ref_marker_name", "RM");
    if (!user()) {
      function("x_force_function", "FX");
      function("y_force_function", "FY");
      function("z_force_function", "FZ");
      function("x_torque_function", "TX");
      function("y_torque_function", "TY");
      function("z_torque_function", "TZ");
    }
  } else if (o.type == "BUSHING") {
    marker("i_marker_name", "I");
    marker("j_marker_name", "J");
    add_parameter_numbers(s, o, "stiffness", "K");
    add_parameter_numbers(s, o, "damping", "C");
    add_parameter_numbers(s, o, "tstiffness", "KT", per_angle(-1));
    add_parameter_numbers(s, o, "tdamping", "CT", per_angle(-1));
    add_parameter_numbers(s, o, "force_preload", "FORCE");
    add_parameter_numbers(s, o, "torque_preload", "TORQUE");
  } else if (o.type == "SPRINGDAMPER") {
    marker("i_marker_name", "I");
    marker("j_marker_name", "J");
    add_flag(s, o.subtype, at);
    if (o.subtype == "ROTATIONAL") {
      add_parameter_numbers(s, o, "stiffness", "KT", per_angle(-1));
      add_parameter_numbers(s, o, "damping", "CT", per_angle(-1));
      add_parameter_numbers(s, o, "preload", "TORQUE");
      add_parameter_numbers(s, o, "displacement_at_preload", "ANGLE", per_angle(1));
    } else {
      add_parameter_numbers(s, o, "stiffness", "K");
      add_parameter_numbers(s, o, "damping", "C");
      add_parameter_numbers(s, o, "preload", "FORCE");
      add_parameter_numbers(s, o, "displacement_at_preload", "LENGTH", kLength);
    }
  } else if (o.type == "BEAM") {
    marker("i_marker_name", "I");
    marker("j_marker_name", "J");
    for (const auto& [view, keyword] :
         {std::pair{"length", "LENGTH"}, {"area_of_cross_section", "AREA"}, {"ixx", "IXX"}, {"iyy", "IYY"},
          {"izz", "IZZ"}, {"y_shear_area_ratio", "ASY"}, {"z_shear_area_ratio", "ASZ"}, {"youngs_modulus", "EMODULUS"},
          {"shear_modulus", "GMODULUS"}, {"damping_ratio", "CRATIO"}, {"matrix_of_damping_terms", "CMATRIX"}}) {
      add_parameter_numbers(s, o, view, keyword);
    }
    // The non-linear beams (string, nonlinear) are not the linear one fexpr evaluates: dropping
    // the word would give the linear beam's load for them.
    if (const Parameter* f = parameter(o, "formulation"); f && !f->items.empty()) {
      Argument a;
      a.keyword = "FORMULATION";
      a.keyword_span = f->name_span;
      a.span = f->span;
      a.values.push_back({f->items.front().span, text::upper(f->items.front().text)});
      s.arguments.push_back(std::move(a));
    }
  } else if (o.type == "FIELD") {
    marker("i_marker_name", "I");
    marker("j_marker_name", "J");
    if (parameter(o, "user_function")) {
      user();
    } else {
      add_parameter_numbers(s, o, "stiffness_matrix", "KMATRIX");
      add_parameter_numbers(s, o, "damping_ratio", "CRATIO");
      add_parameter_numbers(s, o, "matrix_of_damping_terms", "CMATRIX");
      if (parameter(o, "translation_at_preload") || parameter(o, "rotation_at_preload") ||
          parameter(o, "force_preload") || parameter(o, "torque_preload"))
        s.not_interpreted = "its preload is not read";
    }
  } else if (o.type == "VARIABLE") {
    if (!user()) function("function", "FUNCTION");
    add_parameter_numbers(s, o, "initial_condition", "IC");
    if (o.kind == Action::measure_function) out_.objects[o.key].as_value = true;
  } else if (o.type == "DIFF") {
    if (!user()) function("function", "FUNCTION");
    add_parameter_numbers(s, o, "initial_condition", "IC");
    if (yes(parameter(o, "implicit"))) add_flag(s, "IMPLICIT", parameter(o, "implicit")->span);
    if (yes(parameter(o, "static_hold"))) add_flag(s, "STATIC_HOLD", parameter(o, "static_hold")->span);
  } else if (o.type == "ARRAY") {
    if (o.subtype == "ic_array") add_flag(s, "IC", at);
    if (o.subtype == "x_state_array") add_flag(s, "X", at);
    if (o.subtype == "y_output_array") add_flag(s, "Y", at);
    if (o.subtype == "u_input_array") add_flag(s, "U", at);
    add_parameter_numbers(s, o, "size", "SIZE");
    add_parameter_numbers(s, o, "numbers", "NUMBERS");
  } else if (o.type == "SPLINE") {
    add_parameter_numbers(s, o, "x", "X");
    add_parameter_numbers(s, o, "y", "Y");
    if (parameter(o, "z")) s.not_interpreted = "it is a surface (z=), which fexpr does not read";
    if (parameter(o, "file_name")) s.not_interpreted = "its points are in a file";
    if (yes(parameter(o, "linear_extrapolate"))) add_flag(s, "LINEAR_EXTRAPOLATE", parameter(o, "linear_extrapolate")->span);
  }
  // The variables a plant input or output and an input array list, as VARIABLES= ids.
  if (o.type == "PINPUT" || o.type == "POUTPUT" || (o.type == "ARRAY" && o.subtype == "u_input_array")) {
    if (const Parameter* p = parameter(o, "variable_name")) {
      Argument a;
      a.keyword = "VARIABLES";
      a.keyword_span = p->name_span;
      a.span = p->span;
      for (const Item& item : p->items) {
        const Object* v = find(item.text);
        if (!v) {
          unknown_name(item, "variable");
          continue;
        }
        if (v->type != "VARIABLE") {
          error(item.span, item.text + " is a " + text::lower(v->type) + ", not a variable", Code::argument);
          continue;
        }
        a.values.push_back({item.span, std::to_string(v->id.value_or(0))});
      }
      s.arguments.push_back(std::move(a));
    }
  }
}

}  // namespace fexpr::dataset::view
