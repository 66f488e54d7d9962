// `fexpr plot` as a user runs it: the REPL's :plot from the command line, with its inputs set
// by options, the exit status telling whether the plot was drawn.
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

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
  r = run_fexpr("plot --var 'x=1/0' x for TIME=0..1", true);
  CHECK(r.status == 2);
  CHECK(r.out ==
        "<input>:1:5: error: '/': division by zero\n"
        "x = 1/0\n"
        "    ^~~\n");
  r = run_fexpr("plot --var x x for TIME=0..1", true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr plot: --var expects NAME=VALUE, got 'x'\n");
  r = run_fexpr("plot --model no-such.adm x for TIME=0..1", true);
  CHECK(r.status == 2);
  CHECK(r.out == "fexpr: cannot read model 'no-such.adm'\n");
  CHECK(run_fexpr("plot").status == 2);
}
