// Vector expressions as a whole: the components a host compiles one at a time
// (CompileOptions::component), and the FXYZ= and TXYZ= arguments of GFORCE, VFORCE and VTORQUE
// that the checker reads as vectors.
#include "checked_dataset.hpp"
#include "expression_helpers.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace test_check_vector_arguments {

using fexpr::Code;
using fexpr::testing::Bench;

namespace {

std::vector<std::string> problems(const std::string& lines) {
  return fexpr::testing::problems(fexpr::dataset::check_text("t.adm",
                                                             "vector arguments\n"
                                                             "PART/1, GROUND\n"
                                                             "MARKER/10, PART=1\n"
                                                             "PART/2, QG=0,0,1, VZ=-2\n"
                                                             "MARKER/20, PART=2\n"
                                                             "MARKER/21, PART=1, FLOATING\n" +
                                                                 lines + "END\n"));
}

}  // namespace

TEST_CASE("A vector expression compiles to the component asked for", "[vector][components]") {
  Bench b({{"x", 2.0}});
  b.time = 0.5;
  const std::string text = "[x, 2, 3]*TIME + [1, 0, 0] % [0, 1, 0]";  // (0.5 x, 1, 1.5) + (0, 0, 1)
  const double expected[3] = {1.0, 1.0, 2.5};
  for (int k = 0; k < 3; ++k) {
    auto r = fexpr::compile(text, b.context, {0, nullptr, k});
    REQUIRE(r.expression);
    fexpr::Workspace ws;
    std::vector<double> grad(2);
    CHECK(r.expression->gradient(b.inputs(), ws, grad) == expected[k]);
    CHECK(grad[0] == (k == 0 ? 2.0 : k == 1 ? 2.0 : 3.0));  // d/dTIME
    CHECK(grad[1] == (k == 0 ? 0.5 : 0.0));                 // d/dx
  }
  SECTION("a scalar is an error where a vector is needed") {
    auto r = fexpr::compile("x*TIME", b.context, {0, nullptr, 1});
    REQUIRE_FALSE(r.expression);
    CHECK(r.diagnostics.front().code == Code::argument);
    CHECK(r.diagnostics.front().message ==
          "X*TIME is a scalar, but this expression (as FXYZ= or TXYZ=) is a vector; build one with [x, y, z]");
  }
  SECTION("there are three components") {
    CHECK_THROWS_AS(fexpr::compile("[1, 2, 3]", b.context, {0, nullptr, 3}), std::invalid_argument);
    CHECK_THROWS_AS(fexpr::compile("1", b.context, {0, nullptr, -2}), std::invalid_argument);
  }
}

TEST_CASE("The checker reads FXYZ= and TXYZ= as vectors", "[vector][check]") {
  // "VFORCE/1, I=20, JFLOAT=21, RM=10, FXYZ=" is 39 characters: the expression starts at column 40;
  // "VTORQUE/2, I=20, JFLOAT=21, RM=10, TXYZ=" at 41; "GFORCE/3, I=20, JFLOAT=21, RM=10, FXYZ=" at 39.
  SECTION("vectors check clean") {
    CHECK(problems("VFORCE/1, I=20, JFLOAT=21, RM=10, FXYZ=-10*DXYZ(20, 10) - 5*VXYZ(20, 10)\n"
                   "VTORQUE/2, I=20, JFLOAT=21, RM=10, TXYZ=-WXYZ(20, 10)\n"
                   "GFORCE/3, I=20, JFLOAT=21, RM=10, FXYZ=[0, 0, -9.81]\\TXYZ=UVZ(20)*0\n")
              .empty());
  }
  SECTION("a scalar is an error") {
    CHECK(problems("VFORCE/1, I=20, JFLOAT=21, RM=10, FXYZ=-10*DZ(20, 10)\n") ==
          std::vector<std::string>{"7:40:error:argument"});
  }
  SECTION("an evaluation error in any component is reported once") {
    // UV of (0, 0, DX) = UV(0): every component fails; the first is reported. DX(20, 10) is 0
    // at the dataset's part positions, which Adams assembles first: a warning.
    CHECK(problems("VTORQUE/2, I=20, JFLOAT=21, RM=10, TXYZ=UV([0, 0, DX(20, 10)])\n") ==
          std::vector<std::string>{"7:41:warning:domain"});
    // Only the z component divides by DX(20, 10) = 0: the error is at its '1/' (column 48).
    CHECK(problems("VTORQUE/2, I=20, JFLOAT=21, RM=10, TXYZ=[1, 1, 1/DX(20, 10)]\n") ==
          std::vector<std::string>{"7:48:warning:domain"});
    // A constant vector fails whatever the state: an error.
    CHECK(problems("VTORQUE/2, I=20, JFLOAT=21, RM=10, TXYZ=UV([0, 0, 0])\n") ==
          std::vector<std::string>{"7:41:error:domain"});
  }
  SECTION("FUNCTION= stays a scalar") {
    CHECK(problems("VARIABLE/1, FUNCTION=DXYZ(20, 10)\n") == std::vector<std::string>{"7:22:error:argument"});
  }
}

}  // namespace test_check_vector_arguments
