// `fexpr repl` as a user runs it: a script piped in gives exactly the session's output, with
// no prompt and no colour; on a terminal it prompts, completes with Tab, cancels a line with
// Ctrl-C and keeps its history in a file.
#include "pty_driver.hpp"
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace test_repl_program {

using fexpr::testing::PtyProgram;
using fexpr::testing::run_fexpr;

namespace {

std::string write_script(const std::string& name, const std::string& text) {
  std::ofstream(name, std::ios::binary) << text;
  return name;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// libedit saves each history entry with strvis(3): blanks and backslashes become \ooo octal.
std::vector<std::string> history_entries(const std::string& path) {
  std::vector<std::string> out;
  std::istringstream in(read_text(path));
  std::string line;
  std::getline(in, line);  // the format's header, _HiStOrY_V2_
  while (std::getline(in, line)) {
    std::string entry;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\\' && i + 3 < line.size() && std::isdigit(static_cast<unsigned char>(line[i + 1]))) {
        entry += static_cast<char>(std::stoi(line.substr(i + 1, 3), nullptr, 8));
        i += 3;
      } else {
        entry += line[i];
      }
    }
    out.push_back(entry);
  }
  return out;
}

std::string absolute(const std::string& name) { return (std::filesystem::current_path() / name).string(); }

// The REPL on a terminal, with its history in `history` and no colour preference inherited.
std::vector<std::string> terminal_env(const std::string& history) {
  return {"FEXPR_HISTORY=" + history, "TERM=xterm", "NO_COLOR"};
}

}  // namespace

TEST_CASE("repl reads a piped script and prints exactly the session's output", "[cli][repl]") {
  std::string script = write_script("repl_program_script.txt",
                                    "# the force of a spring of stiffness k stretched by x\n"
                                    "k = 1E4\n"
                                    "x = 0.25\n"
                                    "-k*(x - 0.2)\n"
                                    ":time 0.5\n"
                                    "STEP(TIME, 0, 0, 1,\n"
                                    "     2)\n"
                                    "SQRT(-x)\n"
                                    ":vars\n");
  auto r = run_fexpr("repl < " + script);
  CHECK(r.status == 1);  // SQRT(-x) failed; every entry after it still ran
  // 0.25 - 0.2 is 0.04999999999999999 in binary, so -k times it is -499.9999999999999, not
  // -500; 1E4 prints as 10000, its shortest form. STEP half way from 0 to 2 is 1.
  CHECK(r.out ==
        "k = 10000\n"
        "x = 0.25\n"
        "= -499.9999999999999\n"
        "TIME = 0.5\n"
        "= 1\n"
        "<input>:1:1: error: SQRT of a negative number\n"
        "SQRT(-x)\n"
        "^~~~~~~~\n"
        "TIME = 0.5\n"
        "MODE = 4\n"
        "k = 10000\n"
        "x = 0.25\n");
}

TEST_CASE("repl stops at :quit and runs an unfinished entry at the end of input", "[cli][repl]") {
  auto r = run_fexpr("repl < " + write_script("repl_program_quit.txt", "1\n:quit\n2\n"));
  CHECK(r.status == 0);
  CHECK(r.out == "= 1\n");
  r = run_fexpr("repl < " + write_script("repl_program_open.txt", "2 * (1 + 3"));
  CHECK(r.status == 1);
  CHECK(r.out ==
        "<input>:1:11: error: expected ')' to close '(' opened at 1:5 but the expression ends here\n"
        "2 * (1 + 3\n"
        "          ^\n");
}

TEST_CASE("repl --model evaluates kinematic functions of the model", "[cli][repl]") {
  // A 1 m rod along x with its hinge at x = 0.25: its tip, marker 22, is at x = 1.25, y = 0.
  std::string model = write_script("repl_program_rod.adm",
                                   "rod\n"
                                   "PART/1, GROUND\n"
                                   "MARKER/10, PART = 1\n"
                                   "PART/2, QG = 0.25, 0, 0\n"
                                   "MARKER/22, PART = 2, QP = 1, 0, 0\n"
                                   "END\n");
  auto r = run_fexpr("repl --model " + model + " < " +
                     write_script("repl_program_model.txt", "DX(22, 10)\n:set PART/2 y=-1\nDY(22, 10)\n"));
  CHECK(r.status == 0);
  CHECK(r.out == "loaded " + model + ": 1 moving part, 2 markers\n= 1.25\nPART/2.y = -1\n= -1\n");
  r = run_fexpr("repl --model no-such-model.adm < /dev/null", true);
  CHECK(r.status == 2);
  CHECK(r.out ==
        "fexpr repl: --model 'no-such-model.adm': cannot read it: No such file or directory; name a dataset (.adm)\n");
}

