// The one translation unit that instantiates the command language's grammar. Actions build the
// commands as the rules succeed; rules that are tried and abandoned leave no trace, since
// every action sits on a rule that, once it has matched, stays part of the parse.
#include "dataset/view/command.hpp"

#include "dataset/view/grammar.hpp"
#include "support/text.hpp"

#include <array>
#include <set>
#include <string_view>

namespace fexpr::dataset::view {
namespace {

namespace g = grammar;

struct State {
  const char* base;
  CommandFile out;
  // Where each command's words, parameters and strays begin in the file's vectors, and each
  // parameter's items; each ends where the next begins. The spans are made when the vectors
  // have stopped growing.
  struct Firsts {
    std::uint32_t words, parameters, strays;
  };
  std::vector<Firsts> first_of_commands;
  Firsts next{0, 0, 0};  // of the command being read, and after the last
  std::vector<std::uint32_t> first_items;  // per parameter
  std::set<std::uint32_t> reported;  // offsets already reported (a rule may be tried twice)

  std::uint32_t offset(const char* p) const { return static_cast<std::uint32_t>(p - base); }
  template <typename Input>
  Span span(const Input& in) const {
    return {offset(in.begin()), offset(in.end())};
  }
  void report(Severity severity, Span span, std::string message) {
    if (!reported.insert(span.begin).second) return;
    out.diagnostics.push_back({severity, Code::syntax, span, std::move(message)});
  }
};

// The content of a closed string, its escapes resolved.
Item string_item(std::string_view written, Span span) {
  Item item{Item::Kind::string, span, {}, span.begin + 1, false};
  for (std::size_t i = 1; i + 1 < written.size(); ++i) {
    if (written[i] == '\\' && i + 2 < written.size()) {
      item.escaped = true;
      ++i;
    }
    item.text += written[i];
  }
  return item;
}

Item make_item(std::string_view written, Span span) {
  // An unclosed '(' runs to the line end, whose '\r' (a CRLF file) is not part of the value.
  while (written.size() > 1 && written.back() == '\r') {
    written.remove_suffix(1);
    --span.end;
  }
  const char q = written.front();
  if ((q == '"' || q == '\'') && written.size() >= 2 && written.back() == q) {
    // One string alone, not a string followed by more ("a"b is one bare item).
    bool escaped = false;
    std::size_t i = 1;
    for (; i < written.size(); ++i) {
      if (escaped) {
        escaped = false;
      } else if (written[i] == '\\') {
        escaped = true;
      } else if (written[i] == q) {
        break;
      }
    }
    if (i == written.size() - 1) return string_item(written, span);
  }
  Item item{Item::Kind::bare, span, std::string(written), span.begin, false};
  if (written.find('(') == std::string_view::npos) return item;
  bool quoted = false;
  char quote = 0;
  for (char c : written) {
    if (quoted) {
      quoted = c != quote;
    } else if (c == '"' || c == '\'') {
      quoted = true;
      quote = c;
    } else if (c == '(') {
      item.kind = Item::Kind::expression;
      break;
    }
  }
  return item;
}

template <typename Rule>
struct action : g::pegtl::nothing<Rule> {};

template <>
struct action<g::command_word> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.out.words.push_back({text::lower(in.string_view()), s.span(in)});
  }
};

template <>
struct action<g::parameter_name> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    Parameter p;
    p.name = text::lower(in.string_view());
    p.name_span = p.span = s.span(in);
    s.out.parameters.push_back(std::move(p));
    s.first_items.push_back(static_cast<std::uint32_t>(s.out.items.size()));
  }
};

template <>
struct action<g::parameter_item> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.out.items.push_back(make_item(in.string_view(), s.span(in)));
    s.out.parameters.back().span.end = s.out.items.back().span.end;
  }
};

template <>
struct action<g::stray_item> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.out.strays.push_back(make_item(in.string_view(), s.span(in)));
  }
};

template <>
struct action<g::stray_close> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.report(Severity::error, s.span(in), "')' closes no '('");
  }
};

template <>
struct action<g::stray_equals> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.report(Severity::error, s.span(in), "'=' with no parameter name before it; write name = value");
  }
};

template <char Q>
struct action<g::open_string<Q>> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    s.report(Severity::error, s.span(in),
             std::string("this string is not closed: no ") + Q + " after it before the end of the file");
  }
};

template <>
struct action<g::open_group> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    const std::uint32_t at = s.offset(in.begin());
    s.report(Severity::error, {at, at + 1}, "'(' is not closed before the command ends; a ')' is missing");
  }
};

template <>
struct action<g::dangling> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    const std::uint32_t at = s.offset(in.begin());
    s.report(Severity::warning, {at, at + 1},
             "'&' continues the command onto the next line, but the file ends here; remove it");
  }
};

