// Elements of a command file as the functions of its model read them, on a model written here:
// a function measure named in VARVAL is the VARIABLE it becomes (its name alone is its value),
// and a non-linear beam is not evaluated as the linear one. Found by comparing the corpus's
// .cmd/.adm pairs (test_view_pairs), where these gave an error and a wrong load.
#include "dataset/loaded_model.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <cmath>
#include <memory>
#include <sstream>
#include <string>

namespace test_view_elements {

using namespace fexpr;

namespace {

// Marker a is 1 along x from b, which is at ground's origin: DX(a, b) = 1.
const std::string kModel =
    "model create model_name = m\n"
    "part create rigid_body name_and_position part_name = .m.p location = 0, 0, 0\n"
    "marker create marker_name = .m.p.a location = 1, 0, 0\n"
    "marker create marker_name = .m.ground.b location = 0, 0, 0\n"
    "measure create function measure_name = .m.len function = \"DX(.m.p.a, .m.ground.b)\"\n"
    "data_element create variable variable_name = .m.twice function = \"2*VARVAL(.m.len)\"\n"
    "force create element_like beam beam_name = .m.linear i_marker_name = .m.p.a j_marker_name = .m.ground.b &\n"
    "   length = 1 area_of_cross_section = 1 ixx = 1 iyy = 1 izz = 1 youngs_modulus = 1 shear_modulus = 1\n"
    "force create element_like beam beam_name = .m.string i_marker_name = .m.p.a j_marker_name = .m.ground.b &\n"
    "   length = 1 area_of_cross_section = 1 ixx = 1 iyy = 1 izz = 1 youngs_modulus = 1 shear_modulus = 1 &\n"
    "   formulation = string\n";

struct Model {
  std::unique_ptr<dataset::LoadedModel> m;
  Workspace ws;
  Model() {
    std::ostringstream errors;
    auto loaded = dataset::load_model_text("t.cmd", kModel, errors);
    INFO(errors.str());
    REQUIRE(loaded);
    m = std::move(*loaded);
  }
  CompileResult compiled(const std::string& text) { return compile(text, m->elements->context()); }
  double value(const std::string& text) {
    auto r = compiled(text);
    INFO(text << (r.diagnostics.empty() ? "" : ": " + r.diagnostics.front().message));
    REQUIRE(r.expression);
    Inputs in;
    in.state = m->state.get();
    return r.expression->value(in, ws);
  }
};

}  // namespace

TEST_CASE("a function measure is its value by name and its VARIABLE in VARVAL", "[view][elements]") {
  Model model;
  CHECK(model.value(".m.len") == 1.0);
  CHECK(model.value("VARVAL(.m.len)") == 1.0);
  CHECK(model.value("VARVAL(.m.twice)") == 2.0);
  CHECK(model.value("VARVAL(twice) + len") == 3.0);  // names relative to the default model
}

TEST_CASE("a beam with formulation = string is not evaluated as the linear beam", "[view][elements]") {
  Model model;
  // The linear beam is evaluated: its axial force is finite.
  CHECK(std::isfinite(model.value("BEAM(.m.linear, 0, 2, 0)")));
  auto r = model.compiled("BEAM(.m.string, 0, 2, 0)");
  bool refused = !r.expression;
  if (r.expression) {
    Inputs in;
    in.state = model.m->state.get();
    try {
      r.expression->value(in, model.ws);
    } catch (const EvaluationError& e) {
      refused = true;
      CHECK(e.diagnostic.code == Code::not_interpreted);
      CHECK_THAT(e.diagnostic.message, Catch::Matchers::Contains("FORMULATION=STRING"));
    }
  } else {
    CHECK(r.diagnostics.front().code == Code::not_interpreted);
  }
  CHECK(refused);
}

}  // namespace test_view_elements
