// Vector expressions (Adams Solver C++): [x, y, z], v ± w, s*v, v/s, the dot and cross
// products, MAG and UV, compiled to scalar components. Values against hand computations,
// derivatives against closed forms and central finite differences, and the shape errors.
#include "expression_helpers.hpp"
#include "loaded_dataset.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace test_eval_vectors {

using fexpr::Code;
using fexpr::testing::Bench;
using fexpr::testing::derivatives;
using fexpr::testing::LoadedDataset;
using fexpr::testing::where;

namespace {

// Gradient and Hessian against central differences of the gradient, over every derivative
// input (TIME and the variables), at the bench's point.
void check_against_finite_differences(const Bench& b, const std::string& text) {
  const fexpr::Expression e = b.compile_ok(text);
  const std::size_t n = e.derivative_count();
  std::vector<double> g(n), h(n * n);
  fexpr::Workspace ws;
  e.hessian(b.inputs(), ws, g, h);
  for (std::size_t k = 0; k < n; ++k) {
    const double step = 1e-6;
    auto at = [&](double delta, std::vector<double>& grad) {
      Bench q = b;
      if (k == 0) q.time += delta;
      else q.values[k - 1] += delta;
      fexpr::Workspace w;
      grad.assign(n, 0.0);
      return e.gradient(q.inputs(), w, grad);
    };
    std::vector<double> plus, minus;
    const double fd = (at(step, plus) - at(-step, minus)) / (2 * step);
    INFO(text << " d/d" << e.derivative_names()[k]);
    CHECK(g[k] == Approx(fd).epsilon(1e-6).margin(1e-7 * (1 + std::abs(fd))));
    for (std::size_t l = 0; l < n; ++l) {
      const double fd2 = (plus[l] - minus[l]) / (2 * step);
      INFO("d2/d" << e.derivative_names()[k] << " d" << e.derivative_names()[l]);
      CHECK(h[k * n + l] == Approx(fd2).epsilon(1e-5).margin(1e-6 * (1 + std::abs(fd2))));
    }
  }
}

}  // namespace

TEST_CASE("Vector arithmetic follows the documented operators", "[vector]") {
  Bench b;
  struct Case {
    const char* text;
    double expected;  // worked out by hand
  };
  auto c = GENERATE(values<Case>({
      {"[1, 2, 3]*[4, 5, 6]", 4 + 10 + 18},
      {"([1, 2, 3] % [4, 5, 6])*[1, 0, 0]", 2 * 6 - 3 * 5},  // (l x r)_x = l_y r_z - l_z r_y
      {"([1, 2, 3] % [4, 5, 6])*[0, 1, 0]", 3 * 4 - 1 * 6},
      {"([1, 2, 3] % [4, 5, 6])*[0, 0, 1]", 1 * 5 - 2 * 4},
      {"[1, 2, 3]*([4, 5, 6] % [1, 0, 0])", 2 * 6 - 3 * 5},  // = ([4, 5, 6] % [1, 0, 0])*[1, 2, 3], a triple product
      {"([1, 2, 3] + [4, 5, 6])*[1, 1, 1]", 21},
      {"([1, 2, 3] - [4, 5, 6])*[1, 10, 100]", -3 - 30 - 300},
      {"-[1, 2, 3]*[1, 1, 1]", -6},
      {"+[1, 2, 3]*[1, 1, 1]", 6},
      {"2*[1, 2, 3]*[1, 1, 1]", 12},            // (2*v)*w, left to right
      {"[1, 2, 3]*2*[0, 0, 1]", 6},
      {"[1, 2, 3]/4*[0, 1, 0]", 0.5},
      {"[1, 2, 3]*[1, 2, 3]/7", 2},              // a dot product is a scalar
      {"MAG([3, 4, 12])", 13},
      {"MAG(-[3, 4, 12]/13)", 1},
      {"MAG([3, 4, 12] % [3, 4, 12])", 0},
      {"UV([3, 0, 4])*[1, 0, 0]", 0.6},
      {"UV([3, 0, 4])*[0, 0, 1]", 0.8},
      {"MAG(UV([1E-200, 2E-200, 2E-200]))", 1},  // no underflow on the way
      {"MAG([1E200, 1E200, 0])", 1E200 * std::sqrt(2.0)},
      {"1 + [1, 0, 0]*[2, 0, 0]", 3},
  }));
  INFO(c.text);
  CHECK(b.value(c.text) == Approx(c.expected).epsilon(1e-14).margin(1e-300));
}

