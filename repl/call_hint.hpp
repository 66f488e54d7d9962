// Argument prompting: which call the cursor is in and which of its arguments comes next, read
// from the text typed so far, and that argument's place in the call's signature from the
// builtin table, so that Tab after "STEP(TIME, 0, " can show STEP(x, x0, h0, x1, h1) with h0
// marked, and an entry cut short can say which arguments it lacks by name.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::repl {

// The innermost call left open at the end of `before`.
struct OpenCall {
  std::string name;          // as typed
  std::size_t argument = 0;  // index of the argument being typed (commas, or IF's ':', before it)
  bool started = false;      // whether that argument has any text yet
};
std::optional<OpenCall> open_call(std::string_view before);

// A call's signature with one argument marked: text[begin, end) is that argument's name.
struct SignatureHint {
  std::string text;
  std::size_t begin = 0;
  std::size_t end = 0;
};
// For a builtin or IF; nullopt for any other name, or an argument past the last.
std::optional<SignatureHint> signature_hint(std::string_view name, std::size_t argument);

// The names of the arguments a call of `name` still needs after `given` of them ("x1", "h1"
// for STEP after three); empty when it has its required ones, or is no builtin.
std::vector<std::string> missing_arguments(std::string_view name, std::size_t given);

}  // namespace fexpr::repl
