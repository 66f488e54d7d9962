// The reader on the real datasets of tests/data/corpus (origin in its NOTICE.md). Expected
// counts come from the corpus MANIFEST.md, which counted statements and expression arguments
// with its own script; where our rules count differently the difference is explained.
#include "dataset/reader.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace test_dataset_corpus {

using namespace fexpr;

namespace {

const std::string kCorpus = std::string(FEXPR_SOURCE_DIR) + "/tests/data/corpus/";

SourceText load(const std::string& file) {
  std::ifstream in(kCorpus + file, std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return SourceText(file, text.str());
}

struct Expected {
  std::string file;
  int markers, parts, sforces, variables, expressions;
  bool malformed = false;
};

// MARKER, PART, SFORCE and VARIABLE statements and expression arguments, from MANIFEST.md.
const std::vector<Expected> kFiles = {
    {"projectchrono__chrono/data__testing__joints__adams_models__test_Cylindrical_Case01.adm", 7, 2, 0, 0, 10},
    {"projectchrono__chrono/data__testing__joints__adams_models__test_Distance_Case01.adm", 5, 2, 0, 0, 5},
    {"projectchrono__chrono/data__testing__joints__adams_models__test_Prismatic_Case01.adm", 5, 2, 0, 0, 10},
    {"projectchrono__chrono/data__testing__joints__adams_models__test_RackPinion_Case01.adm", 11, 3, 0, 0, 26},
    {"projectchrono__chrono/data__testing__joints__adams_models__test_Revolute_Case01.adm", 7, 2, 0, 0, 10},
    {"projectchrono__chrono/data__testing__joints__adams_models__test_RotSpring_Case01.adm", 9, 2, 1, 3, 14},
    {"projectchrono__chrono/data__testing__joints__adams_models__test_Spherical_Case01.adm", 5, 2, 0, 0, 10},
    {"projectchrono__chrono/data__testing__joints__adams_models__test_TransSpring_Case01.adm", 7, 2, 1, 3, 14},
    {"projectchrono__chrono/data__testing__joints__adams_models__test_Universal_Case01.adm", 7, 2, 0, 0, 10},
    {"bthornton191__adams_vscode/test__files__test.adm", 10, 2, 0, 0, 0},
    {"bthornton191__adamspy/test__existing_model__camelot_1_pull0_offset0.acf", 0, 0, 0, 0, 0},
    {"bthornton191__adamspy/test__existing_model__camelot_1_pull0_offset0.adm", 54, 9, 5, 12, 17},
    {"bthornton191__adamspy/test__files__analysis_with_spikes__test_analysis_with_spikes.acf", 0, 0, 0, 0, 0},
    {"bthornton191__adamspy/test__files__analysis_with_spikes__test_analysis_with_spikes.adm", 14, 3, 1, 1, 3},
    {"bthornton191__adamspy/test__files__generic_model__generic_model.acf", 0, 0, 0, 0, 0},
    {"bthornton191__adamspy/test__files__generic_model__generic_model.adm", 12, 3, 0, 0, 1},
    // MANIFEST counts 1 expression: its script matched FUNCTION= only, and the file writes
    // FUNC= five times, func= once and FUNCTION= once.
    {"bthornton191__adamspy/test__files__real_analysis_with_spikes__FRS5_doe_8_LAUL_analysis.acf", 0, 0, 0, 6, 7},
    {"bthornton191__adamspy/test__files__real_analysis_with_spikes__FRS5_doe_8_LAUL_analysis.adm", 1601, 141, 31, 92, 844},
    {"bthornton191__adamspy/test__files__test.acf", 0, 0, 0, 4, 4},
    {"bthornton191__adamspy/test__files__test.adm", 889, 108, 1, 21, 579},
    {"alex-marinov__mbdyn/contrib__a2m__samples__ant.adm", 46, 7, 3, 9, 13},
    {"alex-marinov__mbdyn/contrib__a2m__samples__bipendolo.adm", 14, 3, 2, 0, 2},
    {"alex-marinov__mbdyn/contrib__a2m__samples__bipendololeo.adm", 14, 3, 2, 0, 12},
    {"alex-marinov__mbdyn/contrib__a2m__samples__mark.adm", 4, 0, 0, 0, 0},
    // Four datasets one after the other; reading stops at the first END (line 388). Counted
    // in lines 1-388 with grep: MANIFEST counts all four (MARKER 140, ..., 48 expressions).
    {"alex-marinov__mbdyn/contrib__a2m__samples__monster.adm", 51, 8, 3, 13, 20, true},
    {"alex-marinov__mbdyn/contrib__a2m__samples__pm02.adm", 5, 2, 0, 2, 2},
    {"alex-marinov__mbdyn/contrib__a2m__samples__pm03.adm", 6, 2, 4, 3, 28},
    {"alex-marinov__mbdyn/contrib__a2m__samples__prova.adm", 6, 25, 0, 0, 7, true},
    {"alex-marinov__mbdyn/contrib__a2m__samples__prova_beam00.adm", 2, 0, 0, 0, 0, true},
    {"alex-marinov__mbdyn/contrib__a2m__samples__prova_beam01.adm", 0, 0, 0, 0, 0, true},
    {"alex-marinov__mbdyn/contrib__a2m__samples__prova_marker01.adm", 0, 2, 0, 0, 0, true},
};

int errors(const dataset::Dataset& d) {
  int n = 0;
  for (const auto& diagnostic : d.diagnostics) n += diagnostic.severity == Severity::error;
  return n;
}

std::string collapse_blanks(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

const dataset::Statement& statement(const dataset::Dataset& d, const std::string& name, long id) {
  for (const auto& s : d.statements)
    if (s.name == name && s.id && *s.id == id) return s;
  FAIL("no " << name << "/" << id);
  throw std::logic_error("unreachable");
}

const dataset::Argument& argument(const dataset::Statement& s, const std::string& keyword) {
  for (const auto& a : s.arguments)
    if (a.keyword == keyword) return a;
  FAIL("no " << keyword << " in " << s.name);
  throw std::logic_error("unreachable");
}

std::string expression(const dataset::Dataset& d, const std::string& name, long id, const std::string& keyword) {
  return collapse_blanks(argument(statement(d, name, id), keyword).expression);
}

}  // namespace

TEST_CASE("every corpus file reads with the statement and expression counts of the manifest") {
  for (const Expected& e : kFiles) {
    INFO(e.file);
    SourceText source = load(e.file);
    dataset::Dataset d = dataset::read(source);
    if (!e.malformed) {
      for (const auto& diagnostic : d.diagnostics)
        if (diagnostic.severity == Severity::error) FAIL_CHECK(source.render(diagnostic));
    }
    std::map<std::string, int> count;
    int expressions = 0;
    for (const auto& s : d.statements) {
      ++count[s.name];
      for (const auto& a : s.arguments) expressions += a.is_expression;
    }
    CHECK(count["MARKER"] == e.markers);
    CHECK(count["PART"] == e.parts);
    CHECK(count["SFORCE"] == e.sforces);
    CHECK(count["VARIABLE"] == e.variables);
    CHECK(expressions == e.expressions);
  }
}

TEST_CASE("the deliberately malformed samples give errors and are still read to the end") {
  for (const char* file : {"alex-marinov__mbdyn/contrib__a2m__samples__monster.adm", "alex-marinov__mbdyn/contrib__a2m__samples__prova.adm"}) {
    INFO(file);
    SourceText source = load(file);
    dataset::Dataset d = dataset::read(source);
    CHECK(errors(d) > 0);
    CHECK(d.statements.size() > 50);
  }
  // The other prova* samples are well-formed text; what is odd about them (markers without a
  // PART, a BEAM) is for the checker.
}

TEST_CASE("every expression argument of the corpus maps byte for byte onto the file") {
  for (const Expected& e : kFiles) {
    INFO(e.file);
    SourceText source = load(e.file);
    dataset::Dataset d = dataset::read(source);
    for (const auto& s : d.statements) {
      REQUIRE(s.span.end <= source.text().size());
      for (const auto& a : s.arguments) {
        if (!a.is_expression) continue;
        REQUIRE(a.expression_span.end <= source.text().size());
        REQUIRE(a.expression.size() == a.expression_span.end - a.expression_span.begin);
        for (std::size_t i = 0; i < a.expression.size(); ++i)
          if (a.expression[i] != ' ') REQUIRE(a.expression[i] == source.text()[a.expression_span.begin + i]);
        CHECK(a.expression.find_first_of("\r\n!") == std::string::npos);
      }
    }
  }
}

TEST_CASE("hand-picked expressions of the corpus read as written, continuation commas dropped") {
  SECTION("ant.adm") {
    auto d = dataset::read(load("alex-marinov__mbdyn/contrib__a2m__samples__ant.adm"));
    CHECK(d.title == "ADAMS/View model name: model1");
    CHECK(expression(d, "VARIABLE", 3, "FUNCTION") == "VR(78, 81)");
    CHECK(expression(d, "VARIABLE", 1, "FUNCTION") == "0.5066- DM(68, 64)");
    CHECK(expression(d, "SFORCE", 9, "FUNCTION") ==
          "-IMPACT(0.1+0.5066- DM(68, 64), -VR(78, 81), 0.10085, 1.0E+007, 1.0, 1.0E+006, 1.0E-006)");
    CHECK(expression(d, "GFORCE", 1, "FUNCTION") ==
          "USER(7, 8, 9, 1.7172509E+07, 1.71725E+07, 1.7172505E+07, 1, 2)");
    const auto& array = statement(d, "ARRAY", 1);
    CHECK(argument(array, "NUMBERS").values.size() == 20);
  }
  SECTION("FRS5_doe_8_LAUL_analysis.adm") {
    auto d = dataset::read(
        load("bthornton191__adamspy/test__files__real_analysis_with_spikes__FRS5_doe_8_LAUL_analysis.adm"));
    CHECK(expression(d, "VARIABLE", 1002, "FUNCTION") ==
          "IF(TIME-2.0: 0, 0, -PI*IF((TIME-2.0-.1):-3E4*(TIME-2.0)**4 + 6E3*(TIME-2.0)**3, 3, 3+60*(TIME-2.0-.1)))");
    CHECK(expression(d, "VFORCE", 1, "FY") ==
          "1E4 * (STEP( DZ(53, 54, 54), 3.782, 0, 14.218, 5.660) - DY(53, 54, 54) ) -10*VY(53, 54, 54)");
    CHECK(expression(d, "VFORCE", 1, "FZ") == "0");
    CHECK(expression(d, "MOTION", 4, "FUNCTION") == "-(16.0)+STEP5(time,1.9,0,2,(16.0))");
  }
  SECTION("test.adm of adamspy") {
    auto d = dataset::read(load("bthornton191__adamspy/test__files__test.adm"));
    CHECK(expression(d, "DIFF", 101, "FUNCTION") ==
          "IF(MODE-5: 0, -DIF(101)-1E7*(DZ(9006300,1001,1001)-672.0025208275), 0 )");
    const auto& g = statement(d, "GFORCE", 9000000);
    CHECK(collapse_blanks(argument(g, "FUNCTION").expression) ==
          "USER(1.05, 0.005, 1.0208, 0.3, 0.15, 1.25, 0.9, 0.999, 1, 5, 80, 20, 0.5, 1.005)");
    CHECK(argument(g, "ROUTINE").values.at(0).text == "adrill_solver::BitForces");
    CHECK(expression(d, "REQUEST", 7004, "F4") == "VARVAL(7000)/1000");
  }
  SECTION("the Chrono revolute joint model") {
    auto d = dataset::read(load("projectchrono__chrono/data__testing__joints__adams_models__test_Revolute_Case01.adm"));
    CHECK(expression(d, "REQUEST", 4, "F6") == "ORIENT(27,4,0201,0101)");
    CHECK(argument(statement(d, "REQUEST", 4), "COMMENT").values.at(0).text == "EULER PARAMETERS");
    CHECK(argument(statement(d, "REQUEST", 1), "DISPLACEMENT").values.empty());
  }
  SECTION("test.acf, continued with '&'") {
    auto d = dataset::read(load("bthornton191__adamspy/test__files__test.acf"));
    CHECK(d.title.empty());
    CHECK(expression(d, "VARIABLE", 1102, "FUNCTION") == "VARVAL(11021) * (STEP(TIME,0.0,0.0,0.0+15.0,500.0))");
  }
  SECTION("bipendololeo.adm, with CRLF line ends and ';'") {
    auto d = dataset::read(load("alex-marinov__mbdyn/contrib__a2m__samples__bipendololeo.adm"));
    CHECK(d.title == "ADAMS/View model name: bipendolo");
    const auto& g = statement(d, "GFORCE", 2);
    CHECK(argument(g, "TX").expression == "24");
    CHECK(argument(g, "FX").expression == "18");
    CHECK(argument(statement(d, "MARKER", 2), "REULER").values.at(2).text == "90D");
  }
  SECTION("pm03.adm, whose expressions end at ',' before the next argument") {
    auto d = dataset::read(load("alex-marinov__mbdyn/contrib__a2m__samples__pm03.adm"));
    const auto& g = statement(d, "GFORCE", 1);
    CHECK(argument(g, "TZ").expression == "(IF(VR(78,81)  :0.18,0.42,0.32))");
    CHECK(argument(g, "JFLOAT").values.at(0).text == "2");
  }
}

}  // namespace test_dataset_corpus
