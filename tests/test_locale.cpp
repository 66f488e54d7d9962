// Numbers are read and written the same way whatever the process locale: under de_DE, whose
// decimal point is ',' and whose digits group with '.', expressions, datasets, the REPL, JSON
// and the fexpr program still read and print "1.5".
#include "ast/ast.hpp"
#include "dataset/checker.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "expression_helpers.hpp"
#include "grammar/parse.hpp"
#include "repl/session.hpp"
#include "run_program.hpp"
#include "support/json.hpp"
#include "support/number.hpp"

#include <fexpr/fexpr.h>

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <locale>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>

namespace test_locale {

using fexpr::testing::Bench;
using fexpr::testing::run_fexpr;

namespace {

constexpr const char* kCommaLocales[] = {"de_DE.UTF-8", "de_DE.utf8", "de_DE"};

// Switches the C and the C++ global locale to German for its lifetime and restores both.
class CommaLocale {
 public:
  CommaLocale() : c_before_(std::setlocale(LC_ALL, nullptr)) {
    for (const char* name : kCommaLocales) {
      if (!std::setlocale(LC_ALL, name)) continue;
      try {
        cpp_before_ = std::locale::global(std::locale(name));
        name_ = name;
        return;
      } catch (const std::runtime_error&) {
        std::setlocale(LC_ALL, c_before_.c_str());
      }
    }
  }
  ~CommaLocale() {
    if (cpp_before_) std::locale::global(*cpp_before_);
    std::setlocale(LC_ALL, c_before_.c_str());
  }
  CommaLocale(const CommaLocale&) = delete;
  CommaLocale& operator=(const CommaLocale&) = delete;

  // False, with a warning, where the locale is not installed (generate it with
  // `localedef -i de_DE -f UTF-8 de_DE.UTF-8`, as tools/sanitize.sh does).
  bool active() const {
    if (name_.empty()) WARN("skipped: no de_DE locale on this machine");
    return !name_.empty();
  }

