#include "dataset/view/command.hpp"
#include "dataset/view/units.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <vector>

namespace test_view_units {

using fexpr::dataset::view::Dimension;
using fexpr::dataset::view::kAngle;
using fexpr::dataset::view::kLength;
using fexpr::dataset::view::kNone;
using fexpr::dataset::view::quantity;
using fexpr::dataset::view::unit;
using fexpr::dataset::view::Units;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr Dimension kMass{0, 0, 1, 0, 0};
constexpr Dimension kForce{0, 0, 0, 0, 1};

Units millimeter_units() {
  Units u;
  REQUIRE(u.set("length", "mm"));
  return u;
}

}  // namespace

TEST_CASE("a new model is in meters, degrees, kilograms, seconds and newtons") {
  const Units u;
  CHECK(u.length == 1.0);
  CHECK(u.angle == Approx(kPi / 180).epsilon(1e-15));
  CHECK(u.mass == 1.0);
  CHECK(u.time == 1.0);
  CHECK(u.force == 1.0);
}

TEST_CASE("defaults units takes Adams View's unit names, their abbreviations and unique beginnings") {
  Units u;
  SECTION("full names and abbreviations, in any case") {
    CHECK(u.set("length", "millimeter"));
    CHECK(u.length == 1e-3);
    CHECK(u.set("length", "INCH"));
    CHECK(u.length == 0.0254);
    CHECK(u.length_name == "inch");
    CHECK(u.set("length", "ft"));
    CHECK(u.length == Approx(12 * 0.0254).epsilon(1e-15));
    CHECK(u.set("angle", "rad"));
    CHECK(u.angle == 1.0);
    CHECK(u.set("angle", "degrees"));
    CHECK(u.angle == Approx(kPi / 180).epsilon(1e-15));
    CHECK(u.set("mass", "pound_mass"));
    CHECK(u.mass == 0.45359237);
    CHECK(u.set("time", "millisecond"));
    CHECK(u.time == 1e-3);
    CHECK(u.set("force", "pound_force"));
    CHECK(u.force == Approx(0.45359237 * 9.80665).epsilon(1e-15));
    CHECK(u.set("Force", "Newton"));
    CHECK(u.force == 1.0);
    CHECK(u.force_name == "newton");
  }
  SECTION("a beginning of one full name") {
    CHECK(u.set("length", "centi"));
    CHECK(u.length == 1e-2);
    CHECK(u.set("mass", "slu"));
    // A slug is the mass a pound-force accelerates at one foot per second squared.
    CHECK(u.mass == Approx(0.45359237 * 9.80665 / 0.3048).epsilon(1e-15));
    CHECK(u.set("force", "kpound"));
    CHECK(u.force == Approx(1000 * 0.45359237 * 9.80665).epsilon(1e-15));
  }
  SECTION("a beginning of several names, a unit of another quantity, an unknown name or quantity") {
    const Units before = u;
    CHECK_FALSE(u.set("length", "mi"));       // mile, millimeter, mils, micrometer, microinch
    CHECK_FALSE(u.set("length", "newton"));   // a force
    CHECK_FALSE(u.set("length", "furlong"));  // not Adams View's
    CHECK_FALSE(u.set("length", ""));
    CHECK_FALSE(u.set("frequency", "hz"));    // not kept
    CHECK(u.length == before.length);
    CHECK(u.length_name == before.length_name);
  }
}

TEST_CASE("the size of a model unit multiplies the sizes of its quantities' units, angles in radians") {
  Units u = millimeter_units();
  REQUIRE(u.set("mass", "gram"));
  REQUIRE(u.set("angle", "degrees"));
  CHECK(u.model_unit(kLength) == 1e-3);
  CHECK(u.model_unit(kAngle) == 1.0);
  // Density: g/mm^3 = 1e-3 kg / 1e-9 m^3.
  CHECK(u.model_unit(Dimension{-3, 0, 1, 0, 0}) == Approx(1e6).epsilon(1e-12));
  CHECK(u.model_unit(kNone) == 1.0);
}

