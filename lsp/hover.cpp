#include "builtins/builtin.hpp"
#include "dataset/keywords.hpp"
#include "eval/compile.hpp"
#include "grammar/parse.hpp"
#include "lsp/element_lookup.hpp"
#include "lsp/features.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

namespace fexpr::lsp {
namespace {

// Adams' arithmetic IF (Adams Solver's IF function page).
constexpr std::string_view kIfHover =
    "```\nIF(expression: negative, zero, positive)\n```\n"
    "The arithmetic IF: the value of `negative` where `expression` < 0, of `zero` where it is 0, of `positive` where "
    "it is > 0. Only the branch it selects is evaluated (`IF(x: 0, 0, 1/x)` is safe at x = 0). The result jumps where "
    "the expression crosses 0 unless the branches meet there, which the solver's integrator may not survive: in forces "
    "and motions, STEP or STEP5 ramps smoothly instead.\n\nExample: `IF(DX(2,1) - 0.1: 0, 0, -1E4*(DX(2,1) - 0.1))`";

json markdown(Document& document, Span span, std::string value) {
  return {{"contents", {{"kind", "markdown"}, {"value", std::move(value)}}}, {"range", range(document, span)}};
}

std::string element_hover(Document& document, const dataset::ElementId& e) {
  std::string label = std::string(e.statement) + "/" + std::to_string(e.id);
  const dataset::Statement* s = definition_of(document, e.statement, e.id);
  if (!s) return "**" + label + "** is not defined in this dataset";
  std::string name = view_name(document, *s);
  return "**" + label + "**" + (name.empty() ? "" : " `" + name + "`") + "\n```\n" + statement_text(document, *s, 12) +
         "\n```";
}

// The call or name whose name holds the offset, in the expression's syntax tree.
json expression_hover(Document& document, const dataset::Argument& a, std::uint32_t offset) {
  auto parsed = grammar::parse(a.expression, {a.expression_span.begin, nullptr});
  const auto* tree = std::get_if<ast::Tree>(&parsed);
  if (!tree) return nullptr;
  for (const ast::Node& n : tree->nodes) {
    if (n.kind == ast::Kind::if_ && offset >= n.span.begin && offset <= n.span.begin + 2)
      return markdown(document, {n.span.begin, n.span.begin + 2}, std::string(kIfHover));
    Span name = n.kind == ast::Kind::call ? n.name_span : n.span;
    if ((n.kind != ast::Kind::call && n.kind != ast::Kind::name) || offset < name.begin || offset > name.end) continue;
    if (const builtins::Builtin* b = n.kind == ast::Kind::call ? builtins::find(tree->name(n)) : nullptr)
      return markdown(document, name,
                      "```\n" + std::string(b->signature) + "\n```\n" + std::string(b->formula) + "\n\nExample: `" +
                          std::string(b->example) + "`");
    for (const auto& c : detail::constant_names()) {
      if (n.kind == ast::Kind::name && text::iequals(c.name, tree->name(n)))
        return markdown(document, name, "**" + std::string(c.name) + "**: " + std::string(c.meaning));
    }
  }
  return nullptr;
}

// The expression's value where the checker evaluates it: the dataset's initial state, TIME 0.
std::string initial_value(Document& document, const dataset::Argument& a) {
  dataset::LoadedModel& model = document.model();
  bool vector = dataset::is_vector_keyword(a.keyword);
  std::string out;
  Workspace workspace;
  Inputs in;
  in.state = model.state.get();
  for (int component = 0; component < (vector ? 3 : 1); ++component) {
    auto compiled = compile(a.expression, model.elements->context(),
                            {a.expression_span.begin, model.source.get(), vector ? component : -1});
    if (!compiled) {
      std::string first = compiled.diagnostics.empty() ? "" : ": " + compiled.diagnostics.front().message;
      return "**" + a.keyword + "=** does not compile" + first;
    }
    try {
      out += (component > 0 ? ", " : "") + number::format(compiled.expression->value(in, workspace));
    } catch (const EvaluationError& e) {
      return "**" + a.keyword + "=** at the initial state: " + e.diagnostic.message;
    }
  }
  return "**" + a.keyword + "=** " + (vector ? "[" + out + "]" : out) +
         " at the dataset's initial state (TIME = 0, parts where the dataset puts them)";
}

}  // namespace

// A command file's object: what it became in the model, and where it is made.
std::string object_hover(Document& document, const dataset::NamedObject& o) {
  std::string out = "**" + o.name + "**";
  if (o.type == "DESIGN_VARIABLE") {
    out += ": design variable" + (o.value ? " = " + number::format(*o.value) : std::string());
  } else if (o.type == "MEASURE") {
    out += ": measure";
  } else {
    out += ": " + o.type + "/" + std::to_string(o.id);
  }
  if (!o.not_interpreted.empty()) out += "\n\n" + o.not_interpreted;
  const dataset::Statement* s = o.id ? definition_of(document, o.type, o.id) : nullptr;
  if (s) out += "\n```\n" + statement_text(document, *s, 12) + "\n```";
  return out;
}

json hover(Document& document, std::uint32_t offset) {
  if (auto named = object_at(document, offset)) return markdown(document, named->span, object_hover(document, *named->object));
  if (auto e = element_at(document, offset)) return markdown(document, e->span, element_hover(document, *e));
  const dataset::Statement* s = document.statement_at(offset);
  if (!s) return nullptr;
  for (const dataset::Argument& a : s->arguments) {
    if (!a.is_expression || a.synthesized) continue;
    if (offset >= a.keyword_span.begin && offset < a.expression_span.begin)
      return markdown(document, a.keyword_span, initial_value(document, a));
    if (offset >= a.expression_span.begin && offset <= a.expression_span.end) return expression_hover(document, a, offset);
  }
  return nullptr;
}

}  // namespace fexpr::lsp
