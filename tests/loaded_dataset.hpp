// A dataset read from text, with its model, initial state and element bindings, for tests that
// compile and evaluate expressions against a dataset's markers and elements.
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <string>
#include <vector>

namespace fexpr::testing {

struct LoadedDataset {
  SourceText source;
  dataset::Dataset dataset;
  dataset::ModelBuild build;
  kinematics::ModelBindings model;
  kinematics::State state;
  dataset::ElementBindings elements;
  double time = 0.0;

  explicit LoadedDataset(const std::string& text)
      : source("t.adm", text),
        dataset(dataset::read(source)),
        build(dataset::build_model(dataset)),
        model(build.model),
        state(build.model),
        elements(dataset, source, model) {}

  Inputs inputs() const {
    Inputs in;
    in.time = time;
    in.state = &state;
    return in;
  }
  CompileResult compile(const std::string& text) { return fexpr::compile(text, elements.context()); }
  Expression compile_ok(const std::string& text) {
    auto r = compile(text);
    INFO(text << (r.diagnostics.empty() ? "" : " -> " + r.diagnostics.front().message));
    REQUIRE(r.expression);
    return *r.expression;
  }
  // The first diagnostic of text that does not compile.
  Diagnostic compile_error(const std::string& text) {
    auto r = compile(text);
    INFO(text);
    REQUIRE_FALSE(r.expression);
    REQUIRE_FALSE(r.diagnostics.empty());
    return r.diagnostics.front();
  }
  double value(const std::string& text) {
    Workspace ws;
    return compile_ok(text).value(inputs(), ws);
  }
  Diagnostic evaluation_error(const std::string& text, int order = 0) {
    const Expression e = compile_ok(text);
    Workspace ws;
    std::vector<double> grad(e.derivative_count()), hess(grad.size() * grad.size());
    try {
      if (order == 0) e.value(inputs(), ws);
      else if (order == 1) e.gradient(inputs(), ws, grad);
      else e.hessian(inputs(), ws, grad, hess);
    } catch (const EvaluationError& error) {
      return error.diagnostic;
    }
    FAIL("expected an evaluation error at order " << order << " for " << text);
    return {};
  }
};

}  // namespace fexpr::testing
