// The C API: compiling, evaluating and differentiating through handles, every status with its
// message and place, NULL arguments, and a kinematic expression against a model.
#include "capi_handles.hpp"

#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace test_capi_basics {

namespace {

std::string model_path() { return std::string(FEXPR_SOURCE_DIR) + "/examples/models/spring_damper.adm"; }

}  // namespace

TEST_CASE("an expression compiles once and evaluates with its gradient and Hessian", "[capi]") {
  Context ctx;
  const std::size_t x = ctx.declare("x");
  const std::size_t v = ctx.declare("v");
  CHECK(x == 0);
  CHECK(v == 1);
  Expression f(ctx.handle, "-1E4*(x-0.5) - 25*v");
  Workspace ws;
  const double vars[2] = {0.6, 0.3};

  double value = 0.0;
  REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, vars, 2, &value) == FEXPR_OK);
  CHECK(value == Approx(-1007.5).epsilon(1e-15));

  CHECK(f.derivative_names() == std::vector<std::string>{"TIME", "x", "v"});
  double grad[3] = {9, 9, 9};
  REQUIRE(fexpr_gradient(f.handle, ws.handle, 0.0, vars, 2, &value, grad) == FEXPR_OK);
  CHECK(value == Approx(-1007.5).epsilon(1e-15));
  CHECK(grad[0] == 0.0);
  CHECK(grad[1 + x] == -1E4);
  CHECK(grad[1 + v] == -25.0);
}

TEST_CASE("the Hessian is row-major over TIME and the variables", "[capi]") {
  // docs/eval.md: x**3 - 2*x*TIME at x = 2 has d2/dTIME dx = -2 and d2/dx dx = 12.
  Context ctx;
  ctx.declare("x");
  Expression f(ctx.handle, "x**3 - 2*x*TIME");
  Workspace ws;
  const double x = 2.0;
  double value = 0.0, grad[2], hess[4];
  REQUIRE(fexpr_hessian(f.handle, ws.handle, 0.0, &x, 1, &value, grad, hess) == FEXPR_OK);
  CHECK(value == 8.0);
  CHECK(grad[0] == -4.0);
  CHECK(grad[1] == 12.0);
  CHECK(hess[0] == 0.0);
  CHECK(hess[1] == -2.0);
  CHECK(hess[2] == -2.0);
  CHECK(hess[3] == 12.0);
}

TEST_CASE("variables are bound by slot; names are case-insensitive and declared once", "[capi]") {
  Context ctx;
  const std::size_t a = ctx.declare("alpha");
  const std::size_t b = ctx.declare("b_2");
  CHECK(ctx.declare("ALPHA") == a);
  Expression f(ctx.handle, "Alpha - 10*B_2 + TIME");
  Workspace ws;
  std::vector<double> vars(2);
  vars[a] = 5.0;
  vars[b] = 0.25;
  double value = 0.0;
  REQUIRE(fexpr_evaluate(f.handle, ws.handle, 100.0, vars.data(), vars.size(), &value) == FEXPR_OK);
  CHECK(value == 102.5);

  SECTION("variables declared after compiling are not the expression's, but may be passed") {
    ctx.declare("later");
    const double three[3] = {5.0, 0.25, 1E9};
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 100.0, three, 3, &value) == FEXPR_OK);
    CHECK(value == 102.5);
    CHECK(f.derivative_names() == std::vector<std::string>{"TIME", "alpha", "b_2"});
  }
  SECTION("an expression without variables takes NULL") {
    Context empty;
    Expression g(empty.handle, "2*PI");
    REQUIRE(fexpr_evaluate(g.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(2 * std::numbers::pi).epsilon(1e-15));
  }
}

TEST_CASE("MODE is set per workspace and is 4 until then", "[capi]") {
  Context ctx;
  Expression f(ctx.handle, "MODE");
  Workspace ws;
  double value = 0.0;
  REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
  CHECK(value == 4.0);
  REQUIRE(fexpr_workspace_set_mode(ws.handle, 1.0) == FEXPR_OK);
  REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
  CHECK(value == 1.0);
}

