#include "builtins/help_index.hpp"

#include "support/text.hpp"

#include <algorithm>

namespace fexpr::builtins {

std::span<const TopicInfo> topics() {
  static constexpr TopicInfo all[] = {
      {Topic::math, "math", "Math"},
      {Topic::general, "general", "General"},
      {Topic::displacement, "displacement", "Displacement"},
      {Topic::velocity, "velocity", "Velocity"},
      {Topic::acceleration, "acceleration", "Acceleration"},
      {Topic::forces, "forces", "Forces"},
      {Topic::elements, "elements", "Data elements"},
      {Topic::vectors, "vectors", "Vectors"},
  };
  return all;
}

Topic topic_of(const Builtin& b) {
  if (b.result == Shape::vector || b.argument == Shape::vector) return Topic::vectors;
  switch (b.category) {
    case Category::math:
      return Topic::math;
    case Category::kinematic:
      if (b.name.starts_with("ACC") || b.name.starts_with("WDT")) return Topic::acceleration;
      if (b.name.starts_with('V') || b.name.starts_with('W')) return Topic::velocity;
      return Topic::displacement;
    case Category::element:
      return Topic::elements;
    case Category::solver:
      return Topic::forces;
    case Category::general:
    case Category::history:
    case Category::user:
      break;
  }
  return Topic::general;
}

std::span<const LanguageEntry> language_entries() {
  static constexpr LanguageEntry all[] = {
      {"IF", "IF(e: lt, eq, gt)",
       "lt where e < 0, eq where e = 0 exactly, gt where e > 0; only the branch taken is evaluated, and the "
       "derivatives are that branch's",
       "IF(-2: 10, 20, 30) = 10", Topic::general},
      {"+", "a + b, +a", "sum; a unary plus changes nothing. Vectors add componentwise", "1 + 2 = 3", Topic::general},
      {"-", "a - b, -a", "difference, negation; -a**b is -(a**b)", "-2**2 = -4", Topic::general},
      {"*", "a * b", "product; of two vectors, their dot product; binds as tightly as / and %", "2*3 = 6",
       Topic::general},
      {"/", "a / b", "quotient; b = 0 is an error, never an infinity", "7/2 = 3.5", Topic::general},
      {"**", "a ** b", "a to the power b, right-associative: a**b**c is a**(b**c); a**-b is a**(-b)",
       "2**3**2 = 512", Topic::general},
      {"%", "u % v", "cross product of two vectors", "([1, 0, 0] % [0, 1, 0])*[0, 0, 1] = 1", Topic::vectors},
      {"[", "[x, y, z]", "the vector of three scalars", "MAG([3, 4, 12]) = 13", Topic::vectors},
  };
  return all;
}

const LanguageEntry* find_language_entry(std::string_view name) {
  auto all = language_entries();
  auto it = std::find_if(all.begin(), all.end(), [&](const LanguageEntry& e) { return text::iequals(e.name, name); });
  return it == all.end() ? nullptr : &*it;
}

}  // namespace fexpr::builtins
