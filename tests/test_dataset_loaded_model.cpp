// dataset::load_model: a dataset loaded with its model and bindings, or its errors with the
// text they are in; and DIFFs read as the host's states (DiffValues::states) or at IC=.
#include "dataset/loaded_model.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace test_dataset_loaded_model {

using namespace fexpr;

namespace {

const std::string kDataset =
    "diff states\n"
    "PART/1, GROUND\n"
    "DIFF/1, IC = 2, FUNCTION = -3*DIF(1)\n"
    "VARIABLE/3, FUNCTION = DIF(1)**2\n"
    "END\n";

std::unique_ptr<dataset::LoadedModel> loaded(dataset::DiffValues diffs, const Context& base = {}) {
  auto r = dataset::load_model(SourceText("t.adm", kDataset), diffs, base);
  REQUIRE(std::holds_alternative<std::unique_ptr<dataset::LoadedModel>>(r));
  return std::move(std::get<std::unique_ptr<dataset::LoadedModel>>(r));
}

Expression compiled(const std::string& text, const Context& context) {
  auto r = compile(text, context);
  INFO(text << (r.diagnostics.empty() ? "" : " -> " + r.diagnostics.front().message));
  REQUIRE(r.expression);
  return *r.expression;
}

}  // namespace

TEST_CASE("a dataset with errors gives them with the text they are placed in", "[dataset][load]") {
  auto r = dataset::load_model(SourceText("bad.adm", "bad\nPART/1, GROUND\nMARKER/2, PART = 9\nEND\n"));
  REQUIRE(std::holds_alternative<dataset::LoadFailure>(r));
  const auto& failure = std::get<dataset::LoadFailure>(r);
  REQUIRE_FALSE(failure.errors.empty());
  CHECK(failure.source->name() == "bad.adm");
  CHECK(failure.source->position(failure.errors.front().span.begin).line == 3);
}

TEST_CASE("without a solver DIF is the DIFF's initial condition", "[dataset][load][diff]") {
  auto m = loaded(dataset::DiffValues::initial_conditions);
  CHECK(m->elements->context().variables().empty());
  Workspace ws;
  CHECK(compiled("DIF(1)", m->elements->context()).value({}, ws) == 2.0);
}

TEST_CASE("as states, DIF(id) is the variable DIFF/id after the base context's, DIF1 the FUNCTION",
          "[dataset][load][diff]") {
  Context base;
  base.declare_variable("x");
  auto m = loaded(dataset::DiffValues::states, base);
  const Context& ctx = m->elements->context();
  CHECK(ctx.variables() == std::vector<std::string>{"x", "DIFF/1"});
  const Expression f = compiled("x*DIF(1)**2 + DIF1(1)", ctx);
  CHECK(f.derivative_names() == std::vector<std::string>{"TIME", "x", "DIFF/1"});
  // x = 5, DIF(1) = 0.5: 5*0.25 - 3*0.5, d/dx = 0.25, d/dDIF = 2*5*0.5 - 3.
  const double vars[2] = {5.0, 0.5};
  Inputs in;
  in.variables = vars;
  Workspace ws;
  double grad[3];
  CHECK(f.gradient(in, ws, grad) == 5 * 0.25 - 1.5);
  CHECK(grad[1] == 0.25);
  CHECK(grad[2] == 2 * 5 * 0.5 - 3);
}

TEST_CASE("DIF states compiled against a context without them are an evaluation error", "[dataset][load][diff][errors]") {
  auto m = loaded(dataset::DiffValues::states);
  Context foreign;
  foreign.set_bindings(m->elements.get());
  Workspace ws;
  SECTION("DIF directly") {
    const Expression f = compiled("DIF(1)", foreign);
    CHECK_THROWS_WITH(f.value({}, ws), "DIF reads a DIFF state that is not among the variables given");
  }
  SECTION("an element that reads DIF") {
    const Expression f = compiled("VARVAL(3)", foreign);
    CHECK_THROWS_WITH(f.value({}, ws),
                      "VARIABLE/3: the expression was compiled with 1 variables; Inputs::variables holds 0");
  }
}

}  // namespace test_dataset_loaded_model