TEST_CASE("compile errors give their status, message, line and column", "[capi][errors]") {
  Context ctx;
  ctx.declare("x");
  struct Case {
    const char* text;
    fexpr_status status;
    unsigned line;
    unsigned column;
    const char* message;
  };
  auto c = GENERATE(values<Case>({
      {"1 + (2 * 3", FEXPR_SYNTAX_ERROR, 1, 11, "expected ')' to close '(' opened at 1:5"},
      {"x +\n  * 2", FEXPR_SYNTAX_ERROR, 2, 3, "expected"},
      {"1.D3", FEXPR_SYNTAX_ERROR, 1, 4, "1E3"},
      {"STPE(TIME, 0, 0, 1, 1)", FEXPR_NAME_ERROR, 1, 1, "unknown function 'STPE' (did you mean STEP?)"},
      {"x + y", FEXPR_NAME_ERROR, 1, 5, "'y'"},
      {"x + speed", FEXPR_NAME_ERROR, 1, 5, "unknown name 'speed'; declare it with fexpr_context_declare_variable"},
      {"STEP(TIME, 0, 1)", FEXPR_ARITY_ERROR, 1, 1, "STEP takes 5 arguments, got 3"},
      {"1 +\n DM(3, 2)", FEXPR_ARGUMENT_ERROR, 2, 2, "DM needs a model; load one with fexpr_context_load_model"},
  }));
  INFO(c.text);
  fexpr_expression* e = nullptr;
  CHECK(fexpr_compile(ctx.handle, c.text, &e) == c.status);
  CHECK(e == nullptr);
  Error err = last_error();
  CHECK(err.status == c.status);
  CHECK(err.line == c.line);
  CHECK(err.column == c.column);
  CHECK_THAT(err.message, Catch::Matchers::Contains(c.message));
}

TEST_CASE("nesting deeper than the limit is a syntax error", "[capi][errors]") {
  Context ctx;
  const std::string deep = std::string(150, '(') + "1" + std::string(150, ')');
  fexpr_expression* e = nullptr;
  CHECK(fexpr_compile(ctx.handle, deep.c_str(), &e) == FEXPR_SYNTAX_ERROR);
  CHECK(last_error().line == 1);
}

TEST_CASE("evaluation errors are domain errors at the operation that failed", "[capi][errors]") {
  Context ctx;
  ctx.declare("x");
  Workspace ws;
  double value = 123.0, grad[2] = {7.0, 7.0};

  SECTION("SQRT of a negative number, on the second line") {
    Expression f(ctx.handle, "1 +\n  SQRT(x)");
    const double x = -1.0;
    CHECK(fexpr_evaluate(f.handle, ws.handle, 0.0, &x, 1, &value) == FEXPR_DOMAIN_ERROR);
    Error err = last_error();
    CHECK(err.status == FEXPR_DOMAIN_ERROR);
    CHECK(err.line == 2);
    CHECK(err.column == 3);
    CHECK_THAT(err.message, Catch::Matchers::Contains("SQRT"));
    CHECK(fexpr_gradient(f.handle, ws.handle, 0.0, &x, 1, &value, grad) == FEXPR_DOMAIN_ERROR);
    CHECK(value == 123.0);  // outputs untouched on failure
    CHECK(grad[0] == 7.0);
    CHECK(grad[1] == 7.0);
  }
  SECTION("division by zero") {
    Expression f(ctx.handle, "1 + 3/(x*2)");
    const double x = 0.0;
    CHECK(fexpr_evaluate(f.handle, ws.handle, 0.0, &x, 1, &value) == FEXPR_DOMAIN_ERROR);
    Error err = last_error();
    CHECK(err.column == 5);
    CHECK_THAT(err.message, Catch::Matchers::Contains("division by zero"));
  }
  SECTION("a NaN from the host") {
    Expression f(ctx.handle, "x + 1");
    const double x = std::numeric_limits<double>::quiet_NaN();
    CHECK(fexpr_evaluate(f.handle, ws.handle, 0.0, &x, 1, &value) == FEXPR_DOMAIN_ERROR);
    CHECK(value == 123.0);
  }
  SECTION("an infinite derivative in the gradient, not in the value") {
    Expression f(ctx.handle, "SQRT(x)");
    const double x = 0.0;
    CHECK(fexpr_evaluate(f.handle, ws.handle, 0.0, &x, 1, &value) == FEXPR_OK);
    CHECK(value == 0.0);
    CHECK(fexpr_gradient(f.handle, ws.handle, 0.0, &x, 1, &value, grad) == FEXPR_DOMAIN_ERROR);
  }
}

