// The C API over a whole dataset: any element's FUNCTION by name with element functions bound
// (VARVAL, ARYVAL, CUBSPL, DIF, SFORCE), DIFF statements as variables, SFORCE loads, part
// states per workspace, the gradient's names, and every way of asking wrongly.
#include "capi_handles.hpp"

#include <array>
#include <string>
#include <vector>

namespace test_capi_dataset {

namespace {

// PART/2 starts at x = 1.5, so DX(2, 1) = DM(2, 1) = 1.5. CUBSPL through linear data is
// that line: 2*TIME.
constexpr const char* kDataset =
    "C API dataset test\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART = 1\n"
    "PART/2, MASS = 1, QG = 1.5, 0, 0\n"
    "MARKER/2, PART = 2\n"
    "JOINT/1, TRANSLATIONAL, I = 2, J = 1\n"
    "ARRAY/1, NUMBERS = 2.5, 7\n"
    "SPLINE/1, X = 0, 1, 2, 3, Y = 0, 2, 4, 6\n"
    "VARIABLE/1, FUNCTION = 3*DX(2, 1) + ARYVAL(1, 2)\n"
    "VARIABLE/3, FUNCTION = VARVAL(1)*DIF(1) + CUBSPL(TIME, 0, 1, 0)\n"
    "DIFF/1, IC = 2, FUNCTION = -ARYVAL(1, 1)*DIF(1)\n"
    "DIFF/7, FUNCTION = DIF1(1) + TIME\n"
    "SFORCE/1, TRANSLATIONAL, I = 2, J = 1, FUNCTION = -100*(DM(2, 1) - 0.5)\n"
    "MOTION/2, JOINT = 1, TRANSLATION, FUNCTION = 0.1*TIME\n"
    "VARIABLE/4, FUNCTION = USER(1)\n"
    "VARIABLE/5, FUNCTION = JOINT(1, 0, 1, 0)\n"
    "VARIABLE/6, FUNCTION = 1/(DX(2, 1) - 1.5)\n"
    "END\n";

struct Loaded : Context {
  Loaded() { REQUIRE(fexpr_context_load_model_text(handle, "test.adm", kDataset) == FEXPR_OK); }
};

struct Element : Expression {
  Element(const fexpr_context* context, const char* name) : Expression(context, name, fexpr_compile_element) {}
};

bool usage(fexpr_status status) { return status == FEXPR_USAGE_ERROR; }

}  // namespace

TEST_CASE("each DIFF is a variable the host sets, with its id, slot and initial condition", "[capi][dataset]") {
  Loaded ctx;
  std::size_t count = 0;
  REQUIRE(fexpr_context_diff_count(ctx.handle, &count) == FEXPR_OK);
  REQUIRE(count == 2);
  long id = 0;
  std::size_t slot = 99;
  double initial = -1.0;
  REQUIRE(fexpr_context_diff(ctx.handle, 0, &id, &slot, &initial) == FEXPR_OK);
  CHECK(id == 1);
  CHECK(slot == 0);
  CHECK(initial == 2.0);
  REQUIRE(fexpr_context_diff(ctx.handle, 1, &id, &slot, &initial) == FEXPR_OK);
  CHECK(id == 7);
  CHECK(slot == 1);
  CHECK(initial == 0.0);  // no IC=
  CHECK(usage(fexpr_context_diff(ctx.handle, 2, &id, &slot, &initial)));
  CHECK(last_error().message == "fexpr_context_diff: k is 2, the model has 2 DIFF statements");

  SECTION("variables declared after the load come after the DIFFs") {
    CHECK(ctx.declare("x") == 2);
  }
  SECTION("variables declared before the load keep their slots") {
    Context early;
    CHECK(early.declare("x") == 0);
    REQUIRE(fexpr_context_load_model_text(early.handle, "test.adm", kDataset) == FEXPR_OK);
    REQUIRE(fexpr_context_diff(early.handle, 0, &id, &slot, nullptr) == FEXPR_OK);
    CHECK(slot == 1);
  }
}

TEST_CASE("an element's FUNCTION evaluates with element functions bound and named derivatives", "[capi][dataset]") {
  Loaded ctx;
  Workspace ws;
  const double difs[2] = {4.0, 0.0};  // DIF(1), DIF(7)
  double value = 0.0;

  SECTION("VARIABLE/1 = 3*DX(2, 1) + ARYVAL(1, 2) reads the part state and the ARRAY") {
    Element f(ctx.handle, "VARIABLE/1");
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, difs, 2, &value) == FEXPR_OK);
    CHECK(value == Approx(3 * 1.5 + 7).epsilon(1e-14));
    const double moved[12] = {2.0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    REQUIRE(fexpr_workspace_set_part_state(ws.handle, ctx.handle, 2, moved) == FEXPR_OK);
    const auto names = f.derivative_names();
    std::vector<double> grad(names.size());
    REQUIRE(fexpr_gradient(f.handle, ws.handle, 0.0, difs, 2, &value, grad.data()) == FEXPR_OK);
    CHECK(value == Approx(3 * 2.0 + 7).epsilon(1e-14));
    CHECK(names[0] == "TIME");
    CHECK(names[1] == "DIFF/1");
    CHECK(names[2] == "DIFF/7");
    CHECK(grad[index_of(names, "PART/2.x")] == Approx(3.0).epsilon(1e-14));
    CHECK(grad[index_of(names, "DIFF/1")] == 0.0);
  }
  SECTION("lower-case names are the same element") {
    Element f(ctx.handle, "variable/1");
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 0.0, difs, 2, &value) == FEXPR_OK);
    CHECK(value == Approx(11.5).epsilon(1e-14));
  }
  SECTION("VARIABLE/3 = VARVAL(1)*DIF(1) + CUBSPL(TIME, 0, 1, 0) reads the DIFF state and the SPLINE") {
    Element f(ctx.handle, "VARIABLE/3");
    const auto names = f.derivative_names();
    std::vector<double> grad(names.size());
    REQUIRE(fexpr_gradient(f.handle, ws.handle, 1.5, difs, 2, &value, grad.data()) == FEXPR_OK);
    CHECK(value == Approx(11.5 * 4 + 2 * 1.5).epsilon(1e-12));
    CHECK(grad[0] == Approx(2.0).epsilon(1e-12));                         // d/dTIME of 2*TIME
    CHECK(grad[index_of(names, "DIFF/1")] == Approx(11.5).epsilon(1e-12));  // VARVAL(1)
    CHECK(grad[index_of(names, "PART/2.x")] == Approx(3.0 * 4).epsilon(1e-12));
  }
  SECTION("DIFF/1 = -ARYVAL(1, 1)*DIF(1), and DIFF/7 = DIF1(1) + TIME reads DIFF/1's FUNCTION") {
    Element f(ctx.handle, "DIFF/1");
    double grad[3];
    REQUIRE(fexpr_gradient(f.handle, ws.handle, 0.0, difs, 2, &value, grad) == FEXPR_OK);
    CHECK(value == -2.5 * 4.0);
    CHECK(grad[1] == -2.5);
    CHECK(grad[2] == 0.0);
    Element g(ctx.handle, "DIFF/7");
    REQUIRE(fexpr_gradient(g.handle, ws.handle, 3.0, difs, 2, &value, grad) == FEXPR_OK);
    CHECK(value == -2.5 * 4.0 + 3.0);
    CHECK(grad[0] == 1.0);
    CHECK(grad[1] == -2.5);
  }
  SECTION("MOTION/2 = 0.1*TIME") {
    Element f(ctx.handle, "MOTION/2");
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 3.0, difs, 2, &value) == FEXPR_OK);
    CHECK(value == Approx(0.3).epsilon(1e-15));
  }
  SECTION("an expression compiled from the context reads elements and DIFFs too") {
    Expression f(ctx.handle, "VARVAL(3) - DIF(1)");
    REQUIRE(fexpr_evaluate(f.handle, ws.handle, 1.5, difs, 2, &value) == FEXPR_OK);
    CHECK(value == Approx(11.5 * 4 + 3 - 4).epsilon(1e-12));
  }
}

