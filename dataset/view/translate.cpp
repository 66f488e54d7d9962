// The translator's run through the commands: defaults, models, design variables, blocks, and the
// names of the objects the commands make.
#include "dataset/view/translate.hpp"

#include "dataset/view/names.hpp"
#include "dataset/view/translator.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <algorithm>

namespace fexpr::dataset::view {

std::string number_text(double value) { return number::format(value); }

Translator::Translator(const CommandFile& file, const SourceText& source) : file_(file), source_(source) {}

Dataset Translator::run() {
  out_.diagnostics = file_.diagnostics;
  std::vector<Span> blocks;
  for (const Command& c : file_.commands) {
    std::string path;
    const CommandSyntax* syntax = find_command(c, path);
    if (syntax && syntax->action == Action::block_start) {
      blocks.push_back(c.words.front().span);
      ++block_depth_;
      continue;
    }
    if (syntax && syntax->action == Action::block_else) {
      if (blocks.empty()) error(c.words.front().span, "'" + c.words.front().text + "' with no 'if' before it", Code::syntax);
      continue;
    }
    if (syntax && syntax->action == Action::block_end) {
      if (blocks.empty()) {
        error(c.words.front().span, "'end' with no 'if', 'for' or 'while' before it to end", Code::syntax);
      } else {
        blocks.pop_back();
        --block_depth_;
      }
      continue;
    }
    command(c, syntax, path);
  }
  for (const Span& open : blocks) error(open, "this block is not closed: an 'end' is missing", Code::syntax);
  emit();
  out_.unfollowed = unfollowed_;
  std::stable_sort(out_.diagnostics.begin(), out_.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.span.begin < b.span.begin; });
  return std::move(out_);
}

void Translator::command(const Command& c, const CommandSyntax* syntax, const std::string& path) {
  if (!syntax) {
    not_interpreted(c, path.empty() ? c.words.front().text : path, "fexpr does not interpret this command");
    if (std::any_of(c.words.begin(), c.words.end(), [](const Word& w) { return w.text == "create"; })) unfollowed(c.span);
    return;
  }
  if (syntax->action == Action::none) return;
  if (syntax->action == Action::uninterpreted) {
    not_interpreted(c, std::string(syntax->path), "it changes the model in a way fexpr does not follow");
    // A user-defined element's instance makes its objects under its own name; the other
    // commands that make objects fexpr does not follow may make them anywhere.
    if (syntax->path == "ude") {
      for (const Parameter& p : c.parameters) {
        if (std::string_view("instance_name").starts_with(p.name) && !p.items.empty() && c.words.size() > 1 &&
            std::string_view("create").starts_with(c.words[1].text))
          out_.opaque.push_back(key_of(full_name(p.items.front().text, Action::none)));
      }
      return;
    }
    const bool makes = syntax->creates || std::any_of(c.words.begin(), c.words.end(), [](const Word& w) {
                         return w.text == "create" || w.text == "copy" || w.text == "merge" || w.text == "read";
                       });
    if (makes || syntax->path == "file" || syntax->path == "macro" || syntax->path == "mdi" ||
        syntax->path == "controls")
      unfollowed(c.span);
    return;
  }
  if (block_depth_ > 0) {
    not_interpreted(c, "a command inside if, for or while",
                    "which objects it makes depends on what fexpr does not evaluate");
    if (syntax->creates || syntax->action == Action::marker || syntax->action == Action::design_variable)
      unfollowed(c.span);
    return;
  }
  switch (syntax->action) {
    case Action::defaults_units: return defaults_units(c, *syntax);
    case Action::defaults_coordinate_system: return defaults_coordinate_system(c, *syntax);
    case Action::defaults_model: return defaults_model(c, *syntax);
    case Action::model_create: return model_create(c, *syntax);
    case Action::part_position: return part_position(c, *syntax);
    case Action::part_mass: return part_mass(c, *syntax);
    case Action::part_velocity: return part_velocity(c, *syntax);
    case Action::marker: return marker(c, *syntax);
    case Action::floating_marker: return floating_marker(c, *syntax);
    case Action::point: return point(c, *syntax);
    case Action::joint: return element(c, *syntax, "JOINT", "joint_name");
    case Action::motion: return element(c, *syntax, "MOTION", "motion_name");
    case Action::sforce: return element(c, *syntax, "SFORCE", "single_component_force_name");
    case Action::vforce: return element(c, *syntax, "VFORCE", "force_vector_name");
    case Action::vtorque: return element(c, *syntax, "VTORQUE", "torque_vector_name");
    case Action::gforce: return element(c, *syntax, "GFORCE", "general_force_name");
    case Action::bushing: return element(c, *syntax, "BUSHING", "bushing_name");
    case Action::springdamper_translational:
    case Action::springdamper_rotational: return element(c, *syntax, "SPRINGDAMPER", "spring_damper_name");
    case Action::beam: return element(c, *syntax, "BEAM", "beam_name");
    case Action::field: return element(c, *syntax, "FIELD", "field_name");
    case Action::variable: return element(c, *syntax, "VARIABLE", "variable_name");
    case Action::array: return element(c, *syntax, "ARRAY", "array_name");
    case Action::spline: return element(c, *syntax, "SPLINE", "spline_name");
    case Action::plant_input: return element(c, *syntax, "PINPUT", "plant_input_name");
    case Action::plant_output: return element(c, *syntax, "POUTPUT", "plant_output_name");
    case Action::diff: return element(c, *syntax, "DIFF", "differential_equation_name");
    case Action::measure_function: return element(c, *syntax, "VARIABLE", "measure_name");
    case Action::measure_object: return element(c, *syntax, "MEASURE", "measure_name");
    case Action::design_variable: return design_variable(c, *syntax);
    default: return;
  }
}