TEST_CASE("a number with a unit is converted to the model's units") {
  const Units meters;
  const Units mm = millimeter_units();
  SECTION("a unit word against the number") {
    auto q = quantity("12mm", meters);
    REQUIRE(q);
    CHECK(q->value == Approx(0.012).epsilon(1e-15));
    CHECK(q->dimension == kLength);
    CHECK(q->has_unit);
    q = quantity("6inch", mm);
    REQUIRE(q);
    CHECK(q->value == Approx(152.4).epsilon(1e-15));
    q = quantity("5.0E-002meter", meters);
    REQUIRE(q);
    CHECK(q->value == Approx(0.05).epsilon(1e-15));
    q = quantity("-1.0meter", mm);
    REQUIRE(q);
    CHECK(q->value == Approx(-1000.0).epsilon(1e-15));
    q = quantity("1.0cm", mm);
    REQUIRE(q);
    CHECK(q->value == Approx(10.0).epsilon(1e-15));
  }
  SECTION("degrees, whatever the model's angle unit, become radians") {
    Units radians;
    REQUIRE(radians.set("angle", "rad"));
    for (const Units* u : std::vector<const Units*>{&meters, &radians}) {
      auto q = quantity("90d", *u);
      REQUIRE(q);
      CHECK(q->value == Approx(kPi / 2).epsilon(1e-15));
      CHECK(q->dimension == kAngle);
      q = quantity("90.0D", *u);
      REQUIRE(q);
      CHECK(q->value == Approx(kPi / 2).epsilon(1e-15));
      q = quantity("0.0d", *u);
      REQUIRE(q);
      CHECK(q->value == 0.0);
      q = quantity("30(deg)", *u);
      REQUIRE(q);
      CHECK(q->value == Approx(kPi / 6).epsilon(1e-15));
      q = quantity("1.5rad", *u);
      REQUIRE(q);
      CHECK(q->value == 1.5);
    }
  }
  SECTION("a unit in parentheses, and the whole in parentheses") {
    auto q = quantity("5(mm)", meters);
    REQUIRE(q);
    CHECK(q->value == Approx(0.005).epsilon(1e-15));
    q = quantity("(10(mm))", mm);
    REQUIRE(q);
    CHECK(q->value == Approx(10.0).epsilon(1e-15));
    q = quantity("(5000.0mm)", meters);
    REQUIRE(q);
    CHECK(q->value == Approx(5.0).epsilon(1e-15));
  }
  SECTION("compound units convert by their powers") {
    // 7801 kg/m^3 in a model in mm and kg: 7801 / 1e9 kg/mm^3.
    auto q = quantity("7801.0(kg/meter**3)", mm);
    REQUIRE(q);
    CHECK(q->value == Approx(7.801e-6).epsilon(1e-14));
    CHECK(q->dimension == Dimension{-3, 0, 1, 0, 0});
    // 2.07E+11 N/m^2 = 2.07E+5 N/mm^2.
    q = quantity("2.07E+11(Newton/meter**2)", mm);
    REQUIRE(q);
    CHECK(q->value == Approx(2.07e5).epsilon(1e-14));
    // A hyphen multiplies: 29 N s/m = 0.029 N s/mm.
    q = quantity("29.0(newton-sec/meter)", mm);
    REQUIRE(q);
    CHECK(q->value == Approx(0.029).epsilon(1e-14));
    CHECK(q->dimension == Dimension{-1, 0, 0, 1, 1});
    // 18 N mm/deg = 0.018 N m per pi/180 rad, in a model in meters.
    q = quantity("18(newton-mm/deg)", meters);
    REQUIRE(q);
    CHECK(q->value == Approx(0.018 * 180 / kPi).epsilon(1e-14));
    CHECK(q->dimension == Dimension{1, -1, 0, 0, 1});
  }
  SECTION("a plain number is as written, without a dimension") {
    for (const auto& [text, value] : std::vector<std::pair<const char*, double>>{
             {"12", 12.0}, {"-3.5", -3.5}, {".5", 0.5}, {"1.5E-3", 1.5e-3}, {"1.0E+05", 1e5}, {"5.0E-002", 0.05}, {"+2", 2.0}}) {
      INFO(text);
      const auto q = quantity(text, mm);
      REQUIRE(q);
      CHECK(q->value == value);
      CHECK(q->dimension == kNone);
      CHECK_FALSE(q->has_unit);
    }
  }
  SECTION("not a number, or a unit fexpr does not know") {
    for (const char* text : {"", "mm", "abc", "12furlong", "1.2.3", "5(mm", "5(kg/)", "(1)(2)", "-", "."}) {
      INFO(text);
      CHECK_FALSE(quantity(text, meters));
    }
  }
}

