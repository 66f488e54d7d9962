// Where the REPL's lines come from: libedit (line editing, persistent history, Tab completion)
// when standard input is a terminal; plain std::getline otherwise, so that a script can be
// piped in and nothing but the session's output comes out.
#pragma once

#include "repl/session.hpp"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace fexpr::repl {

struct ReadLine {
  enum class Status {
    line,         // text holds the line, without its line break
    interrupted,  // Ctrl-C: the line typed so far is dropped
    end,          // Ctrl-D on an empty line, or the end of piped input
  };
  Status status = Status::end;
  std::string text;
};

class LineReader {
 public:
  virtual ~LineReader() = default;
  // The prompt is shown only when reading from a terminal.
  virtual ReadLine read(const std::string& prompt) = 0;
  // Adds a finished entry to the history and saves the history file.
  virtual void remember(const std::string& entry) = 0;
  virtual bool interactive() const = 0;
};

using Completer = std::function<Session::Completion(std::string_view before_cursor)>;

// A terminal reader when standard input is a terminal (history kept in history_file, none
// when it is empty), a plain one otherwise.
std::unique_ptr<LineReader> open_line_reader(const std::string& history_file, Completer complete);

// $FEXPR_HISTORY if set, else $HOME/.fexpr_history, else empty (no history).
std::string default_history_file();

}  // namespace fexpr::repl
