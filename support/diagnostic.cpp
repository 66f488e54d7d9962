#include <fexpr/diagnostic.hpp>

#include "support/utf8.hpp"

#include <algorithm>
#include <cstring>

namespace fexpr {

std::string_view code_name(Code code) {
  switch (code) {
    case Code::syntax: return "syntax";
    case Code::name: return "name";
    case Code::arity: return "arity";
    case Code::argument: return "argument";
    case Code::needs_model: return "needs-model";
    case Code::reference: return "reference";
    case Code::domain: return "domain";
    case Code::limit: return "limit";
    case Code::cycle: return "cycle";
    case Code::duplicate_id: return "duplicate-id";
    case Code::missing_argument: return "missing-argument";
    case Code::discontinuity: return "discontinuity";
    case Code::parameter: return "parameter";
    case Code::not_interpreted: return "not-interpreted";
    case Code::user_subroutine: return "user-subroutine";
    case Code::io: return "io";
    case Code::suppression: return "suppression";
    case Code::units: return "units";
  }
  return "unknown";
}

std::string_view severity_name(Severity severity) {
  switch (severity) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::info: return "info";
  }
  return "error";
}

SourceText::SourceText(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  const char* data = text_.data();
  const char* end = data + text_.size();
  for (const char* at = data; (at = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at)))); ++at)
    line_starts_.push_back(static_cast<std::uint32_t>(at - data + 1));
}

std::uint32_t SourceText::first_column(std::uint32_t line) const {
  return line == 1 && std::string_view(text_).substr(0, 3) == "\xEF\xBB\xBF" ? 3 : line_starts_[line - 1];
}

Position SourceText::position(std::uint32_t offset) const {
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text_.size()));
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  auto line = static_cast<std::uint32_t>(it - line_starts_.begin());
  return {line, static_cast<std::uint32_t>(utf8::characters(text_, first_column(line), offset)) + 1};
}

std::string_view SourceText::line_text(std::uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  std::uint32_t begin = line_starts_[line - 1];
  std::uint32_t end = line < line_starts_.size() ? line_starts_[line] - 1 : static_cast<std::uint32_t>(text_.size());
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

std::string SourceText::render(const Diagnostic& d, bool show_code) const {
  Position at = position(d.span.begin);
  std::string out = name_ + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
                    std::string(severity_name(d.severity)) +
                    (show_code ? "[" + std::string(code_name(d.code)) + "]" : std::string()) + ": " + d.message + "\n";
  std::string_view line = line_text(at.line);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  // A hostile file's control bytes (ESC above all) must not reach the terminal: each becomes
  // '?'. A byte that is not UTF-8 (Latin-1) becomes U+FFFD, so that the line printed is UTF-8
  // and each such byte is one column, as it is counted.
  for (std::size_t i = 0; i < line.size(); i = utf8::next(line, i)) {
    auto u = static_cast<unsigned char>(line[i]);
    if ((u < 0x20 && line[i] != '\t') || u == 0x7F) out += '?';
    else if (utf8::sequence_length(line, i) == 0) out += utf8::kReplacement;
    else out.append(line.substr(i, utf8::next(line, i) - i));
  }
  out += '\n';
  // The caret line has one blank per character before the caret and copies tabs, so that the
  // caret stays under its character; a '~' stands under each further character of the span.
  std::string caret;
  for (std::size_t i = first_column(at.line); i < d.span.begin && i < text_.size(); i = utf8::next(text_, i))
    caret += text_[i] == '\t' ? '\t' : ' ';
  caret += '^';
  const std::size_t spanned = utf8::characters(text_, d.span.begin, d.span.end);
  if (spanned > 1 && position(d.span.end - 1).line == at.line) caret.append(spanned - 1, '~');
  out += caret;
  out += '\n';
  return out;
}

}  // namespace fexpr