TEST_CASE("a unit expression multiplies, divides and raises to powers from left to right") {
  auto u = unit("kg/meter**3");
  REQUIRE(u);
  CHECK(u->value == 1.0);
  CHECK(u->dimension == Dimension{-3, 0, 1, 0, 0});
  u = unit("newton*mm*sec/deg");
  REQUIRE(u);
  CHECK(u->value == Approx(1e-3 * 180 / kPi).epsilon(1e-14));
  CHECK(u->dimension == Dimension{1, -1, 0, 1, 1});
  u = unit("N/m**2");
  REQUIRE(u);
  CHECK(u->dimension == Dimension{-2, 0, 0, 0, 1});
  u = unit("kg/(mm**2*sec)");
  REQUIRE(u);
  CHECK(u->value == Approx(1e6).epsilon(1e-14));
  CHECK(u->dimension == Dimension{-2, 0, 1, -1, 0});
  u = unit("meter**-1");
  REQUIRE(u);
  CHECK(u->dimension == Dimension{-1, 0, 0, 0, 0});
  u = unit("Pound_Force");
  REQUIRE(u);
  CHECK(u->dimension == kForce);
  u = unit("slug");
  REQUIRE(u);
  CHECK(u->dimension == kMass);
  for (const char* text : {"", "kg/", "**3", "furlong", "kg**", "kg*(m", "kg m", "m**x", "(kg))"}) {
    INFO(text);
    CHECK_FALSE(unit(text));
  }
}

// Every number written with a unit in the corpus's command files (outside the colour table,
// whose names such as 231G123B059 begin with digits) reads as a quantity.
TEST_CASE("every number with a unit in the corpus's command files reads") {
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(FEXPR_SOURCE_DIR) / ".." / "shared" / "corpus" / "cmd";
  if (!fs::exists(folder)) {
    WARN("no corpus at " << folder.string());
    return;
  }
  const Units u;
  std::size_t read = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".cmd") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const fexpr::SourceText source(entry.path().filename().string(), text.str());
    for (const auto& command : fexpr::dataset::view::read_commands(source).commands) {
      if (!command.words.empty() && command.words[0].text.starts_with("col")) continue;
      for (const auto& parameter : command.parameters) {
        for (const auto& item : parameter.items) {
          if (item.kind == fexpr::dataset::view::Item::Kind::string) continue;
          std::string_view t = item.text;
          while (t.size() > 2 && t.front() == '(' && t.back() == ')') t = t.substr(1, t.size() - 2);
          // A number followed by a letter or '(' that does not start an exponent.
          std::size_t i = 0;
          if (i < t.size() && (t[i] == '-' || t[i] == '+')) ++i;
          const std::size_t digits = i;
          bool any_digit = false;
          while (i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '.')) any_digit |= t[i++] != '.';
          if (i == digits || !any_digit) continue;
          if (i + 1 < t.size() && (t[i] == 'E' || t[i] == 'e') &&
              (t[i + 1] == '-' || t[i + 1] == '+' || std::isdigit(static_cast<unsigned char>(t[i + 1])))) {
            i += 2;
            while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
          }
          if (i >= t.size() || (!std::isalpha(static_cast<unsigned char>(t[i])) && t[i] != '(')) continue;
          if (t.find_first_of(",{}+*/ ") < i) continue;  // an expression, not a number
          INFO(entry.path().filename().string() << ": " << item.text);
          CHECK(quantity(item.text, u));
          ++read;
        }
      }
    }
  }
  // The corpus writes 0.0d and its kind some twelve thousand times.
  CHECK(read > 12000);
}

}  // namespace test_view_units