 private:
  std::string c_before_;
  std::optional<std::locale> cpp_before_;
  std::string name_;
};

// What a locale-dependent conversion would do here, so the tests know the locale bites.
std::string printf_one_and_a_half() {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.1f", 1.5);
  return buffer;
}
std::string stream_thousand() {
  std::ostringstream s;
  s << 1000;
  return s.str();
}

}  // namespace

TEST_CASE("the comma locale really changes C and C++ number conversions", "[locale]") {
  CommaLocale locale;
  if (!locale.active()) return;
  CHECK(printf_one_and_a_half() == "1,5");
  CHECK(std::strtod("1.5", nullptr) == 1.0);  // strtod stops at the '.'
  CHECK(stream_thousand() == "1.000");
}

TEST_CASE("expressions read and print '.' decimal points under a comma locale", "[locale]") {
  CommaLocale locale;
  if (!locale.active()) return;
  Bench b({{"x", 0.25}});
  CHECK(b.value("1.5*2") == 3.0);
  CHECK(b.value("x + .5E1") == 5.25);
  CHECK(b.value("90D") == Approx(1.5707963267948966).epsilon(1e-15));
  CHECK(fexpr::number::format(3.0) == "3");
  CHECK(fexpr::number::format(1.5) == "1.5");
  CHECK(fexpr::number::format(1e5) == "1E+05");
  CHECK(fexpr::json::number(-0.125) == "-0.125");
  auto parsed = fexpr::number::parse("1.5");
  REQUIRE(parsed.has_value());
  CHECK(*parsed == 1.5);
  CHECK_FALSE(fexpr::number::parse("1,5").has_value());

  auto tree = fexpr::grammar::parse("1.5*2 + 12345.5");
  REQUIRE(std::holds_alternative<fexpr::ast::Tree>(tree));
  CHECK(fexpr::ast::print(std::get<fexpr::ast::Tree>(tree)) == "1.5*2 + 12345.5");
  CHECK_THAT(fexpr::ast::dump(std::get<fexpr::ast::Tree>(tree)), Catch::Matchers::Contains("number 12345.5  [8,15)"));
}

TEST_CASE("datasets read '.' decimal points under a comma locale", "[locale]") {
  CommaLocale locale;
  if (!locale.active()) return;
  const fexpr::SourceText source("t.adm",
                                 "locale\n"
                                 "PART/1, GROUND\n"
                                 "PART/2, QG = 1.5, -0.25, 2E-1\n"
                                 "MARKER/20, PART = 2\n"
                                 "VARIABLE/1, FUNCTION = 0.5*DX(20)\n"
                                 "END\n");
  const fexpr::dataset::Dataset data = fexpr::dataset::read(source);
  const fexpr::dataset::ModelBuild build = fexpr::dataset::build_model(data);
  for (const auto& d : build.diagnostics) CHECK(d.severity != fexpr::Severity::error);
  const int part = build.model.find_part(2);
  REQUIRE(part > 0);
  CHECK(build.model.parts()[static_cast<std::size_t>(part)].qg == Eigen::Vector3d(1.5, -0.25, 0.2));
  const fexpr::dataset::CheckedFile checked = fexpr::dataset::check_text("t.adm", source.text());
  CHECK(checked.errors() == 0);
}

TEST_CASE("the REPL prints '.' decimal points and ungrouped ids to a stream of the comma locale", "[locale][repl]") {
  CommaLocale locale;
  if (!locale.active()) return;
  const std::string path = "locale_ids.adm";
  std::ofstream(path) << "ids above 999\n"
                         "PART/1, GROUND\n"
                         "MARKER/1000, PART = 1\n"
                         "PART/1002, QG = 2.5, 0, 0\n"
                         "MARKER/12345, PART = 1002\n"
                         "END\n";
  std::ostringstream out;  // made after the switch, so it carries the German numpunct
  fexpr::repl::Session session(out);
  session.feed("1.5+1");
  session.feed("x = 1.25");
  session.feed(":grad x*x");
  CHECK(out.str() == "= 2.5\nx = 1.25\n= 1.5625\n  d/dTIME  0\n  d/dx     2.5\n");
  out.str("");
  REQUIRE(session.load(path));
  session.feed(":model");
  const std::string model = out.str();
  CHECK_THAT(model, Catch::Matchers::Contains("PART/1002 markers 12345\n"));
  CHECK_THAT(model, Catch::Matchers::Contains("PART/1 (ground) markers 1000\n"));
  CHECK_THAT(model, Catch::Matchers::Contains("x=2.5"));
  std::remove(path.c_str());
}

TEST_CASE("the C API reads expressions and models with '.' under a comma locale", "[locale][capi]") {
  CommaLocale locale;
  if (!locale.active()) return;
  fexpr_context* ctx = nullptr;
  REQUIRE(fexpr_context_create(&ctx) == FEXPR_OK);
  REQUIRE(fexpr_context_load_model_text(ctx, "t.adm",
                                        "locale\nPART/1, GROUND\nMARKER/10, PART = 1\n"
                                        "PART/2, QG = 0.75, 0, 0\nMARKER/20, PART = 2\nEND\n") == FEXPR_OK);
  fexpr_expression* f = nullptr;
  REQUIRE(fexpr_compile(ctx, "1.5*2 + DX(20, 10)", &f) == FEXPR_OK);
  fexpr_workspace* ws = nullptr;
  REQUIRE(fexpr_workspace_create(&ws) == FEXPR_OK);
  double value = 0.0;
  REQUIRE(fexpr_evaluate(f, ws, 0.0, nullptr, 0, &value) == FEXPR_OK);
  CHECK(value == 3.75);
  fexpr_workspace_destroy(ws);
  fexpr_expression_destroy(f);
  fexpr_context_destroy(ctx);
}

TEST_CASE("the fexpr program prints '.' decimal points with LC_ALL=de_DE.UTF-8", "[locale][cli]") {
  // The variable is set for the child only; this process's locale stays as it is.
  const char* before = std::getenv("LC_ALL");
  const std::string saved = before ? before : "";
  ::setenv("LC_ALL", "de_DE.UTF-8", 1);
  const auto text = run_fexpr("eval 1.5+1");
  const auto json = run_fexpr("eval --format json --time 0.5 --var x=1.25 --grad 'x*TIME'");
  std::ofstream("locale_repl.txt") << "1.5*3\n";
  const auto repl = run_fexpr("repl < locale_repl.txt");
  std::remove("locale_repl.txt");
  const auto comma = run_fexpr("eval --var x=1,5 x");
  if (before)
    ::setenv("LC_ALL", saved.c_str(), 1);
  else
    ::unsetenv("LC_ALL");
  {
    CommaLocale probe;
    probe.active();  // warns where the locale is missing, when this test proves little
  }
  CHECK(text.status == 0);
  CHECK(text.out == "1.5+1 = 2.5\n");
  CHECK(json.status == 0);
  CHECK(json.out ==
        "{\"expr\": \"x*TIME\", \"value\": 0.625, \"gradient\": {\"TIME\": 1.25, \"x\": 0.5}, \"error\": null}\n");
  CHECK(repl.out == "= 4.5\n");
  CHECK(comma.status == 2);  // a comma is never a decimal point
}

}  // namespace test_locale
