// CUBSPL and AKISPL written by fexpr codegen (codegen/splines.cpp): against the interpreter,
// bit for bit, over the functions of tests/data/codegen/splines.adm that read TIME only, inside
// the intervals, at the knots and beyond both ends; and against splines whose values are known
// in closed form. (The functions whose arguments are measures are checked with the other dataset
// models, to rounding, in tests/test_codegen_dataset.cpp.)
#include "codegen/dataset_calls.hpp"
#include "dataset/loaded_model.hpp"
#include "native_build.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace test_codegen_splines {

namespace {

using namespace fexpr;
using testing::ScratchDirectory;
using testing::SharedObject;

using ValueFunction = int (*)(const double*, double*, const char**);
using GradientFunction = int (*)(const double*, double*, double*, const char**);
using HessianFunction = int (*)(const double*, double*, double*, double*, const char**);

std::unique_ptr<dataset::LoadedModel> load_text(const std::string& text) {
  std::ostringstream errors;
  auto loaded = dataset::load_model_text("splines.adm", text, errors, dataset::DiffValues::states);
  INFO(errors.str());
  REQUIRE(loaded);
  return std::move(*loaded);
}

// Each VARIABLE of the model whose FUNCTION reads TIME alone, generated three times: its value
// ("vN_0"), with its gradient ("vN_1") and with its Hessian ("vN_2"), in one C file.
struct TimeFunctions {
  std::vector<long> ids;
  std::string source;
};
TimeFunctions generate(const dataset::LoadedModel& m, const codegen::DatasetCalls& calls) {
  TimeFunctions out;
  for (const dataset::Statement& s : m.dataset.statements) {
    if (!s.id || s.name != "VARIABLE") continue;
    const auto* element = m.elements->element(s.name, *s.id);
    auto compiled = calls.compile_function(*element->function);
    REQUIRE(compiled);
    if (compiled.expression->derivative_names() != std::vector<std::string>{"TIME"}) continue;
    for (int order = 0; order <= 2; ++order) {
      codegen::Options o;
      o.name = "v" + std::to_string(*s.id) + "_" + std::to_string(order);
      o.order = order;
      const codegen::Origin origin{&calls, element->function->expression_span.begin, element->label};
      const auto c = codegen::generate_c(*compiled.expression, element->function->expression, o, origin);
      INFO(element->label);
      REQUIRE(!c.source.empty());
      out.source += c.source;
    }
    out.ids.push_back(*s.id);
  }
  return out;
}

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

const std::string kSplines = std::string(FEXPR_SOURCE_DIR) + "/tests/data/codegen/splines.adm";

}  // namespace

TEST_CASE("generated CUBSPL and AKISPL agree with the interpreter to the bit, inside, at the knots and beyond the ends",
          "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  std::ostringstream errors;
  auto loaded = dataset::load_model(kSplines, errors, dataset::DiffValues::states);
  REQUIRE(loaded);
  auto& m = **loaded;
  const codegen::DatasetCalls calls(m);
  const TimeFunctions g = generate(m, calls);
  // VARIABLE/11 reads measures.
  REQUIRE(g.ids == std::vector<long>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12});
  ScratchDirectory dir;
  const SharedObject so(dir.path(), g.source);
  // The knots of SPLINE/1 and /2 are -1, 0, 0.5, 2, 3, 4.5, of /3 and /4 0 .. 4; the surfaces'
  // curves are at z = -1, 0.5, 2. TIME 1e160 overflows the parabola beyond the last knot.
  const double times[] = {-7.5, -1.5, -1.0, -0.6, 0.0, 0.25, 0.5, 1.0, 1.2, 2.0, 2.5, 3.0, 3.75, 4.0, 4.5, 5.0, 9.0, 1e160};
  Workspace ws;
  int compared = 0, failures = 0;
  for (long id : g.ids) {
    const Expression& e = *m.elements->element("VARIABLE", id)->expression;
    const std::string name = "v" + std::to_string(id) + "_";
    for (double t : times) {
      INFO("VARIABLE/" << id << " at TIME " << t);
      Inputs in;
      in.time = t;
      in.state = m.state.get();
      double value[3] = {}, grad[2] = {}, hess = 0.0;
      const char* error[3] = {};
      const int status[3] = {so.function<ValueFunction>(name + "0")(&t, &value[0], &error[0]),
                             so.function<GradientFunction>(name + "1")(&t, &value[1], &grad[0], &error[1]),
                             so.function<HessianFunction>(name + "2")(&t, &value[2], &grad[1], &hess, &error[2])};
      double expected_grad[1] = {}, expected_hess[1] = {}, hessian_grad[1] = {};
      try {
        const double expected = e.value(in, ws);
        CHECK(e.gradient(in, ws, expected_grad) == expected);
        CHECK(e.hessian(in, ws, hessian_grad, expected_hess) == expected);
        for (int order = 0; order < 3; ++order) {
          INFO("order " << order << ": " << (error[order] ? error[order] : ""));
          REQUIRE(status[order] == 0);
          CHECK(same_bits(value[order], expected));
        }
        CHECK(same_bits(grad[0], expected_grad[0]));
        CHECK(same_bits(grad[1], hessian_grad[0]));
        CHECK(same_bits(hess, expected_hess[0]));
        ++compared;
      } catch (const EvaluationError& thrown) {
        for (int order = 0; order < 3; ++order) {
          REQUIRE(status[order] == 1);
          CHECK(thrown.diagnostic.message.find(error[order]) != std::string::npos);
        }
        ++failures;
      }
    }
  }
  CHECK(compared + failures == 11 * 18);
  CHECK(failures > 0);
  // The parabola beyond the last knot of SPLINE/1 at 1e160 is about 1e320.
  double t = 1e160, value = 0.0;
  const char* error = nullptr;
  CHECK(so.function<ValueFunction>("v1_0")(&t, &value, &error) == 1);
  CHECK(std::string(error) == codegen::kOverflow);
}

