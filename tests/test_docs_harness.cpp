// The reader and matcher that run the documentation's shell sessions (doc_sessions.hpp), on
// small pages written here: what is a session, what "..." matches, and that a wrong output fails
// with the page's name and line.
#include "doc_sessions.hpp"
#include "scratch_folder.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

namespace test_docs_harness {

namespace docs = fexpr::testing::docs;
using Lines = std::vector<std::string>;

TEST_CASE("a block that starts with '$ ' is a session; its commands and outputs are read by line", "[docs]") {
  const std::string page =
      "# A page\n"            // 1
      "\n"                    // 2
      "```\n"                 // 3
      "$ echo one\n"          // 4
      "one\n"                 // 5
      "$ printf 'a\\nb\\n' \\\n"  // 6
      "    | sort -r\n"       // 7
      "b\n"                   // 8
      "a\n"                   // 9
      "```\n"                 // 10
      "\n"                    // 11
      "```c\n"                // 12
      "int main(void) { return 0; }\n"
      "```\n";
  const docs::Reading reading = docs::sessions_in("page.md", page);
  CHECK(reading.mistakes.empty());
  REQUIRE(reading.sessions.size() == 1);
  const docs::Session& session = reading.sessions[0];
  CHECK(session.file == "page.md");
  CHECK(session.line == 3);
  REQUIRE(session.commands.size() == 2);
  CHECK(session.commands[0].line == 4);
  CHECK(session.commands[0].text == "echo one");
  CHECK(session.commands[0].expected == Lines{"one"});
  CHECK(session.commands[1].line == 6);
  CHECK(session.commands[1].text == "printf 'a\\nb\\n' \\\n    | sort -r");
  CHECK(session.commands[1].expected == Lines{"b", "a"});
}

TEST_CASE("a '$ ' line in a block that is not a session is reported, since it would never run", "[docs]") {
  const docs::Reading reading = docs::sessions_in("page.md", "text\n```\nsome output\n$ echo late\n```\n");
  CHECK(reading.sessions.empty());
  REQUIRE(reading.mistakes.size() == 1);
  CHECK(reading.mistakes[0].starts_with("page.md:4: "));
}

TEST_CASE("a block that is never closed is reported", "[docs]") {
  const docs::Reading reading = docs::sessions_in("page.md", "```\n$ echo one\none\n");
  CHECK(reading.sessions.empty());
  REQUIRE(reading.mistakes.size() == 1);
  CHECK(reading.mistakes[0].starts_with("page.md:1: "));
}

TEST_CASE("lines match exactly, and a '...' line matches any run of lines, none included", "[docs]") {
  CHECK(docs::lines_match({}, {}));
  CHECK(docs::lines_match({"a", "b"}, {"a", "b"}));
  CHECK_FALSE(docs::lines_match({"a", "b"}, {"a", "b "}));  // a trailing blank is a difference
  CHECK_FALSE(docs::lines_match({"a"}, {"a", "b"}));
  CHECK_FALSE(docs::lines_match({"a", "b"}, {"a"}));
  CHECK(docs::lines_match({"..."}, {}));
  CHECK(docs::lines_match({"..."}, {"x", "y"}));
  CHECK(docs::lines_match({"a", "...", "z"}, {"a", "z"}));
  CHECK(docs::lines_match({"a", "...", "z"}, {"a", "b", "c", "z"}));
  CHECK_FALSE(docs::lines_match({"a", "...", "z"}, {"a", "b", "c"}));
  CHECK(docs::lines_match({"...", "z", "...", "z"}, {"z", "q", "z", "z"}));
  CHECK_FALSE(docs::lines_match({"...", "z", "...", "z"}, {"q", "z"}));
  // Only a line that is "..." alone elides; inside a line it is text.
  CHECK_FALSE(docs::lines_match({"a ..."}, {"a b"}));
  CHECK_FALSE(docs::lines_match({" ..."}, {"x"}));
}

TEST_CASE("the outputs of a session's script are split at each command's end", "[docs]") {
  const std::string end = "\n" + docs::output_end + "\n";
  // The second command printed nothing, the third a line without its line break.
  CHECK(docs::outputs("one\n" + end + end + "three" + end) == Lines{"one\n", "", "three\n"});
}

TEST_CASE("a session whose output differs from the page fails, naming the page, the line and the command", "[docs]") {
  const fexpr::testing::ScratchFolder scratch;
  const std::string page =
      "Intro\n"                     // 1
      "```\n"                       // 2
      "$ mkdir sub && cd sub\n"     // 3
      "$ echo 2.5 > x.txt; cat x.txt; pwd | sed 's|.*/||'\n"  // 4
      "2.5\n"                       // 5
      "sub\n"                       // 6
      "$ echo 47.855339059327456\n"  // 7
      "47.85533905932745\n"         // 8
      "$ echo to-stderr >&2\n"      // 9
      "to-stderr\n"                 // 10
      "```\n";
  const docs::Reading reading = docs::sessions_in("fake.md", page);
  REQUIRE(reading.sessions.size() == 1);
  const auto failures = docs::run(reading.sessions[0], scratch.path, scratch.path);
  // The first command's cd carries to the second; standard error is shown with the output.
  REQUIRE(failures.size() == 1);
  const std::string& message = failures[0];
  CHECK(message.starts_with("fake.md:7: $ echo 47.855339059327456\n"));
  CHECK(message.find("the page shows (the first difference is on line 1 of the output):\n  | 47.85533905932745\n") !=
        std::string::npos);
  CHECK(message.find("the command printed:\n  | 47.855339059327456\n") != std::string::npos);
}

TEST_CASE("fexpr in a session is the program under test", "[docs]") {
  const fexpr::testing::ScratchFolder scratch;
  const std::filesystem::path bin = scratch.path / "bin";
  std::filesystem::create_directories(bin);
  std::filesystem::create_symlink(std::filesystem::absolute(FEXPR_BINARY), bin / "fexpr");
  // 2**3**2 is 2**9, ** being right-associative.
  const docs::Reading reading = docs::sessions_in("fake.md", "```\n$ fexpr eval '2**3**2'\n2**3**2 = 512\n```\n");
  REQUIRE(reading.sessions.size() == 1);
  CHECK(docs::run(reading.sessions[0], scratch.path, bin).empty());
}

}  // namespace test_docs_harness
