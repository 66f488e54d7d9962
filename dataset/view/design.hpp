// Adams View's design-time expressions: a parameter written in parentheses (`location =
// (LOC_RELATIVE_TO({6inch, 0, 0}, .model.PART_2.MARKER_1))`, `stiffness = (.model.DV_k * 2)`)
// is evaluated when the command runs, from the objects and design variables defined so far.
// fexpr evaluates the functions that exports use, from their Adams View documentation; what it
// cannot evaluate it says so, and the translator leaves the object it would set uninterpreted,
// never with a made-up value.
#pragma once

#include "dataset/view/frames.hpp"
#include "dataset/view/units.hpp"

#include <fexpr/diagnostic.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fexpr::dataset::view {

struct DesignValue {
  enum class Kind { number, array, text, object, boolean };
  Kind kind = Kind::number;
  // number: one; array: its elements ({x, y, z}; a matrix {{..},{..}} row after row, with
  // `columns` set). Lengths in the model's length unit, angles in radians, other quantities as
  // written.
  std::vector<double> numbers;
  std::size_t columns = 0;  // a matrix's row length; 0 for a plain array
  Dimension dimension;      // of the numbers (kNone when they carry none)
  // An orientation from an ORI_ function: body 3-1-3 angles whatever orientation_type is.
  bool body313 = false;
  std::string text;  // text: the string; object: the object's full name as the scope knows it
};

struct DesignFailure {
  Span span;  // where in the file
  std::string message;
  // True where Adams View itself would refuse the text (a syntax error, a wrong argument count
  // of a function fexpr knows); false where fexpr only cannot evaluate it (a function it does
  // not implement, a database query, an unknown name in a model it has not fully read).
  bool certain = false;
};

// What a design expression can read: the model's units and its objects as they stand when the
// command runs.
class DesignScope {
 public:
  virtual ~DesignScope() = default;
  virtual const Units& units() const = 0;
  // The frame in ground of a coordinate system object (ground, a part, a marker, a floating
  // marker at its initial place, a point with its parent's axes), by the name written (full
  // `.model.part.marker`, or one the defaults make valid); empty when there is none.
  virtual std::optional<Frame> frame(std::string_view name) const = 0;
  // The value of a design variable, by the name written; empty when there is none.
  virtual std::optional<DesignValue> variable(std::string_view name) const = 0;
  // Whether an object of any kind has this name (DB_EXISTS).
  virtual bool exists(std::string_view name) const = 0;
};

// Evaluates `text`, the parameter's item as written (with its outer parentheses), which starts
// at file offset `offset`. `context` is the frame whose coordinates a relative result is in (a
// marker's part for its location and orientation, ground for a part's). `plain` is the
// dimension of a number written without a unit in this parameter (kLength for a location,
// kAngle for an orientation in the model's angle unit, kNone elsewhere).
std::variant<DesignValue, DesignFailure> evaluate(std::string_view text, std::uint32_t offset, const DesignScope& scope,
                                                  const Frame& context, Dimension plain);

}  // namespace fexpr::dataset::view
