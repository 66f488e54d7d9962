// The REPL's interpreter in-process: each entry's exact output, errors with their caret,
// variables, TIME and MODE that persist, continuation lines, commands, help and completion.
#include "dataset/loaded_model.hpp"
#include "repl/plot.hpp"
#include "repl/session.hpp"
#include "session_run.hpp"
#include "builtins/builtin.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace test_repl_session {

using fexpr::repl::Session;
using fexpr::testing::Run;

namespace {

// A 1 m rod whose hinge (marker 20) is at x = 0.25, lying along ground's x axis and turning at
// 2 rad/s about z; marker 22 is its tip, marker 10 the ground's origin.
std::string rod_model() {
  std::string path = "repl_session_rod.adm";
  std::ofstream(path) << "fexpr repl test: a rod turning about z\n"
                         "PART/1, GROUND\n"
                         "MARKER/10, PART = 1\n"
                         "PART/2, QG = 0.25, 0, 0, WZ = 2\n"
                         "MARKER/20, PART = 2\n"
                         "MARKER/22, PART = 2, QP = 1, 0, 0\n"
                         "SFORCE/1, ROTATIONAL, I = 20, J = 10, FUNCTION = -0.5*WZ(20, 10)\n"
                         "END\n";
  return path;
}

}  // namespace

TEST_CASE("an expression prints its value and an assignment defines a variable", "[repl][session]") {
  Run run;
  CHECK(run({"1 + 2*3"}) == "= 7\n");
  CHECK(run({"x = 1.5"}) == "x = 1.5\n");
  CHECK(run({"x**2"}) == "= 2.25\n");  // 1.5 * 1.5
  SECTION("a variable is redefined from its own value, and names ignore case") {
    CHECK(run({"x = x + 1"}) == "x = 2.5\n");
    CHECK(run({"X*2"}) == "= 5\n");
    CHECK(run({"X = 4"}) == "x = 4\n");  // the name keeps the spelling it was defined with
  }
  SECTION("numbers print in the shortest form that reads back exactly") {
    CHECK(run({"0.1 + 0.2"}) == "= 0.30000000000000004\n");
    CHECK(run({"1E5"}) == "= 1E+05\n");
    CHECK(run({"90D"}) == "= 1.5707963267948966\n");  // pi/2
  }
  SECTION("blank lines and # comments print nothing") {
    CHECK(run({"", "   ", "# a comment with an open ( parenthesis", "x"}) == "= 1.5\n");
  }
}

TEST_CASE("TIME and MODE persist from one entry to the next", "[repl][session]") {
  Run run;
  CHECK(run({":time 0.5"}) == "TIME = 0.5\n");
  // Half way from 0 to 1 the cubic step is 0.5**2 * (3 - 2*0.5) = 0.5.
  CHECK(run({"STEP(TIME, 0, 0, 1, 1)"}) == "= 0.5\n");
  CHECK(run({":time 2*TIME + 1"}) == "TIME = 2\n");  // the value is an expression, here 2*0.5 + 1
  CHECK(run({":mode 1"}) == "MODE = 1\n");
  CHECK(run({"IF(MODE - 4: 10, 20, 30)"}) == "= 10\n");  // 1 - 4 < 0 takes the first branch
  CHECK(run({":vars"}) == "TIME = 2\nMODE = 1\n");
  CHECK(run({"a = 1", "b = -2", ":vars"}) == "a = 1\nb = -2\nTIME = 2\nMODE = 1\na = 1\nb = -2\n");
}

