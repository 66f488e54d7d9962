#include "builtins/builtin.hpp"
#include "builtins/signature.hpp"
#include "dataset/adams_names.hpp"
#include "dataset/keywords.hpp"
#include "eval/compile.hpp"
#include "lsp/element_lookup.hpp"
#include "lsp/features.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

namespace fexpr::lsp {
namespace {

// LSP CompletionItemKind and InsertTextFormat values.
constexpr int kFunction = 3, kProperty = 10, kKeyword = 14, kReference = 18, kConstant = 21;
constexpr int kSnippet = 2;

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// "STEP(${1:x}, ${2:x0}, ...)": the arguments a call cannot do without, as snippet fields.
std::string snippet(const builtins::Builtin& b) {
  std::string out = std::string(b.name) + "(";
  int field = 0;
  for (const builtins::Parameter& p : builtins::parameters(b.signature)) {
    if (p.optional || p.name == "...") break;
    if (field > 0) out += ", ";
    out += "${" + std::to_string(++field) + ":" + std::string(p.name) + "}";
  }
  return out + ")";
}

json functions_and_constants() {
  json items = json::array();
  for (const builtins::Builtin& b : builtins::table()) {
    items.push_back({{"label", b.name},
                     {"kind", kFunction},
                     {"detail", b.signature},
                     {"documentation", {{"kind", "markdown"}, {"value", std::string(b.formula) + "\n\nExample: `" + std::string(b.example) + "`"}}},
                     {"insertText", snippet(b)},
                     {"insertTextFormat", kSnippet}});
  }
  for (const auto& c : detail::constant_names())
    items.push_back({{"label", c.name}, {"kind", kConstant}, {"detail", c.meaning}});
  return items;
}

// The ids of the elements of a type, but the element being written (VARVAL( in VARIABLE/3's
// function does not offer 3: it would read itself).
json element_ids_of(Document& document, std::string_view type, const dataset::Statement* writing = nullptr) {
  json items = json::array();
  for (const dataset::Statement& s : document.model().dataset.statements) {
    if (s.name != type || !s.id) continue;
    if (writing && writing->name == s.name && writing->id == s.id) continue;
    std::string name = view_name(document, s);
    std::string label = std::to_string(*s.id);
    items.push_back({{"label", label},
                     {"kind", kReference},
                     {"detail", s.name + "/" + label + (name.empty() ? "" : " " + name)},
                     {"documentation", {{"kind", "markdown"}, {"value", "```\n" + statement_text(document, s, 6) + "\n```"}}}});
  }
  return items;
}

// Inside an expression: the ids a call's argument takes (VARVAL( offers VARIABLEs), else the
// functions and constants. The text may be half typed and not parse, so calls are found by
// matching parentheses in the text before the cursor.
json expression_items(Document& document, std::string_view before, const dataset::Statement* writing) {
  struct Call {
    std::string name;
    std::size_t argument = 0;
  };
  std::vector<Call> open;
  std::string word;
  for (char c : before) {
    if (word_char(c)) {
      word += c;
      continue;
    }
    if (c == '(') open.push_back({word, 0});
    if (c == ',' && !open.empty()) ++open.back().argument;
    if (c == ')' && !open.empty()) open.pop_back();
    if (c != ' ') word.clear();
  }
  bool typing_number = !word.empty() && std::isdigit(static_cast<unsigned char>(word[0]));
  if (!open.empty() && (word.empty() || typing_number)) {
    std::string_view type = dataset::element_of_argument(open.back().name, open.back().argument);
    if (!type.empty()) return element_ids_of(document, type, writing);
  }
  return typing_number ? json::array() : functions_and_constants();
}

json statement_names() {
  json items = json::array();
  for (std::string_view name : dataset::adams_statements()) items.push_back({{"label", name}, {"kind", kKeyword}});
  return items;
}

json keywords_of(const dataset::StatementSyntax& syntax) {
  json items = json::array();
  for (const dataset::Keyword& k : syntax.keywords) {
    bool flag = k.kind == dataset::ArgumentKind::flag;
    items.push_back({{"label", k.name}, {"kind", kProperty}, {"insertText", std::string(k.name) + (flag ? "" : " = ")}});
  }
  return items;
}

// Outside expressions: a statement name at the start of a line, a keyword after a comma, the
// ids an element keyword takes after its '='.
json statement_items(Document& document, std::uint32_t offset, std::string_view line) {
  std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || std::all_of(line.begin() + static_cast<long>(first), line.end(), word_char))
    return statement_names();
  const dataset::Statement* s = document.statement_before(offset);
  const dataset::StatementSyntax* syntax = s ? dataset::find_statement(s->name) : nullptr;
  if (!syntax) return json::array();
  std::size_t comma = line.rfind(',');
  if (comma == std::string_view::npos) return json::array();
  std::string_view segment = line.substr(comma + 1);
  std::size_t equals = segment.find('=');
  if (equals == std::string_view::npos) return keywords_of(*syntax);
  std::string_view written = segment.substr(0, equals);
  written = written.substr(0, written.find_last_not_of(" \t") + 1);
  written.remove_prefix(std::min(written.size(), written.find_first_not_of(" \t")));
  const dataset::Keyword* keyword = dataset::find_keyword(syntax, written);
  std::string_view type = keyword ? dataset::element_of_keyword(syntax->name, keyword->name) : std::string_view();
  return type.empty() ? json::array() : element_ids_of(document, type);
}

// A command file's object names that start with the dotted name being typed (".model.PA"),
// in a function or a parameter; nothing where no dotted name is being typed.
std::optional<json> object_names(Document& document, std::string_view text, std::uint32_t offset) {
  std::size_t begin = offset;
  while (begin > 0 && (word_char(text[begin - 1]) || text[begin - 1] == '.')) --begin;
  std::string_view typed = text.substr(begin, offset - begin);
  if (typed.find('.') == std::string_view::npos) return std::nullopt;
  const dataset::Dataset& d = document.model().dataset;
  if (d.objects.empty()) return std::nullopt;
  const std::string prefix = text::lower(typed);
  json items = json::array();
  for (const auto& [key, o] : d.objects) {
    if (!key.starts_with(prefix)) continue;
    const std::string detail = o.type == "DESIGN_VARIABLE" ? "design variable" : o.type + "/" + std::to_string(o.id);
    items.push_back({{"label", o.name}, {"kind", kReference}, {"detail", detail}});
  }
  return items;
}

}  // namespace

json completion(Document& document, std::uint32_t offset) {
  std::string_view text = document.text();
  std::size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  line_start = line_start == std::string_view::npos || offset == 0 ? 0 : line_start + 1;
  std::string_view line = text.substr(line_start, offset - line_start);
  json items = json::array();
  if (line.find('!') != std::string_view::npos) return {{"isIncomplete", false}, {"items", items}};
  const dataset::Statement* s = document.statement_before(offset);
  const dataset::Argument* expression = nullptr;
  for (std::size_t k = 0; s && k < s->arguments.size(); ++k) {
    const dataset::Argument& a = s->arguments[k];
    if (a.is_expression && !a.synthesized && a.expression_span.begin <= offset && offset <= a.expression_span.end) expression = &a;
  }
  if (auto objects = object_names(document, text, offset)) {
    items = std::move(*objects);
  } else if (expression)
    items = expression_items(document,
                             std::string_view(expression->expression).substr(0, offset - expression->expression_span.begin), s);
  else
    items = statement_items(document, offset, line);
  return {{"isIncomplete", false}, {"items", std::move(items)}};
}

}  // namespace fexpr::lsp
