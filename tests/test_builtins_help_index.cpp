// The help index: every builtin falls under the topic a Function Builder shows it in, and the
// language's own entries (IF, the operators) are found by name.
#include "builtins/help_index.hpp"

#include <catch2/catch.hpp>

namespace test_builtins_help_index {

using fexpr::builtins::Topic;

namespace {

Topic topic(std::string_view name) {
  const auto* b = fexpr::builtins::find(name);
  REQUIRE(b);
  return fexpr::builtins::topic_of(*b);
}

}  // namespace

TEST_CASE("each builtin's topic follows from its category, shape and Adams' measure names", "[builtins][help]") {
  CHECK(topic("SQRT") == Topic::math);
  CHECK(topic("STEP") == Topic::general);
  CHECK(topic("DELAY") == Topic::general);
  CHECK(topic("USER") == Topic::general);
  CHECK(topic("DX") == Topic::displacement);
  CHECK(topic("INCANG") == Topic::displacement);
  CHECK(topic("VR") == Topic::velocity);
  CHECK(topic("WX") == Topic::velocity);
  CHECK(topic("ACCM") == Topic::acceleration);
  CHECK(topic("WDTX") == Topic::acceleration);  // a W that is not a velocity
  CHECK(topic("JOINT") == Topic::forces);
  CHECK(topic("VARVAL") == Topic::elements);
  CHECK(topic("DXYZ") == Topic::vectors);  // a vector result
  CHECK(topic("MAG") == Topic::vectors);   // a vector argument
}

TEST_CASE("every topic is listed once, and the language entries are found by name", "[builtins][help]") {
  CHECK(fexpr::builtins::topics().size() == 8);
  for (std::string_view name : {"IF", "if", "+", "-", "*", "/", "**", "%", "["}) {
    CAPTURE(name);
    CHECK(fexpr::builtins::find_language_entry(name));
  }
  CHECK(!fexpr::builtins::find_language_entry("STEP"));
  CHECK(!fexpr::builtins::find_language_entry("*/"));
}

}  // namespace test_builtins_help_index
