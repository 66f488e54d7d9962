// The interpreter behind `fexpr repl`: it takes the lines a user types and writes what they
// produce to one stream. It knows nothing of terminals (the line reader does), so whole
// sessions are tested in-process with exact output.
//
// Input, one entry at a time (an entry with an unclosed '(' continues on the next line; a
// blank line ends it anyway):
//   EXPR                      prints "= VALUE"
//   NAME = EXPR               defines or redefines a user variable: "NAME = VALUE"
//   :time T / :mode M         "TIME = T" / "MODE = M"
//   :set PART/ID NAME=V ...   part states (x y z psi theta phi vx vy vz wx wy wz): "PART/ID.NAME = V"
//   :grad EXPR / :hessian EXPR  value and derivatives, laid out as `fexpr eval --grad`
//   :ast EXPR                 canonical text, then the syntax tree
//   :plot EXPR for VAR=A..B [--svg FILE]   text plot; --svg also writes an SVG file
//   :load FILE.adm / :model / :check [FILE.adm] / :vars / :quit (or quit, exit alone)
//   NAME/ID, ...              a dataset statement (VARIABLE, SPLINE, ARRAY, SFORCE, MARKER,
//                             PART, ...), continued by the lines that start with ',' and run at
//                             the first that does not (or a blank line): "VARIABLE/3 defined"
//   :elements / :save FILE.adm  the statements typed; the model with them, as a dataset
//   help [NAME|TOPIC] or ?NAME  functions, operators, constants, topics and commands, from the
//                             builtin table and its help index
// Values (T, M, V, A, B) are expressions too. Blank lines and lines starting with '#' are
// skipped. Every error is reported and the session goes on; failed() remembers that one was.
#pragma once

#include "repl/call_hint.hpp"

#include <fexpr/expression.hpp>

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::dataset {
struct LoadedModel;
}

namespace fexpr::repl {

struct SessionOptions {
  bool colour = false;  // ANSI colour for the first line of each error and warning
  // What an unknown name's and a missing model's errors tell the user to do: the REPL's own
  // entries, or the options of the command that runs the session (fexpr plot).
  CompileHints hints = {"define it first: NAME = VALUE", "load one with :load FILE.adm"};
};

class Session {
 public:
  explicit Session(std::ostream& out, SessionOptions options = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  enum class Next {
    entry,         // ready for a new entry
    continuation,  // the entry so far has an unclosed '('; feed its next line
    quit,          // :quit (or quit, exit) was entered
  };
  Next feed(std::string_view line);
  // End of input: runs an unfinished entry, which then reports what is missing.
  void finish();
  // Drops an unfinished entry (Ctrl-C).
  void cancel();
  // The entry the last feed() ran, on one line, for the history.
  const std::string& last_entry() const { return last_entry_; }

  // Whether any entry so far has reported an error (a piped session then exits 1).
  bool failed() const;

  // What :load does; false when the model could not be loaded (the reason went to stderr).
  bool load(const std::string& path);
  // The model loaded or built so far, or null; fexpr plot sets its part states from --set.
  dataset::LoadedModel* model();

  // Completion of the word that ends `line` (the text before the cursor): names of functions,
  // constants, user variables and, at the start of a line, commands; a file name after :load
  // and :check; PART/ID and the state names after :set; a marker id of the loaded model as an
  // argument of a kinematic function, an element's id as the `id` of VARVAL, AKISPL, .... Inside a call, the call's signature with the argument
  // being typed marked.
  struct Completion {
    std::size_t begin = 0;                // where the word starts in line
    std::vector<std::string> candidates;  // sorted, matching the word case-insensitively
    std::vector<std::string> labels;      // what a list shows for each: a function's signature
    std::optional<SignatureHint> hint;    // the open call's signature, its next argument marked
  };
  Completion complete(std::string_view line) const;

  struct State;  // defined in session.cpp, where the commands work on it

 private:
  void run(const std::string& entry);
  // After an entry cut short inside a call: which of the call's arguments it lacks, by name.
  void say_what_is_missing(const std::string& entry);
  std::unique_ptr<State> state_;
  std::string pending_;
  std::string last_entry_;
};

}  // namespace fexpr::repl
