// Argument prompting: the call open at the cursor, the argument being typed, its name in the
// signature from the builtin table, and the arguments an entry cut short still lacks.
#include "repl/call_hint.hpp"

#include <catch2/catch.hpp>

namespace test_repl_call_hint {

using namespace fexpr::repl;

TEST_CASE("the open call and its argument are read from the text before the cursor", "[repl][hint]") {
  CHECK(!open_call("1 + 2"));
  CHECK(!open_call("STEP(1, 2, 3, 4, 5)"));
  CHECK(!open_call("(1 + "));  // a parenthesis that is no call
  auto c = open_call("STEP(");
  REQUIRE(c);
  CHECK(c->name == "STEP");
  CHECK(c->argument == 0);
  CHECK(!c->started);
  c = open_call("1 + step(TIME, 0, ");
  REQUIRE(c);
  CHECK(c->name == "step");
  CHECK(c->argument == 2);
  CHECK(!c->started);
  c = open_call("STEP(SIN(TIME), [1, 2, 3]*[0, 0, 1], 0");  // commas inside a call or vector count there
  REQUIRE(c);
  CHECK(c->argument == 2);
  CHECK(c->started);
  c = open_call("IF(x: 1, ");  // IF's ':' ends its first part
  REQUIRE(c);
  CHECK(c->argument == 2);
  c = open_call("STEP(TIME, 0, 0, MAX(1, ");  // the innermost call
  REQUIRE(c);
  CHECK(c->name == "MAX");
  CHECK(c->argument == 1);
}

TEST_CASE("the hint marks the argument's name in the signature", "[repl][hint]") {
  auto marked = [](std::string_view name, std::size_t argument) {
    auto h = signature_hint(name, argument);
    REQUIRE(h);
    return h->text.substr(0, h->begin) + "<" + h->text.substr(h->begin, h->end - h->begin) + ">" +
           h->text.substr(h->end);
  };
  CHECK(marked("STEP", 0) == "STEP(<x>, x0, h0, x1, h1)");
  CHECK(marked("step", 2) == "STEP(x, x0, <h0>, x1, h1)");
  CHECK(marked("DX", 2) == "DX(i[, j][, <k>])");
  CHECK(marked("IF", 1) == "IF(e: <lt>, eq, gt)");
  // POLY(x, x0, a0, ..., a30): the fourth argument is a1, inside the "...", the last a30.
  CHECK(marked("POLY", 3) == "POLY(x, x0, a0, <...>, a30)");
  CHECK(marked("POLY", 32) == "POLY(x, x0, a0, ..., <a30>)");
  CHECK(!signature_hint("POLY", 33));
  CHECK(!signature_hint("STEP", 5));
  CHECK(!signature_hint("NOSUCH", 0));
}

TEST_CASE("the arguments still missing are named", "[repl][hint]") {
  CHECK(missing_arguments("STEP", 3) == std::vector<std::string>{"x1", "h1"});
  CHECK(missing_arguments("STEP", 5).empty());
  CHECK(missing_arguments("DX", 0) == std::vector<std::string>{"i"});  // j and k are optional
  CHECK(missing_arguments("DX", 1).empty());
  CHECK(missing_arguments("IF", 2) == std::vector<std::string>{"eq", "gt"});
  CHECK(missing_arguments("POLY", 1) == std::vector<std::string>{"x0", "a0"});
  CHECK(missing_arguments("NOSUCH", 0).empty());
}

TEST_CASE("an id argument names the statement its formula names, else the function's own", "[repl][hint]") {
  CHECK(id_statement("VARVAL") == "VARIABLE");
  CHECK(id_statement("dif") == "DIFF");
  CHECK(id_statement("AKISPL") == "SPLINE");
  CHECK(id_statement("ARYVAL") == "ARRAY");
  CHECK(id_statement("SFORCE") == "SFORCE");
  CHECK(id_statement("STEP").empty());  // no id argument
  CHECK(id_statement("NOSUCH").empty());
}

}  // namespace test_repl_call_hint
