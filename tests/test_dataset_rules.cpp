// The rule table: one complete row per code, found by the code's name.
#include "dataset/rules.hpp"
#include "dataset/checker.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_dataset_rules {

using fexpr::Code;
using fexpr::dataset::find_rule;
using fexpr::dataset::rule;
using fexpr::dataset::rules;

TEST_CASE("the rule table has one complete row per code, in the order of the Code enum", "[rules]") {
  int codes = 0;
  while (fexpr::code_name(static_cast<Code>(codes)) != "unknown") ++codes;
  REQUIRE(rules().size() == static_cast<std::size_t>(codes));
  for (int i = 0; i < codes; ++i) {
    const auto& r = rules()[static_cast<std::size_t>(i)];
    INFO(fexpr::code_name(r.code));
    CHECK(r.code == static_cast<Code>(i));
    CHECK(&rule(r.code) == &r);
    CHECK_FALSE(r.summary.empty());
    CHECK(r.summary.back() != '.');
    CHECK(r.explanation.size() > r.summary.size());
    CHECK_FALSE(r.why.empty());
    CHECK_FALSE(r.example.empty());
  }
}

TEST_CASE("a rule is found by its code's name, and only by it", "[rules]") {
  REQUIRE(find_rule("discontinuity") != nullptr);
  CHECK(find_rule("discontinuity")->code == Code::discontinuity);
  CHECK(find_rule("duplicate-id")->code == Code::duplicate_id);
  CHECK(find_rule("Discontinuity") == nullptr);
  CHECK(find_rule("duplicate_id") == nullptr);
  CHECK(find_rule("") == nullptr);
}

TEST_CASE("rule_names lists every code, comma-separated", "[rules]") {
  std::string names = fexpr::dataset::rule_names();
  CHECK_THAT(names, Catch::Matchers::StartsWith("syntax, name, arity, "));
  CHECK_THAT(names, Catch::Matchers::EndsWith("io, suppression, units"));
}

// Each example is what --explain shows: it must raise its own code in a dataset that defines
// what it refers to, and its correction must not.
TEST_CASE("a rule's example raises its code and its correction does not", "[rules]") {
  const std::string model =
      "example model\nPART/1, GROUND\nMARKER/1, PART = 1\nMARKER/10, PART = 1\nPART/2, MASS = 1, CM = 2\n"
      "MARKER/2, PART = 2\nMARKER/20, PART = 2\nJOINT/1, REVOLUTE, I = 2, J = 1\n";
  auto raises = [&](std::string_view statements, Code code) {
    auto checked = fexpr::dataset::check_text("example.adm", model + std::string(statements) + "\nEND\n");
    for (const auto& d : checked.diagnostics)
      if (d.code == code) return true;
    return false;
  };
  for (const auto& r : rules()) {
    if (r.correction.empty()) continue;
    INFO(fexpr::code_name(r.code) << ": " << r.example << " -> " << r.correction);
    CHECK(raises(r.example, r.code));
    CHECK_FALSE(raises(r.correction, r.code));
  }
}

}  // namespace test_dataset_rules
