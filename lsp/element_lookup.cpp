#include "lsp/element_lookup.hpp"

namespace fexpr::lsp {

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
  for (const dataset::Statement& s : document.model().dataset.statements) {
    if (s.id == id && s.name == statement) return &s;
  }
  return nullptr;
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