TEST_CASE("an entry with an open parenthesis continues on the next line", "[repl][session]") {
  Run run;
  CHECK(run.session.feed("1 + (2 *") == Session::Next::continuation);
  CHECK(run.take().empty());
  CHECK(run.session.feed("  3)") == Session::Next::entry);
  CHECK(run.take() == "= 7\n");
  CHECK(run.session.last_entry() == "1 + (2 *   3)");  // one line for the history

  SECTION("an error on the second line names line 2") {
    CHECK(run({"1 + (2 *", "SQRT(-1))"}) ==
          "<input>:2:1: error: SQRT of a negative number\n"
          "SQRT(-1))\n"
          "^~~~~~~~\n");
  }
  SECTION("a blank line ends the entry, which reports the missing ')'") {
    CHECK(run.session.feed("1 + (2") == Session::Next::continuation);
    CHECK(run.session.feed("") == Session::Next::entry);
    CHECK(run.take() ==
          "<input>:1:7: error: expected ')' to close '(' opened at 1:5 but the expression ends here\n"
          "1 + (2\n"
          "      ^\n");
  }
  SECTION("the end of input runs what is pending") {
    run.session.feed("x = (1");
    run.session.finish();
    CHECK(run.take() ==
          "<input>:1:7: error: expected ')' to close '(' opened at 1:5 but the expression ends here\n"
          "x = (1\n"
          "      ^\n");
  }
  SECTION("cancel drops it") {
    run.session.feed("1 + (2");
    run.session.cancel();
    CHECK(run({"3"}) == "= 3\n");
  }
  SECTION("commands whose argument is a file name never continue") {
    CHECK(run.session.feed(":load (nothing") == Session::Next::entry);
  }
}

TEST_CASE("errors show the caret under the exact column and the session goes on", "[repl][session][errors]") {
  Run run;
  CHECK(run({"1 + (2 * 3))"}).starts_with("<input>:1:12: error: "));
  CHECK(run({"x = 1.5"}) == "x = 1.5\n");
  CHECK(run({"STPE(TIME, 0, 0, 1, 1)"}) ==
        "<input>:1:1: error: unknown function 'STPE' (did you mean STEP?)\n"
        "STPE(TIME, 0, 0, 1, 1)\n"
        "^~~~\n");
  // In a command the column counts from the start of the line typed: SQRT is at column 7.
  CHECK(run({":grad SQRT(-x)"}) ==
        "<input>:1:7: error: SQRT of a negative number\n"
        ":grad SQRT(-x)\n"
        "      ^~~~~~~~\n");
  CHECK(run({"y = 2 * xx"}) ==
        "<input>:1:9: error: unknown name 'xx' (did you mean x?)\n"
        "y = 2 * xx\n"
        "        ^~\n");
  CHECK(run({"PI = 3"}) ==
        "<input>:1:1: error: 'PI' is a reserved name (3.14159...); choose another\n"
        "PI = 3\n"
        "^~\n");
  CHECK(run({":tiem 1"}) ==
        "<input>:1:1: error: unknown command ':tiem' (did you mean :time?)\n"
        ":tiem 1\n"
        "^~~~~\n");
  CHECK(run({":time"}) == "error: usage: :time T\n");
  CHECK(run({"x"}) == "= 1.5\n");  // nothing failed changed anything
}

TEST_CASE("errors are coloured only when asked to be", "[repl][session][errors]") {
  std::ostringstream out;
  Session session(out, {true});
  session.feed("SQRT(-1)");
  CHECK(out.str() ==
        "\x1b[1;31m<input>:1:1: error: SQRT of a negative number\x1b[0m\n"
        "SQRT(-1)\n"
        "^~~~~~~~\n");
}

TEST_CASE(":grad and :hessian print the derivatives as fexpr eval does", "[repl][session]") {
  Run run;
  run({"x = 3", "v = -2", ":time 1"});
  run.take();
  // f = x*v + TIME: f = -6 + 1 = -5; df/dTIME = 1, df/dx = v = -2, df/dv = x = 3.
  CHECK(run({":grad x*v + TIME"}) == "= -5\n  d/dTIME  1\n  d/dx     -2\n  d/dv     3\n");

  Run fresh;
  fresh({"x = 2"});
  fresh.take();
  // f = x**3 - 2*x*TIME at x = 2, TIME = 0: 8; df/dTIME = -2x = -4; df/dx = 3x**2 - 2 TIME = 12;
  // d2f/dTIME2 = 0, d2f/dTIME dx = -2, d2f/dx2 = 6x = 12.
  CHECK(fresh({":hessian x**3 - 2*x*TIME"}) ==
        "= 8\n"
        "  d/dTIME  -4\n"
        "  d/dx     12\n"
        "  d2/dTIME dTIME  0\n"
        "  d2/dTIME dx     -2\n"
        "  d2/dx dx        12\n");
}

