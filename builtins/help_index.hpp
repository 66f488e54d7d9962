// The help index: the topics a Function Builder lists the builtins under, and the parts of the
// language that are not functions (arithmetic IF, the operators, the vector brackets) described
// as the table describes a function, so that help covers everything a user can type. The REPL's
// help, its completion and any other front end read this, never a copy of it.
#pragma once

#include "builtins/builtin.hpp"

#include <span>
#include <string_view>

namespace fexpr::builtins {

enum class Topic : std::uint8_t { math, general, displacement, velocity, acceleration, forces, elements, vectors };

struct TopicInfo {
  Topic topic;
  std::string_view key;    // the word after help: "velocity"
  std::string_view title;  // "Velocity", as a heading
};
// Every topic, in the order help lists them.
std::span<const TopicInfo> topics();

// The topic a builtin belongs to. It follows from the table's own fields and Adams' naming of
// the measures (V* and W* velocities, ACC* and WDT* accelerations), so a new entry needs no
// second edit here.
Topic topic_of(const Builtin& b);

// IF, an operator or the vector brackets, described like a builtin.
struct LanguageEntry {
  std::string_view name;       // what help takes: "IF", "**", "["
  std::string_view signature;  // "IF(e: lt, eq, gt)"
  std::string_view formula;
  std::string_view example;    // "EXPR = VALUE", evaluated by the tests
  Topic topic;
};
std::span<const LanguageEntry> language_entries();

// Case-insensitive lookup in language_entries(); nullptr when there is none.
const LanguageEntry* find_language_entry(std::string_view name);

}  // namespace fexpr::builtins
