#include "repl/statements.hpp"

#include "dataset/checker.hpp"
#include "dataset/keywords.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <sstream>

namespace fexpr::repl {
namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// "VARIABLE/3", "UNITS/": the statement's canonical name and id, read by the dataset reader.
std::string head_of(const std::string& statement) {
  SourceText alone("<input>", "title\n" + statement + "\nEND\n");
  dataset::Dataset d = dataset::read(alone);
  if (d.statements.empty()) return {};
  const dataset::Statement& s = d.statements.front();
  return s.name + "/" + (s.id ? std::to_string(*s.id) : "");
}

}  // namespace

bool starts_statement(std::string_view entry) {
  const std::size_t begin = entry.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return false;
  std::size_t end = begin;
  while (end < entry.size() && is_name_char(entry[end])) ++end;
  if (end == begin || end >= entry.size() || entry[end] != '/') return false;
  const auto* statement = dataset::find_statement(entry.substr(begin, end - begin));
  return statement && statement->name != "END";
}

bool continues_statement(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t");
  return first != std::string_view::npos && line[first] == ',';
}

std::size_t SessionStatements::set_base(std::string_view text) {
  // Everything from the line that holds END on is left out, so that statements can follow.
  std::size_t end = text.size();
  for (std::size_t line = 0; line < text.size();) {
    std::size_t next = text.find('\n', line);
    if (next == std::string_view::npos) next = text.size();
    std::string_view content = text.substr(line, next - line);
    const std::size_t first = content.find_first_not_of(" \t");
    if (line > 0 && first != std::string_view::npos && text::iequals(content.substr(first, 3), "END") &&
        (content.size() == first + 3 || !is_name_char(content[first + 3]))) {
      end = line;
      break;
    }
    line = next + 1;
  }
  base_ = std::string(text.substr(0, end));
  if (!base_.empty() && base_.back() != '\n') base_ += '\n';
  const std::size_t dropped = typed_.size();
  typed_.clear();
  heads_.clear();
  return dropped;
}

std::string SessionStatements::dataset_text(const std::vector<std::string>& typed) const {
  std::string out = base_;
  for (const std::string& s : typed) out += s + "\n";
  return out + "END\n";
}

std::string SessionStatements::dataset_text() const { return dataset_text(typed_); }

SessionStatements::Definition SessionStatements::define(const std::string& statement) {
  Definition d;
  d.head = head_of(statement);
  std::vector<std::string> typed = typed_, heads = heads_;
  auto same = std::find(heads.begin(), heads.end(), d.head);
  d.replaced = same != heads.end();
  if (d.replaced) {
    typed.erase(typed.begin() + (same - heads.begin()));
    heads.erase(same);
  }
  typed.push_back(statement);
  heads.push_back(d.head);
  std::string text = dataset_text(typed);
  // The new statement is the last before END; only what is said about it is shown.
  const auto begin = static_cast<std::uint32_t>(text.size() - statement.size() - std::string_view("\nEND\n").size());

  dataset::CheckedFile checked = dataset::check_text(kName, text);
  bool errors = false;
  for (const Diagnostic& diagnostic : checked.diagnostics) {
    if (diagnostic.severity == Severity::info || diagnostic.span.begin < begin) continue;
    errors |= diagnostic.severity == Severity::error;
    d.diagnostics.push_back(diagnostic);
  }
  d.source = std::move(checked.source);
  if (errors) return d;
  std::ostringstream build_errors;
  auto model = dataset::load_model_text(kName, std::move(text), build_errors);
  if (!model) {
    d.build_errors = build_errors.str();
    return d;
  }
  d.model = std::move(*model);
  typed_ = std::move(typed);
  heads_ = std::move(heads);
  return d;
}

}  // namespace fexpr::repl
