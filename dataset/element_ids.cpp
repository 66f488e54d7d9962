#include "dataset/element_ids.hpp"

#include "builtins/builtin.hpp"
#include "builtins/signature.hpp"
#include "dataset/values.hpp"
#include "grammar/parse.hpp"

#include <algorithm>
#include <cmath>

namespace fexpr::dataset {
namespace {

// The element each function's `id` argument names (Adams Solver function reference).
struct OwnElement {
  std::string_view function;
  std::string_view statement;
};
constexpr OwnElement kOwnElements[] = {
    {"AKISPL", "SPLINE"}, {"ARYVAL", "ARRAY"},   {"BEAM", "BEAM"},       {"BUSH", "BUSHING"},   {"CONTACT", "CONTACT"},
    {"CUBSPL", "SPLINE"}, {"CURVE", "CURVE"},    {"CVCV", "CVCV"},       {"DELAY", "ARRAY"},    {"DIF", "DIFF"},
    {"DIF1", "DIFF"},     {"FIELD", "FIELD"},    {"FRICTION", "FRICTION"}, {"GFORCE", "GFORCE"}, {"INTERP", "SPLINE"},
    {"INVPSD", "SPLINE"}, {"JOINT", "JOINT"},    {"JPRIM", "JPRIM"},     {"MOTION", "MOTION"},  {"NFORCE", "NFORCE"},
    {"PINVAL", "PINPUT"}, {"POUVAL", "POUTPUT"}, {"PTCV", "PTCV"},       {"SENVAL", "SENSOR"},  {"SFORCE", "SFORCE"},
    {"SPDP", "SPRINGDAMPER"}, {"VARVAL", "VARIABLE"}, {"VFORCE", "VFORCE"}, {"VTORQ", "VTORQUE"},
};

// Statement values that are ids of other elements (Adams Solver statement reference).
struct KeywordElement {
  std::string_view statement;
  std::string_view keyword;
  std::string_view element;
};
constexpr KeywordElement kKeywordElements[] = {
    {"SFORCE", "I", "MARKER"},    {"SFORCE", "J", "MARKER"},       {"JOINT", "I", "MARKER"},
    {"JOINT", "J", "MARKER"},     {"MOTION", "I", "MARKER"},       {"MOTION", "J", "MARKER"},
    {"MOTION", "JOINT", "JOINT"}, {"REQUEST", "I", "MARKER"},      {"REQUEST", "J", "MARKER"},
    {"REQUEST", "RM", "MARKER"},  {"GFORCE", "I", "MARKER"},       {"GFORCE", "JFLOAT", "MARKER"},
    {"GFORCE", "RM", "MARKER"},   {"VFORCE", "I", "MARKER"},       {"VFORCE", "JFLOAT", "MARKER"},
    {"VFORCE", "RM", "MARKER"},   {"VTORQUE", "I", "MARKER"},      {"VTORQUE", "JFLOAT", "MARKER"},
    {"VTORQUE", "RM", "MARKER"},  {"MARKER", "PART", "PART"},      {"PART", "CM", "MARKER"},
    {"PINPUT", "VARIABLES", "VARIABLE"}, {"POUTPUT", "VARIABLES", "VARIABLE"},
};

bool is_marker_parameter(std::string_view p) { return p == "i" || p == "j" || p == "k" || p == "l" || p == "rm"; }

void expression_ids(const Argument& a, std::vector<ElementId>& out) {
  auto parsed = grammar::parse(a.expression, {a.expression_span.begin, nullptr});
  const auto* tree = std::get_if<ast::Tree>(&parsed);
  if (!tree) return;
  for (const ast::Node& call : tree->nodes) {
    if (call.kind != ast::Kind::call) continue;
    const std::string& name = tree->name(call);
    auto kids = tree->kids(call);
    for (std::size_t k = 0; k < kids.size(); ++k) {
      const ast::Node& argument = (*tree)[kids[k]];
      if (argument.kind != ast::Kind::number || argument.degrees || std::trunc(argument.value) != argument.value ||
          std::abs(argument.value) > 2e9)
        continue;
      std::string_view element = element_of_argument(name, k);
      if (!element.empty()) out.push_back({element, static_cast<long>(argument.value), argument.span});
    }
  }
}

}  // namespace

std::string_view element_of_argument(std::string_view function, std::size_t index) {
  const builtins::Builtin* b = builtins::find(function);
  if (!b) return {};
  auto all = builtins::parameters(b->signature);
  std::string_view p = index < all.size() ? all[index].name : std::string_view();
  if (p == "id") {
    for (const OwnElement& e : kOwnElements) {
      if (e.function == b->name) return e.statement;
    }
    return {};
  }
  bool measures_markers = b->category == builtins::Category::kinematic || b->category == builtins::Category::solver;
  return measures_markers && is_marker_parameter(p) ? std::string_view("MARKER") : std::string_view();
}

std::optional<std::size_t> own_id_argument(std::string_view function) {
  const builtins::Builtin* b = builtins::find(function);
  if (!b) return std::nullopt;
  auto all = builtins::parameters(b->signature);
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (all[k].name == "id") return k;
  }
  return std::nullopt;
}

std::string_view element_of_keyword(std::string_view statement, std::string_view keyword) {
  for (const KeywordElement& e : kKeywordElements) {
    if (e.statement == statement && e.keyword == keyword) return e.element;
  }
  return {};
}

std::vector<ElementId> element_ids(const Statement& s) {
  std::vector<ElementId> out;
  if (s.id) out.push_back({std::string_view(s.name), *s.id, s.id_span});
  for (const Argument& a : s.arguments) {
    if (a.is_expression && !a.synthesized) {
      expression_ids(a, out);
      continue;
    }
    std::string_view element = element_of_keyword(s.name, a.keyword);
    if (element.empty()) continue;
    for (const Value& v : a.values) {
      if (auto id = integer(v)) out.push_back({element, *id, v.span});
    }
  }
  std::sort(out.begin(), out.end(), [](const ElementId& x, const ElementId& y) { return x.span.begin < y.span.begin; });
  return out;
}

}  // namespace fexpr::dataset