std::map<std::string, const Parameter*> Translator::parameters(const Command& c, const CommandSyntax& syntax) {
  std::map<std::string, const Parameter*> out;
  for (const Parameter& p : c.parameters) {
    std::string_view nearest;
    std::string_view name = syntax.parameters.empty() ? std::string_view(p.name) : find_parameter(syntax, p.name, nearest);
    if (name.empty()) {
      warning(p.name_span,
              "'" + p.name + "' is not a parameter of " + std::string(syntax.path) + " that fexpr knows" +
                  (nearest.empty() ? std::string() : " (did you mean " + std::string(nearest) + "?)") +
                  "; its value is not read",
              Code::name);
      continue;
    }
    if (!out.emplace(std::string(name), &p).second)
      error(p.name_span, std::string(name) + " is given twice; Adams View refuses a command that repeats a parameter",
            Code::duplicate_id);
  }
  for (const Item& i : c.strays) {
    warning(i.span, "'" + i.text + "' is not a parameter (name = value) of " + std::string(syntax.path) + "; it is not read",
            Code::syntax);
  }
  return out;
}

void Translator::defaults_units(const Command& c, const CommandSyntax& syntax) {
  for (const auto& [name, p] : parameters(c, syntax)) {
    if (p->items.empty()) continue;
    const std::string value = text::lower(p->items.front().text);
    if (name == "orientation_type") {
      if (auto q = sequence(value)) {
        sequence_ = *q;
      } else {
        not_interpreted(c, "orientation_type = " + value, "fexpr knows the body and space sequences (body313, space123, ...)");
      }
      continue;
    }
    if (name == "coordinate_system_type") {
      if (value != "cartesian")
        not_interpreted(c, "coordinate_system_type = " + value, "fexpr reads locations in cartesian coordinates only");
      continue;
    }
    if (name == "length" || name == "angle" || name == "mass" || name == "time" || name == "force") {
      if (!units_.set(name, value)) {
        warning(p->items.front().span, "'" + value + "' is not a " + name + " unit fexpr knows");
        continue;
      }
      // For the units checks' messages, which name a model's units as its author did.
      units::UnitNames& names = out_.unit_names;
      std::string* named = name == "length" ? &names.length : name == "mass" ? &names.mass
                           : name == "time"  ? &names.time   : name == "force" ? &names.force : nullptr;
      if (named) *named = value;
    }
  }
}

