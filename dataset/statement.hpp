// What the dataset reader produces: statements as written, with exact file offsets, before any
// meaning is given to them. The checker and the model builder work from these.
#pragma once

#include <fexpr/diagnostic.hpp>

#include <optional>
#include <string>
#include <vector>

namespace fexpr::dataset {

// One item of KEY=v1,v2,... or KEY=c1:c2:...; text as written, blanks around it trimmed
// ("90D", "1.5E-3", "GROUND", "\"(rad/sec)\"" with its quotes).
struct Value {
  Span span;
  std::string text;
};

struct Argument {
  // The canonical upper-case keyword when the statement's table knows it ("FUNCTION" for
  // "fun"), otherwise the keyword upper-cased as written.
  std::string keyword;
  Span keyword_span;
  Span span;                  // the keyword up to the end of its last value or its expression
  std::vector<Value> values;  // empty for a flag such as TRANSLATIONAL or GROUND
  bool is_expression = false;
  // Where the expression is in the file, and its text: the file text of that span with line
  // breaks, comments, '&' marks and the leading ',' of continuation lines replaced by blanks.
  // So expression.size() == span length and expression[i] is at file offset begin + i.
  Span expression_span;
  std::string expression;
};

struct Statement {
  std::string name;  // canonical upper-case name ("MARKER" for "Mar"), or upper-cased as written
  Span name_span;
  std::optional<long> id;
  Span id_span;
  std::vector<Argument> arguments;
  Span span;                // from the name to the end of the last argument
  bool recognised = false;  // one of the statements fexpr interprets (see keywords.hpp)
};

struct Dataset {
  std::string title;
  Span title_span;
  std::vector<Statement> statements;
  std::vector<Diagnostic> diagnostics;
};

}  // namespace fexpr::dataset
