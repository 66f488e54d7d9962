// Parts, markers, floating markers and points: where each is. Adams View keeps a part's frame in
// ground and a marker's in its part, and takes a command's location and orientation in its
// relative_to object's frame, or else in the default coordinate system; so does the translator.
#include "dataset/view/translator.hpp"

#include "support/text.hpp"

#include <cmath>

namespace fexpr::dataset::view {
namespace {

// The key of the object a full name's last component is in (".m.part_2" for ".m.part_2.mk").
std::string parent_key(const std::string& key) {
  const std::size_t dot = key.rfind('.');
  return dot == std::string::npos || dot == 0 ? std::string() : key.substr(0, dot);
}

std::optional<long> integer_of(const Item& item) {
  if (item.kind != Item::Kind::bare || item.text.empty()) return std::nullopt;
  long out = 0;
  std::size_t used = 0;
  try {
    out = std::stol(item.text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (used != item.text.size() || out <= 0) return std::nullopt;
  return out;
}

}  // namespace

std::optional<Frame> Translator::frame_of(const Object& o) const {
  if (!o.unplaced.empty()) return std::nullopt;
  if (o.type == "PART") return o.local;
  auto part = objects_.find(o.parent);
  // A point may be in the model itself, whose frame is ground's.
  if (part == objects_.end()) return o.type == "POINT" ? std::optional<Frame>(o.local) : std::nullopt;
  auto parent = frame_of(part->second);
  if (!parent) return std::nullopt;
  return o.subtype == "floating" ? *parent : parent->compose(o.local);
}

std::optional<Frame> Translator::frame(std::string_view name) const {
  const std::string key = key_of(name);
  if (key == "ground" || key == model_ || std::find(out_.models.begin(), out_.models.end(), key) != out_.models.end())
    return Frame{};
  const Object* o = find(name);
  if (!o) return std::nullopt;
  return frame_of(*o);
}

std::optional<Frame> Translator::reference_frame(const std::map<std::string, const Parameter*>& p) {
  auto relative = p.find("relative_to");
  if (relative != p.end() && !relative->second->items.empty()) {
    const Item& item = relative->second->items.front();
    if (auto f = frame(item.text)) return f;
    if (!find(item.text)) unknown_name(item, "coordinate system");
    return std::nullopt;
  }
  if (coordinate_system_.empty()) return Frame{};
  auto it = objects_.find(coordinate_system_);
  return it == objects_.end() ? std::nullopt : frame_of(it->second);
}

// A location's and an orientation's three numbers, as written or from one design expression;
// only the words of their messages and the angle unit of plain numbers differ.
struct TripleWords {
  Dimension dimension;
  const char* whole;  // what an expression giving the three is ("a location")
  const char* three;  // what three items are ("three numbers (x, y, z)")
  const char* one;    // what each item is ("number")
  const char* kind;   // the dimension's name ("length")
};
constexpr TripleWords kLocationWords{kLength, "a location", "three numbers (x, y, z)", "number", "length"};
constexpr TripleWords kAngleWords{kAngle, "three angles", "three angles", "angle", "angle"};

std::optional<Eigen::Vector3d> Translator::triple(const Parameter& p, const Frame& context, const TripleWords& w,
                                                  std::string& why, bool* body313) {
  Eigen::Vector3d out;
  const auto failed = [&](const DesignFailure& f) {
    if (f.certain) error(f.span, f.message, Code::syntax);
    why = f.message;
    return std::nullopt;
  };
  if (p.items.size() == 1 && p.items.front().kind == Item::Kind::expression) {
    const Item& item = p.items.front();
    auto v = evaluate(item.text, item.span.begin, *this, context, w.dimension);
    if (auto* f = std::get_if<DesignFailure>(&v)) return failed(*f);
    const DesignValue& d = std::get<DesignValue>(v);
    if (d.numbers.size() != 3) {
      why = "the expression gives " + std::to_string(d.numbers.size()) + " numbers, not " + w.whole;
      return std::nullopt;
    }
    if (body313) *body313 = d.body313;
    return Eigen::Vector3d(d.numbers[0], d.numbers[1], d.numbers[2]);
  }
  if (p.items.size() != 3) {
    error(p.span, p.name + " takes " + w.three + ", got " + std::to_string(p.items.size()));
    const std::string_view three = w.three;
    why = "it is not " + std::string(three.substr(0, three.find(" (")));
    return std::nullopt;
  }
  const std::string not_one = std::string(" is not ") + (w.one[0] == 'a' ? "an " : "a ") + w.one;
  for (int k = 0; k < 3; ++k) {
    const Item& item = p.items[static_cast<std::size_t>(k)];
    if (item.kind == Item::Kind::expression) {
      auto v = evaluate(item.text, item.span.begin, *this, context, w.dimension);
      if (auto* f = std::get_if<DesignFailure>(&v)) return failed(*f);
      const DesignValue& d = std::get<DesignValue>(v);
      if (d.numbers.size() != 1) {
        why = std::string("the expression is not one ") + w.one;
        return std::nullopt;
      }
      out[k] = d.numbers.front();
      continue;
    }
    auto q = quantity(item.text, units_);
    if (!q) {
      if (item.text.starts_with('$')) {
        why = "'" + item.text + "' is a macro parameter";
      } else {
        why = "'" + item.text + "'" + not_one;
        error(item.span, why, Code::argument);
      }
      return std::nullopt;
    }
    if (q->has_unit && !(q->dimension == w.dimension)) {
      why = "'" + item.text + "' is not " + (w.kind[0] == 'a' ? "an " : "a ") + w.kind;
      error(item.span, why, Code::argument);
      return std::nullopt;
    }
    // A plain angle is in the unit `defaults units` set; a plain length is in the model's.
    out[k] = q->has_unit || !(w.dimension == kAngle) ? q->value : q->value * units_.angle;
  }
  return out;
}

std::optional<Eigen::Vector3d> Translator::location(const Parameter& p, const Frame& context, std::string& why) {
  return triple(p, context, kLocationWords, why, nullptr);
}

std::optional<Eigen::Matrix3d> Translator::orientation(const Parameter& p, const Frame& context, std::string& why) {
  bool body = false;
  const auto angles = triple(p, context, kAngleWords, why, &body);
  if (!angles) return std::nullopt;
  if (body) return rotation(Sequence{{2, 0, 2}, true}, *angles);
  return rotation(sequence_, *angles);
}

void Translator::place(Object& o, const std::map<std::string, const Parameter*>& p, const Frame& parent,
                       bool creates) {
  auto loc = p.find("location");
  auto ori = p.find("orientation");
  auto along = p.find("along_axis_orientation");
  auto plane = p.find("in_plane_orientation");
  if (loc == p.end() && ori == p.end() && along == p.end() && plane == p.end() && !creates) return;
  const auto ref = reference_frame(p);
  if (!ref) {
    o.unplaced = "its reference frame is not known";
    return;
  }
  Frame g = parent.compose(o.local);
  std::string why;
  if (loc != p.end()) {
    auto l = location(*loc->second, *ref, why);
    if (!l) {
      o.unplaced = why;
      return;
    }
    g.origin = ref->to_ground(*l);
    o.location_span = loc->second->span;
  } else if (creates) {
    g.origin = ref->origin;
  }
  if (ori != p.end()) {
    auto r = orientation(*ori->second, *ref, why);
    if (!r) {
      o.unplaced = why;
      return;
    }
    g.axes = ref->axes * *r;
    o.orientation_span = ori->second->span;
  } else if (along != p.end() || plane != p.end()) {
    const Parameter& q = *(along != p.end() ? along : plane)->second;
    const bool is_plane = along == p.end();
    // One point (three numbers, or one expression) for an axis, two for a plane.
    const std::size_t each = q.items.size() == (is_plane ? 2u : 1u) ? 1 : 3;
    std::vector<Eigen::Vector3d> points;
    for (std::size_t first = 0; first + each <= q.items.size(); first += each) {
      Parameter one = q;
      one.items = q.items.subspan(first, each);
      auto point = location(one, *ref, why);
      if (!point) {
        o.unplaced = why;
        return;
      }
      points.push_back(ref->to_ground(*point));
    }
    const auto axes = is_plane ? (points.size() == 2 ? in_plane(g.origin, points[0], points[1]) : std::nullopt)
                               : (points.size() == 1 ? along_axis(g.origin, points[0]) : std::nullopt);
    if (!axes) {
      o.unplaced = std::string(is_plane ? "in_plane_orientation" : "along_axis_orientation") +
                   " does not define the axes (points at the origin or on one line)";
      return;
    }
    g.axes = *axes;
    o.orientation_span = q.span;
  } else if (creates) {
    g.axes = ref->axes;
  }
  o.local = g.relative_to(parent);
  o.unplaced.clear();
}

void Translator::part_position(const Command& c, const CommandSyntax& syntax) {
  const auto p = parameters(c, syntax);
  Object* o = object(c, p, "part_name", syntax, "PART");
  if (!o) return;
  if (o->parent.empty()) o->parent = parent_key(o->key);
  if (auto id = p.find("adams_id"); id != p.end() && !id->second->items.empty()) {
    if (auto v = integer_of(id->second->items.front())) {
      o->id = *v;
      o->id_span = id->second->items.front().span;
    } else {
      error(id->second->items.front().span, "adams_id takes a positive integer");
    }
  }
  if (p.count("new_part_name")) {
    not_interpreted(c, "renaming a part", "fexpr keeps the names an object is made with");
    unfollowed(c.span);
  }
  if (o->ground) return;
  place(*o, p, Frame{}, syntax.creates);
}

void Translator::part_mass(const Command& c, const CommandSyntax& syntax) {
  const auto p = parameters(c, syntax);
  Object* o = object(c, p, "part_name", syntax, "PART");
  if (!o) return;
  if (auto cm = p.find("center_of_mass_marker"); cm != p.end()) o->parameters["center_of_mass_marker"] = cm->second;
}

void Translator::part_velocity(const Command& c, const CommandSyntax& syntax) {
  const auto p = parameters(c, syntax);
  Object* o = object(c, p, "part_name", syntax, "PART");
  if (!o) return;
  for (const auto& [name, parameter] : p) {
    if (name != "part_name") o->parameters[name] = parameter;
  }
}

void Translator::marker(const Command& c, const CommandSyntax& syntax) {
  const auto p = parameters(c, syntax);
  Object* o = object(c, p, "marker_name", syntax, "MARKER");
  if (!o) return;
  if (o->parent.empty()) {
    o->parent = parent_key(o->key);
    auto part = objects_.find(o->parent);
    if (part == objects_.end() || part->second.type != "PART") {
      Item where{Item::Kind::bare, o->name_span, o->name.substr(0, o->name.rfind('.')), 0, false};
      unknown_name(where, "part");
      o->unplaced = "its part is not known";
      return;
    }
  }
  if (auto id = p.find("adams_id"); id != p.end() && !id->second->items.empty()) {
    if (auto v = integer_of(id->second->items.front())) {
      o->id = *v;
      o->id_span = id->second->items.front().span;
    } else {
      error(id->second->items.front().span, "adams_id takes a positive integer");
    }
  }
  if (p.count("node_id") || p.count("flex_body_name") || p.count("curve_name")) {
    not_interpreted(c, "a marker on a flexible body or a curve", "fexpr places markers on rigid parts");
    o->unplaced = "it is on a flexible body or a curve";
    return;
  }
  auto part = objects_.find(o->parent);
  const auto parent = part == objects_.end() ? std::nullopt : frame_of(part->second);
  if (!parent) {
    o->unplaced = "its part's place is not known";
    return;
  }
  place(*o, p, *parent, syntax.creates);
}

void Translator::floating_marker(const Command& c, const CommandSyntax& syntax) {
  const auto p = parameters(c, syntax);
  Object* o = object(c, p, "floating_marker_name", syntax, "MARKER");
  if (!o) return;
  o->subtype = "floating";
  if (o->parent.empty()) o->parent = parent_key(o->key);
  if (auto id = p.find("adams_id"); id != p.end() && !id->second->items.empty()) {
    if (auto v = integer_of(id->second->items.front())) {
      o->id = *v;
      o->id_span = id->second->items.front().span;
    }
  }
}

void Translator::point(const Command& c, const CommandSyntax& syntax) {
  const auto p = parameters(c, syntax);
  Object* o = object(c, p, "point_name", syntax, "POINT");
  if (!o) return;
  if (o->parent.empty()) o->parent = parent_key(o->key);
  auto part = objects_.find(o->parent);
  const auto parent = part == objects_.end() ? std::optional<Frame>(Frame{}) : frame_of(part->second);
  if (!parent) {
    o->unplaced = "its part's place is not known";
    return;
  }
  place(*o, p, *parent, syntax.creates);
}

}  // namespace fexpr::dataset::view