TEST_CASE("MAG and UV of a vector expression have their closed-form derivatives", "[vector][derivatives]") {
  // At v = (1, 2, 2): |v| = 3, u = v/3. d|v|/dv = u; d2|v|/dv2 = (I - u u^T)/|v|.
  Bench b({{"x", 1.0}, {"y", 2.0}, {"z", 2.0}});
  const auto m = derivatives(b, "MAG([x, y, z])");
  REQUIRE(m.grad.size() == 4);  // TIME, x, y, z
  CHECK(m.value == Approx(3.0));
  CHECK(m.grad[0] == 0.0);
  CHECK(m.grad[1] == Approx(1.0 / 3));
  CHECK(m.grad[2] == Approx(2.0 / 3));
  CHECK(m.grad[3] == Approx(2.0 / 3));
  CHECK(m.hess[1 * 4 + 1] == Approx(8.0 / 27));
  CHECK(m.hess[1 * 4 + 2] == Approx(-2.0 / 27));
  CHECK(m.hess[2 * 4 + 2] == Approx(5.0 / 27));
  CHECK(m.hess[2 * 4 + 3] == Approx(-4.0 / 27));
  // x/|v|: d/dx = (1 - u_x^2)/|v| = 8/27, d/dy = -u_x u_y/|v| = -2/27, d2/dx2 = 3 u_x (u_x^2 - 1)/|v|^2 = -8/81.
  const auto u = derivatives(b, "UV([x, y, z])*[1, 0, 0]");
  CHECK(u.value == Approx(1.0 / 3));
  CHECK(u.grad[1] == Approx(8.0 / 27));
  CHECK(u.grad[2] == Approx(-2.0 / 27));
  CHECK(u.hess[1 * 4 + 1] == Approx(-8.0 / 81));
  // The dot product of v with itself: |v|^2, gradient 2v, Hessian 2I.
  const auto d = derivatives(b, "[x, y, z]*[x, y, z]");
  CHECK(d.value == Approx(9.0));
  CHECK(d.grad[3] == Approx(4.0));
  CHECK(d.hess[3 * 4 + 3] == Approx(2.0));
  CHECK(d.hess[1 * 4 + 3] == 0.0);
}

TEST_CASE("Derivatives of vector expressions match central finite differences", "[vector][derivatives]") {
  const char* expressions[] = {
      "MAG([x, y, z] - [1, 0, 0]*TIME)",
      "UV([x, y*TIME, z + 1])*[2, -1, 3]",
      "([x, y, z] % [TIME, 1, x*y])*[1, 1, 1]",
      "MAG(([x, y, z] % UV([z, x, 1 + TIME]))/2 + [y, 0, 0])",
      "-[x, y, z]*[z, x, y]/(1 + TIME)",
      "SIN([x, y, z]*[1, 2, 3]) + MAG(2*[x, 0, y])",
      "[x, y, z]*([y, z, x] % [z, x, y])",
  };
  std::mt19937 rng(20261205);
  std::uniform_real_distribution<double> coordinate(-2.0, 2.0), time(0.25, 0.75);
  for (const char* text : expressions) {
    for (int trial = 0; trial < 20; ++trial) {
      Bench b({{"x", coordinate(rng)}, {"y", coordinate(rng)}, {"z", coordinate(rng)}});
      b.time = time(rng);
      check_against_finite_differences(b, text);
    }
  }
}