TEST_CASE("SFORCE loads act along the line from J to I, opposite on J", "[capi][dataset]") {
  // I is 1.5 along x from J: f = -100*(1.5 - 0.5) = -100 pulls I towards J.
  Loaded ctx;
  Workspace ws;
  std::array<fexpr_expression*, 12> loads{};
  REQUIRE(fexpr_compile_sforce_loads(ctx.handle, 1, loads.data()) == FEXPR_OK);
  const double difs[2] = {0.0, 0.0};
  const std::array<double, 12> expected = {-100, 0, 0, 0, 0, 0, 100, 0, 0, 0, 0, 0};
  for (std::size_t k = 0; k < 12; ++k) {
    double value = 0.0;
    REQUIRE(fexpr_evaluate(loads[k], ws.handle, 0.0, difs, 2, &value) == FEXPR_OK);
    INFO("load " << k);
    CHECK(value == Approx(expected[k]).margin(1e-12));
  }
  // d(force on I, x)/d(PART/2.x) = d(-100*(x - 0.5))/dx.
  std::size_t n = 0;
  REQUIRE(fexpr_expression_derivative_count(loads[0], &n) == FEXPR_OK);
  std::vector<double> grad(n);
  double value = 0.0;
  REQUIRE(fexpr_gradient(loads[0], ws.handle, 0.0, difs, 2, &value, grad.data()) == FEXPR_OK);
  std::vector<std::string> names;
  for (std::size_t k = 0; k < n; ++k) {
    const char* name = nullptr;
    REQUIRE(fexpr_expression_derivative_name(loads[0], k, &name) == FEXPR_OK);
    names.emplace_back(name);
  }
  CHECK(grad[index_of(names, "PART/2.x")] == Approx(-100.0).epsilon(1e-12));
  for (fexpr_expression* e : loads) fexpr_expression_destroy(e);

  SECTION("an SFORCE that does not exist is a usage error and makes nothing") {
    std::array<fexpr_expression*, 12> none{};
    CHECK(usage(fexpr_compile_sforce_loads(ctx.handle, 9, none.data())));
    CHECK(last_error().message == "the model has no SFORCE/9");
    CHECK(none == std::array<fexpr_expression*, 12>{});
  }
}

