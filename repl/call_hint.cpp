#include "repl/call_hint.hpp"

#include "builtins/help_index.hpp"

#include <cctype>
#include <utility>

namespace fexpr::repl {
namespace {

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// One parameter of a signature: its name and where it stands in the signature's text.
struct Parameter {
  std::string name;
  std::size_t begin = 0;
  std::size_t end = 0;
};

// "STEP(x, x0, h0, x1, h1)", "DX(i[, j][, k])", "IF(e: lt, eq, gt)", "POLY(x, x0, a0, ..., a30)":
// the names between the parentheses, separated by ',' or ':', optional ones in brackets.
std::vector<Parameter> parameters(std::string_view signature) {
  std::vector<Parameter> out;
  std::size_t i = signature.find('(');
  if (i == std::string_view::npos) return out;
  for (++i; i < signature.size() && signature[i] != ')';) {
    if (is_name_char(signature[i]) || signature[i] == '.') {
      std::size_t start = i;
      while (i < signature.size() && (is_name_char(signature[i]) || signature[i] == '.')) ++i;
      out.push_back({std::string(signature.substr(start, i - start)), start, i});
    } else {
      ++i;
    }
  }
  return out;
}

// The parameter that takes argument `index`. Past a "..." the arguments are numbered on from
// the parameter before it (a0, ..., a30: the fifth of POLY's coefficients is a3), and the
// "..." itself is what gets marked.
std::optional<Parameter> parameter_at(const std::vector<Parameter>& ps, std::size_t index) {
  std::size_t dots = 0;
  while (dots < ps.size() && ps[dots].name != "...") ++dots;
  if (index < dots) return ps[index];
  if (dots == ps.size() || dots == 0 || dots + 1 >= ps.size()) return std::nullopt;
  // The numbers of the parameters either side of the "...": a0 and a30.
  auto split = [](const std::string& name) {
    std::size_t digits = name.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
    return std::pair{name.substr(0, digits), digits < name.size() ? std::stoul(name.substr(digits)) : 0ul};
  };
  const auto [stem, first] = split(ps[dots - 1].name);
  const auto [last_stem, last] = split(ps[dots + 1].name);
  const std::size_t number = first + (index - (dots - 1));
  if (stem != last_stem || number > last) return std::nullopt;
  if (number == last) return ps[dots + 1];
  return Parameter{stem + std::to_string(number), ps[dots].begin, ps[dots].end};
}

std::string_view signature_of(std::string_view name) {
  if (const auto* b = builtins::find(name)) return b->signature;
  const auto* l = builtins::find_language_entry(name);
  return l && l->signature.find('(') != std::string_view::npos ? l->signature : std::string_view{};
}

}  // namespace

std::optional<OpenCall> open_call(std::string_view before) {
  // A stack of the calls and brackets open so far, each with its argument count.
  struct Open {
    std::string name;  // empty for a '(' or '[' that is no call
    std::size_t argument = 0;
    bool started = false;
  };
  std::vector<Open> open;
  for (std::size_t i = 0; i < before.size(); ++i) {
    const char c = before[i];
    if (c == '(' || c == '[') {
      std::size_t start = i;
      while (c == '(' && start > 0 && is_name_char(before[start - 1])) --start;
      if (!open.empty()) open.back().started = true;
      open.push_back({std::string(before.substr(start, i - start)), 0, false});
    } else if ((c == ')' || c == ']') && !open.empty()) {
      open.pop_back();
    } else if ((c == ',' || c == ':') && !open.empty()) {
      ++open.back().argument;
      open.back().started = false;
    } else if (!open.empty() && c != ' ' && c != '\t' && c != '\n') {
      open.back().started = true;
    }
  }
  if (open.empty() || open.back().name.empty()) return std::nullopt;
  return OpenCall{open.back().name, open.back().argument, open.back().started};
}

std::optional<SignatureHint> signature_hint(std::string_view name, std::size_t argument) {
  const std::string_view signature = signature_of(name);
  if (signature.empty()) return std::nullopt;
  auto p = parameter_at(parameters(signature), argument);
  if (!p) return std::nullopt;
  return SignatureHint{std::string(signature), p->begin, p->end};
}

std::vector<std::string> missing_arguments(std::string_view name, std::size_t given) {
  std::vector<std::string> out;
  const auto ps = parameters(signature_of(name));
  // IF, the one call that is no builtin, needs all four of its parts.
  const auto* b = builtins::find(name);
  const std::size_t required = b ? static_cast<std::size_t>(b->min_args) : ps.size();
  for (std::size_t i = given; i < required; ++i) {
    if (auto p = parameter_at(ps, i)) out.push_back(p->name);
  }
  return out;
}

}  // namespace fexpr::repl