TEST_CASE(":ast prints the canonical text and the tree", "[repl][session]") {
  Run run;
  // '**' binds tighter than the sign on its left: -(2**2). Spans count from the expression.
  CHECK(run({":ast -2**2"}) ==
        "-2**2\n"
        "negate  [0,5)\n"
        "  power  [1,5)\n"
        "    number 2  [1,2)\n"
        "    number 2  [4,5)\n");
  // A syntax error points into the line typed: '(' is column 10, the end column 12.
  run.session.feed(":ast 1 + (2");
  run.session.finish();
  CHECK(run.take() ==
        "<input>:1:12: error: expected ')' to close '(' opened at 1:10 but the expression ends here\n"
        ":ast 1 + (2\n"
        "           ^\n");
}

TEST_CASE("help reads the builtin table, so it says what the evaluator does", "[repl][session][help]") {
  Run run;
  const auto* step = fexpr::builtins::find("STEP");
  REQUIRE(step);
  std::string expected = std::string(step->signature) + "\n  " + std::string(step->formula) +
                         "\n  example: " + std::string(step->example) + "\n";
  CHECK(run({"help STEP"}) == expected);
  CHECK(run({"?step"}) == expected);
  CHECK(run({"? STEP"}) == expected);
  CHECK(expected.starts_with("STEP(x, x0, h0, x1, h1)\n"));

  SECTION("the example in the table is what the session computes") {
    std::string example(step->example);
    std::size_t eq = example.find(" = ");
    CHECK(run({example.substr(0, eq)}) == "= " + example.substr(eq + 3) + "\n");
  }
  SECTION("constants, commands and kinematic functions") {
    CHECK(run({"?PI"}) == "PI  3.14159...\n");
    CHECK(run({"help :time"}) == ":time T\n  set TIME\n");
    CHECK(run({"help DX"}).ends_with("  needs a model: fexpr repl --model FILE.adm, or :load FILE.adm\n"));
    CHECK(run({"help DELAY"}).ends_with(
        "  evaluated while TIME - delay < 0; later values need the solver's history, which fexpr does not keep\n"));
  }
  SECTION("vector functions and their examples") {
    CHECK(run({"help MAG"}).starts_with("MAG(v)\n"));
    CHECK(run({"MAG([3, 4, 12])"}) == "= 13\n");
    CHECK(run({"[1, 2, 3] % [4, 5, 6]*[0, 1, 0]"}) == "= 6\n");  // 3*4 - 1*6
  }
  SECTION("an unknown name suggests the nearest one") {
    CHECK(run({"help STPE"}) ==
          "<input>:1:6: error: no function, operator, constant or command 'STPE' (did you mean STEP?)\n"
          "help STPE\n"
          "     ^~~~\n");
  }
  SECTION("help alone lists every command and every function") {
    std::string all = run({"help"});
    for (const auto& b : fexpr::builtins::table()) CHECK(all.find(" " + std::string(b.name)) != std::string::npos);
    for (std::string_view c : {":time T", ":set PART/ID", ":plot EXPR", ":check", ":quit"}) {
      CHECK(all.find(c) != std::string::npos);
    }
  }
}

TEST_CASE(":quit ends the session", "[repl][session]") {
  Run run;
  CHECK(run.session.feed("1") == Session::Next::entry);
  CHECK(run.session.feed(":quit") == Session::Next::quit);
}

TEST_CASE("quit and exit typed alone end the session, as in Python's REPL", "[repl][session]") {
  for (std::string_view word : {"quit", "exit", "  Exit "}) {
    CAPTURE(word);
    Run run;
    CHECK(run.session.feed(word) == Session::Next::quit);
    CHECK(run.take().empty());
    CHECK(!run.session.failed());
  }
  SECTION("unless a variable has that name") {
    Run run;
    run({"exit = 2"});
    CHECK(run.session.feed("exit") == Session::Next::entry);
    CHECK(run.take() == "= 2\n");
  }
  SECTION("in an expression they are names like any other") {
    Run run;
    CHECK(run({"quit + 1"}) == "<input>:1:1: error: unknown name 'quit'; define it first: NAME = VALUE\n"
                               "quit + 1\n"
                               "^~~~\n");
  }
}

TEST_CASE("the REPL's errors name its own ways to define a name and load a model", "[repl][session]") {
  Run run;
  CHECK(run({"k + 1"}) == "<input>:1:1: error: unknown name 'k'; define it first: NAME = VALUE\nk + 1\n^\n");
  CHECK(run({"DX(2)"}) == "<input>:1:1: error: DX needs a model; load one with :load FILE.adm\nDX(2)\n^~~~~\n");
}