TEST_CASE("At a zero vector MAG is 0 without derivatives and UV is an error, never NaN", "[vector][singular]") {
  Bench b({{"x", 0.0}});
  CHECK(b.value("MAG([x, 0, 0])") == 0.0);
  const fexpr::Expression e = b.compile_ok("MAG([x, 0, x])");
  fexpr::Workspace ws;
  std::vector<double> g(2);
  CHECK_THROWS_WITH(e.gradient(b.inputs(), ws, g), "derivative of MAG is undefined at a zero vector (it has no direction)");
  const auto d = b.evaluation_error("1 + UV([x, x, 0])*[1, 0, 0]");
  CHECK(d.code == Code::domain);
  CHECK(d.message == "UV of a zero vector is undefined (it has no direction)");
  CHECK(where("1 + UV([x, x, 0])*[1, 0, 0]", d) == "1:5");
  // A constant zero vector is left to run time, like every fold that fails.
  CHECK(b.evaluation_error("UV([0, 0, 0])*[1, 0, 0]").message == "UV of a zero vector is undefined (it has no direction)");
}

TEST_CASE("A vector where a scalar is needed is an error that says what to write", "[vector][errors]") {
  Bench b({{"x", 1.0}});
  SECTION("the whole expression") {
    const auto d = b.compile_error("[x, 1, 2]");
    CHECK(d.code == Code::argument);
    CHECK(d.message == "[X, 1, 2] is a vector where a scalar is needed; use MAG([X, 1, 2]) or a component such as "
                       "[X, 1, 2]*[1, 0, 0]");
  }
  SECTION("an argument of a scalar function, a power, an IF") {
    CHECK(where("ATAN2(1, [x, 0, 0])", b.compile_error("ATAN2(1, [x, 0, 0])")) == "1:10");
    CHECK(where("2**[x, 0, 0]", b.compile_error("2**[x, 0, 0]")) == "1:4");
    CHECK(where("IF([x, 0, 0]: 1, 2, 3)", b.compile_error("IF([x, 0, 0]: 1, 2, 3)")) == "1:4");
  }
  SECTION("every error of an expression is reported, each once") {
    auto r = fexpr::compile("SIN([x, 0, 0]) + COS([0, x, 0])", b.context);
    REQUIRE(r.diagnostics.size() == 2);
    CHECK(where("SIN([x, 0, 0]) + COS([0, x, 0])", r.diagnostics[0]) == "1:5");
    CHECK(where("SIN([x, 0, 0]) + COS([0, x, 0])", r.diagnostics[1]) == "1:22");
  }
  SECTION("a scalar added to a vector") {
    const auto d = b.compile_error("x + 2 - [1, 2, 3]");
    CHECK(where("x + 2 - [1, 2, 3]", d) == "1:9");
    CHECK(d.message.find("[1, 2, 3] is a vector where a scalar is needed") == 0);
  }
}

TEST_CASE("Vector measures need a model, as their components do", "[vector][errors]") {
  Bench b;
  CHECK(b.compile_error("MAG(DXYZ(2, 1))").message == "DXYZ needs a model");
  CHECK(b.compile_error("MAG(UVZ(2))").message == "UVZ needs a model");
  CHECK(b.compile_error("TXYZ(2)*[0, 0, 1]").message ==
        "TXYZ needs solver state (a model and a solver), which fexpr does not evaluate");
}

namespace {

// Two parts moving and turning in general directions, so that every component is non-zero.
const std::string kMovingModel =
    "vector measures\n"
    "PART/1, GROUND\n"
    "MARKER/10, PART=1, QP=0.2,-0.1,0.3, REULER=10D,20D,30D\n"
    "PART/2, QG=1,2,0.5, REULER=30D,40D,50D, VX=0.3, VY=-0.2, VZ=0.1, WX=0.5, WY=-1, WZ=2\n"
    "MARKER/20, PART=2, QP=0.1,0.2,-0.3, REULER=5D,15D,25D\n"
    "PART/3, QG=-1,0.5,2, REULER=-20D,70D,10D, VX=-0.4, VZ=0.6, WX=1.5, WZ=-0.5\n"
    "MARKER/30, PART=3, QP=0.3,0,0.1\n"
    "END\n";

// Value, gradient and Hessian of an expression over a dataset's part states.
fexpr::testing::Derivatives model_derivatives(LoadedDataset& m, const fexpr::Expression& e) {
  fexpr::testing::Derivatives d;
  d.grad.resize(e.derivative_count());
  d.hess.resize(e.derivative_count() * e.derivative_count());
  fexpr::Workspace ws;
  d.value = e.hessian(m.inputs(), ws, d.grad, d.hess);
  return d;
}

}  // namespace

