// Hover over the words of the two languages: IF and every constant of the expression language
// (the list of tests/data/spec/adams-function-index.md: TIME, MODE, PI, DTOR, RTOD, FXFREQ,
// FXMODE), and the statements and keywords of a dataset. Columns are counted by hand in the
// texts below; the constants' values are the shortest decimals of the doubles pi, pi/180 and
// 180/pi (Python's repr(math.pi / 180) and so on).
#include "lsp_client.hpp"

#include "dataset/keywords.hpp"
#include "eval/compile.hpp"
#include "lsp/words.hpp"

#include <catch2/catch.hpp>

namespace test_lsp_words {

using fexpr::testing::json;
using fexpr::testing::LspProcess;

namespace {

struct Open {
  LspProcess server;
  std::string uri;
  Open(std::string name, const std::string& text) : uri("file:///m/" + std::move(name)) {
    server.initialize();
    server.notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", uri}, {"languageId", "adams"}, {"version", 1}, {"text", text}}}});
  }
  json hover(int line, int character) {
    server.request(++id, "textDocument/hover",
                   {{"textDocument", {{"uri", uri}}}, {"position", {{"line", line}, {"character", character}}}});
    return server.response(id).at("result");
  }
  std::string text(int line, int character) { return hover(line, character)["contents"]["value"]; }
  int id = 0;
};

json range(int line, int start, int end) {
  return {{"start", {{"line", line}, {"character", start}}}, {"end", {{"line", line}, {"character", end}}}};
}

// `VARIABLE/1, FUNCTION = ` is 23 characters: IF at 23, MODE at 26, TIME at 36, PI at 42,
// DTOR at 45, RTOD at 51, FXFREQ at 59, fxmode (any case) at 68.
const std::string kWords =
    "words\n"
    "VARIABLE/1, FUNCTION = IF(MODE - 5: TIME, PI*DTOR, RTOD) + FXFREQ + fxmode\n"
    "END\n";

}  // namespace

TEST_CASE("hover explains IF and every constant of the expression language") {
  Open d("words.adm", kWords);
  CHECK(d.text(1, 24).starts_with("```\nIF(expression: negative, zero, positive)\n```\nThe arithmetic IF: "));
  CHECK(d.hover(1, 24)["range"] == range(1, 23, 25));
  CHECK(d.text(1, 27) ==
        "**MODE**: the analysis mode (1 kinematic, 3 initial conditions, 4 dynamic, 5 static, 6 quasi-static, 7 "
        "linear)\n\n`IF(MODE - 5: f, 0, f)` is 0 in a static equilibrium and f in every other analysis. fexpr "
        "evaluates with MODE = 4 (dynamic) unless `--mode M` says otherwise.");
  CHECK(d.hover(1, 27)["range"] == range(1, 26, 30));
  CHECK(d.text(1, 36) ==
        "**TIME**: the simulation time\n\nThe independent variable of a simulation, in the model's unit of time. "
        "`fexpr check` and the values that hover shows take TIME = 0, the initial state; `--time T` sets it.");
  CHECK(d.text(1, 43) ==
        "**PI**: 3.14159...\n\nPI = 3.141592653589793. Angles are in radians: `PI/2` is a right angle.");
  CHECK(d.text(1, 45) ==
        "**DTOR**: pi/180, degrees to radians\n\nDTOR = 0.017453292519943295: an angle in degrees times DTOR is in "
        "radians (`30*DTOR`). A number with a trailing D is converted already (`30D`).");
  CHECK(d.text(1, 55) ==
        "**RTOD**: 180/pi, radians to degrees\n\nRTOD = 57.29577951308232: an angle in radians times RTOD is in "
        "degrees (`AZ(2, 1)*RTOD`).");
  CHECK(d.text(1, 60).starts_with("**FXFREQ**: frequency of the FLEX_BODY mode whose damping ratio Adams is "
                                  "evaluating, inside the FLEX_BODY's CRATIO=\n\nfexpr reads no FLEX_BODY"));
  CHECK(d.text(1, 70).starts_with("**FXMODE**: mode number (as in the .mtx file)"));
  CHECK(d.hover(1, 70)["range"] == range(1, 68, 74));
}

TEST_CASE("every constant the compiler knows has its explanation, after its one-line meaning") {
  for (const auto& c : fexpr::detail::constant_names()) {
    INFO(c.name);
    auto help = fexpr::lsp::expression_word_help(c.name);
    REQUIRE(help);
    const std::string head = "**" + std::string(c.name) + "**: " + std::string(c.meaning) + "\n\n";
    CHECK(help->starts_with(head));
    CHECK(help->size() > head.size());
  }
  CHECK_FALSE(fexpr::lsp::expression_word_help("STEP"));  // a function: the builtin table explains it
}

TEST_CASE("hover explains a dataset's statement names and keywords, abbreviated or not") {
  // `SFORCE/1, ` is 10 characters: TRA at 10, I at 15; `VARIABLE/2, ` 12: IC at 12, FUN at 20.
  Open d("forces.adm",
         "forces\n"
         "SFORCE/1, TRA, I = 2, J = 1, FUNCTION = 0\n"
         "VARIABLE/2, IC = 1, FUN = 2, ROUTINE = lib::fn\n"
         "END\n");
  CHECK(d.text(1, 3) ==
        "**SFORCE**: a single-component force or torque between two markers, its magnitude given by FUNCTION=");
  CHECK(d.hover(1, 3)["range"] == range(1, 0, 6));
  CHECK(d.text(1, 11) == "**TRANSLATIONAL** of SFORCE: a force along the line from J to I (positive pushes the "
                         "markers apart)");
  CHECK(d.hover(1, 11)["range"] == range(1, 10, 13));
  CHECK(d.text(1, 15) == "**I=** of SFORCE: the marker the force acts at");
  CHECK(d.text(2, 12) == "**IC=** of VARIABLE: an approximate initial value, where the solver starts its iterations");
  // An expression keyword: its value first, then what it is.
  CHECK(d.text(2, 21) == "**FUNCTION=** 2 at the dataset's initial state (TIME = 0, parts where the dataset puts "
                         "them)\n\n**FUNCTION=** of VARIABLE: the variable's value, or USER(...) for VARSUB");
  // A keyword every statement shares.
  CHECK(d.text(2, 30) == "**ROUTINE=** of VARIABLE: the user subroutine that FUNCTION = USER(...) calls, as "
                         "library::name");
  CHECK(d.text(3, 1) == "**END**: the end of the dataset: the rest of the file is not read");
}

TEST_CASE("every statement fexpr interprets, and each of its keywords, has its explanation") {
  for (const auto& s : fexpr::dataset::interpreted_statements()) {
    INFO(s.name);
    CHECK(fexpr::lsp::statement_help(s.name));
    for (const auto& k : s.keywords) {
      INFO(k.name);
      CHECK(fexpr::lsp::keyword_help(s.name, k.name));
    }
  }
  CHECK_FALSE(fexpr::lsp::statement_help("GRAPHICS"));  // read and passed over, not interpreted
}

TEST_CASE("a View command file's commands get no dataset words") {
  // The commands are translated into statements, but `marker create` is not MARKER's syntax.
  Open d("m.cmd", "model create model_name = m\nmarker create marker_name = .m.ground.MK\n");
  CHECK(d.hover(1, 2).is_null());
}

}  // namespace test_lsp_words
