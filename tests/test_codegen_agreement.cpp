// Generated C against the interpreter: every expression of examples/expressions.txt that the
// generator supports, the benchmark cases and a 250 seeded random expressions, each
// written as C for its value, its gradient and its Hessian (checked, and checked without
// located errors) and its gradient (unchecked), compiled by the system C compiler into one
// shared object, and run at several points. Where the interpreter gives a result, the C gives
// the same bits (memcmp of every double); a successful result is finite in both, so no NaN is
// ever compared. Where the interpreter reports an error, the checked C returns status 1 with
// the same message, and the C without located errors returns status 1.
#include "bench/cases.hpp"
#include "builtins/builtin.hpp"
#include "codegen/generate.hpp"
#include "native_build.hpp"
#include "random_expressions.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <random>

namespace test_codegen_agreement {

namespace {

using namespace fexpr;
using testing::RandomExpressions;

struct Subject {
  std::string text;
  std::vector<std::string> variables;
  std::vector<std::vector<double>> points;  // TIME, then the variables
};

// Points that reach the interesting pieces of the examples: IMPACT's damping ramp (x between
// 0.99 and 1), both sides of BISTOP, STEP's ends and middles, x and v of either sign and 0.
const std::vector<std::vector<double>> kExamplePoints = {
    {0.5, 0.25, -1.5}, {0.0, 0.0, 0.0}, {1.0, 1.2, 0.7}, {0.15, 0.995, -0.02}, {0.75, -0.3, 2.0}, {0.3, 0.5, 0.0}};

std::vector<Subject> examples() {
  std::ifstream in(std::string(FEXPR_SOURCE_DIR) + "/examples/expressions.txt");
  std::vector<Subject> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    out.push_back({line, {"x", "v"}, kExamplePoints});
  }
  return out;
}

// The benchmark cases that read no model or dataset, at their own point and the examples'.
std::vector<Subject> bench_cases() {
  std::vector<Subject> out;
  for (const auto& c : bench::cases()) {
    if (c.model || !c.dataset.empty()) continue;
    Subject s{c.text, {}, {}};
    std::vector<double> own{c.time};
    for (const auto& [name, value] : c.variables) {
      s.variables.push_back(name);
      own.push_back(value);
    }
    s.points.push_back(own);
    // A case may read more variables than an example point holds (x, v, d): those take the
    // point's values again, in turn, so every point still has one value per input.
    for (const auto& p : kExamplePoints) {
      std::vector<double> point(own.size());
      for (std::size_t i = 0; i < point.size(); ++i) point[i] = p[i % p.size()];
      s.points.push_back(point);
    }
    out.push_back(s);
  }
  return out;
}

std::vector<Subject> random_subjects(std::size_t count) {
  RandomExpressions random(20261203);
  std::vector<Subject> out;
  for (std::size_t k = 0; k < count; ++k) out.push_back({random.node(3), {"x", "y"}, random.points(5)});
  return out;
}

// One run's result: an error message, or the value with its derivatives.
struct Outcome {
  std::string error;
  std::vector<double> numbers;  // value, gradient, Hessian
};

Outcome interpret(const Expression& e, int order, const std::vector<double>& point) {
  Inputs in;
  in.time = point[0];
  const std::vector<double> variables(point.begin() + 1, point.end());
  in.variables = variables;
  Workspace ws;
  const std::size_t n = e.derivative_count();
  std::vector<double> grad(n), hess(n * n);
  Outcome o;
  try {
    const double v = order == 0 ? e.value(in, ws) : order == 1 ? e.gradient(in, ws, grad) : e.hessian(in, ws, grad, hess);
    o.numbers.push_back(v);
    if (order >= 1) o.numbers.insert(o.numbers.end(), grad.begin(), grad.end());
    if (order >= 2) o.numbers.insert(o.numbers.end(), hess.begin(), hess.end());
  } catch (const EvaluationError& err) {
    o.error = err.diagnostic.message;
  }
  return o;
}

using Value = int (*)(const double*, double*, const char**);
using Gradient = int (*)(const double*, double*, double*, const char**);
using Hessian = int (*)(const double*, double*, double*, double*, const char**);

Outcome run_generated(const testing::SharedObject& so, const std::string& name, int order, std::size_t n,
                      const std::vector<double>& point) {
  double value = 0.0;
  std::vector<double> grad(n), hess(n * n);
  const char* error = nullptr;
  int status = 0;
  if (order == 0) status = so.function<Value>(name)(point.data(), &value, &error);
  if (order == 1) status = so.function<Gradient>(name)(point.data(), &value, grad.data(), &error);
  if (order == 2) status = so.function<Hessian>(name)(point.data(), &value, grad.data(), hess.data(), &error);
  Outcome o;
  if (status != 0) {
    o.error = error ? error : "(status without a message)";
    return o;
  }
  o.numbers.push_back(value);
  if (order >= 1) o.numbers.insert(o.numbers.end(), grad.begin(), grad.end());
  if (order >= 2) o.numbers.insert(o.numbers.end(), hess.begin(), hess.end());
  return o;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

std::string numbers_text(const std::vector<double>& v) {
  std::string s;
  char buffer[40];
  for (double d : v) {
    std::snprintf(buffer, sizeof buffer, "%a ", d);
    s += buffer;
  }
  return s;
}

// One generated function: which subject, how, and its C name.
struct Variant {
  std::size_t subject;
  int order;
  bool checked;
  bool located;  // Options::locate_errors
  std::string name;
};

struct Tally {
  std::size_t expressions = 0, supported = 0, runs = 0, errors = 0;
  std::vector<std::string> unsupported;
};

// With `unchecked`, the code written with --unchecked too, which follows the fast form alone.
Tally agree(const std::vector<Subject>& subjects, bool unchecked = true) {
  Tally tally;
  std::vector<Expression> compiled;
  std::vector<Variant> variants;
  std::vector<std::string> sources;
  for (std::size_t s = 0; s < subjects.size(); ++s) {
    Context context;
    for (const auto& v : subjects[s].variables) context.declare_variable(v);
    auto r = compile(subjects[s].text, context);
    INFO(subjects[s].text);
    REQUIRE(r.expression);
    compiled.push_back(*r.expression);
    ++tally.expressions;
    bool supported = true;
    for (const auto& [order, checked, located] : {std::tuple{0, true, true}, {1, true, true}, {2, true, true},
                                                  {0, true, false}, {1, true, false}, {2, true, false}, {1, false, true}}) {
      if (!checked && !unchecked) continue;
      const std::string name =
          "f" + std::to_string(s) + "_" + std::to_string(order) + (checked ? "c" : "u") + (located ? "" : "l");
      const auto g = codegen::generate_c(*r.expression, subjects[s].text, {name, order, checked, located});
      if (g.source.empty()) {
        REQUIRE_FALSE(g.diagnostics.empty());
        if (supported) tally.unsupported.push_back(subjects[s].text + ": " + g.diagnostics.front().message);
        supported = false;
        break;
      }
      sources.push_back(g.source);
      variants.push_back({s, order, checked, located, name});
    }
    if (supported) ++tally.supported;
  }
  testing::ScratchDirectory directory;
  const testing::SharedObject so(directory.path(), sources);
  for (const Variant& v : variants) {
    const Subject& subject = subjects[v.subject];
    const Expression& e = compiled[v.subject];
    for (const auto& point : subject.points) {
      const Outcome expected = interpret(e, v.order, point);
      const Outcome got = run_generated(so, v.name, v.order, e.derivative_count(), point);
      INFO(subject.text << "  order " << v.order << (v.checked ? "" : " unchecked") << (v.located ? "" : " not located")
                        << "  at " << numbers_text(point));
      if (!expected.error.empty()) {
        ++tally.errors;
        // Without located errors the value alone may name a later operation; with derivatives
        // every failure runs the reference form's function, which names the interpreter's.
        if (v.checked && (v.located || v.order > 0)) CHECK(got.error == expected.error);
        if (v.checked && !v.located) CHECK(got.error != "");
        continue;
      }
      ++tally.runs;
      CHECK(got.error == "");
      if (!same_bits(got.numbers, expected.numbers))
        FAIL_CHECK("interpreter " << numbers_text(expected.numbers) << "\n  generated   " << numbers_text(got.numbers));
    }
  }
  return tally;
}

void report(const char* what, const Tally& t) {
  std::cout << what << ": " << t.supported << " of " << t.expressions << " expressions generated; " << t.runs
            << " runs agree bit for bit, " << t.errors << " errors compared\n";
  for (const auto& u : t.unsupported) std::cout << "  not generated: " << u << "\n";
}

// Every text, over x and y, at every point: all generated, and the tally reported as `what`.
Tally agree_everywhere(const char* what, std::initializer_list<const char*> texts,
                       const std::vector<std::vector<double>>& points) {
  std::vector<Subject> subjects;
  for (const char* text : texts) subjects.push_back({text, {"x", "y"}, points});
  const Tally t = agree(subjects);
  report(what, t);
  CHECK(t.supported == t.expressions);
  return t;
}

}  // namespace

TEST_CASE("C generated for the examples gives the interpreter's values and derivatives bit for bit") {
  FEXPR_NEED_C_COMPILER();
  const Tally t = agree(examples());
  report("examples/expressions.txt", t);
  CHECK(t.supported == t.expressions);
}

TEST_CASE("C generated for the benchmark cases without a model agrees bit for bit") {
  FEXPR_NEED_C_COMPILER();
  const Tally t = agree(bench_cases());
  report("bench cases", t);
  CHECK(t.supported == t.expressions);
}

TEST_CASE("C generated for functions whose parameters vary follows the table's rules bit for bit") {
  FEXPR_NEED_C_COMPILER();
  RandomExpressions random(7);
  std::vector<Subject> subjects;
  for (const char* text : {"STEP(x, y, 1, 2, 3)", "STEP5(x, 0, y, 1, x)", "HAVSIN(TIME, x, 0, y, 2)",
                           "POLY(x, y, 1, x, y)", "CHEBY(x, 0.5, y, 2, x)", "FORCOS(x, y, 2, 1, y)",
                           "FORSIN(TIME, x, y, 0, 1, 0.5)", "SHF(TIME, x, 2, y, 0.3, x)", "SWEEP(x, 1, 0, 1, 2, y, 0.1)",
                           "SWEEP(TIME, x, 0, y, 2, 10, 0.1)", "IMPACT(x, y, 0.5, 1E3, 1.5 + y, 10, 0.1)",
                           "IMPACT(x, y, TIME, 1E3, 1, 10, 0.1)", "BISTOP(x, y, -0.5, x + 1, 1E3, 2, y + 2, 0.1)",
                           "BISTOP(x, y, -0.5, 0.5, 1E3, 1.5, 10, TIME)"})
    subjects.push_back({text, {"x", "y"}, random.points(8)});
  const Tally t = agree(subjects);
  report("functions with varying parameters", t);
  CHECK(t.supported == t.expressions);
}

// MAG is how the element loads take a force's magnitude (FM, TM), so a BEAM or BUSH written out
// calls it; UV divides by the same magnitude. The points: the zero vector (no derivative of MAG,
// no value of UV), components far apart in size, 1e300 (the scaling keeps the squares finite)
// and a subnormal.
TEST_CASE("C generated for MAG and UV agrees bit for bit, their zero vector included") {
  FEXPR_NEED_C_COMPILER();
  RandomExpressions random(11);
  std::vector<std::vector<double>> points = random.points(8);
  for (const std::vector<double>& p : std::vector<std::vector<double>>{
           {0.0, 0.0, 0.0}, {-0.0, 0.0, -0.0}, {1e300, -1e300, 3e299}, {4.9e-324, 0.0, 1.0}, {1e-200, 3.0, -1e200}})
    points.push_back(p);
  const Tally t =
      agree_everywhere("MAG and UV",
                       {"MAG([x, y, TIME])", "MAG([x*y, 0, y]) + x", "MAG([x, x, x])", "2*MAG([TIME, -y, x - 1])",
                        "UV([x, y, TIME])*[1, 0, 0]", "UV([x*y, 0, y])*[0, 1, 0] + x", "UV([x, x, x])*[0, 0, 1]",
                        "UV([TIME, -y, x - 1])*[2, -1, 0.5]", "MAG(UV([x, y*y, 1 - TIME]))"},
                       points);
  CHECK(t.errors > 0);
}

// DELAY as the interpreter evaluates it without a history: e_history at TIME - delay while that
// is before 0, e_delayed for a delay <= 0, and otherwise its error (a past value), here a status
// with the same message; each branch differentiated as the interpreter does (through TIME -
// delay in the history).
TEST_CASE("C generated for DELAY takes the interpreter's branches and fails where it does", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  RandomExpressions random(13);
  std::vector<Subject> subjects;
  for (const char* text : {"DELAY(x, y, 3*TIME + 1)", "DELAY(x*y, 0.5, TIME*TIME) + x", "DELAY(x, y - 1, y*TIME, 2)",
                           "2*DELAY(SIN(x), MAX(y, 0), COS(TIME + y))"})
    subjects.push_back({text, {"x", "y"}, random.points(16)});
  const Tally t = agree(subjects);
  report("DELAY", t);
  CHECK(t.supported == t.expressions);
  CHECK(t.errors > 0);
  CHECK(t.runs > 0);
}

TEST_CASE("C generated for 250 random expressions agrees bit for bit, errors included") {
  FEXPR_NEED_C_COMPILER();
  const Tally t = agree(random_subjects(250));
  report("random expressions", t);
  CHECK(t.supported == t.expressions);
  CHECK(t.runs > 1000);
}

// Where the fast form's arithmetic fails, the interpreter runs its reference form, and the code
// its reference form's function. y/1E-300*0 sends every point there whose y is not 0 or too
// large: the fast form's term -(y/b)·(1/b) of the division overflows, while the reference form
// leaves the constant b out of the chain rule. Its rules differ from the fast form's: every call
// through the table's rule, constant arguments left out, the Hessian's terms interleaved.
TEST_CASE("C where the fast form fails runs the reference form's function, bit for bit as the interpreter") {
  FEXPR_NEED_C_COMPILER();
  std::vector<Subject> subjects = random_subjects(100);
  for (Subject& s : subjects) s.text = "y/1E-300*0 + (" + s.text + ")";
  RandomExpressions random(29);
  for (const char* text :
       {"x / 1E-300", "x / 1E-300 + y", "((0.25*x + 1E-310) / (-1E-300) - y)*0", "IMPACT(y, x / 1E-300, 1, 1E3, 2, 10, y*0)",
        "y/1E-300*0 + STEP(x, 0, 0, 1, 2)*y + IMPACT(x, y, 1, 1E3, 1.5, 10, 0.1) + BISTOP(x, y, -1, 1, 1E3, 2, 10, 0.5)",
        "y/1E-300*0 + SIN(x*y)*COS(y) + x**y + y**2.5 + 2**x + POLY(x, 0, 1, 2, 3) + ATAN2(y, x) + MAX(x, y)",
        "y/1E-300*0 + x*y/(x - 3) - (x*y)*(x*y) + SQRT(x*x + y*y) + MAG([x, y, 1]) + UV([x, y, TIME])*[1, 2, 3]",
        "y/1E-300*0 + IF(x: -x, x*y, SHF(x, 0, y, 2, 0.5, 1)) + HAVSIN(x, y, 0, y + 1, 1) + SWEEP(x, y, 0, 1, 2, 3, 0.5)",
        "y/1E-300*0 + CHEBY(x, y, 1, 2, x) + FORCOS(x, 0, 1, 2, y) + FORSIN(x, y, 1, x, 2) + MOD(x, 0.3) + DIM(x, y)"})
    subjects.push_back({text, {"x", "y"}, random.points(8)});
  // More inputs than the fast form takes (a Hessian over 4, a gradient over 16): the code is the
  // reference form's function alone, as the interpreter has no other.
  const auto wide = [](int n, const std::string& text) {
    Subject s{text, {}, {}};
    for (int k = 1; k <= n; ++k) s.variables.push_back("a" + std::to_string(k));
    for (int p = 0; p < 6; ++p) {
      std::vector<double> point{0.5 * p - 1.0};
      for (int k = 1; k <= n; ++k) point.push_back(p == 5 ? (k % 2 ? -0.0 : 1e200) : 0.37 * k * (p - 2) + 0.1 * p);
      s.points.push_back(point);
    }
    return s;
  };
  subjects.push_back(wide(5, "a1*a2*a3*a4*a5 + SIN(a1*a2) - a3/a4 + STEP(a5, 0, 0, 1, 1)*a1 + a2**a3"));
  std::string sum = "TIME";
  for (int k = 1; k <= 17; ++k) sum += k % 2 ? " + a" + std::to_string(k) + "*a1" : " - SQRT(a" + std::to_string(k) + "**2 + 1)";
  subjects.push_back(wide(17, sum));
  // Unchecked code has no test to find the fast form's failure by: its derivative is NaN there.
  const Tally t = agree(subjects, false);
  report("the reference form's function", t);
  CHECK(t.supported == t.expressions);
  CHECK(t.runs > 500);
  CHECK(t.errors > 100);
}

// The rules of the code without located errors and of the folded derivatives, at points that
// reach them: a value that feeds a sum overflowing there, or NaN or infinite through the sum
// (an input, a product, a quotient); a division by zero inside a sum; derivative terms with a
// zero factor, whose sign survives only where every other term is a zero too (x*0 at x < 0 and
// x = -0, differences of equal products, negated zeros, d/dy of TIME*x - (-TIME) - y*0 at
// negative TIME and x); and a value read after a branch.
TEST_CASE("C without located errors fails where the interpreter does and folds derivatives exactly") {
  FEXPR_NEED_C_COMPILER();
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<std::vector<double>> points = {
      {0.5, 2.0, -3.0},  {0.0, -0.0, 0.0}, {0.0, 0.0, -0.0},  {1.0, -1.5, 1.0},  {0.0, 1e200, 1.0}, {0.0, 1.0, 1e300},
      {0.0, -1e160, 1e160}, {0.0, 5e-324, 1.0}, {0.0, nan, 1.0}, {inf, 1.0, 1.0}, {0.0, 1.0, -inf}, {0.0, 1e308, -1e308},
      {-1.0, -2.0, 0.5}, {-0.5, 3.0, -1.0}, {-0.0, -0.0, -0.0}};
  const std::initializer_list<const char*> texts = {
      "1E200*x*x + y", "x*x*x - y*y", "x + 1/(y - 1)", "x*y + 1/y", "(x*1E300)*1E10 - (x*1E300)*1E10", "(x*0 + 25)*y",
      "x*0*y", "-(x*0) - y*0", "0*x - 0*y", "(x - x)*0 + y*(-0)", "x*y - x*y", "-x*0 + 0", "0 - x*0", "x*0 - (-0)",
      "(-0) - x*0", "(x*0)*(y*0) + TIME", "IF(x: x*y, 0, y*y) + x*0", "x + y", "IF(x - 1: 0, x*1E300, y*0) + x",
      "SQRT(x*x + y*y) + x*0", "(x + y)**2 - x*1E300*1E300", "TIME*x - (-TIME) - y*0", "TIME*x + (-TIME) - y*0",
      "-(TIME*x) - y*0", "(-TIME) - TIME*x - y*0", "TIME*x*(-0) - y*0", "(TIME*x - (-TIME))*2 - y*0",
      "-TIME*0 - TIME*x - y*0"};
  const Tally t = agree_everywhere("elision and folding rules", texts, points);
  CHECK(t.errors > 50);
}

// The facts the generator keeps of a value and folds derivative terms with: a step's ramp
// variable between 0 and 1 in its branch (computed again there), the contact's penetration above
// 0, bounds through sums, products, quotients and square roots, a sign bit known set, a sum that
// is never -0; and a value computed once and reused while its block is open, across an IF's
// labels. At the ramps' ends and middles, a ramp variable that is subnormal or just below 1,
// -0, both sides of the contacts, and inputs large enough to overflow a ramp variable. d/dy of
// (x*0.5 - 1E308)*TIME is TIME*0 + (x*0.5 - 1E308)*0, a zero whose sign the second term sets
// at negative TIME: known from the bounds alone.
TEST_CASE("C folds derivative terms with the bounds of the values they read, exactly") {
  FEXPR_NEED_C_COMPILER();
  const double inf = std::numeric_limits<double>::infinity(), below_one = std::nextafter(1.0, 0.0);
  const std::vector<std::vector<double>> points = {
      {0.3, 0.3, -0.5}, {0.0, 5e-324, 2.0}, {below_one, below_one, 0.0}, {1.0, 1.0, -0.0}, {-0.0, -0.0, 1.0},
      {0.25, 0.995, -0.5}, {0.5, 0.99 + 1e-16, 3.0}, {0.75, 1.0 - 1e-16, -3.0}, {1e308, 1e308, -1e308},
      {-1e308, -1e308, 1e308}, {0.6, 0.9900000000000001, 1e-310}, {0.1, 1.005, 0.5}, {0.9, -0.4, inf},
      {1.2, 0.5 + 5e-324, -2.0}, {0.5, 0.5, 0.5}, {-0.5, 0.2, 0.1}, {-2.0, -0.7, -0.0}};
  const std::initializer_list<const char*> texts = {
      "STEP(x, 0, 0, 1, 2)", "STEP(x, 0, -1, 0.3, -4)", "STEP(TIME, 0.5, 2, 1, -3) + STEP(x, -1, 0, 1, 1)",
      "STEP5(x, 0, 0, 1, -2)*y", "HAVSIN(x, 0, 1, 0.1, 3)", "STEP(x*y, -1, 2, 3, -4)", "STEP(-x, -1, 0, 1E-300, 1)",
      "STEP(x, -1E308, 0, 1E308, 1)", "STEP(x, 0.5, y, 1, 2)", "STEP5(x, 0, 0, y*y + 1, x)",
      "IMPACT(x, y, 1, 1E5, 1.5, 50, 0.01)", "IMPACT(x, y, 1, 1E5, 2.1, 50, 0.01)*y",
      "BISTOP(x, y, 0.5, 1, 1E3, 1.5, 10, 0.1)", "BISTOP(-x, y, -0.995, 1, 1E3, 1, 10, 0.01)",
      "IF(x - 0.5: STEP(x, 0, 0, 1, 2), x, STEP(x, 0, 0, 1, 2)*y) + STEP(x, 0, 0, 1, 2)",
      "(x - 0.5)*(x - 0.5) + STEP(x - 0.5, 0, 0, 1, 2)*(x - 0.5)", "SQRT(x*x + 1)*0 + y",
      "-(x*x*0) - STEP(y, 0, 0, 1, 1)*0", "SIN(x)*SIN(x) + COS(x)*IF(x: 1, 2, SIN(x))", "(x*0.5 - 1E308)*TIME",
      "(0.25*x + 1E308)*(TIME - 3)", "(x*0.5 - 1E308)/(y*y*0.5 + 1)*TIME"};
  const Tally t = agree_everywhere("bounded values", texts, points);
  CHECK(t.runs > 500);
}

// A libm call whose argument the C compiler can work out (an IF on a constant, constants that
// meet after an IF's branches) must still run in the C library, as the interpreter's does: the
// compiler would otherwise fold it with its own correctly rounded arithmetic, one unit in the
// last place away from glibc's for these arguments (cosh(10), sinh(2), tan(6.2), tanh(0.8),
// log10(1.1), each checked against the compiler's folding of the same call).
TEST_CASE("C leaves a libm call on a constant to the C library, as the interpreter does") {
  FEXPR_NEED_C_COMPILER();
  const std::vector<std::vector<double>> points = {{0.5, -0.25, 1.0}, {0.0, 1.0, -2.0}, {1.5, 0.0, 0.0},
                                                   {-1.0, 2.0, 0.5}};
  const std::initializer_list<const char*> texts = {
      "COSH(IF(2: y, 2, 10))*(-(10) + (0.25)**4)", "SINH(IF(x: 2, 0.2, 2))*y", "TAN(IF(x - 1: 6.2, 1, 6.8)) + y",
      "TANH(IF(-1: 0.8, x, y))", "LOG10(IF(1: x, 0, 1.1))*x", "COSH(IF(x: 0.4, 1, 0.9)) + SINH(IF(0: y, 2, x))",
      "IF(x: 2, 3, 4)**IF(y: 1.5, 2.5, 0.7) + ATAN2(IF(1: 0, 0, 0.3), 1.7)"};
  const Tally t = agree_everywhere("libm calls on constants", texts, points);
  CHECK(t.runs > 100);
}

// Every function the interpreter evaluates from its arguments alone (a value rule in the table)
// has a C rule: the generator's "not supported" refusal is left for a function added to the
// table without one, which this test then names.
TEST_CASE("fexpr codegen writes every function the interpreter evaluates from its arguments", "[codegen]") {
  Context context;
  context.declare_variable("x");
  std::vector<std::string> written;
  for (const builtins::Builtin& f : builtins::table()) {
    if (!f.value) continue;
    const std::string argument = f.argument == builtins::Shape::vector ? "[x, 1, 0]" : "x";
    std::string text = std::string(f.name) + "(" + argument;
    for (int k = 1; k < f.max_args && k < 8; ++k) text += ", x";
    text += ")";
    if (f.result == builtins::Shape::vector) text += "*[1, 0, 0]";
    INFO(text);
    const auto compiled = compile(text, context);
    REQUIRE(compiled);
    for (int order = 0; order <= 2; ++order) {
      const auto g = codegen::generate_c(*compiled.expression, text, {"f", order, true, true});
      CHECK(g.diagnostics.empty());
      CHECK_FALSE(g.source.empty());
    }
    written.emplace_back(f.name);
  }
  // The list in docs/language.md of the functions evaluated with value, gradient and Hessian, sorted.
  CHECK(written == std::vector<std::string>{"ABS",   "ACOS",  "AINT",   "ANINT",  "ASIN", "ATAN", "ATAN2",
                                            "BISTOP", "CHEBY", "COS",    "COSH",   "DIM",  "EXP",  "FORCOS",
                                            "FORSIN", "HAVSIN", "IMPACT", "LOG",    "LOG10", "MAG", "MAX",
                                            "MIN",   "MOD",   "POLY",   "SHF",    "SIGN", "SIN",  "SINH",
                                            "SQRT",  "STEP",  "STEP5",  "SWEEP",  "TAN",  "TANH", "UV"});
}

}  // namespace test_codegen_agreement
