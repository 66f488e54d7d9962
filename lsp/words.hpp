// What hover says over a word of the two languages that is not a function's name nor an
// element id: the words of the expression language (IF, the constants and the simulation
// variables) and the statements fexpr interprets with their keywords (SFORCE, I=,
// TRANSLATIONAL). Each is one entry of a table of texts (lsp/words.cpp for the expression
// language, lsp/statement_words.cpp for datasets). The one-line meaning of a constant stays in
// the compiler's table (detail::constant_names), which the REPL and the command line print
// too; hover adds what a user needs to write the word well.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fexpr::lsp {

// Markdown for IF or a constant (any case), or nullopt for another word.
std::optional<std::string> expression_word_help(std::string_view word);

// What a statement fexpr interprets is ("SFORCE": a single-component force ...), by its
// canonical upper-case name; nullopt for another statement.
std::optional<std::string_view> statement_help(std::string_view statement);

// What a keyword of a statement means, by canonical upper-case names: the statement's own
// entry first (I= of SFORCE), else the entry every statement shares (ROUTINE=); nullopt when
// there is neither.
std::optional<std::string_view> keyword_help(std::string_view statement, std::string_view keyword);

}  // namespace fexpr::lsp