TEST_CASE("a success leaves the last error as it was", "[capi][errors]") {
  Context ctx;
  fexpr_expression* e = nullptr;
  REQUIRE(fexpr_compile(ctx.handle, "1 +", &e) == FEXPR_SYNTAX_ERROR);
  const Error before = last_error();
  Expression f(ctx.handle, "1 + 2");
  const Error after = last_error();
  CHECK(after.status == FEXPR_SYNTAX_ERROR);
  CHECK(after.message == before.message);
  CHECK(after.line == before.line);
  CHECK(after.column == before.column);
}

TEST_CASE("NULL handles and arguments are usage errors, never crashes", "[capi][errors]") {
  Context ctx;
  ctx.declare("x");
  Expression f(ctx.handle, "x");
  Workspace ws;
  fexpr_context* c = nullptr;
  fexpr_expression* e = nullptr;
  fexpr_workspace* w = nullptr;
  std::size_t slot = 0, count = 0;
  const char* name = nullptr;
  double value = 0.0, grad[2], hess[4], state[12] = {};
  const double x = 1.0;

  auto usage = [](fexpr_status s) {
    const Error err = last_error();
    CHECK(err.status == FEXPR_USAGE_ERROR);
    CHECK(err.line == 0);
    CHECK(err.column == 0);
    CHECK_FALSE(err.message.empty());
    return s == FEXPR_USAGE_ERROR;
  };
  CHECK(usage(fexpr_context_create(nullptr)));
  CHECK(usage(fexpr_context_declare_variable(nullptr, "y", &slot)));
  CHECK(usage(fexpr_context_declare_variable(ctx.handle, nullptr, &slot)));
  CHECK(usage(fexpr_context_declare_variable(ctx.handle, "y", nullptr)));
  CHECK(usage(fexpr_context_load_model(nullptr, model_path().c_str())));
  CHECK(usage(fexpr_context_load_model(ctx.handle, nullptr)));
  CHECK(usage(fexpr_context_load_model_text(nullptr, "m", "END")));
  CHECK(usage(fexpr_context_load_model_text(ctx.handle, nullptr, "END")));
  CHECK(usage(fexpr_context_load_model_text(ctx.handle, "m", nullptr)));
  CHECK(usage(fexpr_context_set_part_state(nullptr, 2, state)));
  CHECK(usage(fexpr_context_get_part_state(nullptr, 2, state)));
  CHECK(usage(fexpr_compile(nullptr, "1", &e)));
  CHECK(usage(fexpr_compile(ctx.handle, nullptr, &e)));
  CHECK(usage(fexpr_compile(ctx.handle, "1", nullptr)));
  CHECK(usage(fexpr_expression_derivative_count(nullptr, &count)));
  CHECK(usage(fexpr_expression_derivative_count(f.handle, nullptr)));
  CHECK(usage(fexpr_expression_derivative_name(nullptr, 0, &name)));
  CHECK(usage(fexpr_expression_derivative_name(f.handle, 0, nullptr)));
  CHECK(usage(fexpr_workspace_create(nullptr)));
  CHECK(usage(fexpr_workspace_set_mode(nullptr, 1.0)));
  CHECK(usage(fexpr_workspace_set_part_state(nullptr, ctx.handle, 2, state)));
  CHECK(usage(fexpr_workspace_set_part_state(ws.handle, nullptr, 2, state)));
  CHECK(usage(fexpr_evaluate(nullptr, ws.handle, 0.0, &x, 1, &value)));
  CHECK(usage(fexpr_evaluate(f.handle, nullptr, 0.0, &x, 1, &value)));
  CHECK(usage(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 1, &value)));
  CHECK(usage(fexpr_evaluate(f.handle, ws.handle, 0.0, &x, 1, nullptr)));
  CHECK(usage(fexpr_gradient(nullptr, ws.handle, 0.0, &x, 1, &value, grad)));
  CHECK(usage(fexpr_gradient(f.handle, nullptr, 0.0, &x, 1, &value, grad)));
  CHECK(usage(fexpr_gradient(f.handle, ws.handle, 0.0, &x, 1, nullptr, grad)));
  CHECK(usage(fexpr_gradient(f.handle, ws.handle, 0.0, &x, 1, &value, nullptr)));
  CHECK(usage(fexpr_hessian(nullptr, ws.handle, 0.0, &x, 1, &value, grad, hess)));
  CHECK(usage(fexpr_hessian(f.handle, ws.handle, 0.0, &x, 1, &value, nullptr, hess)));
  CHECK(usage(fexpr_hessian(f.handle, ws.handle, 0.0, &x, 1, &value, grad, nullptr)));
  // Destroying NULL is allowed, like free(NULL).
  fexpr_context_destroy(c);
  fexpr_expression_destroy(e);
  fexpr_workspace_destroy(w);
}