TEST_CASE("completion offers functions, constants, variables and commands", "[repl][session][complete]") {
  Run run;
  run({"stiffness = 1E5"});
  auto c = run.session.complete("STE");
  CHECK(c.begin == 0);
  CHECK(c.candidates == std::vector<std::string>{"STEP", "STEP5"});
  c = run.session.complete("1 + ste");  // case-insensitive, the word after the operator
  CHECK(c.begin == 4);
  CHECK(c.candidates == std::vector<std::string>{"STEP", "STEP5"});
  c = run.session.complete("2*sti");
  CHECK(c.candidates == std::vector<std::string>{"stiffness"});
  c = run.session.complete(":ti");
  CHECK(c.begin == 0);
  CHECK(c.candidates == std::vector<std::string>{":time"});
  c = run.session.complete(":grad TI");
  CHECK(c.begin == 6);
  CHECK(c.candidates == std::vector<std::string>{"TIME"});
  CHECK(run.session.complete("he").candidates == std::vector<std::string>{"help"});
  CHECK(run.session.complete("1 + he").candidates.empty());  // help only starts a line
  CHECK(run.session.complete("1 + ").candidates.empty());
}

TEST_CASE(":plot draws a text plot over TIME or a variable and can write an SVG", "[repl][session][plot]") {
  Run run;
  run({":time 0.25"});
  run.take();
  std::string plot = run({":plot STEP(TIME, 0.5, 0, 1.5, 1) for TIME=0..2"});
  std::vector<std::string> lines;
  std::istringstream in(plot);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 1 + fexpr::repl::kTextRows + 2);
  CHECK(lines[0] == "STEP(TIME, 0.5, 0, 1.5, 1)");
  CHECK(lines[1].starts_with("1 |"));
  CHECK(lines.back().ends_with("2"));
  CHECK(run({"TIME"}) == "= 0.25\n");  // plotting over TIME leaves TIME alone

  SECTION("over a variable that is not defined, which stays undefined") {
    std::string p = run({":plot u**2 for u = -1 .. 1"});
    CHECK(p.starts_with("u**2\n"));
    CHECK(p.ends_with(" u" + std::string(31, ' ') + "1\n"));  // "u" centred in 64 columns, at 31
    CHECK(run({"u"}).starts_with("<input>:1:1: error: unknown name 'u'"));
  }
  SECTION("with bounds that are expressions") {
    std::string p = run({":plot SIN(TIME) for TIME=0..2*PI"});
    CHECK(p.ends_with("TIME" + std::string(23, ' ') + "6.28319\n"));  // 2 pi to six digits, ending at 63
  }
  SECTION("--svg writes the file") {
    std::string path = "repl_session_plot.svg";
    std::remove(path.c_str());
    CHECK(run({":plot STEP(TIME, 0.5, 0, 1.5, 1) for TIME=0..2 --svg " + path})
              .ends_with("wrote " + path + " (401 points)\n"));
    std::ifstream svg(path);
    std::stringstream content;
    content << svg.rdbuf();
    CHECK(content.str().starts_with("<?xml"));
    CHECK(content.str().find("<polyline class=\"curve\"") != std::string::npos);
  }
  SECTION("errors") {
    CHECK(run({":plot TIME"}) ==
          "error: usage: :plot EXPR[, EXPR...] for VAR=A..B [--grad] [--svg FILE] [--points N]\n");
    CHECK(run({":plot TIME for TIME=-1E308..1E308"}) ==
          "<input>:1:21: error: the range is wider than a double can hold; make it narrower\n"
          ":plot TIME for TIME=-1E308..1E308\n"
          "                    ^~~~~~~~~~~~~\n");
    CHECK(run({":plot x for x=0..1 --foo"}) ==
          "<input>:1:20: error: unknown option '--foo'; the options are --grad, --svg FILE and --points N\n"
          ":plot x for x=0..1 --foo\n"
          "                   ^~~~~\n");
    CHECK(run({":plot x for x=0..1 --points 1 --svg f.svg"}) ==
          "<input>:1:29: error: --points takes a whole number from 2 to 100000\n"
          ":plot x for x=0..1 --points 1 --svg f.svg\n"
          "                            ^\n");
    CHECK(run({":plot x for x=0..1 --svg"}) ==
          "<input>:1:20: error: --svg needs a value: :plot EXPR[, EXPR...] for VAR=A..B [--grad] [--svg FILE] "
          "[--points N]\n"
          ":plot x for x=0..1 --svg\n"
          "                   ^~~~~\n");
    CHECK(run({":plot x for x=0..1 --points 9"}) == "error: --points sets the number of SVG samples; add --svg FILE\n");
    CHECK(run({":plot 1 for PI=0..1"}) ==
          "<input>:1:13: error: 'PI' is a reserved name (3.14159...); choose another\n"
          ":plot 1 for PI=0..1\n"
          "            ^~\n");
    CHECK(run({":plot x for x=0..1 --svg no-such-directory/f.svg"}).ends_with(
        "error: cannot write 'no-such-directory/f.svg'\n"));
    CHECK(run({":plot x, , 1 for x=0..1"}) ==
          "<input>:1:10: error: expected an expression before or after this ','\n"
          ":plot x, , 1 for x=0..1\n"
          "         ^\n");
    CHECK(run({":plot SQRT(-1 - x*x) for x=0..1"}) ==
          "<input>:1:7: error: undefined over the whole range: SQRT of a negative number\n"
          ":plot SQRT(-1 - x*x) for x=0..1\n"
          "      ^~~~~~~~~~~~~~\n");
    CHECK(run({":plot TIME for TIME=1..0"}) ==
          "<input>:1:21: error: the range must increase: 1..0\n"
          ":plot TIME for TIME=1..0\n"
          "                    ^~~~\n");
  }
  SECTION("an undefined point is a gap, and a line says where") {
    // z = 10 i / 63: only the first column, z = 0, is undefined, so it stays blank in every row.
    std::string p = run({":plot LOG(z) for z=0..10"});
    CHECK(p.ends_with("\ngap: LOG(z) is undefined at z = 0: LOG of a number <= 0\n"));
    std::istringstream rows(p);
    std::string line;
    std::getline(rows, line);
    for (std::size_t r = 0; r < fexpr::repl::kTextRows; ++r) {
      std::getline(rows, line);
      const std::size_t bar = line.find(" |");
      CHECK((bar + 2 >= line.size() || line[bar + 2] == ' '));
    }
    CHECK(!run.session.failed());  // a gap is not an error
  }
  SECTION("several expressions and their derivatives overlay, with a legend") {
    std::string p = run({":plot x**2, 1 - x for x=0..1 --grad"});
    CHECK(p.starts_with("x**2, d/dx x**2, 1 - x, d/dx 1 - x\n"));
    CHECK(p.ends_with("  * x**2\n  + d/dx x**2\n  o 1 - x\n  x d/dx 1 - x\n"));
    // 2x reaches 2 at x = 1, the largest value drawn; -1, the derivative of 1 - x, the smallest.
    CHECK(p.find("\n 2 |") != std::string::npos);
    CHECK(p.find("\n-1 |xxxx") != std::string::npos);
  }
  SECTION("--points sets the SVG's samples; a gap splits its polyline") {
    std::string path = "repl_session_gap.svg";
    // x = -1, -0.8, ..., 1: LOG(ABS(x)) is undefined at x = 0 alone, the sixth point.
    CHECK(run({":plot LOG(ABS(x)) for x=-1..1 --svg " + path + " --points 11"})
              .ends_with("wrote " + path + " (11 points)\ngap: LOG(ABS(x)) is undefined at x = 0: LOG of a number <= 0\n"));
    std::ifstream svg(path);
    std::stringstream content;
    content << svg.rdbuf();
    std::string text = content.str();
    std::size_t polylines = 0;
    for (std::size_t at = text.find("<polyline"); at != std::string::npos; at = text.find("<polyline", at + 1)) {
      ++polylines;
      const std::size_t points = text.find("points=\"", at) + 8;
      const std::string list = text.substr(points, text.find('"', points) - points);
      CHECK(std::count(list.begin(), list.end(), ',') == 5);  // five points on each side of 0
    }
    CHECK(polylines == 2);
    std::remove(path.c_str());
  }
}