void Translator::defaults_coordinate_system(const Command& c, const CommandSyntax& syntax) {
  for (const auto& [name, p] : parameters(c, syntax)) {
    if (name != "default_coordinate_system" || p->items.empty()) continue;
    const Item& item = p->items.front();
    if (const Object* o = find(item.text)) {
      coordinate_system_ = o->ground ? std::string() : o->key;
    } else if (key_of(item.text) == model_ || key_of(item.text) == model_ + ".ground") {
      coordinate_system_.clear();
    } else {
      unknown_name(item, "coordinate system");
    }
  }
}

void Translator::defaults_model(const Command& c, const CommandSyntax& syntax) {
  for (const auto& [name, p] : parameters(c, syntax)) {
    if (p->items.empty()) continue;
    if (name == "model_name") {
      model_ = key_of(p->items.front().text);
      if (!model_.starts_with('.')) model_ = "." + model_;
    } else if (name == "part_name") {
      if (const Object* o = find(p->items.front().text)) {
        default_part_ = o->key;
      } else {
        unknown_name(p->items.front(), "part");
      }
    }
  }
}

void Translator::model_create(const Command& c, const CommandSyntax& syntax) {
  for (const auto& [name, p] : parameters(c, syntax)) {
    if (p->items.empty() || name != "model_name") continue;
    const Item& item = p->items.front();
    if (item.kind != Item::Kind::bare) {
      not_interpreted(c, "a model named by an expression", "fexpr does not evaluate the name");
      unfollowed(c.span);
      return;
    }
    const std::string model = item.text.starts_with('.') ? item.text : "." + item.text;
    model_ = text::lower(model);
    if (std::find(out_.models.begin(), out_.models.end(), model_) == out_.models.end()) out_.models.push_back(model_);
    // A new model has its ground part, named ground (Adams View makes it with the model).
    const std::string ground = model_ + ".ground";
    if (!objects_.count(ground)) {
      Object g;
      g.kind = Action::part_position;
      g.type = "PART";
      g.name = model + ".ground";
      g.key = ground;
      g.parent = model_;
      g.name_span = item.span;
      g.made = &c;
      g.ground = true;
      objects_.emplace(ground, std::move(g));
      order_.push_back(ground);
    }
    default_part_ = ground;
    coordinate_system_.clear();
  }
}

