// The statement reader on small datasets written for each rule. Positions are line:column as
// an editor shows them; expected texts are read off the snippets by hand.
#include "dataset/reader.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace test_dataset_reader {

using namespace fexpr;
using namespace std::string_literals;
using fexpr::dataset::Argument;
using fexpr::dataset::Statement;

namespace {

struct Read {
  SourceText source;
  dataset::Dataset data;
};

Read read(std::string text, std::string name = "test.adm") {
  Read r{SourceText(std::move(name), std::move(text)), {}};
  r.data = dataset::read(r.source);
  return r;
}

std::string at(const SourceText& source, std::uint32_t offset) {
  Position p = source.position(offset);
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

std::string text_of(const SourceText& source, Span span) {
  return source.text().substr(span.begin, span.end - span.begin);
}

std::vector<std::string> values(const Argument& a) {
  std::vector<std::string> out;
  for (const auto& v : a.values) out.push_back(v.text);
  return out;
}

std::vector<std::string> keywords(const Statement& s) {
  std::vector<std::string> out;
  for (const auto& a : s.arguments) out.push_back(a.keyword);
  return out;
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

// The expression text is the file text with some bytes blanked: same length, and every byte
// that is not blank is the file's byte at the same place.
void check_expression_maps_to_file(const SourceText& source, const Argument& a) {
  REQUIRE(a.is_expression);
  REQUIRE(a.expression.size() == a.expression_span.end - a.expression_span.begin);
  for (std::size_t i = 0; i < a.expression.size(); ++i) {
    if (a.expression[i] != ' ') CHECK(a.expression[i] == source.text()[a.expression_span.begin + i]);
  }
}

}  // namespace

TEST_CASE("the first line is the title, whatever it says") {
  auto r = read("ADAMS/View model name: model1\r\nPART/1, GROUND\r\nEND\r\n");
  CHECK(r.data.title == "ADAMS/View model name: model1");
  CHECK(r.data.title_span.begin == 0);
  CHECK(r.data.title_span.end == 29);
  REQUIRE(r.data.statements.size() == 2);
  CHECK(r.data.statements[0].name == "PART");
  CHECK(at(r.source, r.data.statements[0].span.begin) == "2:1");
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("a command file's blank first line names no model, and a command on the second line ends the header") {
  auto r = read("\nfile/model=camelot\nSIMULATE/DYNAMIC, END=1.5\nstop\n", "test.acf");
  CHECK(r.data.title.empty());
  REQUIRE(r.data.statements.size() == 3);
  CHECK(r.data.statements[0].name == "FILE");
  CHECK_FALSE(r.data.statements[0].recognised);
  CHECK(keywords(r.data.statements[0]) == std::vector<std::string>{"MODEL"});
  CHECK(values(r.data.statements[0].arguments[0]) == std::vector<std::string>{"camelot"});
  CHECK(keywords(r.data.statements[1]) == std::vector<std::string>{"DYNAMIC", "END"});
  CHECK(r.data.statements[2].name == "STOP");
  CHECK(r.data.statements[2].arguments.empty());
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("a first line that is a statement head is read as a statement, with a warning") {
  auto r = read("MARKER/101,PART=9,QP=0,0,10\nMARKER/202,PART=11\n");
  CHECK(r.data.title.empty());
  REQUIRE(r.data.statements.size() == 2);
  CHECK(*r.data.statements[0].id == 101);
  REQUIRE(r.data.diagnostics.size() == 1);
  CHECK(r.data.diagnostics[0].severity == Severity::warning);
  CHECK(at(r.source, r.data.diagnostics[0].span.begin) == "1:1");
}

TEST_CASE("a statement head is NAME/id with an integer id") {
  auto r = read("title\nSFORCE/0104, I=0408, J=0109\n");
  REQUIRE(r.data.statements.size() == 1);
  const Statement& s = r.data.statements[0];
  CHECK(s.name == "SFORCE");
  CHECK(s.recognised);
  CHECK(text_of(r.source, s.name_span) == "SFORCE");
  REQUIRE(s.id);
  CHECK(*s.id == 104);
  CHECK(text_of(r.source, s.id_span) == "0104");
  CHECK(at(r.source, s.id_span.begin) == "2:8");
  CHECK(values(s.arguments[0]) == std::vector<std::string>{"0408"});
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("statements without an id take their first argument after the slash") {
  auto r = read("t\nUNITS/FORCE = NEWTON, MASS = KILOGRAM\nOUTPUT/REQSAVE, GRSAVE\nRESULTS/\n, XRF\nACCGRAV/\n, KGRAV = -9.80665\n");
  REQUIRE(r.data.statements.size() == 4);
  CHECK_FALSE(r.data.statements[0].id);
  CHECK(keywords(r.data.statements[0]) == std::vector<std::string>{"FORCE", "MASS"});
  CHECK(keywords(r.data.statements[1]) == std::vector<std::string>{"REQSAVE", "GRSAVE"});
  CHECK(keywords(r.data.statements[2]) == std::vector<std::string>{"XRF"});
  CHECK(r.data.statements[3].name == "ACCGRAV");
  CHECK(values(r.data.statements[3].arguments[0]) == std::vector<std::string>{"-9.80665"});
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("names and keywords are canonical upper case, whatever their case or abbreviation") {
  auto r = read("t\nMar/3, Part = 2, reul = 90D, 0, 0, Colour = red\ngraphics/1, cylinder\nsforce/7, trans, i=1, j=2, fun = 1\n");
  REQUIRE(r.data.statements.size() == 3);
  const Statement& m = r.data.statements[0];
  CHECK(m.name == "MARKER");
  CHECK(text_of(r.source, m.name_span) == "Mar");
  CHECK(keywords(m) == std::vector<std::string>{"PART", "REULER", "COLOUR"});
  CHECK(text_of(r.source, m.arguments[1].keyword_span) == "reul");
  CHECK(at(r.source, m.arguments[1].keyword_span.begin) == "2:18");
  const Statement& g = r.data.statements[1];
  CHECK(g.name == "GRAPHICS");
  CHECK_FALSE(g.recognised);
  CHECK(keywords(g) == std::vector<std::string>{"CYLINDER"});
  const Statement& f = r.data.statements[2];
  CHECK(keywords(f) == std::vector<std::string>{"TRANSLATIONAL", "I", "J", "FUNCTION"});
  CHECK(f.arguments[3].is_expression);
  CHECK(f.arguments[3].expression == "1");
}

TEST_CASE("values are comma lists or colon lists, with blanks around '=' and over continuation lines") {
  auto r = read("t\nMARKER/1, PART = 2, QP = 1, 2.5E-3 ,-3, REULER=90D,0,0\nPART/4, EXACT=X:Y : PSI\nARRAY/1, IC, NUMBERS = 1, 2\n, 3, 4\n");
  REQUIRE(r.data.statements.size() == 3);
  const Statement& m = r.data.statements[0];
  REQUIRE(keywords(m) == std::vector<std::string>{"PART", "QP", "REULER"});
  CHECK(values(m.arguments[1]) == std::vector<std::string>{"1", "2.5E-3", "-3"});
  CHECK(at(r.source, m.arguments[1].values[1].span.begin) == "2:29");
  CHECK(at(r.source, m.arguments[1].values[2].span.begin) == "2:37");
  CHECK(values(m.arguments[2]) == std::vector<std::string>{"90D", "0", "0"});
  CHECK(text_of(r.source, m.arguments[1].span) == "QP = 1, 2.5E-3 ,-3");
  CHECK(values(r.data.statements[1].arguments[0]) == std::vector<std::string>{"X", "Y", "PSI"});
  const Statement& a = r.data.statements[2];
  REQUIRE(keywords(a) == std::vector<std::string>{"IC", "NUMBERS"});
  CHECK(a.arguments[0].values.empty());
  CHECK(values(a.arguments[1]) == std::vector<std::string>{"1", "2", "3", "4"});
  CHECK(at(r.source, a.arguments[1].values[2].span.begin) == "5:3");
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("a value list ends at the next keyword, written NAME= or as a NAME alone") {
  auto r = read("t\nMARKER/5, QP=10,20,30, REULER=50,60,70, USEXP, ZP=10,20,30\nGSE/1, INTERFACE = lib::deriv, lib::output\n, lib::update, ROUTINE = lib::sub\n");
  REQUIRE(r.data.statements.size() == 2);
  const Statement& m = r.data.statements[0];
  CHECK(keywords(m) == std::vector<std::string>{"QP", "REULER", "USEXP", "ZP"});
  CHECK(values(m.arguments[1]) == std::vector<std::string>{"50", "60", "70"});
  const Statement& g = r.data.statements[1];
  REQUIRE(keywords(g) == std::vector<std::string>{"INTERFACE", "ROUTINE"});
  CHECK(values(g.arguments[0]) == std::vector<std::string>{"lib::deriv", "lib::output", "lib::update"});
  CHECK(values(g.arguments[1]) == std::vector<std::string>{"lib::sub"});
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("a value keeps its inner blanks, and a quoted value its commas and '!'") {
  auto r = read("t\nREQUEST/1, COMMENT = pipe  Torsion Output , CNAMES = \"a,b\", \"(rad/sec)!\" ! units\n");
  REQUIRE(r.data.statements.size() == 1);
  const Statement& s = r.data.statements[0];
  REQUIRE(keywords(s) == std::vector<std::string>{"COMMENT", "CNAMES"});
  CHECK(values(s.arguments[0]) == std::vector<std::string>{"pipe  Torsion Output"});
  CHECK(values(s.arguments[1]) == std::vector<std::string>{"\"a,b\"", "\"(rad/sec)!\""});
  CHECK(at(r.source, s.arguments[1].values[1].span.begin) == "2:61");
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("'!' starts a comment, on a line of its own or after the text") {
  auto r = read("t\n! a comment line\nPART/1, GROUND ! the ground\n   !indented comment\nMARKER/2, PART=1!c, QP=1,2,3\n");
  REQUIRE(r.data.statements.size() == 2);
  CHECK(keywords(r.data.statements[0]) == std::vector<std::string>{"GROUND"});
  CHECK(text_of(r.source, r.data.statements[0].span) == "PART/1, GROUND");
  CHECK(keywords(r.data.statements[1]) == std::vector<std::string>{"PART"});
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("a line that begins with ',' continues the statement, across comment lines") {
  auto r = read("t\nSFORCE/1\n, TRANSLATIONAL\n!  adams_view_name='spring'\n\n  , I = 14\n, J = 2\nMARKER/1, PART=1\n");
  REQUIRE(r.data.statements.size() == 2);
  const Statement& s = r.data.statements[0];
  CHECK(keywords(s) == std::vector<std::string>{"TRANSLATIONAL", "I", "J"});
  CHECK(at(r.source, s.arguments[1].keyword_span.begin) == "6:5");
  CHECK(at(r.source, s.span.end) == "7:8");
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("the comma that begins a continuation line is blanked out of an expression") {
  // ant.adm lines 337-338.
  auto r = read("t\nVARIABLE/3, FUNCTION = VR(78,\n, 81)\n");
  REQUIRE(r.data.statements.size() == 1);
  const Argument& f = r.data.statements[0].arguments.at(0);
  CHECK(f.expression == "VR(78,   81)");
  CHECK(at(r.source, f.expression_span.begin) == "2:24");
  CHECK(at(r.source, f.expression_span.end) == "3:6");
  check_expression_maps_to_file(r.source, f);
  CHECK(text_of(r.source, f.span) == "FUNCTION = VR(78,\n, 81)");
}

TEST_CASE("a continuation comma outside parentheses is blanked too") {
  // ant.adm lines 225-230.
  auto r = read("t\nSFORCE/7, I = 81, J = 78, FUNCTION = 1.8E+06*2.0E-03*\n,(0.175/(0.175-\n,1.3*(0.5066-\n,DM(68,\n,64)\n,)))**1.2\n");
  const Argument& f = r.data.statements.at(0).arguments.at(2);
  CHECK(f.expression == "1.8E+06*2.0E-03*  (0.175/(0.175-  1.3*(0.5066-  DM(68,  64)  )))**1.2");
  check_expression_maps_to_file(r.source, f);
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("comments, CR and line breaks inside an expression become blanks") {
  auto r = read("t\r\nVARIABLE/1, FUNCTION = 1 + ! one\r\n! between\r\n, 2 ! two\r\nEND\r\n");
  const Argument& f = r.data.statements.at(0).arguments.at(0);
  // "1 + ! one\r\n! between\r\n, 2": the blank, the comment, CRLF, the comment line, CRLF,
  // ',' and the blank are 21 bytes.
  CHECK(f.expression == "1 +" + std::string(21, ' ') + "2");
  check_expression_maps_to_file(r.source, f);
  CHECK(at(r.source, f.expression_span.end) == "4:4");
}

TEST_CASE("a backslash ends an expression and more arguments may follow at once") {
  auto r = read("t\nGFORCE/89,I=1,RM=1,FX=20\\FY=40\\FZ=60,JFLOAT=5\n");
  const Statement& g = r.data.statements.at(0);
  REQUIRE(keywords(g) == std::vector<std::string>{"I", "RM", "FX", "FY", "FZ", "JFLOAT"});
  CHECK(g.arguments[2].expression == "20");
  CHECK(g.arguments[3].expression == "40");
  CHECK(at(r.source, g.arguments[3].expression_span.begin) == "2:29");
  CHECK(g.arguments[4].expression == "60");
  CHECK_FALSE(g.arguments[5].is_expression);
  CHECK(values(g.arguments[5]) == std::vector<std::string>{"5"});
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("a backslash may end a line, the next argument coming on a continuation line") {
  // FRS5_doe_8_LAUL_analysis.adm lines 13405-13413.
  auto r = read("t\nVFORCE/1\n, I = 53\n, FX = 0\\\n, FY =  1E4 * (DZ(53, 54, 54)\n,                     - DY(53, 54, 54) )\n,   -10*VY(53, 54, 54)\\\n, FZ = 0\n");
  const Statement& v = r.data.statements.at(0);
  REQUIRE(keywords(v) == std::vector<std::string>{"I", "FX", "FY", "FZ"});
  CHECK(v.arguments[1].expression == "0");
  CHECK(collapse_blanks(v.arguments[2].expression) == "1E4 * (DZ(53, 54, 54) - DY(53, 54, 54) ) -10*VY(53, 54, 54)");
  check_expression_maps_to_file(r.source, v.arguments[2]);
  CHECK(v.arguments[3].expression == "0");
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("an expression ends at a comma outside parentheses or before NAME=") {
  // The Chrono joint models and pm03.adm.
  auto r = read("t\nREQUEST/04, F2=ORIENT(27,1,0201,0101)\\F6=ORIENT(27,4,0201,0101),C=EULER PARAMETERS\nSFORCE/1,I=1,J=2,TRANSLATIONAL,FUNCTION=10,ACTIONONLY\nVARIABLE/1, FUNCTION=USER(1,2, IC=3\n");
  const Statement& q = r.data.statements.at(0);
  REQUIRE(keywords(q) == std::vector<std::string>{"F2", "F6", "COMMENT"});
  CHECK(q.arguments[1].expression == "ORIENT(27,4,0201,0101)");
  CHECK(values(q.arguments[2]) == std::vector<std::string>{"EULER PARAMETERS"});
  const Statement& s = r.data.statements.at(1);
  REQUIRE(keywords(s) == std::vector<std::string>{"I", "J", "TRANSLATIONAL", "FUNCTION", "ACTIONONLY"});
  CHECK(s.arguments[3].expression == "10");
  const Statement& v = r.data.statements.at(2);
  REQUIRE(keywords(v) == std::vector<std::string>{"FUNCTION", "IC"});
  CHECK(v.arguments[0].expression == "USER(1,2");
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("a continuation line that begins an argument ends the expression") {
  auto r = read("t\nSFORCE/1, I=1, J=2, FUNCTION = DM(1,2)\n, TRANSLATIONAL\nDIFF/1, FUNCTION = DIF(1)\n, IC = 0\nVARIABLE/1, FUNCTION = 1+\n, TIME\n");
  const Statement& s = r.data.statements.at(0);
  REQUIRE(keywords(s) == std::vector<std::string>{"I", "J", "FUNCTION", "TRANSLATIONAL"});
  CHECK(s.arguments[2].expression == "DM(1,2)");
  const Statement& d = r.data.statements.at(1);
  REQUIRE(keywords(d) == std::vector<std::string>{"FUNCTION", "IC"});
  CHECK(d.arguments[0].expression == "DIF(1)");
  // After an operator the name is an operand: "1+" then ", TIME" is one expression.
  const Statement& v = r.data.statements.at(2);
  REQUIRE(keywords(v) == std::vector<std::string>{"FUNCTION"});
  CHECK(v.arguments[0].expression == "1+   TIME");
}

TEST_CASE("a slash divides inside an expression and never ends it") {
  auto r = read("t\nREQUEST/7004\n, F4 = VARVAL(7000)/1000\\\n, F5 = SFORCE(1,0,8,9006301)/1000\n");
  const Statement& q = r.data.statements.at(0);
  REQUIRE(keywords(q) == std::vector<std::string>{"F4", "F5"});
  CHECK(q.arguments[0].expression == "VARVAL(7000)/1000");
  CHECK(q.arguments[1].expression == "SFORCE(1,0,8,9006301)/1000");
}

TEST_CASE("'&' at the end of a line continues the statement, as in command files") {
  // test.acf lines 15-17 and FRS5_doe_8_LAUL_analysis.acf lines 28-29.
  auto r = read("\nVARIABLE/1102 &\n, FUNCTION=VARVAL(11021) * &\n, (STEP(TIME,0.0,0.0,15.0,500.0))\nVARIABLE/1001, FUNC= -step5(time,0,0,2,20*PI) &\n -STEP5(TIME,2.0,0,4,20*PI)\nstop\n",
                "test.acf");
  REQUIRE(r.data.statements.size() == 3);
  const Argument& a = r.data.statements[0].arguments.at(0);
  CHECK(a.keyword == "FUNCTION");
  CHECK(collapse_blanks(a.expression) == "VARVAL(11021) * (STEP(TIME,0.0,0.0,15.0,500.0))");
  check_expression_maps_to_file(r.source, a);
  const Argument& b = r.data.statements[1].arguments.at(0);
  CHECK(b.expression == "-step5(time,0,0,2,20*PI)    -STEP5(TIME,2.0,0,4,20*PI)");
  CHECK(r.data.statements[2].name == "STOP");
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("';' ends a statement and another may follow on the same line") {
  auto r = read("t\nPART/1,MASS=40,CM=1;MARKER/1,PART=1;\nGFORCE/2, I=14, RM=8, TX=24\\FX=18;\n");
  REQUIRE(r.data.statements.size() == 3);
  CHECK(r.data.statements[1].name == "MARKER");
  CHECK(at(r.source, r.data.statements[1].span.begin) == "2:21");
  CHECK(r.data.statements[2].arguments.at(3).expression == "18");
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("a line ending with ',' is continued by the next one, with a warning") {
  // pm02.adm lines 6-7.
  auto r = read("t\nPART/20, MASS=21, CM=1,\nQG=0,0,0, MATERIAL=ALLOY\nPART/10, MASS=10,\n, CM=1\n");
  REQUIRE(r.data.statements.size() == 2);
  CHECK(keywords(r.data.statements[0]) == std::vector<std::string>{"MASS", "CM", "QG", "MATERIAL"});
  CHECK(keywords(r.data.statements[1]) == std::vector<std::string>{"MASS", "CM"});
  REQUIRE(r.data.diagnostics.size() == 1);
  CHECK(r.data.diagnostics[0].severity == Severity::warning);
  CHECK(at(r.source, r.data.diagnostics[0].span.begin) == "3:1");
}

TEST_CASE("END ends the dataset and what follows is not read") {
  auto r = read("t\nPART/1, GROUND\nEND\n! trailing comment\nMARKER/1, PART=1\n");
  REQUIRE(r.data.statements.size() == 2);
  CHECK(r.data.statements[1].name == "END");
  CHECK(r.data.statements[1].recognised);
  REQUIRE(r.data.diagnostics.size() == 1);
  CHECK(r.data.diagnostics[0].severity == Severity::info);
  CHECK(r.data.diagnostics[0].code == Code::not_interpreted);
  CHECK(at(r.source, r.data.diagnostics[0].span.begin) == "5:1");
}

TEST_CASE("nothing but blank lines and comments after END is no diagnostic") {
  auto r = read("t\nPART/1, GROUND\nend\n!\n\n");
  CHECK(r.data.statements.size() == 2);
  CHECK(r.data.diagnostics.empty());
}

TEST_CASE("an argument's span runs from its keyword to the end of its values or expression") {
  auto r = read("t\nMARKER/48, PART = 11, QP = 5.148070182, 0.0100000788, 1.26224821\n, REULER = 90.00002242D, 13.79887436D, 270.0108212D\n");
  const Statement& m = r.data.statements.at(0);
  REQUIRE(m.arguments.size() == 3);
  CHECK(text_of(r.source, m.arguments[2].span) == "REULER = 90.00002242D, 13.79887436D, 270.0108212D");
  CHECK(at(r.source, m.arguments[2].values[2].span.begin) == "3:40");
  CHECK(at(r.source, m.span.end) == "3:52");
}

// ---- What real files contain (the compatibility issue): text, command files, misspellings ----

std::size_t count(const dataset::Dataset& d, Severity s) {
  std::size_t n = 0;
  for (const auto& x : d.diagnostics) n += x.severity == s;
  return n;
}

TEST_CASE("character strings run to the next comma, whatever they hold") {
  // Windows paths with '\' and ':', ROUTINE=lib::fn, blanks, '=' and '.' inside; UTF-8 labels.
  auto r = read(
      "t\n"
      "STRING/1, STRING = C:\\Users\\me\\models\\car v2.adm\n"
      "SPLINE/2, FILE = D:\\data\\road.csv, CHANNEL = 3\n"
      "VARIABLE/3, FUNCTION = USER(1, 2)\n, ROUTINE = solver_lib::var_sub\n"
      "MATERIAL/4, NAME = Stahl (kN\xC2\xB7m) = 210E9, LABEL=caf\xC3\xA9.1\n");
  CHECK(r.data.diagnostics.empty());
  REQUIRE(r.data.statements.size() == 4);
  CHECK(values(r.data.statements[0].arguments.at(0)) == std::vector<std::string>{"C:\\Users\\me\\models\\car v2.adm"});
  CHECK(keywords(r.data.statements[1]) == std::vector<std::string>{"FILE", "CHANNEL"});
  CHECK(values(r.data.statements[1].arguments[0]) == std::vector<std::string>{"D:\\data\\road.csv"});
  CHECK(values(r.data.statements[2].arguments.at(1)) == std::vector<std::string>{"solver_lib::var_sub"});
  CHECK(values(r.data.statements[3].arguments.at(0)) == std::vector<std::string>{"Stahl (kN\xC2\xB7m) = 210E9"});
  CHECK(values(r.data.statements[3].arguments.at(1)) == std::vector<std::string>{"caf\xC3\xA9.1"});
}

TEST_CASE("a value that begins like a Windows path is read as one, whatever its keyword") {
  auto r = read(
      "t\nFLEX_BODY/1, MATRICES=1,2, MNF_FILE=C:\\flex\\arm.mnf, DB_FILE = \\\\server\\share\\arm.mtx\n"
      "GRAPHICS/2, EXTERNAL, RM=3, FILE=D:/cad/part.shl, ELEMENT=body\n"
      "SURFACE/3, RM=3, OUTFILE=E:\\out\\surf.txt\n");
  CHECK(r.data.diagnostics.empty());
  REQUIRE(r.data.statements.size() == 3);
  CHECK(values(r.data.statements[0].arguments.at(1)) == std::vector<std::string>{"C:\\flex\\arm.mnf"});
  CHECK(values(r.data.statements[0].arguments.at(2)) == std::vector<std::string>{"\\\\server\\share\\arm.mtx"});
  CHECK(values(r.data.statements[1].arguments.at(2)) == std::vector<std::string>{"D:/cad/part.shl"});
  CHECK(keywords(r.data.statements[2]) == std::vector<std::string>{"RM", "OUTFILE"});
  CHECK(values(r.data.statements[2].arguments.at(1)) == std::vector<std::string>{"E:\\out\\surf.txt"});
}

TEST_CASE("odd bytes in a character string are a note, never an error") {
  // Latin-1 "(kN·m)" (0xB7), a truncated UTF-8 sequence, NUL padding.
  auto r = read("t\nSTRING/1, STRING = (kN\xB7m)\nMATERIAL/2, NAME = ab\xC3\nSTRING/3, STRING = pad\0\0\0\n"s);
  CHECK(count(r.data, Severity::error) == 0);
  CHECK(count(r.data, Severity::warning) == 0);
  REQUIRE(r.data.diagnostics.size() == 3);
  CHECK(at(r.source, r.data.diagnostics[0].span.begin) == "2:23");  // "STRING/1, STRING = (kN" is 22 bytes
  CHECK(at(r.source, r.data.diagnostics[1].span.begin) == "3:22");  // "MATERIAL/2, NAME = ab" is 21
  CHECK(at(r.source, r.data.diagnostics[2].span.begin) == "4:23");  // "STRING/3, STRING = pad" is 22
  for (const auto& d : r.data.diagnostics) CHECK_THAT(d.message, Catch::Matchers::Contains("not UTF-8 text"));
  CHECK(values(r.data.statements.at(0).arguments.at(0)) == std::vector<std::string>{"(kN\xB7m)"});
}

TEST_CASE("a command file's two header lines name the model and the output, and its commands are read") {
  // As FAST's CertTest ACFs: the model name, the output prefix, then commands, some abbreviated.
  auto r = read(
      "Test01_ADAMS\nTest01_ADAMS\nINTEGRATOR/GSTIFF, ERROR = 0.001\nsim/dyn, end=4.0E-03, dtout=2.0E-02\n"
      "DEACTIVATE/JOINT, RANGE = 1301, 1321\nfile/command=C:\\runs\\next.acf\nSTOP\n",
      "Test01.acf");
  CHECK(r.data.diagnostics.empty());
  CHECK(r.data.title == "Test01_ADAMS");
  REQUIRE(r.data.statements.size() == 5);
  CHECK(r.data.statements[0].name == "INTEGRATOR");
  CHECK(r.data.statements[1].name == "SIM");
  CHECK(values(r.data.statements[2].arguments.at(1)) == std::vector<std::string>{"1301", "1321"});
  CHECK(values(r.data.statements[3].arguments.at(0)) == std::vector<std::string>{"C:\\runs\\next.acf"});
  CHECK(r.data.statements[4].name == "STOP");
}

TEST_CASE("a command file whose header lines are blank, or a path") {
  auto blank = read("\n\nsimulate/static\nstop\n", "a.acf");
  CHECK(blank.data.diagnostics.empty());
  CHECK(blank.data.statements.size() == 2);
  auto path = read("models/car\nresults/car_run1\noutput/nosep\nstop\n", "b.acf");
  CHECK(path.data.diagnostics.empty());
  REQUIRE(path.data.statements.size() == 2);
  CHECK(path.data.statements[0].name == "OUTPUT");
}

TEST_CASE("a misspelled statement name is a warning that names the nearest statement, which is read") {
  auto r = read("t\nSFROCE/1, I=2, J=3, FUNCTION=-1E4*(DM(2,3)-0.5)\n");
  REQUIRE(r.data.diagnostics.size() == 1);
  const Diagnostic& d = r.data.diagnostics[0];
  CHECK(d.severity == Severity::warning);
  CHECK(d.code == Code::name);
  CHECK(at(r.source, d.span.begin) == "2:1");
  CHECK(d.span.end - d.span.begin == 6);
  CHECK_THAT(d.message, Catch::Matchers::Contains("did you mean SFORCE?"));
  const Statement& s = r.data.statements.at(0);
  CHECK(s.name == "SFORCE");
  CHECK(s.recognised);
  REQUIRE(s.arguments.size() == 3);
  CHECK(s.arguments[2].is_expression);
  CHECK(s.arguments[2].expression == "-1E4*(DM(2,3)-0.5)");
}

TEST_CASE("an unknown name far from every statement is a warning, and a known one that fexpr does not interpret is not") {
  auto r = read("t\nGRAPHICS/1, CYLINDER, CM=2\nFROBNICATE/3, X=1\nMATRIX/4, FULL=RORDER, ROWS=1\n");
  REQUIRE(r.data.diagnostics.size() == 1);
  CHECK(r.data.diagnostics[0].severity == Severity::warning);
  CHECK(at(r.source, r.data.diagnostics[0].span.begin) == "3:1");
  CHECK_THAT(r.data.diagnostics[0].message, Catch::Matchers::Contains("unknown statement 'FROBNICATE'"));
}

TEST_CASE("CRLF line ends, tabs, lower case and a title that starts with '!' all read") {
  auto r = read(
      "!--- exported model ---\r\n"
      "part/1,\tground\r\n"
      "marker/2,\tpart=1,\tqp=0,0,1\r\n"
      "variable/3, fun = step(time, 0, 0, 1, 5)\\\r\n"
      "sforce/4, i=2, j=2, translational\r\n"
      ", function = varval(3)\\\r\n"
      "end\r\n");
  CHECK(r.data.diagnostics.empty());
  CHECK(r.data.title == "!--- exported model ---");
  REQUIRE(r.data.statements.size() == 5);
  CHECK(r.data.statements[1].name == "MARKER");
  CHECK(values(r.data.statements[1].arguments.at(1)) == std::vector<std::string>{"0", "0", "1"});
  CHECK(r.data.statements[2].arguments.at(0).expression == "step(time, 0, 0, 1, 5)");
  CHECK(r.data.statements[3].arguments.at(3).expression == "varval(3)");
  CHECK(r.data.statements[4].name == "END");
}

}  // namespace test_dataset_reader
