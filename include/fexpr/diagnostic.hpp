// Diagnostics shared by the parser, the compiler, the evaluator and the dataset checker.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr {

// Byte offsets into the text an expression was compiled from; [begin, end).
struct Span {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

// 1-based line and column of a byte offset. The column counts characters, not bytes: a UTF-8
// sequence is one column, so is a byte that is not valid UTF-8 (Latin-1) and a tab.
struct Position {
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};

enum class Severity { error, warning, info };

// Stable machine-readable codes; the dataset checker and the JSON output use their names.
enum class Code {
  syntax,          // malformed text
  name,            // unknown name or function
  arity,           // wrong argument count
  argument,        // an argument of the wrong kind (e.g. a marker id that is not an integer)
  needs_model,     // a kinematic or element function used without a model
  reference,       // id of a marker, variable, spline or element that does not exist
  domain,          // evaluation error: SQRT(-1), division by zero, overflow
  limit,           // nesting or size limit exceeded
  cycle,           // reference cycle between elements
  duplicate_id,
  missing_argument,
  discontinuity,   // warning: IF or other discontinuous function where smoothness matters
  parameter,       // warning: suspicious parameters (STEP with x0 >= x1, IMPACT exponent < 1)
  not_interpreted, // info: a statement or function fexpr reads but does not evaluate
  user_subroutine, // info: FUNCTION=USER(...)
  io,              // file could not be read
  suppression,     // warning: an inline suppression that suppresses nothing or names no code
  units,           // warning: a certain unit mistake (a length added to a velocity, degrees read as radians)
};

std::string_view code_name(Code code);
std::string_view severity_name(Severity severity);

// A change that resolves a diagnostic: the text in span becomes replacement. A safe fix keeps
// what the expression evidently meant (a misspelt name with one near match); an unsafe one
// changes what the model does (STEP -> STEP5 in a MOTION changes the motion), so it is applied
// only when asked for.
struct Fix {
  Span span;
  std::string replacement;
  bool safe = true;
};

struct Diagnostic {
  Severity severity = Severity::error;
  Code code = Code::syntax;
  Span span;
  std::string message;
  std::optional<Fix> fix = std::nullopt;  // set where a certain correction is known
};

// The text an expression or dataset came from, with what is needed to turn offsets into
// line:column and to draw the caret line under the source.
class SourceText {
 public:
  SourceText(std::string name, std::string text);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  Position position(std::uint32_t offset) const;
  std::string_view line_text(std::uint32_t line) const;
  // The newlines in the text plus one: the line after the last newline counts, empty or not.
  std::size_t line_count() const { return line_starts_.size(); }

  // "name:line:column: error: message" followed by the source line and a caret under the span;
  // with show_code, "error[code]:" as linters print it.
  std::string render(const Diagnostic& d, bool show_code = false) const;

 private:
  std::string name_;
  std::string text_;
  std::vector<std::uint32_t> line_starts_;

  // Offset of the first column of a line: past a byte order mark, which editors do not show.
  std::uint32_t first_column(std::uint32_t line) const;
};

}  // namespace fexpr