void Translator::design_variable(const Command& c, const CommandSyntax& syntax) {
  const auto p = parameters(c, syntax);
  auto name = p.find("variable_name");
  if (name == p.end() || name->second->items.empty()) return;
  const Item& item = name->second->items.front();
  if (item.kind != Item::Kind::bare || item.text.starts_with('$')) {
    unfollowed(c.span);
    return;
  }
  const std::string key = key_of(full_name(item.text, Action::design_variable));
  DesignValue value;
  std::string why;
  if (auto real = p.find("real_value"); real != p.end()) {
    const Parameter& r = *real->second;
    Dimension dimension = kNone;
    if (auto u = p.find("units"); u != p.end() && !u->second->items.empty()) {
      const std::string unit = text::lower(u->second->items.front().text);
      if (unit == "length") dimension = kLength;
      if (unit == "angle") dimension = kAngle;
    }
    for (const Item& i : r.items) {
      if (i.kind == Item::Kind::expression) {
        auto v = evaluate(i.text, i.span.begin, *this, Frame{}, dimension);
        if (auto* f = std::get_if<DesignFailure>(&v)) {
          why = f->message;
          if (f->certain) out_.diagnostics.push_back({Severity::error, Code::syntax, f->span, f->message});
          break;
        }
        const DesignValue& d = std::get<DesignValue>(v);
        value.numbers.insert(value.numbers.end(), d.numbers.begin(), d.numbers.end());
        value.dimension = d.dimension;
        continue;
      }
      auto q = quantity(i.text, units_);
      if (!q) {
        why = "'" + i.text + "' is not a number fexpr reads";
        break;
      }
      value.numbers.push_back(dimension == kAngle && !q->has_unit ? q->value * units_.angle : q->value);
      value.dimension = q->has_unit ? q->dimension : dimension;
    }
    value.kind = value.numbers.size() == 1 ? DesignValue::Kind::number : DesignValue::Kind::array;
  } else if (auto integer = p.find("integer_value"); integer != p.end()) {
    for (const Item& i : integer->second->items) {
      auto q = quantity(i.text, units_);
      if (!q) {
        why = "'" + i.text + "' is not an integer fexpr reads";
        break;
      }
      value.numbers.push_back(q->value);
    }
    value.kind = value.numbers.size() == 1 ? DesignValue::Kind::number : DesignValue::Kind::array;
  } else if (auto text_value = p.find("string_value"); text_value != p.end()) {
    value.kind = DesignValue::Kind::text;
    if (!text_value->second->items.empty()) value.text = text_value->second->items.front().text;
  } else if (auto object_value = p.find("object_value"); object_value != p.end()) {
    value.kind = DesignValue::Kind::object;
    if (!object_value->second->items.empty()) value.text = object_value->second->items.front().text;
  } else if (syntax.creates) {
    why = "it has no value";
  } else {
    return;
  }
  NamedObject& named = out_.objects[key];
  if (named.name.empty()) {
    named.name = full_name(item.text, Action::design_variable);
    named.type = "DESIGN_VARIABLE";
    named.span = item.span;
  }
  named.as_value = true;
  named.value.reset();
  named.not_interpreted.clear();
  if (!why.empty()) {
    named.not_interpreted = "design variable " + named.name + ": " + why;
    design_variables_.erase(key);
    return;
  }
  if (value.kind == DesignValue::Kind::number) named.value = value.numbers.front();
  else named.not_interpreted = "design variable " + named.name + " is not a number";
  design_variables_[key] = std::move(value);
}

std::string Translator::key_of(std::string_view written) const { return text::lower(written); }

std::string Translator::full_name(std::string_view written, Action kind) const {
  if (written.starts_with('.')) return std::string(written);
  const bool on_part = kind == Action::marker || kind == Action::floating_marker || kind == Action::point;
  std::string parent = on_part && !default_part_.empty() ? objects_.at(default_part_).name : std::string();
  if (parent.empty()) {
    for (const auto& [key, o] : objects_) {
      if (key == model_ + ".ground") parent = o.name.substr(0, o.name.size() - 7);
    }
    if (parent.empty()) parent = model_;
  }
  return parent + "." + std::string(written);
}

const Object* Translator::find(std::string_view written) const {
  const std::string key = key_of(written);
  if (auto it = objects_.find(key); it != objects_.end()) return &it->second;
  if (key.starts_with('.')) return nullptr;
  for (const std::string& prefix : {model_, default_part_}) {
    if (auto it = objects_.find(prefix + "." + key); it != objects_.end()) return &it->second;
  }
  for (const std::string& model : out_.models) {
    if (auto it = objects_.find(model + "." + key); it != objects_.end()) return &it->second;
  }
  return nullptr;
}

Object* Translator::find(std::string_view written) {
  return const_cast<Object*>(static_cast<const Translator*>(this)->find(written));
}