TEST_CASE("elements that cannot be compiled or evaluated say why", "[capi][dataset][errors]") {
  Loaded ctx;
  fexpr_expression* e = nullptr;
  SECTION("no such element, or not an element name") {
    CHECK(usage(fexpr_compile_element(ctx.handle, "VARIABLE/99", &e)));
    CHECK(last_error().message == "the model has no VARIABLE/99");
    for (const char* bad : {"VARIABLE", "VARIABLE/", "/3", "VARIABLE/3x", "VARIABLE/-"}) {
      INFO(bad);
      CHECK(usage(fexpr_compile_element(ctx.handle, bad, &e)));
      CHECK(last_error().message == "fexpr_compile_element: '" + std::string(bad) +
                                        "' is not an element such as VARIABLE/3");
    }
  }
  SECTION("a user subroutine") {
    CHECK(fexpr_compile_element(ctx.handle, "VARIABLE/4", &e) == FEXPR_ARGUMENT_ERROR);
    CHECK(last_error().message == "VARIABLE/4 is computed by a user subroutine");
  }
  SECTION("a function that needs the solver, placed in the dataset") {
    CHECK(fexpr_compile_element(ctx.handle, "VARIABLE/5", &e) == FEXPR_ARGUMENT_ERROR);
    const Error err = last_error();
    CHECK(err.message == "JOINT(...) needs solver state, not evaluated");
    CHECK(err.line == 16);  // VARIABLE/5, at JOINT
    CHECK(err.column == 24);
  }
  SECTION("an element without FUNCTION") {
    CHECK(fexpr_compile_element(ctx.handle, "JOINT/1", &e) == FEXPR_ARGUMENT_ERROR);
    CHECK(last_error().message == "JOINT/1 has no FUNCTION expression");
  }
  SECTION("an evaluation error is placed in the dataset") {
    Element f(ctx.handle, "VARIABLE/6");
    Workspace ws;
    const double difs[2] = {0.0, 0.0};
    double value = 0.0;
    CHECK(fexpr_evaluate(f.handle, ws.handle, 0.0, difs, 2, &value) == FEXPR_DOMAIN_ERROR);
    const Error err = last_error();
    CHECK(err.message == "'/': division by zero");
    CHECK(err.line == 17);  // VARIABLE/6, at the division, which begins with its dividend
    CHECK(err.column == 24);
  }
  SECTION("a context without a model") {
    Context bare;
    std::array<fexpr_expression*, 12> loads{};
    CHECK(usage(fexpr_compile_element(bare.handle, "VARIABLE/1", &e)));
    CHECK(last_error().message == "fexpr_compile_element: the context has no model");
    CHECK(usage(fexpr_compile_sforce_loads(bare.handle, 1, loads.data())));
    CHECK(usage(fexpr_context_diff(bare.handle, 0, nullptr, nullptr, nullptr)));
    std::size_t count = 9;
    CHECK(fexpr_context_diff_count(bare.handle, &count) == FEXPR_OK);
    CHECK(count == 0);
  }
  SECTION("NULL arguments") {
    std::array<fexpr_expression*, 12> loads{};
    std::size_t count = 0;
    CHECK(usage(fexpr_compile_element(nullptr, "VARIABLE/1", &e)));
    CHECK(usage(fexpr_compile_element(ctx.handle, nullptr, &e)));
    CHECK(usage(fexpr_compile_element(ctx.handle, "VARIABLE/1", nullptr)));
    CHECK(usage(fexpr_compile_sforce_loads(nullptr, 1, loads.data())));
    CHECK(usage(fexpr_compile_sforce_loads(ctx.handle, 1, nullptr)));
    CHECK(usage(fexpr_context_diff_count(nullptr, &count)));
    CHECK(usage(fexpr_context_diff_count(ctx.handle, nullptr)));
    CHECK(usage(fexpr_context_diff(nullptr, 0, nullptr, nullptr, nullptr)));
  }
  CHECK(e == nullptr);
}

