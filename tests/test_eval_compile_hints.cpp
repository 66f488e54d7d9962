// A front end's hints in compile errors: what its user does to declare a variable or give a
// model is appended to the error that finds it missing, and only there.
#include <fexpr/expression.hpp>

#include <catch2/catch.hpp>

namespace test_eval_compile_hints {

using namespace fexpr;

namespace {

std::string first_error(std::string_view text, CompileHints hints) {
  Context context;
  context.declare_variable("speed");
  CompileOptions options;
  options.hints = hints;
  auto compiled = compile(text, context, options);
  REQUIRE(!compiled);
  return compiled.diagnostics.front().message;
}

const CompileHints kHints{"define it with --var NAME=VALUE", "add --model FILE.adm"};

}  // namespace

TEST_CASE("an unknown name gets the front end's way to define it", "[eval][hints]") {
  CHECK(first_error("x + 1", kHints) == "unknown name 'x'; define it with --var NAME=VALUE");
  SECTION("without a hint, the error alone") { CHECK(first_error("x + 1", {}) == "unknown name 'x'"); }
  SECTION("a near name is the likelier cure, and is said instead") {
    CHECK(first_error("sped + 1", kHints) == "unknown name 'sped' (did you mean speed?)");
  }
  SECTION("a function written without its call is not a variable to define") {
    CHECK(first_error("SIN + 1", kHints).starts_with("'SIN' is a function; call it as SIN("));
    CHECK(first_error("SIN + 1", kHints).find("--var") == std::string::npos);
  }
}

TEST_CASE("a function that reads a model gets the front end's way to give one", "[eval][hints]") {
  CHECK(first_error("DM(2, 1)", kHints) == "DM needs a model; add --model FILE.adm");
  CHECK(first_error("VARVAL(1)", {"", "pass model=fexpr.load_model(PATH)"}) ==
        "VARVAL needs a model; pass model=fexpr.load_model(PATH)");
  SECTION("without a hint, the error alone") { CHECK(first_error("DM(2, 1)", {}) == "DM needs a model"); }
  SECTION("solver state no model gives gets no hint to give one") {
    CHECK(first_error("FM(2)", kHints) == "FM needs solver state (a model and a solver), which fexpr does not evaluate");
  }
}

}  // namespace test_eval_compile_hints
