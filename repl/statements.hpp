// Dataset statements typed or pasted into the REPL (VARIABLE/3, FUNCTION = ..., SPLINE/1, ...,
// PART/2, ...), kept as their text. The session's model is rebuilt from the loaded file's
// statements followed by these, through the dataset reader, checker and model builder that
// read a file, so a statement means here what it means in a dataset, and a VARVAL chain can be
// tried before it goes into one.
#pragma once

#include "dataset/loaded_model.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::repl {

// Whether `entry` starts a dataset statement: the name (or accepted abbreviation) of one
// fexpr interprets, other than END, then '/'. (The session first asks whether that name is one
// of its variables: "var/3" divides when var is one.)
bool starts_statement(std::string_view entry);
// Whether `line` continues a statement, as a dataset's continuation lines do: its first
// character other than a blank is ','.
bool continues_statement(std::string_view line);

class SessionStatements {
 public:
  // The model the statements add to: its file's text up to its END. Statements typed before
  // are dropped (the count is returned), as they were written against the model before. The
  // dataset, base and typed statements, is called <session> in messages.
  std::size_t set_base(std::string_view text);

  // What defining a statement gave: the rebuilt model, or none when the statement has errors;
  // the checker's errors and warnings about it, rendered with their caret.
  struct Definition {
    std::unique_ptr<dataset::LoadedModel> model;
    std::vector<Diagnostic> diagnostics;  // in the dataset's text, below
    std::string build_errors;             // the model builder's, rendered, when it failed
    std::string head;                     // "VARIABLE/3"
    bool replaced = false;                // a statement of that head was typed before
    std::unique_ptr<SourceText> source;   // the dataset's text the diagnostics point into
  };
  // Defines `statement` (continuation lines included), replacing one of the same NAME/id
  // typed before; kept only when it has no errors.
  Definition define(const std::string& statement);

  // The statements typed, as typed, in order.
  const std::vector<std::string>& typed() const { return typed_; }
  // The whole dataset: the title, the base model's statements, the typed ones, END.
  std::string dataset_text() const;
 private:
  std::string dataset_text(const std::vector<std::string>& typed) const;
  // What messages call the dataset: it is no file, and its lines are not a file's lines.
  static constexpr const char* kName = "<session>";
  std::string base_ = "fexpr repl session\n";  // a title, then statements, no END
  std::vector<std::string> typed_;
  std::vector<std::string> heads_;  // "VARIABLE/3" for each typed statement
};

}  // namespace fexpr::repl