TEST_CASE("a model gives kinematic functions their meaning and :set moves its parts", "[repl][session][model]") {
  Run run;
  CHECK(run({":set PART/2 x=1"}) == "error: no model; load one with :load FILE.adm\n");
  CHECK(run({":model"}) == "error: no model; load one with :load FILE.adm\n");
  const std::string model = rod_model();
  REQUIRE(run.session.load(model));
  CHECK(run.take() == "loaded " + model + ": 1 moving part, 3 markers\n");

  // The tip is 1 m along x from the hinge at 0.25, and moves at w x r = 2 * 1 along y.
  CHECK(run({"DX(22, 10)"}) == "= 1.25\n");
  CHECK(run({"VY(22, 10)"}) == "= 2\n");
  CHECK(run({":model"}) == model +
                               ": 1 moving part, 3 markers\n"
                               "PART/1 (ground) markers 10\n"
                               "PART/2 markers 20 22\n"
                               "  x=0.25 y=0 z=0 psi=0 theta=0 phi=0\n"
                               "  vx=0 vy=0 vz=0 wx=0 wy=0 wz=2\n");
  // Moved to x = 0.5 and turning at 3 rad/s, the tip is at 1.5 and moves at 3.
  CHECK(run({":set PART/2 x=0.5 wz=1 + 2"}).starts_with("<input>:1:"));  // a value is one word
  CHECK(run({":set PART/2 x=0.5 wz=1+2"}) == "PART/2.x = 0.5\nPART/2.wz = 3\n");
  CHECK(run({"DX(22, 10)"}) == "= 1.5\n");
  CHECK(run({"VY(22, 10)"}) == "= 3\n");

  SECTION("a :set with an error changes nothing") {
    CHECK(run({":set PART/2 x=5 q=1"}) ==
          "<input>:1:17: error: no state 'q' (did you mean x?)\n"
          ":set PART/2 x=5 q=1\n"
          "                ^\n");
    CHECK(run({"DX(22, 10)"}) == "= 1.5\n");
    CHECK(run({":set PART/9 x=1"}) ==
          "<input>:1:6: error: the model has no PART/9\n"
          ":set PART/9 x=1\n"
          "     ^~~~~~\n");
    CHECK(run({":set PART/1 x=1"}).starts_with("<input>:1:6: error: PART/1 is the ground, which does not move\n"));
  }
  SECTION("a model that fails to load leaves the loaded one in place") {
    run.take();
    CHECK_FALSE(run.session.load("no-such-model.adm"));
    CHECK(run.take() == "fexpr: cannot read model 'no-such-model.adm'\n");
    CHECK(run({"DX(22, 10)"}) == "= 1.5\n");
  }
  SECTION(":grad includes the states the expression reads") {
    // DX(22, 10) = x + cos(psi + phi) for the rod in the x-y plane: d/dx = 1, d/dy = 0.
    std::string grad = run({":grad DX(22, 10)"});
    CHECK(grad.starts_with("= 1.5\n  d/dTIME          0\n  d/dPART/2.x      1\n  d/dPART/2.y      0\n"));
  }
}

