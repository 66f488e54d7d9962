// The statements fexpr interprets, their keywords, and how far each may be abbreviated.
// Adams matches statement names and keywords case-insensitively and accepts any prefix at
// least as long as a documented minimum (FUN for FUNCTION, REUL for REULER).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace fexpr::dataset {

enum class ArgumentKind {
  flag,        // KEYWORD alone (TRANSLATIONAL, GROUND)
  values,      // KEYWORD=v1,v2,... or KEYWORD=c1:c2:...
  expression,  // KEYWORD=e, read up to '\' or the end of the statement (FUNCTION, FX, F1)
  // KEYWORD=c, a character string: everything up to the next ',' or ';' or the end of the
  // line, blanks, '\', ':' and '=' included (Windows paths, ROUTINE=lib::fn). The Adams
  // reference gives FILE= the range "all printable characters except '!', ';', ',' and '&'".
  text,
};

struct Keyword {
  std::string_view name;
  std::uint8_t minimum;  // length of the shortest accepted abbreviation
  ArgumentKind kind;
};

struct StatementSyntax {
  std::string_view name;
  std::uint8_t minimum;
  bool takes_id;  // NAME/id; UNITS/, ACCGRAV/ and END have none
  std::span<const Keyword> keywords;
};

std::span<const StatementSyntax> interpreted_statements();

// Null when the name is not (an abbreviation of) an interpreted statement.
const StatementSyntax* find_statement(std::string_view written);

// The keyword of the statement that the written word names: an exact match first, otherwise
// the one keyword it abbreviates. With a null statement (one fexpr does not interpret) only
// the keywords every statement shares are known: FUNCTION is an expression everywhere, and
// NAME, LABEL, FILE, TITLE, COMMENT, ROUTINE, STRING are text everywhere.
const Keyword* find_keyword(const StatementSyntax* statement, std::string_view written);

// FXYZ= and TXYZ= of GFORCE, VFORCE and VTORQUE are vector expressions (Adams Solver C++,
// operators.html); every other expression keyword is a scalar.
bool is_vector_keyword(std::string_view keyword);

}  // namespace fexpr::dataset