TEST_CASE("generated splines through a line, a parabola and a plane are those, worked by hand", "[codegen]") {
  FEXPR_NEED_C_COMPILER();
  // SPLINE/1 lies on y = 2x + 1: the natural cubic has no curvature to take (its second
  // derivatives solve a system whose right side is 0), Akima's slopes are the one secant, and
  // the parabola through three end points on a line is the line. SPLINE/2 lies on y = x^2 at
  // even knots: Akima's slope at knot i is the mean of the secants 2i - 1 and 2i + 1 (their
  // neighbours' differences are all 2, and the end secants extrapolated keep that), so 2i, the
  // parabola's own; a cubic with its values and slopes at both ends is then the parabola, and
  // so is the parabola through its last three points. SPLINE/3's curves at z = 0, 1, 2 are
  // (1 + z)(2x + 1), linear in z, so the surface is that product everywhere: along x = z = t it
  // is 2t^2 + 3t + 1, with slope 4t + 3 and curvature 4, the cross derivative 2 taken twice.
  auto m = load_text(R"(Splines known in closed form
PART/1, GROUND
SPLINE/1, X = -1, 0, 1.5, 2, 4, Y = -1, 1, 4, 5, 9
SPLINE/2, X = 0, 1, 2, 3, 4, Y = 0, 1, 4, 9, 16
SPLINE/3, X = 0, 1, 2, 3, Y = 0, 1, 3, 5, 7, Y = 1, 2, 6, 10, 14, Y = 2, 3, 9, 15, 21
VARIABLE/1, FUNCTION = CUBSPL(TIME, 0, 1)
VARIABLE/2, FUNCTION = AKISPL(TIME, 0, 1, 1)
VARIABLE/3, FUNCTION = AKISPL(TIME, 0, 2)
VARIABLE/4, FUNCTION = AKISPL(TIME, 0, 2, 1)
VARIABLE/5, FUNCTION = CUBSPL(2*TIME, 0, 1)
VARIABLE/6, FUNCTION = AKISPL(3*TIME - 1, 0, 2)
VARIABLE/7, FUNCTION = CUBSPL(TIME, TIME, 3)
VARIABLE/8, FUNCTION = AKISPL(TIME + 1, 0.5, 3)
END
)");
  const codegen::DatasetCalls calls(*m);
  const TimeFunctions g = generate(*m, calls);
  REQUIRE(g.ids.size() == 8);
  ScratchDirectory dir;
  const SharedObject so(dir.path(), g.source);
  struct Expected {
    double value, slope, curvature;
  };
  const auto expected = [](long id, double t) -> Expected {
    const double u = 3 * t - 1;
    switch (id) {
      case 1: return {2 * t + 1, 2, 0};
      case 2: return {2, 0, 0};
      case 3: return {t * t, 2 * t, 2};
      case 4: return {2 * t, 2, 0};
      case 5: return {4 * t + 1, 4, 0};
      case 6: return {u * u, 6 * u, 18};
      case 7: return {2 * t * t + 3 * t + 1, 4 * t + 3, 4};
      default: return {3 * t + 4.5, 3, 0};
    }
  };
  for (long id : g.ids) {
    for (double t : {-2.5, -1.0, 0.25, 1.5, 2.0, 3.0, 5.5}) {
      INFO("VARIABLE/" << id << " at TIME " << t);
      const Expected want = expected(id, t);
      double value = 0.0, grad = 0.0, hess = 0.0;
      REQUIRE(so.function<HessianFunction>("v" + std::to_string(id) + "_2")(&t, &value, &grad, &hess, nullptr) == 0);
      CHECK(std::abs(value - want.value) <= 1e-12 * std::max(1.0, std::abs(want.value)));
      CHECK(std::abs(grad - want.slope) <= 1e-12 * std::max(1.0, std::abs(want.slope)));
      CHECK(std::abs(hess - want.curvature) <= 1e-12 * std::max(1.0, std::abs(want.curvature)));
    }
  }
}

}  // namespace test_codegen_splines
