// fexpr_compile_loads: every applied force element of the example models by name, its 12 loads
// against the values worked by hand in each model's header (as the test_forces_* tests derive
// them), action = -reaction, and every way of asking wrongly.
#include "capi_handles.hpp"
#include "force_checks.hpp"

#include <Eigen/Dense>

#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace test_capi_loads {

namespace {

using Loads = std::array<double, 12>;
using fexpr::testing::example_model;

struct Model : Context {
  explicit Model(const std::string& text) {
    REQUIRE(fexpr_context_load_model_text(handle, "model.adm", text.c_str()) == FEXPR_OK);
  }
};

// The element's 12 loads at the model's initial state and time.
Loads loads_of(const Model& m, const char* element, double time = 0.0) {
  INFO(element);
  std::array<fexpr_expression*, 12> loads{};
  REQUIRE(fexpr_compile_loads(m.handle, element, loads.data()) == FEXPR_OK);
  Workspace ws;
  Loads out{};
  for (std::size_t k = 0; k < 12; ++k) {
    CHECK(fexpr_evaluate(loads[k], ws.handle, time, nullptr, 0, &out[k]) == FEXPR_OK);
    fexpr_expression_destroy(loads[k]);
  }
  return out;
}

// The loads of an element whose force f and torque t on I react on J as -f and -t - d x f, d
// from J to I.
Loads reacted(const Eigen::Vector3d& f, const Eigen::Vector3d& t, const Eigen::Vector3d& d) {
  const Eigen::Vector3d tj = -t - d.cross(f);
  return {f[0], f[1], f[2], t[0], t[1], t[2], -f[0], -f[1], -f[2], tj[0], tj[1], tj[2]};
}

void check_loads(const Loads& got, const Loads& expected) {
  for (std::size_t k = 0; k < 12; ++k) {
    INFO("load " << k);
    CHECK(got[k] == Approx(expected[k]).margin(1e-9));
  }
}

bool usage(fexpr_status status) { return status == FEXPR_USAGE_ERROR; }

}  // namespace

TEST_CASE("BUSHING loads: the springs and dampers along J's axes, the reaction over the deflection", "[capi][loads]") {
  Model m(example_model("bushing.adm"));
  const Eigen::Vector3d f(-1E5 * 0.01 - 100 * 0.1 + 1, -2E5 * -0.02 + 2, -3E5 * 0.03 + 3);
  const Eigen::Vector3d t(4, 5, -3000 * 0.05 - 30 * 0.2 + 6);
  check_loads(loads_of(m, "BUSHING/1"), reacted(f, t, {0.01, -0.02, 0.03}));
  // Names are read in either case.
  check_loads(loads_of(m, "bushing/1"), reacted(f, t, {0.01, -0.02, 0.03}));
}

TEST_CASE("SPRINGDAMPER loads: along the line from J to I, and about J's z axis", "[capi][loads]") {
  Model m(example_model("springdamper.adm"));
  const double f = -25 * 0.3 - 1E4 * (0.6 - 0.5) + 100;
  check_loads(loads_of(m, "SPRINGDAMPER/1"), {f, 0, 0, 0, 0, 0, -f, 0, 0, 0, 0, 0});
  const double t = -0.8 * 2 - 12 * (std::numbers::pi / 6 - std::numbers::pi / 18) + 3;
  check_loads(loads_of(m, "springdamper/2"), {0, 0, 0, 0, 0, t, 0, 0, 0, 0, 0, -t});
}

TEST_CASE("FIELD loads: the coupled stiffness and damping", "[capi][loads]") {
  Model m(example_model("field.adm"));
  const Eigen::Vector3d f(1 - 100 * 0.05 - 0.01 * (1E5 * 0.1 + 100 * 0.2), 2 - (2E5 * -0.02 + 5E4 * 0.03),
                          3 - (5E4 * -0.02 + 3E5 * 0.03));
  const Eigen::Vector3d t(4, 5, 6 - 3E3 * 0.05 - 0.01 * (100 * 0.1 + 3E3 * 0.2));
  check_loads(loads_of(m, "FIELD/1"), reacted(f, t, {0.01, -0.02, 0.03}));
}

TEST_CASE("BEAM loads: the linear Timoshenko beam's stiffness and damping", "[capi][loads]") {
  Model m(example_model("beam.adm"));
  // The stiffness terms of the model's header: K11, K22, K26, K33, K35, K55, K66.
  const double k11 = 2.5E5, k22 = 3E4, k26 = -3E4, k33 = 1.5E4, k35 = 1.5E4, k66 = 4.5E4;
  const Eigen::Vector3d f(-k11 * 0.01 - 0.01 * k11 * 0.1, -(k22 * -0.02 + k26 * 0.05) - 0.01 * (k26 * 0.2),
                          -k33 * 0.03);
  const Eigen::Vector3d t(0, -k35 * 0.03, -(k26 * -0.02 + k66 * 0.05) - 0.01 * k66 * 0.2);
  check_loads(loads_of(m, "BEAM/1"), reacted(f, t, {2.01, -0.02, 0.03}));
  check_loads(loads_of(m, "BEAM/2"), reacted({0, 0, 0}, {-4320 * 0.01, 0, 0}, {2, 0, 0}));
}

