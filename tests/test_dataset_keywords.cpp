#include "dataset/keywords.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_dataset_keywords {

using fexpr::dataset::ArgumentKind;
using fexpr::dataset::find_keyword;
using fexpr::dataset::find_statement;
using fexpr::dataset::interpreted_statements;

namespace {

std::string keyword_of(std::string_view statement, std::string_view written) {
  const auto* k = find_keyword(find_statement(statement), written);
  return k ? std::string(k->name) : std::string("(none)");
}

}  // namespace

TEST_CASE("every accepted abbreviation of a keyword names that keyword and no other") {
  for (const auto& statement : interpreted_statements()) {
    for (const auto& keyword : statement.keywords) {
      for (std::size_t n = keyword.minimum; n <= keyword.name.size(); ++n) {
        std::string written(keyword.name.substr(0, n));
        INFO(statement.name << " " << written);
        const auto* found = find_keyword(&statement, written);
        REQUIRE(found != nullptr);
        CHECK(found->name == keyword.name);
      }
    }
  }
}

TEST_CASE("every accepted abbreviation of a statement name names that statement") {
  for (const auto& statement : interpreted_statements()) {
    for (std::size_t n = statement.minimum; n <= statement.name.size(); ++n) {
      std::string written(statement.name.substr(0, n));
      INFO(written);
      const auto* found = find_statement(written);
      REQUIRE(found != nullptr);
      CHECK(found->name == statement.name);
    }
  }
}

TEST_CASE("keywords are matched without regard to case") {
  CHECK(keyword_of("SFORCE", "Function") == "FUNCTION");
  CHECK(keyword_of("sforce", "fun") == "FUNCTION");
  CHECK(keyword_of("SFORCE", "trans") == "TRANSLATIONAL");
  CHECK(keyword_of("SFORCE", "TRANSLATION") == "TRANSLATIONAL");
  CHECK(keyword_of("SFORCE", "Rot") == "ROTATIONAL");
  CHECK(keyword_of("SFORCE", "ROTATION") == "ROTATIONAL");
  CHECK(keyword_of("SFORCE", "action") == "ACTIONONLY");
  CHECK(keyword_of("MARKER", "reul") == "REULER");
  CHECK(find_statement("Mar")->name == "MARKER");
  CHECK(find_statement("accg")->name == "ACCGRAV");
}

TEST_CASE("an exact keyword wins over the longer keywords it begins") {
  CHECK(keyword_of("JOINT", "IC") == "IC");
  CHECK(keyword_of("JOINT", "ICR") == "ICROT");
  CHECK(keyword_of("GFORCE", "FX") == "FX");
}

TEST_CASE("a word shorter than the minimum or shared by two keywords names none") {
  CHECK(keyword_of("SFORCE", "FU") == "(none)");
  CHECK(keyword_of("JOINT", "MU_DYN") == "(none)");
  CHECK(keyword_of("PART", "MA") == "(none)");
  CHECK(keyword_of("MARKER", "QPX") == "(none)");
  CHECK(find_statement("MA") == nullptr);
  CHECK(find_statement("MARKERS") == nullptr);
  CHECK(find_statement("GRAPHICS") == nullptr);
}

TEST_CASE("REQUEST takes the one-letter abbreviations of the Chrono models") {
  CHECK(keyword_of("REQUEST", "D") == "DISPLACEMENT");
  CHECK(keyword_of("REQUEST", "V") == "VELOCITY");
  CHECK(keyword_of("REQUEST", "A") == "ACCELERATION");
  CHECK(keyword_of("REQUEST", "C") == "COMMENT");
  CHECK(keyword_of("REQUEST", "CN") == "CNAMES");
  CHECK(keyword_of("REQUEST", "F1") == "F1");
}

TEST_CASE("FUNCTION is an expression in every statement, known or not") {
  const auto* k = find_keyword(nullptr, "func");
  REQUIRE(k != nullptr);
  CHECK(k->name == "FUNCTION");
  CHECK(k->kind == ArgumentKind::expression);
  CHECK(find_keyword(nullptr, "FX") == nullptr);
  CHECK(find_keyword(find_statement("VFORCE"), "FZ")->kind == ArgumentKind::expression);
  CHECK(find_keyword(find_statement("REQUEST"), "F8")->kind == ArgumentKind::expression);
  CHECK(find_keyword(find_statement("VTORQUE"), "FX") == nullptr);
}

TEST_CASE("only UNITS, ACCGRAV and END go without an id") {
  for (const auto& statement : interpreted_statements()) {
    INFO(statement.name);
    bool without = statement.name == "UNITS" || statement.name == "ACCGRAV" || statement.name == "END";
    CHECK(statement.takes_id == !without);
  }
}

}  // namespace test_dataset_keywords
