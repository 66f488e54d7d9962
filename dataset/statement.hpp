// What the dataset reader produces: statements as written, with exact file offsets, before any
// meaning is given to them. The checker and the model builder work from these.
#pragma once

#include "units/dimension.hpp"

#include <fexpr/diagnostic.hpp>

#include <map>
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
  // The expression is fexpr's, not the file's (a command file's measure of an object, as the
  // function Adams writes for it): its diagnostics belong at `span`, and it is not checked as
  // something the user wrote.
  bool synthesized = false;
};

struct Statement {
  std::string name;  // canonical upper-case name ("MARKER" for "Mar"), or upper-cased as written
  Span name_span;
  std::optional<long> id;
  Span id_span;
  std::vector<Argument> arguments;
  Span span;                // from the name to the end of the last argument
  bool recognised = false;  // one of the statements fexpr interprets (see keywords.hpp)
  // Why fexpr cannot place or evaluate this statement's object although it knows it: a command
  // file's marker whose location is a design expression fexpr does not evaluate. Empty for
  // every statement of a dataset.
  std::string not_interpreted;
};

// An object of an Adams View model, by which a function may name it (DX(.model.PART_2.MARKER_1)):
// what the object names of a command file's functions resolve to. A dataset (.adm) has none.
struct NamedObject {
  std::string name;  // the full name as first written (".model.PART_2.MARKER_1")
  std::string type;  // the statement it became ("MARKER", "PART", "VARIABLE", ...), or "DESIGN_VARIABLE"
  long id = 0;
  Span span;  // where it is named when it is made
  // A function measure's name stands for its value (VARVAL of the VARIABLE it became); a design
  // variable's for its number, when it has one.
  bool as_value = false;
  std::optional<double> value;
  // Why the object's value cannot be read (a measure of an object, a design variable fexpr could
  // not evaluate); empty when it can.
  std::string not_interpreted;
};

struct Dataset {
  std::string title;
  Span title_span;
  std::vector<Statement> statements;
  std::vector<Diagnostic> diagnostics;
  // A command file's objects by their full names in lower case (names are not case-sensitive).
  std::map<std::string, NamedObject> objects;
  // The models a relative name may be in, the default one first (".model").
  std::vector<std::string> models;
  // Where the file makes objects fexpr does not follow (commands in a loop or a condition, a
  // file read, a macro): an unknown name there is not certainly an error. Empty when none.
  std::optional<Span> unfollowed;
  // Objects whose children fexpr does not follow (a user-defined element's instance, which makes
  // its parts and markers from a definition elsewhere): full names in lower case.
  std::vector<std::string> opaque;
  // A command file's units as its `defaults units` names them (lower case, as written); a
  // dataset names its units in its UNITS statement instead.
  units::UnitNames unit_names;
};

}  // namespace fexpr::dataset
