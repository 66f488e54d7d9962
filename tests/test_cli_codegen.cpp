// fexpr codegen on the command line: the function it writes, and the constructs it refuses.
#include "run_program.hpp"

#include <catch2/catch.hpp>

namespace test_cli_codegen {

using fexpr::testing::run_fexpr;

TEST_CASE("fexpr codegen writes one C function whose signature follows the derivatives asked for") {
  SECTION("the value alone") {
    const auto r = run_fexpr("codegen --var x 'x**1.5'");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("int fexpr_function(const double *in, double *value, const char **error)") != std::string::npos);
    // x**1.5 as the evaluator computes it: x*sqrt(x), not pow
    CHECK(r.out.find("sqrt(r2)") != std::string::npos);
    CHECK(r.out.find("pow(") == std::string::npos);
  }
  SECTION("the gradient, with a name") {
    const auto r = run_fexpr("codegen --gradient --name spring --var x --var v '-1E4*(x-0.5) - 25*v'");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("int spring(const double *in, double *value, double *grad, const char **error)") != std::string::npos);
    CHECK(r.out.find("in[2]  v") != std::string::npos);
    // Each step's comment is its part of the expression, with the parentheses it opens closed.
    CHECK(r.out.find("  /* x-0.5 */\n") != std::string::npos);
    CHECK(r.out.find("  /* -1E4*(x-0.5) */\n") != std::string::npos);
    CHECK(r.out.find("  /* 25*v */\n") != std::string::npos);
  }
  SECTION("the Hessian") {
    const auto r = run_fexpr("codegen --hessian --var x 'SIN(x)*x'");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("double *grad, double *hess, const char **error)") != std::string::npos);
    CHECK(r.out.find("hess[3] = ") != std::string::npos);
  }
  SECTION("MODE becomes the last input when the expression reads it") {
    const auto r = run_fexpr("codegen --var x 'IF(MODE-4: 0, x, 0)'");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("in[2]  MODE") != std::string::npos);
  }
}

TEST_CASE("fexpr codegen writes the reference form where the evaluator has no fast form, and as the fallback of the fast one") {
  SECTION("a gradient over more inputs than the fast form takes (16): one function, in the reference form") {
    std::string vars, sum;
    for (int k = 1; k <= 17; ++k) {
      vars += " --var a" + std::to_string(k);
      sum += (k > 1 ? "+a" : "a") + std::to_string(k);
    }
    const auto r = run_fexpr("codegen --gradient" + vars + " '" + sum + "'");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("int fexpr_function(const double *in, double *value, double *grad, const char **error)") !=
          std::string::npos);
    CHECK(r.out.find("grad[17] = ") != std::string::npos);
    CHECK(r.out.find("_reference") == std::string::npos);
  }
  SECTION("a Hessian over more inputs than the fast form takes (4)") {
    const auto r = run_fexpr("codegen --hessian --var a --var b --var c --var d --var e 'a*b*c*d*e'");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("hess[35] = ") != std::string::npos);
  }
  SECTION("with a gradient, the fast form's failures call the reference form's function") {
    const auto r = run_fexpr("codegen --gradient --name f --var x 'x / 1E-300'");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("static int f_reference(const double *in, double *value, double *grad, const char **error)") !=
          std::string::npos);
    CHECK(r.out.find("return f_reference(in, value, grad, error);") != std::string::npos);
  }
  SECTION("not for the value alone, whose two forms are one, nor unchecked") {
    CHECK(run_fexpr("codegen --var x 'x / 1E-300'").out.find("_reference") == std::string::npos);
    CHECK(run_fexpr("codegen --unchecked --gradient --var x 'x / 1E-300'").out.find("_reference") == std::string::npos);
  }
}

TEST_CASE("fexpr codegen --unchecked leaves out the domain checks") {
  const auto checked = run_fexpr("codegen --var x 'SQRT(x)/x'");
  const auto unchecked = run_fexpr("codegen --unchecked --var x 'SQRT(x)/x'");
  REQUIRE(checked.status == 0);
  REQUIRE(unchecked.status == 0);
  CHECK(checked.out.find("\"SQRT of a negative number\"") != std::string::npos);
  CHECK(checked.out.find("\"'/': division by zero\"") != std::string::npos);
  CHECK(unchecked.out.find("fx_fail") == std::string::npos);
  CHECK(unchecked.out.find("isfinite") == std::string::npos);
}

TEST_CASE("fexpr codegen refuses what it cannot write yet, naming it at its place") {
  SECTION("a name that is not declared, with codegen's --var (a name alone) to declare it") {
    const auto r = run_fexpr("codegen --gradient 'x + 1'", true);
    CHECK(r.status == 1);
    CHECK(r.out.find("unknown name 'x'; declare it with --var NAME, an input of the C function\n") != std::string::npos);
  }
  SECTION("a function name that is not a C identifier") {
    CHECK(run_fexpr("codegen --name 2f 'TIME'", true).status == 2);
  }
}

TEST_CASE("fexpr codegen's --var takes a name alone, and a bad one is a usage error") {
  struct Case {
    std::string var, message;
  };
  for (const Case& c : std::initializer_list<Case>{
           {"x=1", "--var 'x=1': codegen's --var takes a NAME alone, an input of the C function whose value comes with "
                   "each call: --var x"},
           {"TIME", "--var 'TIME': 'TIME' is a reserved name (the simulation time); choose another"},
           {"PI", "--var 'PI': 'PI' is a reserved name (3.14159...); choose another"},
           {"1x", "--var '1x': '1x' is not a name: letters, digits and '_', not starting with a digit"},
       }) {
    CAPTURE(c.var);
    const auto r = run_fexpr("codegen --var '" + c.var + "' 'TIME'", true);
    CHECK(r.status == 2);
    CHECK(r.out == "fexpr codegen: " + c.message + "\n");
  }
}

}  // namespace test_cli_codegen
