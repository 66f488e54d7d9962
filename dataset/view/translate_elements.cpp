// Elements (joints, motions, forces, data elements, equations, measures): their parameters are
// kept as the last command gave them and read when the model is emitted, once every object they
// name exists (exports set functions after all objects are made).
#include "dataset/view/translator.hpp"

#include "support/text.hpp"

namespace fexpr::dataset::view {
namespace {

// The word of a command after its path (a joint's type: `constraint create joint revolute`).
std::string word_after(const Command& c, std::string_view path) {
  const std::size_t used = static_cast<std::size_t>(std::count(path.begin(), path.end(), ' ')) + 1;
  return used < c.words.size() ? c.words[used].text : std::string();
}

// Adams View's joint types and the dataset's flag for each; a type may be abbreviated.
constexpr std::pair<std::string_view, std::string_view> kJointTypes[] = {
    {"revolute", "REVOLUTE"},       {"translational", "TRANSLATIONAL"}, {"cylindrical", "CYLINDRICAL"},
    {"spherical", "SPHERICAL"},     {"universal", "UNIVERSAL"},         {"fixed", "FIXED"},
    {"planar", "PLANAR"},           {"rackpin", "RACKPIN"},             {"screw", "SCREW"},
    {"hooke", "HOOKE"},             {"constant_velocity", "CONVEL"},
};

}  // namespace

void Translator::element(const Command& c, const CommandSyntax& syntax, std::string_view type,
                         std::string_view name_parameter) {
  const auto p = parameters(c, syntax);
  Object* o = object(c, p, name_parameter, syntax, type);
  if (!o) return;
  if (syntax.creates) {
    o->parameters.clear();
    if (syntax.action == Action::joint) {
      const std::string written = word_after(c, syntax.path);
      for (const auto& [view, flag] : kJointTypes) {
        if (!written.empty() && view.starts_with(written)) o->subtype = std::string(flag);
      }
      if (o->subtype.empty()) o->subtype = "?" + written;
    } else if (syntax.action == Action::array) {
      o->subtype = std::string(syntax.path.substr(syntax.path.rfind(' ') + 1));
    } else if (syntax.action == Action::springdamper_rotational) {
      o->subtype = "ROTATIONAL";
    } else if (syntax.action == Action::springdamper_translational) {
      o->subtype = "TRANSLATIONAL";
    } else if (syntax.action == Action::measure_function) {
      o->subtype = "function";
    } else if (syntax.action == Action::measure_object) {
      o->subtype = std::string(syntax.path.substr(syntax.path.rfind(' ') + 1));
    }
  }
  for (const auto& [name, parameter] : p) {
    if (name == name_parameter) continue;
    if (name == "adams_id") {
      const Item& item = parameter->items.empty() ? Item{} : parameter->items.front();
      try {
        std::size_t used = 0;
        const long id = std::stol(item.text, &used);
        if (used != item.text.size() || id <= 0) throw std::invalid_argument("id");
        o->id = id;
        o->id_span = item.span;
      } catch (const std::exception&) {
        error(parameter->span, "adams_id takes a positive integer");
      }
      continue;
    }
    o->parameters[name] = parameter;
  }
}

}  // namespace fexpr::dataset::view
