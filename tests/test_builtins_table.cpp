// The builtin table as a whole: order, lookup, arities, help text, rules by category, and the
// help examples of the evaluated functions, which must be true.
#include "builtins_calls.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>
#include <set>
#include <string>

namespace test_builtins_table {

using namespace fexpr::builtins;
using namespace fexpr::builtins::testing;

namespace {

bool evaluated(Category c) { return c == Category::math || c == Category::general; }

// Reads "NAME(a, b, ...) = r" where each argument is a number, optionally with the degree suffix D,
// or a vector [x, y, z] (three arguments of the rules), and r a number or a vector.
struct Example {
  std::string name;
  std::vector<double> args;
  std::vector<double> result;      // one number, or a vector's three components
  std::vector<double> tolerance;   // half a unit in the last printed digit of each, or 0 for a whole number
};

double number(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  double scale = 1;
  if (!text.empty() && text.back() == 'D') {
    scale = std::numbers::pi / 180;
    text.remove_suffix(1);
  }
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  INFO("number \"" << text << "\"");
  REQUIRE((ec == std::errc() && end == text.data() + text.size()));
  return v * scale;
}

// The numbers of a comma-separated list, brackets of vectors dropped: "[3, 4, 12]" or "3.5, 3, 0".
std::vector<std::string_view> items(std::string_view list) {
  std::vector<std::string_view> out;
  while (!list.empty()) {
    const auto comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    while (!item.empty() && (item.front() == ' ' || item.front() == '[')) item.remove_prefix(1);
    while (!item.empty() && item.back() == ']') item.remove_suffix(1);
    out.push_back(item);
    list = comma == list.npos ? std::string_view() : list.substr(comma + 1);
  }
  return out;
}

Example parse(std::string_view text) {
  INFO("example \"" << text << "\"");
  const auto open = text.find('('), close = text.find(')'), equals = text.find(" = ");
  REQUIRE((open != text.npos && close != text.npos && equals == close + 1));
  Example e{std::string(text.substr(0, open)), {}, {}, {}};
  for (std::string_view a : items(text.substr(open + 1, close - open - 1))) e.args.push_back(number(a));
  for (std::string_view r : items(text.substr(equals + 3))) {
    e.result.push_back(number(r));
    const auto dot = r.find('.');
    e.tolerance.push_back(dot == r.npos ? 0 : 0.5 * std::pow(10.0, -static_cast<double>(r.size() - dot - 1)));
  }
  return e;
}

}  // namespace

TEST_CASE("The table is sorted by name, with unique upper-case names", "[table]") {
  const auto all = table();
  REQUIRE(all.size() >= 2);
  for (std::size_t i = 1; i < all.size(); ++i) {
    INFO(all[i - 1].name << " then " << all[i].name);
    CHECK(all[i - 1].name < all[i].name);
  }
  for (const Builtin& b : all) {
    INFO(b.name);
    CHECK(!b.name.empty());
    CHECK(std::all_of(b.name.begin(), b.name.end(),
                      [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }));
  }
}

TEST_CASE("find() looks names up regardless of case", "[table]") {
  SECTION("every entry is found under its own name, lower case and mixed case") {
    for (const Builtin& b : table()) {
      std::string lower(b.name), mixed(b.name);
      for (std::size_t i = 0; i < lower.size(); ++i) {
        if (lower[i] >= 'A' && lower[i] <= 'Z') lower[i] = static_cast<char>(lower[i] - 'A' + 'a');
        if (i % 2 == 1) mixed[i] = lower[i];
      }
      INFO(b.name);
      CHECK(find(b.name) == &b);
      CHECK(find(lower) == &b);
      CHECK(find(mixed) == &b);
    }
  }
  SECTION("unknown names, prefixes and extensions are not found") {
    for (const char* name : {"", "STE", "STEPS", "STEP6", "FOO", "SQRTX", "A", "ZZZZ", "step "}) {
      INFO(name);
      CHECK(find(name) == nullptr);
    }
  }
}

TEST_CASE("The table holds the documented functions", "[table]") {
  const std::set<std::string> expected = {
      // math and general
      "ABS", "ACOS", "AINT", "ANINT", "ASIN", "ATAN", "ATAN2", "COS", "COSH", "DIM", "EXP", "LOG", "LOG10", "MAX",
      "MIN", "MOD", "SIGN", "SIN", "SINH", "SQRT", "TAN", "TANH", "STEP", "STEP5", "HAVSIN", "SHF", "POLY", "CHEBY",
      "FORCOS", "FORSIN", "SWEEP", "IMPACT", "BISTOP",
      // kinematic
      "DX", "DY", "DZ", "DM", "AX", "AY", "AZ", "PSI", "THETA", "PHI", "YAW", "PITCH", "ROLL", "VX", "VY", "VZ", "VM",
      "VR", "WX", "WY", "WZ", "WM", "ACCX", "ACCY", "ACCZ", "ACCM", "WDTX", "WDTY", "WDTZ", "WDTM", "INCANG", "ORIENT",
      // element
      "VARVAL", "ARYVAL", "DIF", "DIF1", "CUBSPL", "AKISPL", "CURVE", "INTERP", "SFORCE", "PINVAL", "POUVAL", "INVPSD",
      // solver and user
      "FX", "FY", "FZ", "TX", "TY", "TZ", "FM", "TM", "JOINT", "JPRIM", "MOTION", "BEAM", "BUSH", "FIELD", "CONTACT",
      "GFORCE", "VFORCE", "VTORQ", "NFORCE", "PTCV", "CVCV", "SPDP", "FRICTION", "SENVAL", "DELAY", "USER",
      // vectors (Adams Solver C++)
      "DXYZ", "VXYZ", "ACCXYZ", "WXYZ", "WDTXYZ", "FXYZ", "TXYZ", "UVX", "UVY", "UVZ", "UV", "MAG"};
  std::set<std::string> actual;
  for (const Builtin& b : table()) actual.insert(std::string(b.name));
  CHECK(actual == expected);
}

TEST_CASE("Arities follow the Adams argument lists", "[table]") {
  auto [name, min_args, max_args] = GENERATE(table<std::string, int, int>(
      {{"SIN", 1, 1},    {"ATAN2", 2, 2},   {"MAX", 2, 2},    {"STEP", 5, 5},   {"SHF", 6, 6},      {"POLY", 3, 33},
       {"CHEBY", 3, 33}, {"FORCOS", 4, 34}, {"SWEEP", 7, 7},  {"IMPACT", 7, 7}, {"BISTOP", 8, 8},   {"DX", 1, 3},
       {"DM", 1, 2},     {"VX", 1, 4},      {"VR", 1, 3},     {"WX", 1, 3},     {"WM", 1, 2},       {"ACCX", 1, 4},
       {"ACCM", 1, 3},   {"WDTX", 1, 4},    {"WDTM", 1, 3},   {"AX", 1, 2},     {"PSI", 1, 2},      {"YAW", 1, 2},
       {"VARVAL", 1, 1}, {"ARYVAL", 2, 2},  {"CUBSPL", 3, 4}, {"CURVE", 4, 4},  {"INTERP", 3, 4},   {"SFORCE", 4, 4},
       {"INVPSD", 7, 7}, {"FX", 1, 3},      {"FM", 1, 2},     {"JOINT", 4, 4},  {"FRICTION", 2, 2}, {"SENVAL", 1, 1},
       {"INCANG", 3, 3}, {"ORIENT", 3, 4},  {"USER", 0, 30},  {"DELAY", 3, 4},   {"DXYZ", 1, 3},     {"VXYZ", 1, 4},
       {"ACCXYZ", 1, 4}, {"WXYZ", 1, 3},    {"WDTXYZ", 1, 4}, {"FXYZ", 1, 3},    {"TXYZ", 1, 3},     {"UVX", 1, 2},
       {"UVZ", 1, 2},    {"UV", 1, 1},      {"MAG", 1, 1}}));
  const Builtin& b = builtin(name);
  CHECK(b.min_args == min_args);
  CHECK(b.max_args == max_args);
}

TEST_CASE("Every entry is complete", "[table]") {
  for (const Builtin& b : table()) {
    INFO(b.name);
    CHECK(0 <= b.min_args);
    CHECK(b.min_args <= b.max_args);
    CHECK(b.max_args <= kMaxArgs);
    CHECK(b.signature.substr(0, b.name.size() + 1) == std::string(b.name) + "(");
    CHECK(b.signature.back() == ')');
    CHECK(!b.formula.empty());
    CHECK(b.formula.find('\n') == std::string_view::npos);
    CHECK(b.example.substr(0, b.name.size() + 1) == std::string(b.name) + "(");
    if (evaluated(b.category)) {
      CHECK(b.value != nullptr);
      CHECK(b.derivatives != nullptr);
    } else {
      CHECK(b.value == nullptr);
      CHECK(b.derivatives == nullptr);
    }
  }
}

TEST_CASE("The help examples of the evaluated functions are true", "[table]") {
  for (const Builtin& b : table()) {
    if (!evaluated(b.category)) continue;
    INFO(b.example);
    const Example e = parse(b.example);
    CHECK(e.name == b.name);
    // A vector argument is three arguments of the rules.
    const int written = static_cast<int>(e.args.size()) / (b.argument == Shape::vector ? 3 : 1);
    CHECK(written >= b.min_args);
    CHECK(written <= b.max_args);
    REQUIRE(e.result.size() == (b.result == Shape::vector ? 3u : 1u));
    for (std::size_t k = 0; k < e.result.size(); ++k) {
      // A vector result's rules give component k when called with k as an extra last argument.
      std::vector<double> args = e.args;
      if (b.result == Shape::vector) args.push_back(static_cast<double>(k));
      const double v = call(b.name, args);
      if (e.tolerance[k] == 0) {
        CHECK_THAT(v, Catch::Matchers::WithinAbs(e.result[k], 1e-12 * (1 + std::fabs(e.result[k]))));
      } else {
        CHECK_THAT(v, Catch::Matchers::WithinAbs(e.result[k], e.tolerance[k]));
      }
    }
  }
}

TEST_CASE("Categories sort the functions as the evaluator expects", "[table]") {
  auto [name, category] = GENERATE(table<std::string, Category>({{"SQRT", Category::math},
                                                                 {"MOD", Category::math},
                                                                 {"STEP", Category::general},
                                                                 {"IMPACT", Category::general},
                                                                 {"POLY", Category::general},
                                                                 {"DX", Category::kinematic},
                                                                 {"WDTM", Category::kinematic},
                                                                 {"INCANG", Category::kinematic},
                                                                 {"ORIENT", Category::kinematic},
                                                                 {"VARVAL", Category::element},
                                                                 {"SFORCE", Category::element},
                                                                 {"INVPSD", Category::element},
                                                                 {"FX", Category::solver},
                                                                 {"JOINT", Category::solver},
                                                                 {"SENVAL", Category::solver},
                                                                 {"DELAY", Category::history},
                                                                 {"DXYZ", Category::kinematic},
                                                                 {"UVY", Category::kinematic},
                                                                 {"TXYZ", Category::solver},
                                                                 {"MAG", Category::math},
                                                                 {"UV", Category::math},
                                                                 {"USER", Category::user}}));
  CHECK(builtin(name).category == category);
}

TEST_CASE("A vector measure is the three scalar measures of its components, with the same arguments", "[table][vector]") {
  int vectors = 0;
  for (const Builtin& b : table()) {
    if (b.components[0].empty()) continue;
    INFO(b.name);
    ++vectors;
    CHECK(b.result == Shape::vector);
    CHECK(b.argument == Shape::scalar);
    for (std::string_view c : b.components) {
      INFO(c);
      const Builtin* component = find(c);
      if (!component) {
        // UVX.X ...: measures the bindings provide under internal names, not functions one can call.
        CHECK(c.substr(0, b.name.size() + 1) == std::string(b.name) + ".");
        continue;
      }
      CHECK(component->result == Shape::scalar);
      CHECK(component->category == b.category);
      CHECK(component->min_args == b.min_args);
      CHECK(component->max_args == b.max_args);
    }
  }
  CHECK(vectors == 10);
}

TEST_CASE("MAG and UV take one vector, whose components their rules receive", "[table][vector]") {
  CHECK(builtin("MAG").argument == Shape::vector);
  CHECK(builtin("MAG").result == Shape::scalar);
  CHECK(builtin("UV").argument == Shape::vector);
  CHECK(builtin("UV").result == Shape::vector);
  for (const Builtin& b : table()) {
    if (b.name == "MAG" || b.name == "UV") continue;
    INFO(b.name);
    CHECK(b.argument == Shape::scalar);
  }
}

}  // namespace test_builtins_table