template <>
struct action<g::command> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    const State::Firsts r = s.next;
    Command c;
    c.span = s.out.words[r.words].span;
    for (std::size_t k = r.parameters; k < s.out.parameters.size(); ++k)
      c.span.end = std::max(c.span.end, s.out.parameters[k].span.end);
    for (std::size_t k = r.strays; k < s.out.strays.size(); ++k) c.span.end = std::max(c.span.end, s.out.strays[k].span.end);
    (void)in;
    s.out.commands.push_back(c);
    s.first_of_commands.push_back(r);
    s.next = {static_cast<std::uint32_t>(s.out.words.size()), static_cast<std::uint32_t>(s.out.parameters.size()),
              static_cast<std::uint32_t>(s.out.strays.size())};
  }
};

template <>
struct action<g::foreign_line> {
  template <typename Input>
  static void apply(const Input& in, State& s) {
    std::string_view line = in.string_view();
    std::size_t first = line.find_first_not_of(" \t\r\f\v");
    std::size_t last = line.find_last_not_of(" \t\r\f\v\n");
    const std::uint32_t begin = s.offset(in.begin());
    Span span{begin + static_cast<std::uint32_t>(first), begin + static_cast<std::uint32_t>(last + 1)};
    s.report(Severity::error, span, "expected a command (words such as 'marker create', then name = value)");
  }
};

// Parentheses nested deeper than this are a limit error; the grammar's rules for them recurse.
constexpr int kMaxNesting = 100;

// The text with the parentheses nested deeper than kMaxNesting blanked out (so the reader's
// recursion stays shallow), each first one reported.
std::string within_nesting(const std::string& text, std::vector<Diagnostic>& out) {
  std::string kept;
  int depth = 0;
  char quote = 0;
  bool comment = false, reported = false;
  // Outside strings and comments only these bytes matter; the loop steps over the others.
  static constexpr auto kMatters = [] {
    std::array<bool, 256> t{};
    for (char c : std::string_view("\"'!\n()")) t[static_cast<unsigned char>(c)] = true;
    return t;
  }();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (comment) {
      i = text.find('\n', i);
      if (i == std::string::npos) break;
      comment = false;
      continue;
    }
    if (quote) {
      if (text[i] == '\\') ++i;
      else if (text[i] == quote) quote = 0;
      continue;
    }
    while (i < text.size() && !kMatters[static_cast<unsigned char>(text[i])]) ++i;
    if (i == text.size()) break;
    const char c = text[i];
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '!' && depth == 0) {
      comment = true;
    } else if (c == '\n' && depth > 0 && (i == 0 || text.find_last_not_of(" \t\r", i - 1) == std::string::npos ||
                                          text[text.find_last_not_of(" \t\r", i - 1)] != '&')) {
      depth = 0;
    } else if (c == '(' || c == ')') {
      const bool deep = c == '(' ? ++depth > kMaxNesting : depth-- > kMaxNesting;
      if (!deep) continue;
      if (kept.empty()) kept = text;
      kept[i] = ' ';
      if (c == '(' && !reported) {
        const auto at = static_cast<std::uint32_t>(i);
        out.push_back({Severity::error, Code::limit, {at, at + 1},
                       "parentheses nested deeper than " + std::to_string(kMaxNesting) + "; simplify the expression"});
        reported = true;
      }
      if (depth < 0) depth = 0;
    }
  }
  return kept;
}

}  // namespace

CommandFile read_commands(const SourceText& source) {
  std::vector<Diagnostic> limits;
  const std::string shallow = within_nesting(source.text(), limits);
  const std::string& text = shallow.empty() ? source.text() : shallow;
  State s{text.data(), {}, {}, {0, 0, 0}, {}, {}};
  // The corpus's command files hold an item per 41 bytes on average (26 at most), a parameter
  // per 57 and a word per 71: vectors about that large grow at most once.
  s.out.items.reserve(text.size() / 32);
  s.out.parameters.reserve(text.size() / 48);
  s.out.words.reserve(text.size() / 56);
  s.first_items.reserve(text.size() / 48);
  g::pegtl::memory_input<g::pegtl::tracking_mode::lazy> in(text.data(), text.size(), source.name());
  g::pegtl::parse<g::file, action>(in, s);
  CommandFile& out = s.out;
  for (std::size_t k = 0; k < out.parameters.size(); ++k) {
    const std::size_t end = k + 1 < out.parameters.size() ? s.first_items[k + 1] : out.items.size();
    out.parameters[k].items = std::span<const Item>(out.items).subspan(s.first_items[k], end - s.first_items[k]);
  }
  for (std::size_t k = 0; k < out.commands.size(); ++k) {
    const State::Firsts& r = s.first_of_commands[k];
    const State::Firsts& end = k + 1 < out.commands.size() ? s.first_of_commands[k + 1] : s.next;
    out.commands[k].words = std::span<const Word>(out.words).subspan(r.words, end.words - r.words);
    out.commands[k].parameters = std::span<const Parameter>(out.parameters).subspan(r.parameters, end.parameters - r.parameters);
    out.commands[k].strays = std::span<const Item>(out.strays).subspan(r.strays, end.strays - r.strays);
  }
  s.out.diagnostics.insert(s.out.diagnostics.end(), limits.begin(), limits.end());
  return std::move(s.out);
}

}  // namespace fexpr::dataset::view
