// Tab completion beyond names: file names after :load and :check, parts and states after :set,
// marker ids inside kinematic calls, signatures in the list, and the open call's hint.
#include "repl/path_completion.hpp"
#include "repl/session.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace test_repl_completion {

using fexpr::repl::Session;

namespace {

// A directory of three files and a subdirectory, made afresh.
std::string tree() {
  const std::string root = "repl_completion_tree";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root + "/models");
  for (const char* name : {"a.adm", "ab.adm", ".hidden.adm"}) std::ofstream(root + "/" + name) << "x\n";
  return root;
}

}  // namespace

TEST_CASE("file names complete after :load and :check", "[repl][complete]") {
  const std::string root = tree();
  using V = std::vector<std::string>;
  CHECK(fexpr::repl::complete_path(root + "/a") == V{root + "/a.adm", root + "/ab.adm"});
  CHECK(fexpr::repl::complete_path(root + "/") == V{root + "/a.adm", root + "/ab.adm", root + "/models/"});
  CHECK(fexpr::repl::complete_path(root + "/.h") == V{root + "/.hidden.adm"});
  CHECK(fexpr::repl::complete_path("no-such-directory/a").empty());

  std::ostringstream out;
  Session session(out);
  auto c = session.complete(":load " + root + "/m");
  CHECK(c.begin == 6);
  CHECK(c.candidates == V{root + "/models/"});
  c = session.complete(":check " + root + "/ab");
  CHECK(c.begin == 7);
  CHECK(c.candidates == V{root + "/ab.adm"});
  std::filesystem::remove_all(root);
}

TEST_CASE("parts, states and marker ids of the loaded model complete", "[repl][complete]") {
  const std::string path = "repl_completion_model.adm";
  std::ofstream(path) << "two parts\n"
                         "PART/1, GROUND\n"
                         "MARKER/10, PART = 1\n"
                         "PART/2\n"
                         "MARKER/20, PART = 2\n"
                         "PART/3\n"
                         "MARKER/31, PART = 3\n"
                         "MARKER/32, PART = 3\n"
                         "END\n";
  std::ostringstream out;
  Session session(out);
  using V = std::vector<std::string>;
  CHECK(session.complete(":set PA").candidates.empty());  // no model, nothing to set
  REQUIRE(session.load(path));
  CHECK(session.complete(":set PA").candidates == V{"PART/2", "PART/3"});  // not the ground
  CHECK(session.complete(":set PART/2 v").candidates == V{"vx=", "vy=", "vz="});
  auto c = session.complete(":set PART/2 x=1 w");
  CHECK(c.begin == 16);
  CHECK(c.candidates == V{"wx=", "wy=", "wz="});
  CHECK(session.complete("DX(").candidates == V{"10", "20", "31", "32"});
  c = session.complete("DX(20, 3");
  CHECK(c.begin == 7);
  CHECK(c.candidates == V{"31", "32"});
  CHECK(session.complete("STEP(3").candidates.empty());  // STEP takes no markers
  // Element ids: the VARIABLEs as VARVAL's id, typed in the session or in the model.
  session.feed("VARIABLE/7, FUNCTION = 1");
  session.feed("VARIABLE/70, FUNCTION = 2");
  session.feed("");
  CHECK(session.complete("VARVAL(").candidates == V{"7", "70"});
  CHECK(session.complete("1 + VARVAL(7").candidates == V{"7", "70"});
  CHECK(session.complete("ARYVAL(").candidates.empty());  // no ARRAY
  CHECK(session.complete("VARVAL(").labels == V{"7", "70"});
  std::remove(path.c_str());
}

TEST_CASE("the list shows signatures, and inside a call the hint marks the next argument", "[repl][complete]") {
  std::ostringstream out;
  Session session(out);
  auto c = session.complete("STE");
  CHECK(c.candidates == std::vector<std::string>{"STEP", "STEP5"});
  CHECK(c.labels == std::vector<std::string>{"STEP(x, x0, h0, x1, h1)", "STEP5(x, x0, h0, x1, h1)"});
  CHECK(!c.hint);
  c = session.complete("STEP(TIME, 0, ");
  CHECK(c.candidates.empty());
  REQUIRE(c.hint);
  CHECK(c.hint->text.substr(c.hint->begin, c.hint->end - c.hint->begin) == "h0");
  c = session.complete("i");
  CHECK(std::find(c.candidates.begin(), c.candidates.end(), "IF") != c.candidates.end());
}

TEST_CASE("an entry cut short inside a call names the arguments it lacks", "[repl][hint]") {
  std::ostringstream out;
  Session session(out);
  session.feed("STEP(TIME, 0, 0");
  session.feed("");
  CHECK(out.str() ==
        "<input>:1:16: error: expected ')' to close '(' opened at 1:5 but the expression ends here\n"
        "STEP(TIME, 0, 0\n"
        "               ^\n"
        "  note: STEP( is missing x1 and h1\n");
  out.str("");
  session.feed("IF(1: 2");
  session.finish();
  CHECK(out.str().ends_with("  note: IF( is missing eq and gt\n"));
}

}  // namespace test_repl_completion
