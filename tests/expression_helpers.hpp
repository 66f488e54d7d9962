// Shorthands for tests that compile and evaluate one expression.
#pragma once

#include "eval/program.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <exception>
#include <map>
#include <string>
#include <vector>

namespace fexpr::testing {

struct Bench {
  Context context;
  std::vector<double> values;
  double time = 0.0;

  Bench() = default;
  explicit Bench(const std::map<std::string, double>& vars) {
    for (const auto& [name, v] : vars) {
      std::size_t slot = context.declare_variable(name);
      values.resize(slot + 1);
      values[slot] = v;
    }
  }
  Inputs inputs() const {
    Inputs in;
    in.time = time;
    in.variables = values;
    return in;
  }
  Expression compile_ok(const std::string& text) const {
    auto r = compile(text, context);
    INFO("expression: " << text << (r.diagnostics.empty() ? "" : " -> " + r.diagnostics.front().message));
    REQUIRE(r.expression);
    return *r.expression;
  }
  double value(const std::string& text) const {
    Workspace ws;
    return compile_ok(text).value(inputs(), ws);
  }
  // The single diagnostic of text that does not compile.
  Diagnostic compile_error(const std::string& text) const {
    auto r = compile(text, context);
    INFO("expression: " << text);
    REQUIRE_FALSE(r.expression);
    REQUIRE_FALSE(r.diagnostics.empty());
    return r.diagnostics.front();
  }
  Diagnostic evaluation_error(const std::string& text) const {
    Expression e = compile_ok(text);
    Workspace ws;
    try {
      e.value(inputs(), ws);
    } catch (const EvaluationError& err) {
      return err.diagnostic;
    }
    FAIL("expected an evaluation error for " << text);
    return {};
  }
};

// What call throws (its what()), or "no error".
template <class Call>
std::string error_of(Call call) {
  try {
    call();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

// The evaluator's two forms. The fast form differentiates programs that read at most
// Program::kMaxLanes derivative inputs (Program::kMaxHessianLanes for a Hessian); a program
// that reads more runs on the reference form.
enum class Form { fast, reference };
inline const char* form_name(Form f) { return f == Form::fast ? "fast form" : "reference form"; }
constexpr Form kForms[] = {Form::fast, Form::reference};

// text compiled so that its derivatives run on `form`: for the reference form, text + 0*pad1
// + ... + 0*padN, one more input read than the fast form takes (declared in b, 0.5 each), which
// change neither its value nor its derivatives in the variables of text, nor the places of its
// errors (nothing binds looser than +, so text needs no parentheses).
inline Expression compile_on(Bench& b, const std::string& text, Form form) {
  if (form == Form::fast) return b.compile_ok(text);
  std::string padded = text;
  for (std::size_t k = 1; k <= detail::Program::kMaxLanes + 1; ++k) {
    const std::string name = "pad" + std::to_string(k);
    const std::size_t slot = b.context.declare_variable(name);
    if (slot >= b.values.size()) b.values.resize(slot + 1, 0.5);
    padded += " + 0*" + name;
  }
  return b.compile_ok(padded);
}

// Value, gradient and Hessian of an expression that must compile and evaluate.
struct Derivatives {
  double value;
  std::vector<double> grad, hess;
};

inline Derivatives derivatives(const Bench& b, const std::string& text) {
  auto e = b.compile_ok(text);
  Workspace ws;
  Derivatives d;
  d.grad.resize(e.derivative_count());
  d.hess.resize(e.derivative_count() * e.derivative_count());
  d.value = e.hessian(b.inputs(), ws, d.grad, d.hess);
  return d;
}

// "line:column" of a diagnostic in a one-expression source.
inline std::string where(const std::string& text, const Diagnostic& d) {
  Position p = SourceText("t", text).position(d.span.begin);
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

}  // namespace fexpr::testing