TEST_CASE("A vector measure's components are its scalar measures, with their derivatives", "[vector][model]") {
  LoadedDataset m(kMovingModel);
  auto [vector, x, y, z] = GENERATE(table<std::string, std::string, std::string, std::string>({
      {"DXYZ(20, 30, 10)", "DX(20, 30, 10)", "DY(20, 30, 10)", "DZ(20, 30, 10)"},
      {"VXYZ(20, 30, 30, 10)", "VX(20, 30, 30, 10)", "VY(20, 30, 30, 10)", "VZ(20, 30, 30, 10)"},
      {"ACCXYZ(30, 20, 10, 20)", "ACCX(30, 20, 10, 20)", "ACCY(30, 20, 10, 20)", "ACCZ(30, 20, 10, 20)"},
      {"WXYZ(20, 30, 30)", "WX(20, 30, 30)", "WY(20, 30, 30)", "WZ(20, 30, 30)"},
      {"WDTXYZ(20, 0, 10, 30)", "WDTX(20, 0, 10, 30)", "WDTY(20, 0, 10, 30)", "WDTZ(20, 0, 10, 30)"},
      {"DXYZ(30)", "DX(30)", "DY(30)", "DZ(30)"},
  }));
  INFO(vector);
  const std::string unit[3] = {"[1, 0, 0]", "[0, 1, 0]", "[0, 0, 1]"};
  const std::string scalar[3] = {x, y, z};
  for (int k = 0; k < 3; ++k) {
    const fexpr::Expression component = m.compile_ok(vector + "*" + unit[k]);
    const fexpr::Expression expected = m.compile_ok(scalar[k]);
    REQUIRE(component.derivative_names() == expected.derivative_names());
    const auto c = model_derivatives(m, component), e = model_derivatives(m, expected);
    // x*1 + y*0 + z*0 adds exact zeros: the same numbers.
    CHECK(c.value == e.value);
    CHECK(c.grad == e.grad);
    CHECK(c.hess == e.hess);
  }
}

TEST_CASE("MAG of a vector measure is its magnitude measure", "[vector][model]") {
  LoadedDataset m(kMovingModel);
  for (const auto& [vector, magnitude] : std::vector<std::pair<std::string, std::string>>{
           {"MAG(DXYZ(20, 30))", "DM(20, 30)"},
           {"MAG(VXYZ(20, 30, 0, 10))", "VM(20, 30, 10)"},
           {"MAG(ACCXYZ(30, 20, 0, 20))", "ACCM(30, 20, 20)"},
           {"MAG(WXYZ(20, 30))", "WM(20, 30)"},
           {"SQRT(VXYZ(20, 30)*VXYZ(20, 30))", "VM(20, 30)"},  // cfunc_mag's own example
       }) {
    INFO(vector);
    const fexpr::Expression v = m.compile_ok(vector), s = m.compile_ok(magnitude);
    REQUIRE(v.derivative_names() == s.derivative_names());
    const auto a = model_derivatives(m, v), b = model_derivatives(m, s);
    CHECK(a.value == Approx(b.value).epsilon(1e-13));
    for (std::size_t k = 0; k < a.grad.size(); ++k) CHECK(a.grad[k] == Approx(b.grad[k]).epsilon(1e-12).margin(1e-12));
    for (std::size_t k = 0; k < a.hess.size(); ++k) CHECK(a.hess[k] == Approx(b.hess[k]).epsilon(1e-11).margin(1e-11));
  }
}