TEST_CASE("caller mistakes that are not NULL are usage errors with a message", "[capi][errors]") {
  Context ctx;
  ctx.declare("x");
  ctx.declare("y");
  Expression f(ctx.handle, "x + y");
  Workspace ws;
  std::size_t slot = 0;
  const char* name = nullptr;
  double value = 0.0, state[12] = {};
  const double one = 1.0;

  CHECK(fexpr_evaluate(f.handle, ws.handle, 0.0, &one, 1, &value) == FEXPR_USAGE_ERROR);
  CHECK_THAT(last_error().message, Catch::Matchers::Contains("compiled with 2 variables, got 1"));
  CHECK(fexpr_expression_derivative_name(f.handle, 3, &name) == FEXPR_USAGE_ERROR);
  CHECK(fexpr_context_declare_variable(ctx.handle, "TIME", &slot) == FEXPR_USAGE_ERROR);
  CHECK_THAT(last_error().message, Catch::Matchers::Contains("reserved"));
  for (const char* bad : {"", "2x", "a b", "x-1", "PART/3"}) {
    INFO(bad);
    CHECK(fexpr_context_declare_variable(ctx.handle, bad, &slot) == FEXPR_USAGE_ERROR);
  }
  CHECK(fexpr_context_set_part_state(ctx.handle, 3, state) == FEXPR_USAGE_ERROR);
  CHECK_THAT(last_error().message, Catch::Matchers::Contains("no model"));
  CHECK(fexpr_context_get_part_state(ctx.handle, 3, state) == FEXPR_USAGE_ERROR);
  CHECK(fexpr_workspace_set_part_state(ws.handle, ctx.handle, 3, state) == FEXPR_USAGE_ERROR);
}

TEST_CASE("every status has a name", "[capi][errors]") {
  CHECK(std::string(fexpr_status_name(FEXPR_OK)) == "FEXPR_OK");
  CHECK(std::string(fexpr_status_name(FEXPR_SYNTAX_ERROR)) == "FEXPR_SYNTAX_ERROR");
  CHECK(std::string(fexpr_status_name(FEXPR_NAME_ERROR)) == "FEXPR_NAME_ERROR");
  CHECK(std::string(fexpr_status_name(FEXPR_ARITY_ERROR)) == "FEXPR_ARITY_ERROR");
  CHECK(std::string(fexpr_status_name(FEXPR_ARGUMENT_ERROR)) == "FEXPR_ARGUMENT_ERROR");
  CHECK(std::string(fexpr_status_name(FEXPR_DOMAIN_ERROR)) == "FEXPR_DOMAIN_ERROR");
  CHECK(std::string(fexpr_status_name(FEXPR_MODEL_ERROR)) == "FEXPR_MODEL_ERROR");
  CHECK(std::string(fexpr_status_name(FEXPR_USAGE_ERROR)) == "FEXPR_USAGE_ERROR");
  CHECK(std::string(fexpr_status_name(FEXPR_OUT_OF_MEMORY)) == "FEXPR_OUT_OF_MEMORY");
  CHECK(std::string(fexpr_status_name(FEXPR_INTERNAL_ERROR)) == "FEXPR_INTERNAL_ERROR");
  CHECK(std::string(fexpr_status_name(static_cast<fexpr_status>(15))) == "unknown status");
}

