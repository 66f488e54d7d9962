// The builtin table against the index of every callable function of the Adams Solver (C++)
// reference (tests/data/spec/adams-function-index.md, a copy of ../shared/spec/): each is known,
// with the arity its documented signature gives, read here from the signature text itself.
#include "builtins/builtin.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace test_builtins_index {

using namespace fexpr::builtins;

namespace {

struct Documented {
  std::string name;
  std::string signature;
  int min_args = 0;
  int max_args = 0;
};

int trailing_number(const std::string& s) {
  std::size_t digits = s.find_last_not_of("0123456789") + 1;
  return std::stoi(s.substr(digits));
}

std::string trim(std::string s) {
  s.erase(0, s.find_first_not_of(' '));
  s.erase(s.find_last_not_of(' ') + 1);
  return s;
}

// "DX(i[,j][,k])" -> 1..3; "CHEBY(x, x0, a0[, ..., a30])" -> 3..33: an argument is optional
// when it starts inside brackets; "..." stands for the arguments between its neighbours.
Documented parse_signature(const std::string& signature) {
  Documented d;
  d.signature = signature;
  std::size_t open = signature.find('(');
  d.name = signature.substr(0, open);
  std::string inside = signature.substr(open + 1, signature.rfind(')') - open - 1);
  struct Argument {
    std::string text;
    bool optional;
  };
  std::vector<Argument> args;
  int depth = 0;
  args.push_back({"", false});
  for (char c : inside) {
    if (c == '[') {
      ++depth;
    } else if (c == ']') {
      --depth;
    } else if (c == ',') {
      args.push_back({"", depth > 0});
    } else {
      args.back().text += c;
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string t = trim(args[i].text);
    if (t == "...") {
      d.max_args += trailing_number(trim(args[i + 1].text)) - trailing_number(trim(args[i - 1].text)) - 1;
      continue;
    }
    ++d.max_args;
    if (!args[i].optional) ++d.min_args;
  }
  return d;
}

std::vector<Documented> documented() {
  std::ifstream in(std::string(FEXPR_SOURCE_DIR) + "/tests/data/spec/adams-function-index.md");
  REQUIRE(in);
  std::vector<Documented> out;
  std::string line;
  while (std::getline(in, line)) {
    // | 23 | displacement | `DX(i[,j][,k])` | status | source |
    if (line.size() < 3 || line[0] != '|' || line[2] < '0' || line[2] > '9') continue;
    std::size_t tick = line.find('`');
    std::string signature = line.substr(tick + 1, line.find('`', tick + 1) - tick - 1);
    out.push_back(parse_signature(signature));
  }
  return out;
}

}  // namespace

TEST_CASE("the signature reader counts documented arguments as the reference writes them", "[builtins][index]") {
  auto dx = parse_signature("DX(i[,j][,k])");
  CHECK(dx.name == "DX");
  CHECK((dx.min_args == 1 && dx.max_args == 3));
  auto cheby = parse_signature("CHEBY(x, x0, a0[, ..., a30])");
  CHECK((cheby.min_args == 3 && cheby.max_args == 33));
  auto delay = parse_signature("DELAY(e_delayed, e_delay, e_history[, id])");
  CHECK((delay.min_args == 3 && delay.max_args == 4));
  auto impact = parse_signature("IMPACT(x, x', x1, k, e, cmax, d)");
  CHECK((impact.min_args == 7 && impact.max_args == 7));
}

TEST_CASE("every function of the Adams Solver (C++) reference is known, with its documented arity", "[builtins][index]") {
  const auto all = documented();
  REQUIRE(all.size() == 115);
  std::set<std::string> names;
  for (const Documented& d : all) {
    names.insert(d.name);
    // IF(e: e1, e2, e3) is syntax of the language (the grammar reads it), not a table entry.
    if (d.name == "IF") continue;
    INFO(d.signature);
    const Builtin* f = find(d.name);
    if (!f) {
      FAIL_CHECK("not in the builtin table");
      continue;
    }
    CHECK(f->min_args == d.min_args);
    CHECK(f->max_args == d.max_args);
  }
  // The table holds nothing else but USER(r1, ..., r30), the documented form FUNCTION=USER(...).
  for (const Builtin& f : table()) {
    INFO(f.name);
    CHECK((names.count(std::string(f.name)) == 1 || f.name == "USER"));
  }
}

}  // namespace test_builtins_index
