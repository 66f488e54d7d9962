// `fexpr plot` as a user runs it: the REPL's :plot from the command line, with its inputs set
// by options, the exit status telling whether the plot was drawn.
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace test_cli_plot {

using fexpr::testing::run_fexpr;

TEST_CASE("fexpr plot draws the text plot, with TIME and variables from its options", "[cli][plot]") {
  // k*TIME + x with k = 3 and TIME = 2 runs from 6 at x = 0 to 7 at x = 1.
  auto r = run_fexpr("plot --time 2 --var k=3 'k*TIME + x' for x=0..1");
  CHECK(r.status == 0);
  CHECK(r.out.starts_with("k*TIME + x\n7 |"));
  CHECK(r.out.find("\n6 |*") != std::string::npos);
  // "0" in column 0 of the 64, "x" centred at column (64 - 1) / 2 = 31, "1" in column 63.
  CHECK(r.out.ends_with("   0" + std::string(30, ' ') + "x" + std::string(31, ' ') + "1\n"));
}

TEST_CASE("fexpr plot leaves gaps, overlays curves and writes an SVG", "[cli][plot]") {
  auto r = run_fexpr("plot 'LOG(z)' for z=0..10");
  CHECK(r.status == 0);
  CHECK(r.out.ends_with("\ngap: LOG(z) is undefined at z = 0: LOG of a number <= 0\n"));

  const std::string path = "cli_plot.svg";
  std::remove(path.c_str());
  r = run_fexpr("plot 'x**2, 1 - x' for x=0..1 --grad --svg " + path + " --points 3");
  CHECK(r.status == 0);
  CHECK(r.out.ends_with("  * x**2\n  + d/dx x**2\n  o 1 - x\n  x d/dx 1 - x\nwrote " + path + " (3 points)\n"));
  std::ifstream in(path);
  std::stringstream svg;
  svg << in.rdbuf();
  // Four curves of three points each, none with a gap.
  for (const char* series : {"0", "1", "2", "3"}) {
    CHECK(svg.str().find("data-series=\"" + std::string(series) + "\"") != std::string::npos);
  }
  CHECK(svg.str().find("data-series=\"4\"") == std::string::npos);
  CHECK(svg.str().find("<g class=\"legend\">") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("fexpr plot exits 1 when the plot fails and 2 when its inputs do", "[cli][plot]") {
  auto r = run_fexpr("plot 'SQRT(-x)' for x=1..2");
  CHECK(r.status == 1);
  CHECK(r.out ==
        "<input>:1:7: error: undefined over the whole range: SQRT of a negative number\n"
        ":plot SQRT(-x) for x=1..2\n"
        "      ^~~~~~~~\n");
  CHECK(run_fexpr("plot").status == 2);
}

TEST_CASE("fexpr plot's options are checked as fexpr eval's, each error naming its option", "[cli][plot]") {
  struct Case {
    std::string args, message;
  };
  const std::string contact = std::string(FEXPR_SOURCE_DIR) + "/examples/models/contact.adm";
  for (const Case& c : std::initializer_list<Case>{
           // --var takes a number, as eval's does: no line of the session is quoted
           {"--var 'x=1/0'", "fexpr plot: --var expects NAME=NUMBER, got 'x=1/0'\n"},
           {"--var x", "fexpr plot: --var expects NAME=NUMBER, got 'x'\n"},
           {"--var PI=3", "fexpr plot: --var 'PI=3': 'PI' is a reserved name (3.14159...); choose another\n"},
           {"--model no-such.adm",
            "fexpr plot: --model 'no-such.adm': cannot read it: No such file or directory; name a dataset (.adm)\n"},
           {"--set PART/2 z=1", "fexpr plot: --set changes a part of a model; add --model FILE.adm\n"},
           {"--model " + contact + " --set PART/9 z=1", "fexpr plot: --set PART/9 z=1: the model has no PART/9\n"},
           {"--svg no-such-folder/p.svg",
            "fexpr plot: --svg 'no-such-folder/p.svg': there is no folder 'no-such-folder'; name a file in an existing "
            "folder\n"},
           {"--svg .", "fexpr plot: --svg '.': it is a folder; name the file to write the SVG to\n"},
       }) {
    CAPTURE(c.args);
    auto r = run_fexpr("plot " + c.args + " x for TIME=0..1", true);
    CHECK(r.status == 2);
    CHECK(r.out == c.message);
  }
}

TEST_CASE("fexpr plot --points takes a whole number of SVG samples, with --svg", "[cli][plot]") {
  // A usage error of the option, not an error at a caret in a :plot line the user never typed.
  for (const std::string bad : {"abc", "1", "2.5", "100001"}) {
    CAPTURE(bad);
    auto r = run_fexpr("plot x for x=0..1 --svg p.svg --points " + bad, true);
    CHECK(r.status == 2);
    CHECK(r.out.starts_with("--points: expects a whole number from 2 to 100000, got '" + bad + "'\n"));
    CHECK(r.out.find(":plot") == std::string::npos);
  }
  auto r = run_fexpr("plot x for x=0..1 --points 9", true);
  CHECK(r.status == 2);
  CHECK(r.out.starts_with("--points requires --svg\n"));
}

TEST_CASE("fexpr plot's errors name its options for what is missing", "[cli][plot]") {
  auto r = run_fexpr("plot 'gain*x' for x=0..1", true);
  CHECK(r.status == 1);
  CHECK(r.out.starts_with("<input>:1:7: error: unknown name 'gain'; define it with --var NAME=VALUE\n"));
  r = run_fexpr("plot 'DZ(2, 1)' for TIME=0..1", true);
  CHECK(r.status == 1);
  CHECK(r.out.starts_with("<input>:1:7: error: DZ needs a model; add --model FILE.adm\n"));
}

}  // namespace test_cli_plot
