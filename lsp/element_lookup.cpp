#include "lsp/element_lookup.hpp"

#include "dataset/values.hpp"
#include "dataset/view/names.hpp"

namespace fexpr::lsp {
namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

// The object a name token [begin, end) of the text names: the longest prefix of whole
// components that names one (".m.P.M1.adams_id" names .m.P.M1 too).
const dataset::NamedObject* named(const dataset::Dataset& d, std::string_view token) {
  if (token.empty() || (token[0] >= '0' && token[0] <= '9')) return nullptr;
  return dataset::view::find_object(d, token).object;
}

}  // namespace

std::optional<NamedAt> object_at(Document& document, std::uint32_t offset) {
  const dataset::Dataset& d = document.model().dataset;
  if (d.objects.empty()) return std::nullopt;
  std::string_view text = document.text();
  if (offset > text.size()) return std::nullopt;
  std::uint32_t begin = offset, end = offset;
  while (begin > 0 && name_char(text[begin - 1])) --begin;
  while (end < text.size() && name_char(text[end])) ++end;
  if (begin == end) return std::nullopt;
  // The name up to the component under the cursor: .m.P.M1 from the P of .m.P.M1.
  std::uint32_t cut = offset;
  while (cut < end && text[cut] != '.') ++cut;
  for (std::uint32_t stop : {cut, end}) {
    if (const dataset::NamedObject* o = named(d, text.substr(begin, stop - begin))) return NamedAt{o, {begin, stop}};
  }
  return std::nullopt;
}

std::vector<Span> object_references(Document& document, const dataset::NamedObject& object) {
  const dataset::Dataset& d = document.model().dataset;
  std::string_view text = document.text();
  std::vector<Span> out;
  bool in_comment = false;
  for (std::uint32_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\n') in_comment = false;
    if (c == '!' && (i + 1 >= text.size() || text[i + 1] != '=')) in_comment = true;
    if (in_comment || !name_char(c) || (i > 0 && name_char(text[i - 1]))) {
      ++i;
      continue;
    }
    std::uint32_t end = i;
    while (end < text.size() && name_char(text[end])) ++end;
    if (named(d, text.substr(i, end - i)) == &object) out.push_back({i, end});
    i = end;
  }
  return out;
}

std::optional<dataset::ElementId> element_at(Document& document, std::uint32_t offset) {
  const dataset::Statement* s = document.statement_at(offset);
  if (!s) return std::nullopt;
  const auto& ids = document.ids()[static_cast<std::size_t>(s - document.model().dataset.statements.data())];
  for (const dataset::ElementId& e : ids) {
    if (e.span.begin <= offset && offset <= e.span.end) return e;
  }
  return std::nullopt;
}

const dataset::Statement* definition_of(Document& document, std::string_view statement, long id) {
  return dataset::find_statement(document.model().dataset, statement, id);
}

std::string view_name(Document& document, const dataset::Statement& statement) {
  constexpr std::string_view kKey = "adams_view_name='";
  std::string_view text = document.text();
  std::size_t end = text.rfind('\n', statement.span.begin);
  // Comment lines directly above: stop at the first line that is not one.
  while (end != std::string_view::npos && end > 0) {
    std::size_t start = text.rfind('\n', end - 1);
    start = start == std::string_view::npos ? 0 : start + 1;
    std::string_view line = text.substr(start, end - start);
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] != '!') return {};
    std::size_t key = line.find(kKey);
    if (key != std::string_view::npos) {
      std::size_t from = key + kKey.size(), quote = line.find('\'', from);
      if (quote != std::string_view::npos) return std::string(line.substr(from, quote - from));
    }
    if (start == 0) return {};
    end = start - 1;
  }
  return {};
}

std::string statement_text(Document& document, const dataset::Statement& statement, int max_lines) {
  std::string_view text = document.text();
  std::size_t begin = text.rfind('\n', statement.span.begin);
  begin = begin == std::string_view::npos ? 0 : begin + 1;
  std::size_t end = text.find('\n', statement.span.end);
  std::string_view whole = text.substr(begin, (end == std::string_view::npos ? text.size() : end) - begin);
  std::size_t cut = 0;
  for (int line = 0; line < max_lines && cut != std::string_view::npos; ++line) {
    std::size_t newline = whole.find('\n', cut);
    cut = newline == std::string_view::npos ? newline : newline + 1;
  }
  bool cut_short = cut != std::string_view::npos && cut < whole.size();
  std::string out(cut_short ? whole.substr(0, cut) : whole);
  if (cut_short) out += "...";
  std::erase(out, '\r');
  return out;
}

}  // namespace fexpr::lsp