TEST_CASE("the spring-damper force of a model has its hand-derived value and derivatives", "[capi][model]") {
  // PART/3 is 0.6 from PART/2 along x and moves away at 0.3:
  // F = -1E4*(DM-0.5) - 25*VR = -1000 - 7.5; dF/d(PART/3.x) = -1E4 (VR does not change with x
  // when position and velocity are both along x), dF/d(PART/3.vx) = -25, dF/d(PART/2.x) = +1E4.
  Context ctx;
  REQUIRE(fexpr_context_load_model(ctx.handle, model_path().c_str()) == FEXPR_OK);
  Expression f(ctx.handle, "-1E4*(DM(3, 2) - 0.5) - 25*VR(3, 2)");
  Workspace ws;
  const auto names = f.derivative_names();
  REQUIRE(names.size() == 1 + 24);
  CHECK(names[0] == "TIME");
  std::vector<double> grad(names.size());
  double value = 0.0;
  REQUIRE(fexpr_gradient(f.handle, ws.handle, 0.0, nullptr, 0, &value, grad.data()) == FEXPR_OK);
  CHECK(value == Approx(-1007.5).epsilon(1e-12));
  CHECK(grad[index_of(names, "PART/3.x")] == Approx(-1E4).epsilon(1e-12));
  CHECK(grad[index_of(names, "PART/2.x")] == Approx(1E4).epsilon(1e-12));
  CHECK(grad[index_of(names, "PART/3.vx")] == Approx(-25.0).epsilon(1e-12));
  CHECK(grad[index_of(names, "PART/3.y")] == Approx(0.0).margin(1e-9));

  SECTION("the model state starts at the dataset's initial conditions") {
    double state[12];
    REQUIRE(fexpr_context_get_part_state(ctx.handle, 3, state) == FEXPR_OK);
    CHECK(state[0] == 1.6);  // x
    CHECK(state[6] == 0.3);  // vx
    CHECK(state[1] == 0.0);
  }
  SECTION("setting a part's state on the context changes what its expressions read") {
    // DM = 0.7, VR = 0.3 - 0.1.
    const double state[12] = {1.7, 0, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0};
    const double part2[12] = {1.0, 0, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 0};
    REQUIRE(fexpr_context_set_part_state(ctx.handle, 3, state) == FEXPR_OK);
    REQUIRE(fexpr_context_set_part_state(ctx.handle, 2, part2) == FEXPR_OK);
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(-2000.0 - 5.0).epsilon(1e-12));
    double back[12];
    REQUIRE(fexpr_context_get_part_state(ctx.handle, 3, back) == FEXPR_OK);
    CHECK(std::vector<double>(back, back + 12) == std::vector<double>(state, state + 12));
  }
  SECTION("a workspace with its own state reads it, the others the context's") {
    Workspace own;
    const double state[12] = {1.7, 0, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0};
    REQUIRE(fexpr_workspace_set_part_state(own.handle, ctx.handle, 3, state) == FEXPR_OK);
    REQUIRE(fexpr_evaluate(f.handle, own.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(-2007.5).epsilon(1e-12));
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(-1007.5).epsilon(1e-12));
    // The workspace's copy was taken once: later context changes are not seen through it.
    const double closer[12] = {1.5, 0, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0};
    REQUIRE(fexpr_context_set_part_state(ctx.handle, 3, closer) == FEXPR_OK);
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(-7.5).epsilon(1e-12));
    REQUIRE(fexpr_evaluate(f.handle, own.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(-2007.5).epsilon(1e-12));
  }
  SECTION("the expression outlives its context") {
    fexpr_context_destroy(ctx.handle);
    ctx.handle = nullptr;
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(-1007.5).epsilon(1e-12));
  }
  SECTION("part states are checked") {
    double state[12] = {1.7, 0, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0};
    CHECK(fexpr_context_set_part_state(ctx.handle, 9, state) == FEXPR_USAGE_ERROR);
    CHECK_THAT(last_error().message, Catch::Matchers::Contains("no PART/9"));
    CHECK(fexpr_context_set_part_state(ctx.handle, 1, state) == FEXPR_USAGE_ERROR);
    CHECK_THAT(last_error().message, Catch::Matchers::Contains("ground"));
    state[7] = std::numeric_limits<double>::infinity();
    CHECK(fexpr_context_set_part_state(ctx.handle, 3, state) == FEXPR_DOMAIN_ERROR);
    CHECK_THAT(last_error().message, Catch::Matchers::Contains("vy of PART/3"));
    Workspace own;
    CHECK(fexpr_workspace_set_part_state(own.handle, ctx.handle, 3, state) == FEXPR_DOMAIN_ERROR);
    // Nothing was changed by the rejected states.
    REQUIRE(fexpr_evaluate(f.handle, own.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(-1007.5).epsilon(1e-12));
  }
  SECTION("a marker the model does not have is an argument error at its place") {
    fexpr_expression* e = nullptr;
    CHECK(fexpr_compile(ctx.handle, "DM(3, 99)", &e) == FEXPR_ARGUMENT_ERROR);
    const Error err = last_error();
    CHECK(err.line == 1);
    CHECK(err.column == 7);
    CHECK_THAT(err.message, Catch::Matchers::Contains("99"));
  }
}