TEST_CASE("repl on a terminal prompts, completes with Tab and keeps a history", "[cli][repl][pty]") {
  std::string history = absolute("repl_program_history");
  std::filesystem::remove(history);
  {
    PtyProgram repl({FEXPR_BINARY, "repl"}, terminal_env(history));
    REQUIRE(repl.started());
    REQUIRE(repl.wait_for("fexpr> "));
    // STEP and STEP5 both start with STE: Tab completes their common part, STEP.
    repl.type("STE\t");
    CHECK(repl.wait_for("P"));
    repl.type("(0.5, 0, 0, 1, 1)\r");
    CHECK(repl.wait_for("= 0.5\r\n"));  // half way, the cubic step is half way too
    CHECK(repl.wait_for("fexpr> "));

    SECTION("an open parenthesis gives the continuation prompt") {
      repl.type("1 + (2\r");
      CHECK(repl.wait_for("  ...> "));
      repl.type("* 3)\r");
      CHECK(repl.wait_for("= 7\r\n"));
    }
    SECTION("Ctrl-C cancels the line being typed") {
      repl.type("1 + (2");
      CHECK(repl.wait_for("1 + (2"));
      repl.type("\x03");
      CHECK(repl.wait_for("^C\r\nfexpr> "));
      repl.type("3\r");
      CHECK(repl.wait_for("= 3\r\n"));
    }
    SECTION("Ctrl-C right behind the typing is not lost") {
      // Sent with the text, the signal may come while the editor is busy with it rather than
      // waiting for a key (a loaded CI machine once lost a Ctrl-C there); it must still cancel
      // the line. The terminal may discard text not yet read, so only what follows is checked.
      repl.type("1 + (2\x03");
      CHECK(repl.wait_for("^C\r\nfexpr> "));
      repl.type("3\r");
      CHECK(repl.wait_for("= 3\r\n"));
    }
    SECTION("a second Tab lists the candidates with their signatures") {
      repl.type("STEP\t");
      CHECK(repl.wait_for("STEP(x, x0, h0, x1, h1)  "));
      CHECK(repl.wait_for("STEP5(x, x0, h0, x1, h1)"));
      repl.type("\x15");  // Ctrl-U: clear the line
    }
    SECTION("Tab inside a call shows its signature with the next argument in bold and underlined") {
      repl.type("STEP(TIME, 0, \t");
      CHECK(repl.wait_for("STEP(x, x0, \x1b[1;4mh0\x1b[0m, x1, h1)"));
      repl.type("\x15");
    }
    repl.type("\x04");  // Ctrl-D on an empty line
    CHECK(repl.wait_exit() == 0);
  }
  std::vector<std::string> entries = history_entries(history);
  REQUIRE(!entries.empty());
  // Only STE was typed before the Tab: the P in the entry saved comes from the completion.
  CHECK(entries.front() == "STEP(0.5, 0, 0, 1, 1)");

  SECTION("the next session recalls the history with the Up arrow") {
    PtyProgram again({FEXPR_BINARY, "repl"}, terminal_env(history));
    REQUIRE(again.wait_for("fexpr> "));
    // Up as often as there are entries reaches the oldest, the STEP call.
    for (std::size_t i = 0; i < entries.size(); ++i) again.type("\x1b[A");
    again.type("\r");
    CHECK(again.wait_for("= 0.5\r\n"));
    again.type(":quit\r");
    CHECK(again.wait_exit() == 0);
  }
}

TEST_CASE("repl on a terminal colours errors unless NO_COLOR is set", "[cli][repl][pty]") {
  std::string history = absolute("repl_program_colour_history");
  for (bool no_colour : {false, true}) {
    std::vector<std::string> env = {"FEXPR_HISTORY=" + history, "TERM=xterm", no_colour ? "NO_COLOR=1" : "NO_COLOR"};
    PtyProgram repl({FEXPR_BINARY, "repl"}, env);
    REQUIRE(repl.wait_for("fexpr> "));
    repl.type("SQRT(-1)\r");
    REQUIRE(repl.wait_for("SQRT of a negative number"));
    CHECK((repl.output().find("\x1b[1;31m<input>:1:1: error:") != std::string::npos) == !no_colour);
    repl.type("\x04");
    CHECK(repl.wait_exit() == 0);
  }
}

TEST_CASE("repl keeps its history in $HOME/.fexpr_history without FEXPR_HISTORY", "[cli][repl][pty]") {
  std::string home = absolute("repl_program_home");
  std::filesystem::remove_all(home);
  std::filesystem::create_directories(home);
  PtyProgram repl({FEXPR_BINARY, "repl"}, {"FEXPR_HISTORY", "HOME=" + home, "TERM=xterm"});
  REQUIRE(repl.wait_for("fexpr> "));
  repl.type("2**10\r");
  CHECK(repl.wait_for("= 1024\r\n"));
  repl.type("\x04");
  CHECK(repl.wait_exit() == 0);
  CHECK(history_entries(home + "/.fexpr_history") == std::vector<std::string>{"2**10"});
}

TEST_CASE("a piped session exits 1 when any entry failed, 0 when none did", "[cli][repl]") {
  CHECK(run_fexpr("repl < " + write_script("repl_program_clean.txt", "1\nhelp IF\n:vars\n")).status == 0);
  for (std::string_view failing : {"1/0\n2\n", ":nosuch\n", "?nosuch\n", ":load no-such.adm\n", "x = \n"}) {
    CAPTURE(failing);
    CHECK(run_fexpr("repl < " + write_script("repl_program_failing.txt", std::string(failing))).status == 1);
  }
}

TEST_CASE("repl's piped output has no prompt and no escape sequences", "[cli][repl]") {
  auto r = run_fexpr("repl < " + write_script("repl_program_plain.txt", "SQRT(-1)\nhelp STEP\n"));
  CHECK(r.out.find("fexpr>") == std::string::npos);
  CHECK(r.out.find('\x1b') == std::string::npos);
}

}  // namespace test_repl_program
