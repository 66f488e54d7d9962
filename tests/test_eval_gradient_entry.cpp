// Expression::gradient's own entry (eval/run.cpp, detail::gradient): it loads only the inputs the
// program reads, runs a program that calls nothing in an interpreter of its own (scaled sums
// included), writes the gradient straight into the caller's span and keeps the run it chose in
// the workspace. Each of these must give the reference form's bits and errors.
#include "expression_helpers.hpp"

#include "eval/program.hpp"

#include <fexpr/bindings.hpp>

#include <bit>
#include <cmath>
#include <limits>
#include <numbers>
#include <span>
#include <stdexcept>

namespace test_eval_gradient_entry {

using fexpr::testing::Bench;
using fexpr::testing::Form;

namespace {

// Every kind of step the interpreter that calls nothing has (shapes, scaled sums, branches,
// constant powers, STEP and STEP5), then programs that take the full interpreter (x**-2, whose
// derivative calls pow, math functions, IMPACT, the generic call path).
const char* const kCallingNothing[] = {
    "-1E4*(x-0.5) - 25*v",
    "3*(x+y) + v",
    "(x-y)*2 - v*y",
    "y*(x+v) + 2*v*x",
    "x*y - v",
    "-(x + y*v)",
    "x**3 - y**4 + v",
    "x**-1 + y",
    "IF(x - y: x*v, 0, -y*y)",
    "IF(x*y: IF(v: 1, x, y), x + v, y**3)",
    "STEP(x, -1, 0, 1, 2) + STEP5(y, -0.5, 1, 0.5, -1) * v",
    "TIME*x + 2*y",
    "(x - 0.2)**3 * (y + v)",
};
const char* const kCallingSomething[] = {
    "x**-2 + y",
    "SIN(x)*COS(y) + SQRT(v*v + 1)",
    "IMPACT(x, v, 0.5, 1E5, 1.5, 50, 0.01)",
    "IMPACT(x, v, 0.5, 1E5, 3, 50, 0.01) + BISTOP(y, v, -0.5, 0.5, 1E3, 2.2, 10, 0.1)",
    "MAX(x, y) * v",
    "x**y + v",
    "HAVSIN(x, -1, 0, 1, 2) - v",
};

const double kPoints[] = {0.0, -0.0, 0.3, -0.7, 1.0, -1.0, 2.5, 4.9e-324, -2.5e-310, 1e300};

std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

// The value and gradient bits of one evaluation, or the error's message and place.
struct Outcome {
  std::vector<std::uint64_t> bits;
  std::string error;
  bool operator==(const Outcome&) const = default;
};

Outcome gradient_of(const fexpr::Expression& e, const fexpr::Inputs& in, fexpr::Workspace& ws, std::size_t count) {
  std::vector<double> grad(e.derivative_count(), 7.0);  // stale numbers the entry must overwrite
  Outcome o;
  try {
    o.bits.push_back(bits(e.gradient(in, ws, grad)));
  } catch (const fexpr::EvaluationError& err) {
    o.error = err.diagnostic.message + " at " + std::to_string(err.diagnostic.span.begin);
    return o;
  }
  for (std::size_t k = 0; k < count; ++k) o.bits.push_back(bits(grad[k]));
  return o;
}

// Over every point of x, y, v (TIME 0.5): the fast form's gradient against
// - the reference form's (the same text padded past the fast form's lanes with 0*pad terms,
//   which turn a -0 into +0, so numbers compare with ==), errors included, message and place;
// - the fast Hessian run's value and gradient (the same lane arithmetic, one order up), bit for
//   bit, where the Hessian has one.
// Each form's workspace serves every point in turn, as a host's does.
void check_against_reference(const char* text) {
  Bench fast({{"x", 0.0}, {"y", 0.0}, {"v", 0.0}});
  Bench reference = fast;
  fast.time = reference.time = 0.5;
  const fexpr::Expression e = fexpr::testing::compile_on(fast, text, Form::fast);
  const fexpr::Expression r = fexpr::testing::compile_on(reference, text, Form::reference);
  REQUIRE(r.program().lanes.size() > fexpr::detail::Program::kMaxLanes);
  const std::size_t count = e.derivative_count();  // TIME, v, x, y: the reference has the pads too
  const std::size_t sx = *fast.context.variable_slot("x"), sy = *fast.context.variable_slot("y"),
                    sv = *fast.context.variable_slot("v");
  fexpr::Workspace wf, wr, wh;
  for (double x : kPoints) {
    for (double y : kPoints) {
      for (double v : kPoints) {
        fast.values[sx] = reference.values[sx] = x;
        fast.values[sy] = reference.values[sy] = y;
        fast.values[sv] = reference.values[sv] = v;
        INFO(text << " at x = " << x << ", y = " << y << ", v = " << v);
        const Outcome got = gradient_of(e, fast.inputs(), wf, count);
        const Outcome want = gradient_of(r, reference.inputs(), wr, count);
        CHECK(got.error == want.error);
        if (!got.error.empty() || !want.error.empty()) continue;
        for (std::size_t k = 0; k < got.bits.size(); ++k) {
          // IMPACT's and BISTOP's fast steps and the table's rule are separate code with one
          // power (builtins/power_value.hpp): their partials once differed in the last bit here.
          CHECK(std::bit_cast<double>(got.bits[k]) == std::bit_cast<double>(want.bits[k]));
        }
        std::vector<double> g(count), h(count * count);
        try {
          const double value = e.hessian(fast.inputs(), wh, g, h);
          std::vector<std::uint64_t> hessian_bits{bits(value)};
          for (double d : g) hessian_bits.push_back(bits(d));
          CHECK(got.bits == hessian_bits);
        } catch (const fexpr::EvaluationError&) {
          // a second derivative the gradient does not need (x**-2 at a subnormal x)
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("each gradient run gives the reference form's bits: the interpreter that calls nothing and the full one",
          "[eval][gradient][bits]") {
  for (const bool calling_nothing : {true, false}) {
    for (const char* text : calling_nothing ? std::span<const char* const>(kCallingNothing)
                                            : std::span<const char* const>(kCallingSomething)) {
      Bench b({{"x", 0.0}, {"y", 0.0}, {"v", 0.0}});
      INFO(text);
      CHECK(b.compile_ok(text).program().differentiates_calling_nothing == calling_nothing);
      check_against_reference(text);
    }
  }
}

TEST_CASE("the gradient entry writes every partial, zero for the inputs the expression does not read",
          "[eval][gradient]") {
  Bench b({{"x", 3.0}, {"y", -2.0}, {"v", 0.25}});
  const fexpr::Expression e = b.compile_ok("x*v + 1");  // derivatives: TIME, then v, x, y by slot
  REQUIRE(e.derivative_names() == std::vector<std::string>{"TIME", "v", "x", "y"});
  fexpr::Workspace ws;
  std::vector<double> grad(4, 7.0);
  CHECK(e.gradient(b.inputs(), ws, grad) == 1.75);
  CHECK(grad == std::vector<double>{0.0, 3.0, 0.25, 0.0});  // d/dv = x, d/dx = v
  // A span longer than the gradient keeps its tail.
  std::vector<double> longer(6, 7.0);
  CHECK(e.gradient(b.inputs(), ws, longer) == 1.75);
  CHECK(longer == std::vector<double>{0.0, 3.0, 0.25, 0.0, 7.0, 7.0});
  // A constant reads no input: every partial is zero.
  const fexpr::Expression c = b.compile_ok("2*PI");
  std::vector<double> none(4, 7.0);
  CHECK(c.gradient(b.inputs(), ws, none) == 2 * std::numbers::pi);
  CHECK(none == std::vector<double>(4, 0.0));
}

TEST_CASE("inputs the gradient does not read may be NaN; a NaN it reads is the input error", "[eval][gradient][errors]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Bench b({{"x", 3.0}, {"y", nan}, {"v", 0.25}});
  b.time = nan;
  fexpr::Workspace ws;
  std::vector<double> grad(4, 7.0);
  for (const char* text : {"x*v + 1", "SIN(x) + v", "2"}) {
    INFO(text);
    const fexpr::Expression e = b.compile_ok(text);
    std::vector<double> expected(4);
    Bench finite = b;
    finite.time = 0.0;
    finite.values[*b.context.variable_slot("y")] = 0.0;
    fexpr::Workspace other;
    const double v = e.gradient(finite.inputs(), other, expected);
    CHECK(bits(e.gradient(b.inputs(), ws, grad)) == bits(v));
    CHECK(grad == expected);
  }
  for (const char* text : {"x*y", "TIME + x", "SIN(y)"}) {
    INFO(text);
    const fexpr::Expression e = b.compile_ok(text);
    try {
      e.gradient(b.inputs(), ws, grad);
      FAIL("no error");
    } catch (const fexpr::EvaluationError& err) {
      CHECK(err.diagnostic.message == "an input (TIME, MODE or a variable) is NaN or infinite");
    }
  }
}

TEST_CASE("gradient errors are the reference form's, on a fresh workspace and a prepared one", "[eval][gradient][errors]") {
  Bench b({{"x", 0.0}, {"y", 1.0}, {"v", 2.0}});
  for (const char* text : {"1/x + y", "y/(x*v)", "SQRT(x - y)*v", "(y*1E300)*(v*1E300) + x", "x**-2 + y",
                           "IF(y: x, 0, LOG(x))"}) {
    INFO(text);
    const fexpr::Expression e = b.compile_ok(text);
    const std::string reference = b.evaluation_error(text).message;
    std::vector<double> grad(e.derivative_count());
    fexpr::Workspace ws;
    for (int call = 0; call < 2; ++call) {
      try {
        e.gradient(b.inputs(), ws, grad);
        FAIL("no error");
      } catch (const fexpr::EvaluationError& err) {
        CHECK(err.diagnostic.message.find(reference) != std::string::npos);
      }
    }
  }
}

TEST_CASE("a workspace moving between programs of different widths and between Hessians and gradients gives each its own run",
          "[eval][gradient]") {
  Bench b({{"x", 0.6}, {"y", -0.3}, {"v", 1.5}, {"w", 0.2}, {"u", -1.1}, {"z", 0.9}});
  const char* const texts[] = {"-1E4*(x-0.5) - 25*v", "SIN(x)*y", "x*y*v*w*u*z + TIME", "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)", "3"};
  std::vector<fexpr::Expression> expressions;
  std::vector<Outcome> alone;
  for (const char* text : texts) {
    expressions.push_back(b.compile_ok(text));
    fexpr::Workspace fresh;
    alone.push_back(gradient_of(expressions.back(), b.inputs(), fresh, expressions.back().derivative_count()));
  }
  fexpr::Workspace shared;
  for (int round = 0; round < 3; ++round) {
    for (std::size_t k = 0; k < expressions.size(); ++k) {
      INFO(texts[k] << " in round " << round);
      const fexpr::Expression& e = expressions[k];
      if (round == 1 && e.program().lanes.size() <= fexpr::detail::Program::kMaxHessianLanes) {
        // A Hessian lays the lanes out first; the gradient after it must still choose its run.
        std::vector<double> g(e.derivative_count()), h(e.derivative_count() * e.derivative_count());
        e.hessian(b.inputs(), shared, g, h);
      }
      if (round == 2) e.value(b.inputs(), shared);
      CHECK(gradient_of(e, b.inputs(), shared, e.derivative_count()) == alone[k]);
    }
  }
}

namespace {

// VARVAL(1) throws while it is evaluated: the bound call is the one step that can.
class Throwing : public fexpr::Bindings {
 public:
  std::variant<Resolved, Rejected> resolve(std::string_view function,
                                           std::span<const std::optional<double>>) const override {
    if (function == "VARVAL") return Resolved{};
    return Rejected{-1, fexpr::Code::name, "unknown"};
  }
  const char* evaluate(std::uintptr_t, const fexpr::Inputs&, const double*, int, double*, double*,
                       double*) const override {
    throw std::runtime_error("the host ran out of memory");
  }
};

}  // namespace

TEST_CASE("a bound call that throws out of a gradient leaves the workspace free", "[eval][gradient][errors]") {
  Throwing bindings;
  fexpr::Context ctx;
  ctx.set_bindings(&bindings);
  std::string wide = "VARVAL(1)";
  for (const char* x : {"a", "b", "c", "d", "e", "f"}) {
    ctx.declare_variable(x);
    wide += std::string(" + ") + x;
  }
  const double values[6] = {1, 2, 3, 4, 5, 6};
  fexpr::Inputs in;
  in.variables = values;
  fexpr::Workspace ws;
  for (const std::string text : {"VARVAL(1) * a", wide.c_str()}) {  // one lane, then eight
    INFO(text);
    auto r = fexpr::compile(text, ctx);
    REQUIRE(r.expression);
    std::vector<double> grad(r.expression->derivative_count());
    for (int call = 0; call < 2; ++call) CHECK_THROWS_AS(r.expression->gradient(in, ws, grad), std::runtime_error);
  }
  // The workspace was released each time: a plain expression evaluates with it.
  auto plain = fexpr::compile("a + b", ctx);
  REQUIRE(plain.expression);
  std::vector<double> grad(plain.expression->derivative_count());
  CHECK(plain.expression->gradient(in, ws, grad) == 3.0);
}

}  // namespace test_eval_gradient_entry