TEST_CASE("Vector measures are reference-checked like their components", "[vector][model][errors]") {
  LoadedDataset m(kMovingModel);
  SECTION("an undefined marker, at its argument") {
    const auto d = m.compile_error("MAG(DXYZ(20, 31))");
    CHECK(d.code == Code::reference);
    CHECK(d.message.find("marker 31 is not defined") == 0);
    CHECK(where("MAG(DXYZ(20, 31))", d) == "1:14");
  }
  SECTION("messages name the function written") {
    CHECK(m.compile_error("DXYZ(0)*[1, 0, 0]").message == "DXYZ measures marker i, which cannot be ground (0)");
    CHECK(m.compile_error("WXYZ(20.5)*[1, 0, 0]").message == "WXYZ takes marker ids, which are integer constants");
  }
  SECTION("forces are [FX, FY, FZ]: no force element acts between 20 and 30, so they are zero") {
    CHECK(m.value("MAG(FXYZ(20, 30))") == 0.0);
    CHECK(m.value("TXYZ(20)%DXYZ(20)*[1, 0, 0]") == 0.0);
  }
  SECTION("a vector measure where a scalar is needed suggests its component") {
    const auto d = m.compile_error("DXYZ(20, 10) + 1");
    CHECK(d.message ==
          "DXYZ(20, 10) is a vector where a scalar is needed; use MAG(DXYZ(20, 10)) or a component such as DX(20, 10)");
    CHECK(where("DXYZ(20, 10) + 1", d) == "1:1");
  }
}

TEST_CASE("UVX, UVY and UVZ are marker axes: DXYZ(i, j)*UVX(k) = DX(i, j, k), as cfunc_uvx says", "[vector][model]") {
  LoadedDataset m(kMovingModel);
  for (const auto& [dot, scalar] : std::vector<std::pair<std::string, std::string>>{
           {"DXYZ(20, 30)*UVX(10)", "DX(20, 30, 10)"},
           {"DXYZ(20, 30)*UVY(30)", "DY(20, 30, 30)"},
           {"UVZ(20)*DXYZ(30, 10)", "DZ(30, 10, 20)"},
       }) {
    INFO(dot);
    const fexpr::Expression v = m.compile_ok(dot), s = m.compile_ok(scalar);
    // The same inputs, perhaps in another order: index of each of v's inputs among s's.
    const auto& names = v.derivative_names();
    std::vector<std::size_t> at;
    for (const auto& name : names) {
      const auto it = std::find(s.derivative_names().begin(), s.derivative_names().end(), name);
      REQUIRE(it != s.derivative_names().end());
      at.push_back(static_cast<std::size_t>(it - s.derivative_names().begin()));
    }
    REQUIRE(names.size() == s.derivative_count());
    const auto a = model_derivatives(m, v), b = model_derivatives(m, s);
    const std::size_t n = names.size();
    CHECK(a.value == Approx(b.value).epsilon(1e-13));
    for (std::size_t k = 0; k < n; ++k) {
      CHECK(a.grad[k] == Approx(b.grad[at[k]]).epsilon(1e-12).margin(1e-12));
      for (std::size_t l = 0; l < n; ++l)
        CHECK(a.hess[k * n + l] == Approx(b.hess[at[k] * n + at[l]]).epsilon(1e-11).margin(1e-11));
    }
  }
  // The axes of a marker, expressed in any frame, are orthonormal and right-handed.
  CHECK(m.value("MAG(UVX(20, 30))") == Approx(1.0));
  CHECK(m.value("UVX(20, 30)*UVY(20, 30)") == Approx(0.0).margin(1e-15));
  CHECK(m.value("MAG(UVX(20, 30) % UVY(20, 30) - UVZ(20, 30))") == Approx(0.0).margin(1e-15));
  CHECK(m.compile_error("UVX(0)*[1, 0, 0]").message == "UVX measures marker i, which cannot be ground (0)");
}

}  // namespace test_eval_vectors
