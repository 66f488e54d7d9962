// What the Adams View command reader produces: the commands of a command file (.cmd) as
// written, with exact file offsets, before any meaning is given to them. A command is a path
// of words (`marker create`, `part create rigid_body name_and_position`) and `name = value`
// parameters; the translator (dataset/view/translate.hpp) makes the model's statements from
// them, as the dataset reader's statements are made from an .adm.
#pragma once

#include <fexpr/diagnostic.hpp>

#include <span>
#include <string>
#include <vector>

namespace fexpr::dataset::view {

// One comma-separated item of a parameter's value.
struct Item {
  enum class Kind {
    bare,        // 12, -3.5E-2, 0.0d, 6inch, .model.PART_1, yes, $var: as written
    string,      // "..." or '...': text is the content, escapes resolved
    expression,  // (...) and what is written next to it (30(deg)): text as written
  };
  Kind kind = Kind::bare;
  Span span;  // the item as written, quotes and parentheses included
  std::string text;
  // string: where its content starts in the file; the content's bytes map one to one to the
  // file's unless it had an escape (then `escaped` is true).
  std::uint32_t content_begin = 0;
  bool escaped = false;
};

struct Parameter {
  std::string name;  // lower case, as written (abbreviations are resolved by the translator)
  Span name_span;
  std::span<const Item> items;  // in CommandFile::items
  Span span;  // the name to the end of its last item
};

struct Word {
  std::string text;  // lower case
  Span span;
};

struct Command {
  std::span<const Word> words;  // the command's path as written, possibly abbreviated
  std::span<const Parameter> parameters;
  // Items that stand where a parameter was expected (`sim/dyn, end=10`: "/dyn"): no command
  // fexpr interprets takes them; the translator says so for the commands it knows.
  std::span<const Item> strays;
  Span span;
};

// The commands view their words, parameters and items, which the file keeps in one vector of
// each: a file of 30,000 commands is read into a few vectors rather than 150,000 small ones.
// It can be moved, not copied (a copy's commands would view the original's vectors).
struct CommandFile {
  CommandFile() = default;
  CommandFile(CommandFile&&) = default;
  CommandFile& operator=(CommandFile&&) = default;
  CommandFile(const CommandFile&) = delete;
  CommandFile& operator=(const CommandFile&) = delete;

  std::vector<Command> commands;
  std::vector<Diagnostic> diagnostics;
  std::vector<Word> words;
  std::vector<Parameter> parameters;
  std::vector<Item> items;  // the parameters' items, each parameter's together
  std::vector<Item> strays;
};

// Never throws on bad input: every problem becomes a diagnostic with its span, and reading goes
// on with the next command. Time is linear in the size of the text.
CommandFile read_commands(const SourceText& source);

}  // namespace fexpr::dataset::view
