// libFuzzer target: one expression through the parser, the printer, the compiler and the
// evaluator (value, gradient, Hessian), against a small model with every kind of element, at
// ordinary and singular inputs. Besides crashes and sanitizer reports it checks what the
// library promises: one diagnostic with a span inside the text for a failure, printed text that
// reads back to itself, and no NaN or infinity in a result that is not an error.
#include "ast/ast.hpp"
#include "dataset/element_bindings.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "grammar/parse.hpp"
#include "kinematics/model_bindings.hpp"
#include "support/text.hpp"

#include <fexpr/expression.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace {

// Coincident markers (1 and 2), a rotated moving part, and one element of each kind.
constexpr const char* kModel =
    "fuzz model\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART=1\n"
    "MARKER/2, PART=1\n"
    "PART/2, QG=1,0,0, REULER=90D,30D,0, VX=1, VZ=-0.5, WZ=2\n"
    "MARKER/3, PART=2\n"
    "MARKER/4, PART=2, QP=0,1,0, REULER=0,90D,0\n"
    "PART/3, QG=0,0,0.095, VZ=-0.5\n"
    "MARKER/5, PART=3\n"
    "VARIABLE/1, FUNCTION=DX(3,1)\n"
    "VARIABLE/2, FUNCTION=VARVAL(1)*2 + TIME\n"
    "VARIABLE/3, FUNCTION=SQRT(DM(2,1))\n"
    "ARRAY/1, NUMBERS=1,2,3\n"
    "SPLINE/1, X=0,1,2,3, Y=0,1,4,9\n"
    "SPLINE/2, X=0,1,2,3, Y=0,0,1,4,9, Y=1,1,2,5,10\n"
    "DIFF/1, FUNCTION=1, IC=0.5,0.25\n"
    "SFORCE/1, I=3, J=1, FUNCTION=-10*(DM(3,1)-0.5)\n"
    "END\n";

// The model and its bindings. Every compile adds resolved calls to the bindings, so they are
// rebuilt now and then to keep the memory of a long run flat.
struct World {
  fexpr::SourceText source{"fuzz.adm", kModel};
  fexpr::dataset::Dataset dataset = fexpr::dataset::read(source);
  fexpr::dataset::ModelBuild build = fexpr::dataset::build_model(dataset);
  fexpr::kinematics::State state{build.model};
  fexpr::kinematics::ModelBindings model{build.model};
  fexpr::dataset::ElementBindings elements{dataset, source, model};
  fexpr::Context context;
  World() {
    if (!dataset.diagnostics.empty() || !build.diagnostics.empty()) {
      std::fprintf(stderr, "the fuzz model has diagnostics\n");
      std::abort();
    }
    context = elements.context();
    context.declare_variable("x");
    context.declare_variable("v");
  }
};

[[noreturn]] void broken(const char* what, std::string_view text) {
  std::fprintf(stderr, "invariant broken: %s\ninput: %.*s\n", what, static_cast<int>(text.size()), text.data());
  std::abort();
}

void check_span(const fexpr::Diagnostic& d, std::string_view text) {
  if (d.span.begin > d.span.end || d.span.end > text.size()) broken("diagnostic span outside the text", text);
  if (d.message.empty()) broken("empty diagnostic message", text);
  // A name the user wrote may well contain "pegtl"; only text that did not is a leak.
  if (fexpr::text::upper(d.message).find("PEGTL") != std::string::npos &&
      fexpr::text::upper(text).find("PEGTL") == std::string::npos)
    broken("message names the parser library", text);
}

bool finite(double v) { return std::isfinite(v); }

void evaluate(const fexpr::Expression& f, const fexpr::Inputs& in, fexpr::Workspace& ws, std::string_view text) {
  const std::size_t n = f.derivative_count();
  std::vector<double> grad(n), hess(n * n);
  bool value_ok = false;
  double value = 0.0;
  try {
    value = f.value(in, ws);
    value_ok = true;
    if (!finite(value)) broken("value() returned a non-finite number", text);
  } catch (const fexpr::EvaluationError& e) {
    check_span(e.diagnostic, text);
  }
  try {
    double g = f.gradient(in, ws, grad);
    if (!value_ok) broken("gradient() succeeded where value() failed", text);
    if (!finite(g)) broken("gradient() returned a non-finite value", text);
    for (double d : grad)
      if (!finite(d)) broken("gradient() returned a non-finite derivative", text);
    (void)value;
  } catch (const fexpr::EvaluationError& e) {
    check_span(e.diagnostic, text);
  }
  try {
    double h = f.hessian(in, ws, grad, hess);
    if (!value_ok) broken("hessian() succeeded where value() failed", text);
    if (!finite(h)) broken("hessian() returned a non-finite value", text);
    for (double d : grad)
      if (!finite(d)) broken("hessian() returned a non-finite derivative", text);
    for (double d : hess)
      if (!finite(d)) broken("hessian() returned a non-finite second derivative", text);
  } catch (const fexpr::EvaluationError& e) {
    check_span(e.diagnostic, text);
  }
}

// The canonical text reads back to itself.
void round_trip(const fexpr::ast::Tree& tree, std::string_view text) {
  std::string printed = fexpr::ast::print(tree);
  auto again = fexpr::grammar::parse(printed);
  if (auto* d = std::get_if<fexpr::Diagnostic>(&again)) {
    // Parentheses the printer adds may take an expression at the nesting limit over it.
    if (d->code == fexpr::Code::limit) return;
    broken(("printed text does not parse: " + printed + " -> " + d->message).c_str(), text);
  }
  if (fexpr::ast::print(std::get<fexpr::ast::Tree>(again)) != printed)
    broken(("printing is not idempotent: " + printed).c_str(), text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<World> world;
  static unsigned runs = 0;
  if (!world || ++runs % 2048 == 0) world = std::make_unique<World>();

  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = fexpr::grammar::parse(text);
  if (auto* d = std::get_if<fexpr::Diagnostic>(&parsed)) {
    check_span(*d, text);
  } else {
    round_trip(std::get<fexpr::ast::Tree>(parsed), text);
  }

  fexpr::CompileResult compiled = fexpr::compile(text, world->context);
  for (const auto& d : compiled.diagnostics) check_span(d, text);
  if (!compiled) {
    if (compiled.diagnostics.empty()) broken("compile failed without a diagnostic", text);
    if (std::holds_alternative<fexpr::ast::Tree>(parsed) && compiled.diagnostics.front().code == fexpr::Code::syntax)
      broken("the compiler reports a syntax error the parser did not", text);
    return 0;
  }
  if (std::holds_alternative<fexpr::Diagnostic>(parsed)) broken("compiled what does not parse", text);

  const fexpr::Expression& f = *compiled.expression;
  fexpr::Workspace ws;
  constexpr double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // Ordinary values, the singular points of most functions, extremes, and what a host must
  // not hand in (NaN, infinity), which is an error and never a result.
  const double points[][3] = {
      {0.5, 0.25, -1.5}, {0.0, 0.0, 0.0},       {1.0, -0.0, 1.0},     {-2.0, 1e308, -1e308},
      {1e-310, -1e-310, 5e-324}, {0.0, nan, 1.0}, {inf, 1.0, 2.0},     {0.0, 1.0, -inf},
  };
  for (const auto& p : points) {
    fexpr::Inputs in;
    in.time = p[0];
    in.variables = std::span<const double>(p + 1, 2);
    in.state = &world->state;
    evaluate(f, in, ws, text);
  }
  return 0;
}
