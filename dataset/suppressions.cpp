#include "dataset/suppressions.hpp"

#include "dataset/checker.hpp"
#include "dataset/rules.hpp"

#include <algorithm>
#include <cctype>

namespace fexpr::dataset {
namespace {

constexpr std::string_view kMarker = "fexpr:";
constexpr std::string_view kForm = "write '! fexpr: ignore[code, ...]' or '! fexpr: ignore-file[code, ...]'";

bool blank(char c) { return c == ' ' || c == '\t'; }

std::uint32_t skip_blanks(std::string_view text, std::uint32_t at, std::uint32_t end) {
  while (at < end && blank(text[at])) ++at;
  return at;
}

// From the start of the line where span begins to the end of the line where it ends, so that
// a trailing comment on the statement's last line is inside.
Span whole_lines(std::string_view text, Span span) {
  std::size_t begin = span.begin == 0 ? 0 : text.rfind('\n', span.begin - 1);
  begin = begin == std::string_view::npos || span.begin == 0 ? 0 : begin + 1;
  std::size_t end = text.find('\n', span.end > span.begin ? span.end - 1 : span.end);
  if (end == std::string_view::npos) end = text.size();
  return {static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end)};
}

// The statement whose lines hold offset `at`, or else the first one after it; empty if none.
Span statement_scope(std::string_view text, std::span<const Span> statements, std::uint32_t at) {
  for (const Span& s : statements) {
    Span lines = whole_lines(text, s);
    if (at <= lines.end) return lines;
  }
  return {};
}

class Scanner {
 public:
  Scanner(const SourceText& source, std::span<const Span> statements)
      : text_(source.text()), statements_(statements) {}

  // A suppression is a line's first '!' followed by blanks and "fexpr:"; the marker is rare, so
  // the text is searched for it and only the lines that hold it are looked at.
  FoundSuppressions run() {
    for (std::size_t at = text_.find(kMarker); at != std::string_view::npos; at = text_.find(kMarker, at + 1)) {
      const std::size_t line = at == 0 ? 0 : text_.rfind('\n', at - 1) + 1;  // npos + 1 is 0
      const std::size_t bang = text_.substr(line, at - line).find('!');
      if (bang == std::string_view::npos || skip_blanks(text_, static_cast<std::uint32_t>(line + bang + 1),
                                                        static_cast<std::uint32_t>(at)) != at)
        continue;
      const auto next = static_cast<std::uint32_t>(std::min(text_.find('\n', at), text_.size()));
      const std::uint32_t end = next > line && text_[next - 1] == '\r' ? next - 1 : next;
      comment(static_cast<std::uint32_t>(line + bang), end);
      at = next;
    }
    return std::move(found_);
  }

 private:
  void comment(std::uint32_t bang, std::uint32_t end) {
    std::uint32_t at = skip_blanks(text_, bang + 1, end);
    if (text_.substr(at, kMarker.size()) != kMarker) return;
    at = skip_blanks(text_, at + static_cast<std::uint32_t>(kMarker.size()), end);
    std::uint32_t word = at;
    while (at < end && (std::isalpha(static_cast<unsigned char>(text_[at])) || text_[at] == '-')) ++at;
    std::string_view verb = text_.substr(word, at - word);
    at = skip_blanks(text_, at, end);
    std::size_t close = text_.substr(at, end - at).find(']');
    if ((verb != "ignore" && verb != "ignore-file") || at == end || text_[at] != '[' || close == std::string_view::npos) {
      malformed({bang, end}, "this '! fexpr:' comment is not a suppression; " + std::string(kForm));
      return;
    }
    Span scope = verb == "ignore-file" ? Span{0, static_cast<std::uint32_t>(text_.size())}
                                       : statement_scope(text_, statements_, bang);
    std::uint32_t list_end = at + static_cast<std::uint32_t>(close);
    std::uint32_t item = at + 1;
    while (item <= list_end) {
      auto comma = static_cast<std::uint32_t>(std::min<std::size_t>(text_.find(',', item), list_end));
      std::uint32_t b = skip_blanks(text_, item, comma);
      std::uint32_t e = comma;
      while (e > b && blank(text_[e - 1])) --e;
      if (b == e) malformed({item, comma}, "an empty code in a suppression; " + std::string(kForm));
      else found_.suppressions.push_back({std::string(text_.substr(b, e - b)), {b, e}, scope});
      item = comma + 1;
    }
  }

  void malformed(Span span, std::string message) {
    found_.malformed.push_back({Severity::warning, Code::suppression, span, std::move(message)});
  }

  std::string_view text_;
  std::span<const Span> statements_;
  FoundSuppressions found_;
};

}  // namespace

FoundSuppressions find_suppressions(const SourceText& text, std::span<const Span> statements) {
  return Scanner(text, statements).run();
}

void apply_suppressions(CheckedFile& file, const LintSettings& settings) {
  if (!file.source) return;
  FoundSuppressions found = find_suppressions(*file.source, file.statements);
  std::vector<bool> used(found.suppressions.size(), false);
  auto silenced = [&](const Diagnostic& d) {
    bool any = false;
    for (std::size_t i = 0; i < found.suppressions.size(); ++i) {
      const Suppression& s = found.suppressions[i];
      if (s.code == code_name(d.code) && d.span.begin >= s.scope.begin && d.span.begin <= s.scope.end) {
        used[i] = true;
        any = true;
      }
    }
    return any;
  };
  auto& ds = file.diagnostics;
  ds.erase(std::remove_if(ds.begin(), ds.end(), silenced), ds.end());
  if (!settings.enabled(Code::suppression)) return;
  for (Diagnostic& d : found.malformed) ds.push_back(std::move(d));
  for (std::size_t i = 0; i < found.suppressions.size(); ++i) {
    const Suppression& s = found.suppressions[i];
    const Rule* r = find_rule(s.code);
    if (!r)
      ds.push_back({Severity::warning, Code::suppression, s.span,
                    "'" + s.code + "' is not a fexpr code; the codes are " + rule_names()});
    else if (!used[i] && settings.enabled(r->code))
      ds.push_back({Severity::warning, Code::suppression, s.span,
                    "nothing of code '" + s.code + "' is reported where this suppression applies; remove it"});
  }
  std::stable_sort(ds.begin(), ds.end(), [](const Diagnostic& a, const Diagnostic& b) { return a.span.begin < b.span.begin; });
}

}  // namespace fexpr::dataset
