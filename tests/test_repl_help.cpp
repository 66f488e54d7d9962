// The REPL's help: every function, operator, constant and topic has an entry, all read from the
// builtin table and its help index, and the examples there are what the session computes.
#include "builtins/help_index.hpp"
#include "eval/compile.hpp"
#include "repl/help.hpp"
#include "repl/session.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <sstream>

namespace test_repl_help {

using fexpr::repl::Session;

namespace {

std::string run(Session& session, std::ostringstream& out, std::string_view line) {
  out.str("");
  session.feed(line);
  return out.str();
}

}  // namespace

TEST_CASE("?IF and the operators have help, with an example the session evaluates", "[repl][help]") {
  std::ostringstream out;
  Session session(out);
  CHECK(run(session, out, "?IF") ==
        "IF(e: lt, eq, gt)\n"
        "  lt where e < 0, eq where e = 0 exactly, gt where e > 0; only the branch taken is evaluated, and the "
        "derivatives are that branch's\n"
        "  example: IF(-2: 10, 20, 30) = 10\n");
  CHECK(run(session, out, "help **").starts_with("a ** b\n"));
  for (const auto& entry : fexpr::builtins::language_entries()) {
    std::string example(entry.example);
    const std::size_t eq = example.rfind(" = ");
    REQUIRE(eq != std::string::npos);
    CAPTURE(example);
    CHECK(run(session, out, example.substr(0, eq)) == "= " + example.substr(eq + 3) + "\n");
    CHECK(run(session, out, "?" + std::string(entry.name)).starts_with(std::string(entry.signature) + "\n"));
  }
}

TEST_CASE("every function, constant and topic has help, and no name goes unanswered", "[repl][help]") {
  std::ostringstream out;
  Session session(out);
  for (const auto& b : fexpr::builtins::table()) CHECK(fexpr::repl::describe(b.name));
  for (const auto& c : fexpr::detail::constant_names()) {
    CHECK(run(session, out, "?" + std::string(c.name)) == std::string(c.name) + "  " + std::string(c.meaning) + "\n");
  }
  CHECK(run(session, out, "?TIME") == "TIME  the simulation time\n");
  CHECK(run(session, out, "help nosuchthing") ==
        "<input>:1:6: error: no function, operator, constant or command 'nosuchthing'; help lists them all\n"
        "help nosuchthing\n"
        "     ^~~~~~~~~~~\n");
  CHECK(run(session, out, "?DIFF").find("did you mean DIF?") != std::string::npos);
  CHECK(session.failed());
}

TEST_CASE("help TOPIC lists the topic's signatures, and help alone lists every name under its topic",
          "[repl][help]") {
  std::ostringstream out;
  Session session(out);
  std::string expected = "Acceleration (help NAME describes one):\n";
  for (std::string_view name : {"ACCM", "ACCX", "ACCY", "ACCZ", "WDTM", "WDTX", "WDTY", "WDTZ"}) {
    expected += "  " + std::string(fexpr::builtins::find(name)->signature) + "\n";
  }
  CHECK(run(session, out, "help acceleration") == expected);
  CHECK(run(session, out, "?Vectors").starts_with("Vectors (help NAME describes one):\n  u % v\n  [x, y, z]\n"));

  // Each line of the overview is "topic: NAME ..." or its continuation, indented under the names.
  std::istringstream overview(run(session, out, "help"));
  std::map<std::string, std::string> topic_of_name;
  std::string heading;
  bool listing = false;
  for (std::string line; std::getline(overview, line);) {
    if (line.starts_with("help TOPIC")) {
      listing = true;
      continue;
    }
    if (!listing) continue;
    CHECK(line.size() <= 80);
    std::istringstream words(line);
    std::string word;
    if (line[0] != ' ') {
      words >> heading;
    }
    while (words >> word) {
      CHECK(topic_of_name.emplace(word, heading).second);  // no name twice
    }
  }
  for (const auto& b : fexpr::builtins::table()) {
    std::string key;
    for (const auto& t : fexpr::builtins::topics()) {
      if (t.topic == fexpr::builtins::topic_of(b)) key = t.key;
    }
    CAPTURE(b.name);
    CHECK(topic_of_name[std::string(b.name)] == key + ":");
  }
  CHECK(topic_of_name["IF"] == "general:");
  CHECK(topic_of_name["PI"] == "constants:");
}

}  // namespace test_repl_help
