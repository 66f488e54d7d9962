// STEP, STEP5 and HAVSIN with x0 >= x1 are errors in every path of the evaluator: constant ends
// (the fast form's own step), ends that vary (the table's rule), all arguments constant (not
// folded at compile time), value, gradient and Hessian, fast and reference form.
#include "expression_helpers.hpp"

#include <string>

namespace test_eval_step_ends {

using fexpr::testing::Bench;
using fexpr::testing::compile_on;
using fexpr::testing::form_name;
using fexpr::testing::kForms;

namespace {

// The message of the evaluation error of e at b, for value (order 0), gradient or Hessian.
std::string failure(const fexpr::Expression& e, const Bench& b, int order, fexpr::Span* span = nullptr) {
  fexpr::Workspace ws;
  std::vector<double> g(e.derivative_count()), h(g.size() * g.size());
  try {
    if (order == 0) e.value(b.inputs(), ws);
    else if (order == 1) e.gradient(b.inputs(), ws, g);
    else e.hessian(b.inputs(), ws, g, h);
  } catch (const fexpr::EvaluationError& err) {
    if (span) *span = err.diagnostic.span;
    return err.diagnostic.message;
  }
  return "no error";
}

const std::string kBackwards = " with x0 > x1 is undefined (the step runs from x0 up to x1); for a step from x1 to x0 write ";

}  // namespace

TEST_CASE("a step with constant ends x0 > x1 is an error in value, gradient and Hessian, in both forms",
          "[eval][steps][errors]") {
  for (const char* name : {"STEP", "STEP5", "HAVSIN"}) {
    const std::string n = name;
    const std::string expected = n + kBackwards + n + "(x, x1, h1, x0, h0)";
    // Below, inside and above [x1, x0]: no x gives a value.
    for (double x : {0.5, 1.5, 2.5}) {
      for (auto form : kForms) {
        INFO(name << " at x = " << x << " (" << form_name(form) << ")");
        Bench b({{"x", x}});
        const std::string text = "1 + " + n + "(x, 2, 0, 1, 1)";
        auto e = compile_on(b, text, form);
        for (int order : {0, 1, 2}) {
          fexpr::Span span;
          CHECK(failure(e, b, order, &span) == expected);
          CHECK(span.begin == 4);  // the call, after "1 + "
          CHECK(span.end == text.size());
        }
      }
    }
  }
}

TEST_CASE("a step with equal constant ends is an error in every order", "[eval][steps][errors]") {
  Bench b({{"x", 1.0}});
  auto e = b.compile_ok("STEP(x, 1, 0, 1, 1)");
  for (int order : {0, 1, 2}) CHECK(failure(e, b, order) == "STEP with x0 = x1 is a jump, which STEP cannot fit; give x1 > x0");
}

TEST_CASE("a step whose ends vary is an error where x0 > x1 and a step where x0 < x1", "[eval][steps][errors]") {
  for (auto form : kForms) {
    INFO(form_name(form));
    Bench backwards({{"x", 1.5}, {"a", 2.0}, {"b", 1.0}});
    auto e = compile_on(backwards, "STEP5(x, a, 0, b, 1)", form);
    for (int order : {0, 1, 2}) CHECK(failure(e, backwards, order) == "STEP5" + kBackwards + "STEP5(x, x1, h1, x0, h0)");
    // With a = 1, b = 2 the same program steps: Δ = 0.5, STEP5 = 0.5³(10 - 7.5 + 1.5) = 0.5.
    Bench forwards({{"x", 1.5}, {"a", 1.0}, {"b", 2.0}});
    auto f = compile_on(forwards, "STEP5(x, a, 0, b, 1)", form);
    fexpr::Workspace ws;
    CHECK(f.value(forwards.inputs(), ws) == 0.5);
  }
}

TEST_CASE("a step of constants with x0 > x1 compiles and fails when evaluated", "[eval][steps][errors]") {
  // Compile-time folding leaves a call whose rule fails; the error belongs to evaluation.
  Bench b;
  auto e = b.compile_ok("HAVSIN(1.5, 2, 0, 1, 1)");
  CHECK(failure(e, b, 0) == "HAVSIN" + kBackwards + "HAVSIN(x, x1, h1, x0, h0)");
  CHECK(b.value("HAVSIN(1.5, 1, 0, 2, 1)") == Approx(0.5).epsilon(1e-15));  // (1 - cos(π/2))/2
}

}  // namespace test_eval_step_ends
