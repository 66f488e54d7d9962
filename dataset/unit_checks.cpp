#include "dataset/unit_checks.hpp"

#include "builtins/builtin.hpp"
#include "dataset/values.hpp"
#include "grammar/parse.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <cmath>

namespace fexpr::dataset {
namespace {

using units::Dimension;

// Messages name units as engineers write them.
std::string short_name(std::string name) {
  name = text::lower(name);
  static constexpr std::pair<std::string_view, std::string_view> kShort[] = {
      {"meter", "m"},        {"millimeter", "mm"}, {"centimeter", "cm"},     {"kilometer", "km"},
      {"inch", "in"},        {"foot", "ft"},       {"newton", "N"},          {"knewton", "kN"},
      {"kilo_newton", "kN"}, {"n", "N"},          {"kilogram_force", "kgf"}, {"pound_force", "lbf"},
      {"kilogram", "kg"},    {"gram", "g"},        {"pound_mass", "lbm"},    {"tonne", "t"},
      {"second", "s"},       {"sec", "s"},         {"millisecond", "ms"},    {"minute", "min"},
      {"hour", "h"},         {"dyne", "dyn"},
  };
  for (const auto& [full, abbreviation] : kShort) {
    if (name == full) return std::string(abbreviation);
  }
  return name;
}

// Whether a MOTION turns (true) or slides (false); empty when the statement does not say and
// its joint does not decide it (a cylindrical joint does both). The reader gives ROTATION and
// TRANSLATION as the keywords they abbreviate.
std::optional<bool> motion_turns(const Statement& s, const Dataset& d) {
  if (find_argument(s, "ROTATIONAL") || find_argument(s, "B1") || find_argument(s, "B2") || find_argument(s, "B3"))
    return true;
  if (find_argument(s, "TRANSLATIONAL") || find_argument(s, "X") || find_argument(s, "Y") || find_argument(s, "Z"))
    return false;
  const Argument* joint = find_argument(s, "JOINT");
  if (!joint || joint->values.empty()) return std::nullopt;
  auto id = integer(joint->values.front());
  const Statement* j = id ? find_statement(d, "JOINT", *id) : nullptr;
  if (!j) return std::nullopt;
  if (find_argument(*j, "REVOLUTE")) return true;
  if (find_argument(*j, "TRANSLATIONAL")) return false;
  return std::nullopt;
}

struct Need {
  Dimension dimension;
  std::string what;  // "SFORCE/1 is rotational: its FUNCTION is", before the dimension
};

// What the element makes of its function, where that is certain.
std::optional<Need> need(const Statement& s, const Argument& a, const Dataset& d) {
  const std::string& k = a.keyword;
  const std::string label = s.name + "/" + (s.id ? std::to_string(*s.id) : std::string("?"));
  if (s.name == "SFORCE" && k == "FUNCTION") {
    bool turns = find_argument(s, "ROTATIONAL") != nullptr;
    return Need{turns ? units::kTorque : units::kForce,
                label + " is " + (turns ? "rotational" : "translational") + ": its FUNCTION is"};
  }
  const bool force_component = k == "FX" || k == "FY" || k == "FZ";
  const bool torque_component = k == "TX" || k == "TY" || k == "TZ";
  if ((s.name == "VFORCE" || s.name == "GFORCE") && force_component)
    return Need{units::kForce, label + "'s " + k + " is a force component:"};
  if ((s.name == "VTORQUE" || s.name == "GFORCE") && torque_component)
    return Need{units::kTorque, label + "'s " + k + " is a torque component:"};
  if (s.name == "MOTION" && k == "FUNCTION") {
    auto turns = motion_turns(s, d);
    if (!turns) return std::nullopt;
    int order = find_argument(s, "ACCELERATION") ? 2 : find_argument(s, "VELOCITY") ? 1 : 0;
    static constexpr const char* kKind[] = {"displacement", "velocity", "acceleration"};
    Dimension x = *turns ? units::kAngle : units::kLength;
    return Need{x / units::power(units::kTime, order),
                label + " is a " + (*turns ? "rotational " : "translational ") + kKind[order] + " MOTION: its FUNCTION is"};
  }
  return std::nullopt;
}

// Whether the tree writes an angle's unit itself: a D constant, PI, DTOR or RTOD.
bool names_angle_unit(const ast::Tree& t) {
  for (const ast::Node& n : t.nodes) {
    if (n.kind == ast::Kind::number && n.degrees) return true;
    if (n.kind == ast::Kind::name) {
      const std::string& name = t.name(n);
      if (text::iequals(name, "PI") || text::iequals(name, "DTOR") || text::iequals(name, "RTOD")) return true;
    }
  }
  return false;
}

// Whether the function reads a measure, an element or the solver. One of TIME alone (TIME - 1 in
// a MOTION, SIN(TIME)) is the common shorthand of a rate of one unit per time unit, not a
// certain mistake.
bool reads_the_model(const ast::Tree& t) {
  for (const ast::Node& n : t.nodes) {
    if (n.kind != ast::Kind::call) continue;
    const builtins::Builtin* f = builtins::find(t.name(n));
    if (f && (f->category == builtins::Category::kinematic || f->category == builtins::Category::element ||
              f->category == builtins::Category::solver))
      return true;
  }
  return false;
}

// The function's text in a message, or "this function" where it is too long to read there.
std::string shown(const ast::Tree& t) {
  std::string text = ast::print(t);
  return text.size() <= 60 ? text : "this function";
}

}  // namespace

units::UnitNames unit_names(const Dataset& dataset) {
  units::UnitNames names = dataset.unit_names;
  for (const Statement& s : dataset.statements) {
    if (s.name != "UNITS") continue;
    auto value = [&](std::string_view keyword) {
      const Argument* a = find_argument(s, keyword);
      return a && !a->values.empty() ? a->values.front().text : std::string();
    };
    std::string system = text::upper(value("SYSTEM"));
    if (system == "MKS") names = {"meter", "kilogram", "second", "newton"};
    if (system == "CGS") names = {"centimeter", "gram", "second", "dyne"};
    for (auto [keyword, name] : {std::pair{"LENGTH", &names.length}, std::pair{"MASS", &names.mass},
                                 std::pair{"TIME", &names.time}, std::pair{"FORCE", &names.force}}) {
      if (std::string v = value(keyword); !v.empty()) *name = v;
    }
  }
  for (std::string* name : {&names.length, &names.mass, &names.time, &names.force}) {
    if (!name->empty()) *name = short_name(*name);
  }
  // A message names units only when it can name them all.
  if (names.length.empty() || names.mass.empty() || names.time.empty() || names.force.empty()) return {};
  return names;
}

UnitChecks::UnitChecks(const Dataset& dataset, const ElementBindings& elements, const SourceText& source)
    : dataset_(dataset), elements_(elements), source_(source) {
  environment_.names = unit_names(dataset);
  environment_.variable = [this](long id) { return variable(id); };
}

std::optional<Dimension> UnitChecks::variable(long id) {
  if (auto it = variables_.find(id); it != variables_.end()) return it->second;
  const ElementBindings::Element* e = elements_.element("VARIABLE", id);
  // The bindings compiled every VARIABLE this one reads before it, so whether it compiled and
  // its depth (how many VARVALs nest under it) are known: one that did not compile (on a cycle,
  // past the nesting limit) has no dimension, and one nesting more than kDeepest is not
  // followed, so that the answer, like the stack this takes, is the dataset's and not the order
  // of the checks.
  constexpr int kDeepest = 16;
  if (e && e->status != ElementBindings::Element::Status::done) return std::nullopt;
  std::optional<Dimension> d;
  if (e && e->function && e->expression && e->depth <= kDeepest) {
    std::optional<std::variant<ast::Tree, Diagnostic>> own;
    if (!e->parsed) own = grammar::parse(e->function->expression, {e->function->expression_span.begin, &source_});
    if (const auto* tree = std::get_if<ast::Tree>(e->parsed ? &*e->parsed : &*own)) {
      units::Inferred r = units::infer(*tree, environment_).nodes[tree->root];
      if (r.known) d = r.dimension;
    }
  }
  variables_[id] = d;
  return d;
}

std::vector<Diagnostic> UnitChecks::check(const Statement& s, const Argument& a, const ast::Tree& tree,
                                          const Expression* compiled, Workspace& workspace) {
  units::Inference inference = units::infer(tree, environment_);
  std::vector<Diagnostic> out = std::move(inference.diagnostics);
  auto n = need(s, a, dataset_);
  if (!n) return out;
  const units::Inferred& result = inference.nodes[tree.root];
  if (result.known && !units::compatible(result.dimension, n->dimension) && reads_the_model(tree)) {
    out.push_back({Severity::warning, Code::units, a.expression_span,
                   n->what + " " + units::describe(n->dimension, environment_.names) + ", but " + shown(tree) + " is " +
                       units::describe(result.dimension, environment_.names) +
                       "; multiply by the coefficient that makes it one (a stiffness, a damping), or use the measure "
                       "meant"});
    return out;
  }
  // A rotational displacement reaching a degree value: evaluated where a function of TIME alone
  // changes, at TIME = 0 and at each number it is written with.
  if (!compiled || n->dimension != units::kAngle || names_angle_unit(tree)) return out;
  for (const std::string& name : compiled->derivative_names()) {
    if (name != "TIME") return out;
  }
  std::vector<double> times{0.0};
  for (const ast::Node& node : tree.nodes) {
    if (node.kind == ast::Kind::number && node.value > 0.0) times.push_back(node.value);
  }
  for (double t : times) {
    Inputs in;
    in.time = t;
    double v = 0.0;
    try {
      v = compiled->value(in, workspace);
    } catch (const EvaluationError&) {
      continue;
    }
    if (!units::degree_value(v)) continue;
    std::string written = number::format(v);
    // The number written once in the function, where the fix writes its D.
    std::optional<Fix> fix;
    int written_times = 0;
    for (const ast::Node& node : tree.nodes) {
      if (node.kind != ast::Kind::number || node.degrees || std::abs(node.value) != std::abs(v)) continue;
      if (++written_times == 1) fix = Fix{node.span, number::format(node.literal) + "D", false};
    }
    if (written_times != 1) fix.reset();
    out.push_back({Severity::warning, Code::units, a.expression_span,
                   n->what + " an angle in radians, and this one reaches " + written + " (at TIME = " + number::format(t) +
                       "), " + units::turns(v) + " turns; if " + written + " is in degrees, write it " + written +
                       "D (or multiply by DTOR)",
                   fix});
    break;
  }
  return out;
}

}  // namespace fexpr::dataset