TEST_CASE("an IMPLICIT DIFF's DIF1, a reference cycle and an IC that is no number say why", "[capi][dataset][errors]") {
  Context ctx;
  REQUIRE(fexpr_context_load_model_text(ctx.handle, "odd.adm",
                                        "odd\n"
                                        "PART/1, GROUND\n"
                                        "DIFF/1, IC = abc, FUNCTION = 1\n"
                                        "DIFF/2, IMPLICIT, FUNCTION = DIF(2) - 1\n"
                                        "VARIABLE/3, FUNCTION = DIF1(2)\n"
                                        "VARIABLE/8, FUNCTION = VARVAL(9)\n"
                                        "VARIABLE/9, FUNCTION = VARVAL(8)\n"
                                        "END\n") == FEXPR_OK);
  fexpr_expression* e = nullptr;
  CHECK(fexpr_compile_element(ctx.handle, "VARIABLE/3", &e) == FEXPR_ARGUMENT_ERROR);
  Error err = last_error();
  CHECK(err.message == "DIFF/2 is IMPLICIT: its FUNCTION is a residual, so DIF1(2) is the solver's");
  CHECK(err.line == 5);
  CHECK(err.column == 24);
  CHECK(fexpr_compile_element(ctx.handle, "VARIABLE/8", &e) == FEXPR_ARGUMENT_ERROR);
  CHECK(last_error().message == "VARIABLE/8 is on the reference cycle VARIABLE/8 -> VARIABLE/9 -> VARIABLE/8");
  CHECK(e == nullptr);
  double initial = 0.0;
  CHECK(fexpr_context_diff(ctx.handle, 0, nullptr, nullptr, &initial) == FEXPR_MODEL_ERROR);
  CHECK(last_error().message == "DIFF/1 IC= 'abc' is not a number");
  CHECK(fexpr_context_diff(ctx.handle, 1, nullptr, nullptr, &initial) == FEXPR_OK);
}

TEST_CASE("evaluating an element with too few variables or another model's workspace is a usage error",
          "[capi][dataset][errors]") {
  Loaded ctx;
  Element f(ctx.handle, "DIFF/1");
  Workspace ws;
  double value = 0.0;
  const double one[1] = {4.0};
  CHECK(usage(fexpr_evaluate(f.handle, ws.handle, 0.0, one, 1, &value)));
  CHECK(last_error().message == "fexpr_evaluate: the expression was compiled with 2 variables, got 1");

  Loaded other;
  const double state[12] = {1.0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  REQUIRE(fexpr_workspace_set_part_state(ws.handle, other.handle, 2, state) == FEXPR_OK);
  const double difs[2] = {4.0, 0.0};
  CHECK(usage(fexpr_evaluate(f.handle, ws.handle, 0.0, difs, 2, &value)));
  CHECK(last_error().message ==
        "fexpr_evaluate: the workspace holds part states of another model than the expression's");
  CHECK(value == 0.0);
}

}  // namespace test_capi_dataset
