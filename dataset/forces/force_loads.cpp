#include "dataset/forces/force_loads.hpp"

#include "dataset/forces/parameters.hpp"
#include "dataset/sforce.hpp"

#include <array>

namespace fexpr::dataset {

std::variant<ForceElement, Diagnostic> sforce_element(const Statement& s, const ElementBindings& bindings) {
  auto g = sforce_geometry(s);
  if (!g) return force_error(s.name_span, element_label(s) + " needs I= and J= markers", Code::missing_argument);
  const auto* e = bindings.element("SFORCE", g->id);
  if (!e || e->user || !e->function)
    return Diagnostic{Severity::info, Code::user_subroutine, s.name_span,
                      element_label(s) + " is computed by a user subroutine; not evaluated"};
  std::string f = "(" + e->function->expression + ")";
  auto vector = [&](int side, int first) {
    return vector_text(sforce_component(*g, f, side, first, 0), sforce_component(*g, f, side, first + 1, 0),
                       sforce_component(*g, f, side, first + 2, 0));
  };
  ForceElement out;
  out.type = "SFORCE";
  out.id = g->id;
  out.i = g->i;
  out.j = g->j;
  (g->rotational ? out.torque_i : out.force_i) = vector(0, g->rotational ? 6 : 2);
  if (!g->action_only) (g->rotational ? out.torque_j : out.force_j) = vector(1, g->rotational ? 6 : 2);
  out.power = sforce_power(*g, f);
  out.expressions.push_back(e->function);
  return out;
}

namespace {

// The element read, and the statement's own expressions compiled alone, so that an error in one
// is reported at its place in the file.
std::variant<ForceElement, Diagnostic> element_to_compile(const Statement& s, std::variant<ForceElement, Diagnostic> read,
                                                         ElementBindings& bindings, const SourceText& source) {
  if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
  for (const Argument* a : std::get<ForceElement>(read).expressions) {
    int component = a->keyword == "FXYZ" || a->keyword == "TXYZ" ? 0 : -1;
    auto alone = compile(a->expression, bindings.context(), {a->expression_span.begin, &source, component});
    if (alone) continue;
    Diagnostic d = alone.diagnostics.front();
    // What fexpr does not evaluate (a solver value, a user subroutine) leaves the element
    // unevaluated, which is a note, not an error in the dataset.
    if (d.code == Code::not_interpreted || d.code == Code::user_subroutine) {
      d.severity = Severity::info;
      d.message += "; " + element_label(s) + " is not evaluated";
    }
    return d;
  }
  return read;
}

// Compiles the texts of an element's loads, reporting the first that does not compile.
class LoadCompiler {
 public:
  LoadCompiler(const Statement& s, ElementBindings& bindings) : s_(s), bindings_(bindings) {}
  std::optional<Expression> operator()(const std::string& text) {
    auto r = compile(text, bindings_.context());
    if (!r && !problem)
      problem = force_error(s_.name_span, element_label(s_) + " cannot be evaluated: " + r.diagnostics.front().message,
                            r.diagnostics.front().code);
    return std::move(r.expression);
  }
  std::optional<Diagnostic> problem;

 private:
  const Statement& s_;
  ElementBindings& bindings_;
};

// The twelve loads' texts in ForceLoads order: FX FY FZ TX TY TZ on I, then on J.
std::array<std::string, 12> load_texts(const ForceElement& element) {
  std::array<std::string, 12> out;
  for (int side = 0; side < 2; ++side) {
    for (int c = 0; c < 6; ++c) {
      const int comp = c < 3 ? c + 2 : c + 3;
      out[static_cast<std::size_t>(side * 6 + c)] = force_component(element, side, comp, 0);
    }
  }
  return out;
}

}  // namespace

std::variant<ForceLoads, Diagnostic> force_loads(const Statement& s, ElementBindings& bindings,
                                                 const kinematics::Model& model, const SourceText& source,
                                                 const std::vector<UnplacedMarker>& floating) {
  auto read = element_to_compile(
      s, s.name == "SFORCE" ? sforce_element(s, bindings) : read_force_element(s, model, floating), bindings, source);
  if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
  ForceLoads out{std::get<ForceElement>(std::move(read)), {}, {}, std::nullopt};
  LoadCompiler build(s, bindings);
  out.texts = load_texts(out.element);
  for (std::size_t k = 0; k < out.texts.size(); ++k) out.loads[k] = build(out.texts[k]);
  out.power = build(out.element.power);
  if (build.problem) return *build.problem;
  return out;
}

std::variant<std::vector<Expression>, Diagnostic> force_check(const Statement& s, ElementBindings& bindings,
                                                              const SourceText& source) {
  auto read = element_to_compile(s, s.name == "SFORCE" ? sforce_element(s, bindings) : bindings.force_element(s),
                                 bindings, source);
  if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
  const ForceElement& element = std::get<ForceElement>(read);
  LoadCompiler build(s, bindings);
  std::vector<Expression> out;
  auto add = [&](const std::string& text) {
    if (auto e = build(text)) out.push_back(std::move(*e));
  };
  if (!element.power_reads_loads) {
    for (const std::string& text : load_texts(element)) add(text);
  }
  add(element.power);
  if (build.problem) return *build.problem;
  return out;
}

}  // namespace fexpr::dataset
