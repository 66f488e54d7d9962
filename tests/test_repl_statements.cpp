// Dataset statements typed into the REPL: they define elements of the session's model, as in a
// dataset (continuation lines with ','), are checked by the dataset checker where they stand,
// and can be listed and saved as a dataset.
#include "repl/session.hpp"
#include "repl/statements.hpp"
#include "session_run.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace test_repl_statements {

using fexpr::testing::Run;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("a statement is recognised by its name and '/', a continuation by its ','", "[repl][statements]") {
  using fexpr::repl::continues_statement;
  using fexpr::repl::starts_statement;
  CHECK(starts_statement("VARIABLE/3, FUNCTION = TIME"));
  CHECK(starts_statement("  var/3"));  // an abbreviation, as a dataset allows
  CHECK(starts_statement("ACCGRAV/, KGRAV = -9.81"));
  CHECK(!starts_statement("END/"));
  CHECK(!starts_statement("x/3"));
  CHECK(!starts_statement("VARIABLE"));
  CHECK(continues_statement("  , FUNCTION = 1"));
  CHECK(!continues_statement("1, 2"));
}

TEST_CASE("a VARVAL chain is tried before it goes into a dataset", "[repl][statements]") {
  Run run;
  // The statement runs at the next line that does not continue it.
  CHECK(run({"VARIABLE/3, FUNCTION = STEP(TIME, 0, 0, 1, 5)", ":time 0.5"}) ==
        "VARIABLE/3 defined\nTIME = 0.5\n");
  CHECK(run({"VARVAL(3)"}) == "= 2.5\n");  // half way: 5 * 0.25 * (3 - 1)
  // Pasted over lines as a dataset writes it, ended by a blank line.
  CHECK(run({"VARIABLE/4", ", FUNCTION = VARVAL(3)*2", ""}) == "VARIABLE/4 defined\n");
  CHECK(run({"VARVAL(4)"}) == "= 5\n");
  // A ',' line after a statement adds to it, and it is defined again.
  CHECK(run({", + 1", "VARVAL(4)"}) == "VARIABLE/4 redefined\n= 6\n");
  CHECK(run({":elements"}) ==
        "VARIABLE/3, FUNCTION = STEP(TIME, 0, 0, 1, 5)\n"
        "VARIABLE/4\n"
        ", FUNCTION = VARVAL(3)*2\n"
        ", + 1\n");
  CHECK(!run.session.failed());

  SECTION(":save writes a dataset that reads back") {
    const std::string path = "repl_statements_saved.adm";
    CHECK(run({":save " + path}) == "wrote " + path + " (2 statements typed in this session)\n");
    CHECK(read(path) ==
          "fexpr repl session\n"
          "VARIABLE/3, FUNCTION = STEP(TIME, 0, 0, 1, 5)\n"
          "VARIABLE/4\n"
          ", FUNCTION = VARVAL(3)*2\n"
          ", + 1\n"
          "END\n");
    Run again;
    REQUIRE(again.session.load(path));
    CHECK(again({":time 0.5", "VARVAL(4)"}).ends_with("= 6\n"));
    std::remove(path.c_str());
  }
  SECTION("the end of input runs a statement still open") {
    run.session.feed("VARIABLE/5, FUNCTION = VARVAL(4) - 1");
    run.session.finish();
    CHECK(run({}) == "VARIABLE/5 defined\n");
    CHECK(run({"VARVAL(5)"}) == "= 5\n");
  }
}

TEST_CASE("a statement with errors is reported where it stands and not kept", "[repl][statements][errors]") {
  Run run;
  // The session's dataset is its title on line 1, then the statement.
  CHECK(run({"VARIABLE/5, FUNCTION = NOSUCH(1)", ""}) ==
        "<session>:2:24: error: unknown function 'NOSUCH'\n"
        "VARIABLE/5, FUNCTION = NOSUCH(1)\n"
        "                       ^~~~~~\n");
  CHECK(run({":elements"}).starts_with("no statements typed in this session"));
  CHECK(run({"FUNCTION = 1+1"}) ==
        "<input>:1:1: error: FUNCTION= is an argument of a dataset statement, not a variable; type it after its "
        "statement (VARIABLE/1, FUNCTION = ...) or on a line starting with ','\n"
        "FUNCTION = 1+1\n"
        "^~~~~~~~\n");
  CHECK(run({", FUNCTION = 1"}) ==
        "<input>:1:1: error: a line starting with ',' continues a dataset statement, and none was typed before it\n"
        ", FUNCTION = 1\n"
        "^\n");
  CHECK(run({":save no-such-directory/f.adm"}) == "error: cannot write 'no-such-directory/f.adm'\n");
  CHECK(run({":save"}) == "error: usage: :save FILE.adm\n");
  CHECK(run.session.failed());
}

TEST_CASE("a variable keeps its name: var/3 divides when var is one", "[repl][statements]") {
  Run run;
  CHECK(run({"var = 6", "var/3"}) == "var = 6\n= 2\n");
}

TEST_CASE("statements add to a loaded model, whose part states stay as set", "[repl][statements][model]") {
  const std::string path = "repl_statements_rod.adm";
  std::ofstream(path) << "rod\n"
                         "PART/1, GROUND\n"
                         "MARKER/10, PART = 1\n"
                         "PART/2, QG = 0.25, 0, 0\n"
                         "MARKER/20, PART = 2\n"
                         "END\n";
  Run run;
  REQUIRE(run.session.load(path));
  CHECK(run({":set PART/2 x=1"}) == "loaded " + path + ": 1 moving part, 2 markers\nPART/2.x = 1\n");
  // A marker 0.5 along the part's x axis: at x = 1 + 0.5 once the part has moved to x = 1.
  CHECK(run({"MARKER/22, PART = 2, QP = 0.5, 0, 0", "DX(22, 10)"}) == "MARKER/22 defined\n= 1.5\n");
  CHECK(run({"VARIABLE/1, FUNCTION = DX(22, 10)*2", "VARVAL(1)"}) == "VARIABLE/1 defined\n= 3\n");
  SECTION("loading a model drops the statements typed against the one before") {
    CHECK(run({":load " + path}) ==
          "loaded " + path + ": 1 moving part, 2 markers\n"
          "note: 2 statements typed before were dropped with the model they were added to\n");
  }
  std::remove(path.c_str());
}

}  // namespace test_repl_statements