TEST_CASE("VFORCE, VTORQUE and GFORCE loads: along RM, reacted at the floating marker at I", "[capi][loads]") {
  Model m(example_model("vector_forces.adm"));
  // RM marker 1 is turned 90 degrees about z: (a, b, c) along it is (-b, a, c) in ground.
  const double time = 0.5;
  check_loads(loads_of(m, "VFORCE/1", time), reacted({4, 10, 2 * time + 3}, {0, 0, 0}, {0, 0, 0}));
  check_loads(loads_of(m, "VTORQUE/2"), reacted({0, 0, 0}, {-2, 1, 3}, {0, 0, 0}));
  // Marker 20 is at (1.5, 2, 0), marker 30 at (1, 1, 0).
  check_loads(loads_of(m, "GFORCE/3"), reacted({-100 * 0.5, -100 * 1.0, 0}, {0, 0, 5}, {0, 0, 0}));
}

TEST_CASE("fexpr_compile_sforce_loads is fexpr_compile_loads of SFORCE/id", "[capi][loads]") {
  Model m("sforce\nPART/1, GROUND\nMARKER/1, PART=1\nPART/2, QG=1.5,0,0\nMARKER/2, PART=2\n"
          "SFORCE/1, TRANSLATIONAL, I=2, J=1, FUNCTION=-100*(DM(2,1) - 0.5)\nEND\n");
  std::array<fexpr_expression*, 12> loads{};
  REQUIRE(fexpr_compile_sforce_loads(m.handle, 1, loads.data()) == FEXPR_OK);
  Workspace ws;
  Loads got{};
  for (std::size_t k = 0; k < 12; ++k) {
    REQUIRE(fexpr_evaluate(loads[k], ws.handle, 0.0, nullptr, 0, &got[k]) == FEXPR_OK);
    fexpr_expression_destroy(loads[k]);
  }
  check_loads(got, loads_of(m, "SFORCE/1"));
  check_loads(got, {-100, 0, 0, 0, 0, 0, 100, 0, 0, 0, 0, 0});
}

TEST_CASE("loads that cannot be compiled say why and make nothing", "[capi][loads][errors]") {
  Model m(example_model("bushing.adm"));
  std::array<fexpr_expression*, 12> loads{};
  SECTION("an element the model does not have") {
    CHECK(usage(fexpr_compile_loads(m.handle, "BUSHING/9", loads.data())));
    CHECK(last_error().message == "the model has no BUSHING/9");
  }
  SECTION("an element that is not an applied force") {
    CHECK(usage(fexpr_compile_loads(m.handle, "MARKER/2", loads.data())));
    CHECK(last_error().message ==
          "MARKER/2 is not an applied force element: loads are those of SFORCE, SPRINGDAMPER, BUSHING, FIELD, "
          "BEAM, VFORCE, VTORQUE and GFORCE");
  }
  SECTION("a name that is not an element's") {
    CHECK(usage(fexpr_compile_loads(m.handle, "BUSHING", loads.data())));
    CHECK(last_error().message == "'BUSHING' is not an element such as BUSHING/3");
  }
  SECTION("NULL arguments") {
    CHECK(usage(fexpr_compile_loads(nullptr, "BUSHING/1", loads.data())));
    CHECK(last_error().message == "fexpr_compile_loads: context is NULL");
    CHECK(usage(fexpr_compile_loads(m.handle, nullptr, loads.data())));
    CHECK(last_error().message == "fexpr_compile_loads: element is NULL");
    CHECK(usage(fexpr_compile_loads(m.handle, "BUSHING/1", nullptr)));
    CHECK(last_error().message == "fexpr_compile_loads: loads is NULL");
  }
  SECTION("a context without a model") {
    Context bare;
    CHECK(usage(fexpr_compile_loads(bare.handle, "BUSHING/1", loads.data())));
    CHECK(last_error().message == "fexpr_compile_loads: the context has no model");
  }
  CHECK(loads == std::array<fexpr_expression*, 12>{});
}

TEST_CASE("elements fexpr does not evaluate are argument errors placed in the dataset", "[capi][loads][errors]") {
  Model m("not evaluated\nPART/1, GROUND\nMARKER/1, PART=1\nPART/2\nMARKER/2, PART=2\n"
          "BEAM/1, I=2, J=1, LENGTH=2, AREA=0.5, IXX=0.02, IYY=0.01, IZZ=0.03\n"
          ", EMODULUS=1E6, GMODULUS=4.32E5, FORMULATION=NONLINEAR\n"
          "MARKER/3, PART=1, FLOATING\nVFORCE/2, I=2, JFLOAT=3, RM=1, FUNCTION=USER(1)\n"
          "SFORCE/3, I=2, J=1, FUNCTION=USER(5)\nEND\n");
  std::array<fexpr_expression*, 12> loads{};
  CHECK(fexpr_compile_loads(m.handle, "BEAM/1", loads.data()) == FEXPR_ARGUMENT_ERROR);
  Error e = last_error();
  CHECK(e.message == "BEAM/1 FORMULATION=NONLINEAR is one of Adams' non-linear beams; fexpr evaluates the LINEAR "
                     "one only; not evaluated; the host computes its loads itself");
  CHECK(e.line == 7);
  CHECK(fexpr_compile_loads(m.handle, "VFORCE/2", loads.data()) == FEXPR_ARGUMENT_ERROR);
  e = last_error();
  CHECK(e.message == "VFORCE/2 is computed by a user subroutine; not evaluated; the host computes its loads itself");
  CHECK(e.line == 9);
  // An SFORCE fails as its FUNCTION does in fexpr_compile_element.
  CHECK(fexpr_compile_loads(m.handle, "SFORCE/3", loads.data()) == FEXPR_ARGUMENT_ERROR);
  CHECK(last_error().message == "SFORCE/3 is computed by a user subroutine");
  CHECK(loads == std::array<fexpr_expression*, 12>{});
}

}  // namespace test_capi_loads
