#include "builtins/builtin.hpp"
#include "dataset/formats.hpp"
#include "dataset/keywords.hpp"
#include "dataset/unit_checks.hpp"
#include "eval/compile.hpp"
#include "grammar/parse.hpp"
#include "lsp/element_lookup.hpp"
#include "lsp/features.hpp"
#include "lsp/words.hpp"
#include "support/number.hpp"

namespace fexpr::lsp {
namespace {

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

// The smallest subexpression around the offset and its dimension, where it is certain. The
// expression is compiled first so that the VARIABLEs it reads are, and their dimensions known.
std::string dimension_text(Document& document, const dataset::Argument& a, const ast::Tree& tree, ast::NodeId id) {
  dataset::LoadedModel& model = document.model();
  compile(a.expression, model.elements->context(), {a.expression_span.begin, model.source.get(), -1});
  dataset::UnitChecks checks(model.dataset, *model.elements, *model.source);
  units::Inferred d = checks.infer(tree).nodes[id];
  const Span span = tree[id].span;
  std::string text = "`" + a.expression.substr(span.begin - a.expression_span.begin, span.end - span.begin) + "`";
  if (!d.known) return text + " has no certain dimension (a constant factor may carry any)";
  return text + " is " + units::describe(d.dimension, checks.names());
}

// The call or name whose name holds the offset, in the expression's syntax tree; elsewhere the
// dimension of the smallest subexpression there.
json expression_hover(Document& document, const dataset::Argument& a, std::uint32_t offset) {
  auto parsed = grammar::parse(a.expression, {a.expression_span.begin, nullptr});
  const auto* tree = std::get_if<ast::Tree>(&parsed);
  if (!tree) return nullptr;
  std::optional<ast::NodeId> around;
  for (ast::NodeId id = 0; id < tree->nodes.size(); ++id) {
    const Span span = (*tree)[id].span;
    if (offset < span.begin || offset > span.end) continue;
    if (!around || span.end - span.begin < (*tree)[*around].span.end - (*tree)[*around].span.begin) around = id;
  }
  for (ast::NodeId id = 0; id < tree->nodes.size(); ++id) {
    const ast::Node& n = (*tree)[id];
    if (n.kind == ast::Kind::if_ && offset >= n.span.begin && offset <= n.span.begin + 2)
      return markdown(document, {n.span.begin, n.span.begin + 2},
                      *expression_word_help("IF") + "\n\n" + dimension_text(document, a, *tree, id));
    Span name = n.kind == ast::Kind::call ? n.name_span : n.span;
    if ((n.kind != ast::Kind::call && n.kind != ast::Kind::name) || offset < name.begin || offset > name.end) continue;
    if (const builtins::Builtin* b = n.kind == ast::Kind::call ? builtins::find(tree->name(n)) : nullptr)
      return markdown(document, name,
                      "```\n" + std::string(b->signature) + "\n```\n" + std::string(b->formula) + "\n\nExample: `" +
                          std::string(b->example) + "`\n\n" + dimension_text(document, a, *tree, id));
    if (n.kind != ast::Kind::name) continue;
    if (auto help = expression_word_help(tree->name(n))) return markdown(document, name, std::move(*help));
  }
  if (!around) return nullptr;
  return markdown(document, (*tree)[*around].span, dimension_text(document, a, *tree, *around));
}

// "**I=** of SFORCE: the marker the force acts at" (a flag has no '=').
std::string keyword_text(const dataset::Statement& s, const dataset::Argument& a, std::string_view help) {
  const dataset::Keyword* k = dataset::find_keyword(dataset::find_statement(s.name), a.keyword);
  const bool flag = k && k->kind == dataset::ArgumentKind::flag;
  return "**" + a.keyword + (flag ? "" : "=") + "** of " + s.name + ": " + std::string(help);
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
  // A command file's statements are translations of its commands, whose words are not these.
  const bool dataset_words = document.format() == dataset::Format::dataset;
  if (dataset_words && offset >= s->name_span.begin && offset <= s->name_span.end) {
    if (auto help = statement_help(s->name))
      return markdown(document, s->name_span, "**" + s->name + "**: " + std::string(*help));
  }
  for (const dataset::Argument& a : s->arguments) {
    if (a.synthesized) continue;
    const bool on_keyword = offset >= a.keyword_span.begin && offset <= a.keyword_span.end;
    const auto help = dataset_words ? keyword_help(s->name, a.keyword) : std::nullopt;
    if (!a.is_expression) {
      if (on_keyword && help) return markdown(document, a.keyword_span, keyword_text(*s, a, *help));
      continue;
    }
    if (offset >= a.keyword_span.begin && offset < a.expression_span.begin) {
      std::string meaning = help ? "\n\n" + keyword_text(*s, a, *help) : "";
      return markdown(document, a.keyword_span, initial_value(document, a) + meaning);
    }
    if (offset >= a.expression_span.begin && offset <= a.expression_span.end)
      return expression_hover(document, a, offset);
  }
  return nullptr;
}

}  // namespace fexpr::lsp
