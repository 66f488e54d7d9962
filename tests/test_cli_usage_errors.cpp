// Every option of every command, given a bad value, is a usage error: exit status 2 (never an
// abort, nor a status of 128 and more that a signal gives), with a message that names the option
// and the value. The options are read from each command's --help, so that an option added later
// without a case here fails the test.
#include "run_program.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace test_cli_usage_errors {

using fexpr::testing::run_fexpr;

namespace {

const std::string kModel = std::string(FEXPR_SOURCE_DIR) + "/examples/models/contact.adm";

struct Case {
  std::string option;  // as --help lists it (its first long name)
  std::string args;    // the whole command line after `fexpr`
  std::string value;   // the bad value, which the message quotes
};

// One bad value for each option that takes one; a flag's bad value is a value after '='.
const std::vector<Case> kCases = {
    {"--time", "eval --time abc 1", "abc"},
    {"--mode", "eval --mode 1,5 1", "1,5"},
    {"--var", "eval --var x 1", "x"},
    {"--model", "eval --model no-such.adm 1", "no-such.adm"},
    {"--set", "eval --model " + kModel + " --set PART/9 z=1 1", "PART/9"},
    {"--grad", "eval --grad=maybe 1", "maybe"},
    {"--hessian", "eval --hessian=maybe 1", "maybe"},
    {"--ast", "eval --ast=maybe 1", "maybe"},
    {"--format", "eval --format xml 1", "xml"},
    {"--precision", "eval --precision 0 1", "0"},
    {"--file", "eval --file no-such.txt", "no-such.txt"},

    {"--recursive", "check --recursive=maybe " + kModel, "maybe"},
    {"--format", "check --format xml " + kModel, "xml"},
    {"--input-format", "check --input-format dat " + kModel, "dat"},
    {"--werror", "check --werror=maybe " + kModel, "maybe"},
    {"--info", "check --info=maybe " + kModel, "maybe"},
    {"--explain", "check --explain stpe", "stpe"},
    {"--select", "check --select stpe " + kModel, "stpe"},
    {"--ignore", "check --ignore stpe " + kModel, "stpe"},
    {"--severity", "check --severity name=fatal " + kModel, "fatal"},
    {"--config", "check --config no-such.toml " + kModel, "no-such.toml"},
    {"--isolated", "check --isolated=maybe " + kModel, "maybe"},
    {"--fix", "check --fix=maybe " + kModel, "maybe"},
    {"--diff", "check --diff=maybe " + kModel, "maybe"},
    {"--unsafe-fixes", "check --unsafe-fixes=maybe " + kModel, "maybe"},
    {"--quiet", "check --quiet=maybe " + kModel, "maybe"},
    {"--verbose", "check --verbose=maybe " + kModel, "maybe"},
    {"--statistics", "check --statistics=maybe " + kModel, "maybe"},

    {"--id", "sforce " + kModel + " --id 1.5", "1.5"},
    {"--time", "sforce " + kModel + " --time abc", "abc"},
    {"--set", "sforce " + kModel + " --set PART/9 z=1", "PART/9"},
    {"--jacobian", "sforce " + kModel + " --jacobian=maybe", "maybe"},
    {"--format", "sforce " + kModel + " --format xml", "xml"},
    {"--precision", "sforce " + kModel + " --precision 18", "18"},

    {"--id", "loads " + kModel + " --id SFORCE", "SFORCE"},
    {"--time", "loads " + kModel + " --time abc", "abc"},
    {"--set", "loads " + kModel + " --set PART/2 q=1", "q"},
    {"--jacobian", "loads " + kModel + " --jacobian=maybe", "maybe"},
    {"--format", "loads " + kModel + " --format xml", "xml"},
    {"--precision", "loads " + kModel + " --precision x", "x"},

    {"--time", "plot --time abc x for x=0..1", "abc"},
    {"--mode", "plot --mode abc x for x=0..1", "abc"},
    {"--var", "plot --var k=abc x for x=0..1", "k=abc"},
    {"--model", "plot --model no-such.adm x for x=0..1", "no-such.adm"},
    {"--set", "plot --set PART/2 z=1 x for x=0..1", "--model"},
    {"--grad", "plot --grad=maybe x for x=0..1", "maybe"},
    {"--svg", "plot x for x=0..1 --svg no-such-folder/plot.svg", "no-such-folder/plot.svg"},
    {"--points", "plot x for x=0..1 --svg plot.svg --points abc", "abc"},

    {"--gradient", "codegen --gradient=maybe x --var x", "maybe"},
    {"--hessian", "codegen --hessian=maybe x --var x", "maybe"},
    {"--unchecked", "codegen --unchecked=maybe x --var x", "maybe"},
    {"--name", "codegen --name 1f x --var x", "1f"},
    {"--var", "codegen --var x=1 x", "x=1"},
    {"--id", "codegen " + kModel + " --id SFORCE-1", "SFORCE-1"},

    {"--model", "repl --model no-such.adm < /dev/null", "no-such.adm"},

    {"--stdio", "lsp --stdio=maybe < /dev/null", "maybe"},
};

// Options any text is right for: the name standard input goes by, and the folder SARIF's URIs
// are made relative to (a file outside it keeps its absolute URI).
const std::set<std::string> kAnyText = {"--stdin-name", "--root"};

// The first long name of each option --help lists, but --help itself.
std::set<std::string> listed_options(const std::string& command) {
  auto r = run_fexpr(command + " --help");
  REQUIRE(r.status == 0);
  std::set<std::string> names;
  std::istringstream lines(r.out);
  const std::regex option(R"(^\s+(?:-\w,)?(--[\w-]+))");
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, option) && m[1] != "--help") names.insert(m[1]);
  }
  return names;
}

}  // namespace

TEST_CASE("every option's bad value is a usage error naming the option and the value", "[cli][usage]") {
  for (const Case& c : kCases) {
    CAPTURE(c.args);
    auto r = run_fexpr(c.args, true);
    CHECK(r.status == 2);
    CHECK(r.out.find(c.option) != std::string::npos);
    CHECK(r.out.find(c.value) != std::string::npos);
  }
}

TEST_CASE("the bad values cover every option of every command", "[cli][usage]") {
  std::map<std::string, std::set<std::string>> covered;
  for (const Case& c : kCases) covered[c.args.substr(0, c.args.find(' '))].insert(c.option);
  for (const std::string command : {"eval", "check", "sforce", "loads", "plot", "codegen", "repl", "lsp"}) {
    for (const std::string& option : listed_options(command)) {
      CAPTURE(command, option);
      CHECK((covered[command].count(option) == 1 || kAnyText.count(option) == 1));
    }
  }
}

TEST_CASE("an unknown option or a missing value is a usage error naming it", "[cli][usage]") {
  for (const std::string command : {"eval 1", "check x.adm", "sforce x.adm", "loads x.adm", "plot x for x=0..1",
                                    "codegen x", "repl", "lsp"}) {
    CAPTURE(command);
    auto r = run_fexpr(command + " --frobnicate < /dev/null", true);
    CHECK(r.status == 2);
    CHECK(r.out.find("--frobnicate") != std::string::npos);
  }
  auto r = run_fexpr("eval 1 --time", true);
  CHECK(r.status == 2);
  CHECK(r.out.find("--time") != std::string::npos);
}

TEST_CASE("fexpr without a command says to give one", "[cli][usage]") {
  auto r = run_fexpr("", true);
  CHECK(r.status == 2);
  CHECK(r.out.find("A subcommand is required") != std::string::npos);
}

}  // namespace test_cli_usage_errors