TEST_CASE(":check runs the dataset checker on the loaded model or a file", "[repl][session][check]") {
  Run run;
  CHECK(run({":check"}) == "error: no model to check; :check FILE.adm, or :load one first\n");
  std::string path = "repl_session_check.adm";
  std::ofstream(path) << "check test\nPART/1, GROUND\nMARKER/1, PART = 1\nVARIABLE/1, FUNCTION = SQRT(-1)\nEND\n";
  std::string report = run({":check " + path});
  // SQRT(-1) fails at the initial state; the caret is under SQRT, column 24 of line 4. Its code
  // is named as fexpr check names it.
  CHECK(report.starts_with(path + ":4:24: error[domain]: "));
  CHECK(report.find("\n                       ^~~~~~~~\n") != std::string::npos);
  CHECK(report.ends_with(path + ": 1 error(s), 0 warning(s), 0 note(s), 1 function(s) checked\n"));
  const std::string model = rod_model();
  run.session.load(model);
  run.take();
  // The loaded model's one function, the SFORCE, is fine.
  CHECK(run({":check"}) == model + ": 0 error(s), 0 warning(s), 0 note(s), 1 function(s) checked\n");
  SECTION("a file that cannot be read is an io error, with its code") {
    CHECK(run({":check no-such-file.adm"}).starts_with("no-such-file.adm: error[io]: "));
    CHECK(run.session.failed());
  }
}

}  // namespace test_repl_session