Object* Translator::object(const Command& c, const std::map<std::string, const Parameter*>& p,
                           std::string_view parameter, const CommandSyntax& syntax, std::string_view type) {
  auto it = p.find(std::string(parameter));
  if (it == p.end() || it->second->items.empty()) {
    if (syntax.creates) {
      note(c.span, std::string(syntax.path) + " without " + std::string(parameter) +
                       ": Adams View names the object itself, and fexpr does not follow that name");
      unfollowed(c.span);
    }
    return nullptr;
  }
  const Item& item = it->second->items.front();
  if (item.kind != Item::Kind::bare || item.text.find('$') != std::string::npos) {
    not_interpreted(c, "an object named by an expression", "fexpr does not evaluate the name");
    unfollowed(c.span);
    return nullptr;
  }
  if (Object* o = find(item.text)) {
    if (!syntax.creates || o->type == type) return o;
  }
  if (!syntax.creates) {
    unknown_name(item, text::lower(type));
    return nullptr;
  }
  const std::string name = full_name(item.text, syntax.action);
  const std::string key = key_of(name);
  Object& o = objects_[key];
  if (o.key.empty()) order_.push_back(key);
  o.kind = syntax.action;
  o.type = std::string(type);
  o.name = name;
  o.key = key;
  o.name_span = item.span;
  o.made = &c;
  o.uncertain = false;
  return &o;
}

const std::string* Translator::opaque_owner(std::string_view written) const {
  std::string key = key_of(written);
  if (!key.starts_with('.')) key = model_ + "." + key;
  for (const std::string& owner : out_.opaque) {
    if (key.size() > owner.size() && key.starts_with(owner) && key[owner.size()] == '.') return &owner;
  }
  return nullptr;
}

void Translator::unknown_name(const Item& item, std::string_view what) {
  if (const std::string* owner = opaque_owner(item.text)) {
    note(item.span, std::string(what) + " '" + item.text + "' is made by the user-defined element " + *owner +
                        ", which fexpr does not interpret");
    return;
  }
  if (unfollowed_) {
    note(item.span, std::string(what) + " '" + item.text + "' is not among the objects fexpr has read; the file makes "
                        "objects before here that fexpr does not follow, so it may exist");
    return;
  }
  std::vector<std::string_view> names;
  for (const auto& [key, o] : objects_) names.push_back(o.name);
  const std::string_view near = text::nearest(item.text, names);
  error(item.span, "no " + std::string(what) + " is named '" + item.text + "'" +
                       (near.empty() ? std::string() : " (did you mean " + std::string(near) + "?)"),
        Code::reference);
}

void Translator::note(Span span, std::string message) {
  out_.diagnostics.push_back({Severity::info, Code::not_interpreted, span, std::move(message)});
}
void Translator::error(Span span, std::string message, Code code) {
  out_.diagnostics.push_back({Severity::error, code, span, std::move(message)});
}
void Translator::warning(Span span, std::string message, Code code) {
  out_.diagnostics.push_back({Severity::warning, code, span, std::move(message)});
}

void Translator::not_interpreted(const Command& c, const std::string& what, const std::string& why) {
  if (!noted_.insert(what).second) return;
  Span span{c.words.front().span.begin, c.words.back().span.end};
  note(span, what + " is read but not interpreted (" + why + "); fexpr notes this once");
}

void Translator::unfollowed(Span span) {
  if (!unfollowed_) unfollowed_ = span;
}

std::optional<DesignValue> Translator::variable(std::string_view name) const {
  std::string key = key_of(name);
  if (!key.starts_with('.')) key = model_ + "." + key;
  auto it = design_variables_.find(key);
  if (it == design_variables_.end()) return std::nullopt;
  return it->second;
}

bool Translator::exists(std::string_view name) const {
  return find(name) != nullptr || variable(name).has_value() || out_.objects.count(key_of(name));
}

Dataset translate(const CommandFile& file, const SourceText& source) { return Translator(file, source).run(); }

Dataset read_view(const SourceText& source) { return translate(read_commands(source), source); }

}  // namespace fexpr::dataset::view