TEST_CASE("models are read from text, and their errors have a place in it", "[capi][model]") {
  Context ctx;
  SECTION("a model from text") {
    const char* text =
        "two parts\n"
        "PART/1, GROUND\n"
        "MARKER/1, PART = 1\n"
        "PART/2, MASS = 1, QG = 0, 3, 4\n"
        "MARKER/2, PART = 2\n"
        "END\n";
    REQUIRE(fexpr_context_load_model_text(ctx.handle, "two.adm", text) == FEXPR_OK);
    Expression f(ctx.handle, "DM(2, 1)");
    Workspace ws;
    double value = 0.0;
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
    CHECK(value == Approx(5.0).epsilon(1e-15));
  }
  SECTION("a marker on a part that does not exist") {
    const char* text =
        "bad model\n"
        "PART/1, GROUND\n"
        "MARKER/2, PART = 7\n"
        "END\n";
    CHECK(fexpr_context_load_model_text(ctx.handle, "bad.adm", text) == FEXPR_MODEL_ERROR);
    const Error err = last_error();
    CHECK(err.status == FEXPR_MODEL_ERROR);
    CHECK(err.line == 3);
    CHECK(err.column >= 1);
    CHECK_THAT(err.message, Catch::Matchers::Contains("7"));
  }
  SECTION("a file that cannot be read") {
    CHECK(fexpr_context_load_model(ctx.handle, "/nonexistent/model.adm") == FEXPR_MODEL_ERROR);
    const Error err = last_error();
    CHECK(err.line == 0);
    CHECK_THAT(err.message, Catch::Matchers::Contains("/nonexistent/model.adm"));
  }
}

TEST_CASE("a model that fails to load leaves the context's model as it was", "[capi][model]") {
  Context ctx;
  REQUIRE(fexpr_context_load_model(ctx.handle, model_path().c_str()) == FEXPR_OK);
  CHECK(fexpr_context_load_model_text(ctx.handle, "bad.adm", "bad\nMARKER/2, PART = 7\nEND\n") == FEXPR_MODEL_ERROR);
  Expression f(ctx.handle, "DM(3, 2)");
  Workspace ws;
  double value = 0.0;
  REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, nullptr, 0, &value) == FEXPR_OK);
  CHECK(value == Approx(0.6).epsilon(1e-12));
}

}  // namespace test_capi_basics
