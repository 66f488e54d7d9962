#include "repl/help.hpp"

#include "builtins/help_index.hpp"
#include "eval/compile.hpp"
#include "support/text.hpp"

namespace fexpr::repl {
namespace {

using builtins::Topic;

std::vector<std::string_view> names_in(Topic topic) {
  std::vector<std::string_view> out;
  for (const auto& l : builtins::language_entries()) {
    if (l.topic == topic) out.push_back(l.name);
  }
  for (const auto& b : builtins::table()) {
    if (builtins::topic_of(b) == topic) out.push_back(b.name);
  }
  return out;
}

// "Title: a b c", continued under the first name when the line would pass 80 columns.
std::string wrapped(std::string_view title, const std::vector<std::string_view>& names) {
  std::string out, line(title);
  for (std::string_view n : names) {
    if (line.size() + 1 + n.size() > 80) {
      out += line + "\n";
      line = std::string(title.size(), ' ');
    }
    line += " ";
    line += n;
  }
  return out + line + "\n";
}

// What evaluating a builtin needs beyond its arguments, when that is more than the expression.
std::string_view requirement(builtins::Category category) {
  switch (category) {
    case builtins::Category::kinematic:
      return "  needs a model: fexpr repl --model FILE.adm, or :load FILE.adm\n";
    case builtins::Category::element:
      return "  reads a dataset element\n";
    case builtins::Category::solver:
      return "  needs the solver's state: fexpr reads it but never evaluates it\n";
    case builtins::Category::history:
      return "  evaluated while TIME - delay < 0; later values need the solver's history, which fexpr does not keep\n";
    case builtins::Category::user:
      return "  calls a user subroutine, which fexpr does not evaluate\n";
    case builtins::Category::math:
    case builtins::Category::general:
      break;
  }
  return {};
}

std::string topic_listing(const builtins::TopicInfo& topic) {
  std::string out = std::string(topic.title) + " (help NAME describes one):\n";
  for (const auto& l : builtins::language_entries()) {
    if (l.topic == topic.topic) out += "  " + std::string(l.signature) + "\n";
  }
  for (const auto& b : builtins::table()) {
    if (builtins::topic_of(b) == topic.topic) out += "  " + std::string(b.signature) + "\n";
  }
  return out;
}

}  // namespace

std::optional<std::string> describe(std::string_view name) {
  if (const auto* b = builtins::find(name)) {
    return std::string(b->signature) + "\n  " + std::string(b->formula) + "\n  example: " + std::string(b->example) +
           "\n" + std::string(requirement(b->category));
  }
  if (const auto* l = builtins::find_language_entry(name)) {
    return std::string(l->signature) + "\n  " + std::string(l->formula) + "\n  example: " + std::string(l->example) +
           "\n";
  }
  for (const auto& c : detail::constant_names()) {
    if (text::iequals(c.name, name)) return std::string(c.name) + "  " + std::string(c.meaning) + "\n";
  }
  for (const auto& t : builtins::topics()) {
    if (text::iequals(t.key, name)) return topic_listing(t);
  }
  return std::nullopt;
}

std::string topic_overview() {
  std::string out = "help TOPIC lists a topic's functions with their arguments:\n";
  for (const auto& t : builtins::topics()) out += wrapped(std::string(t.key) + ":", names_in(t.topic));
  std::vector<std::string_view> constants;
  for (const auto& c : detail::constant_names()) constants.push_back(c.name);
  return out + wrapped("constants:", constants);
}

std::vector<std::string_view> described_names() {
  std::vector<std::string_view> out;
  for (const auto& b : builtins::table()) out.push_back(b.name);
  for (const auto& l : builtins::language_entries()) out.push_back(l.name);
  for (const auto& c : detail::constant_names()) out.push_back(c.name);
  for (const auto& t : builtins::topics()) out.push_back(t.key);
  return out;
}

}  // namespace fexpr::repl
