// The model (parts, markers, orientation helpers, state) and binding marker ids to measures.
#include "test_kinematics_support.hpp"

#include <stdexcept>

namespace test_kinematics_model {

using namespace kinematics_test;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

namespace {

std::string bind_error(const Model& model, Measure m, std::vector<long> ids, int* argument = nullptr) {
  auto result = fexpr::kinematics::bind(model, m, ids);
  auto* error = std::get_if<BindError>(&result);
  REQUIRE(error != nullptr);
  if (argument) *argument = error->argument;
  return error->message;
}

}  // namespace

TEST_CASE("A new model holds only ground, as part index 0 with id 0", "[kinematics][model]") {
  Model model;
  REQUIRE(model.parts().size() == 1);
  CHECK(model.parts()[0].id == 0);
  CHECK(model.find_part(0) == 0);
  CHECK(model.find_part(1) == -1);
  CHECK(model.markers().empty());
  CHECK(model.find_marker(1) == -1);
}

TEST_CASE("Parts get consecutive indices and keep their initial state", "[kinematics][model]") {
  Model model;
  PartState initial = at_rest({1, 2, 3}, {0.1, 0.2, 0.3});
  initial.velocity = {4, 5, 6};
  initial.omega = {7, 8, 9};
  initial.acceleration = {-1, -2, -3};
  initial.alpha = {-4, -5, -6};
  CHECK(model.add_part(2, initial) == 1);
  CHECK(model.add_part(7, PartState{}) == 2);
  CHECK(model.find_part(7) == 2);
  const Part& part = model.parts()[1];
  CHECK(part.id == 2);
  CHECK(part.qg == initial.position);
  CHECK(part.reuler == initial.euler);

  SECTION("a state made from the model starts at the initial states") {
    State state(model);
    REQUIRE(state.size() == 3);
    CHECK(state.part(1).position == initial.position);
    CHECK(state.part(1).euler == initial.euler);
    CHECK(state.part(1).velocity == initial.velocity);
    CHECK(state.part(1).omega == initial.omega);
    CHECK(state.part(1).acceleration == initial.acceleration);
    CHECK(state.part(1).alpha == initial.alpha);
    CHECK(state.part(2).position == Vector3d::Zero());
  }
  SECTION("a state can be changed without touching the model") {
    State state(model);
    state.set_value(1, 0, 10.0);
    CHECK(state.part(1).position.x() == 10.0);
    CHECK(model.parts()[1].qg.x() == 1.0);
  }
}

TEST_CASE("Part ids must be new and positive", "[kinematics][model]") {
  Model model;
  model.add_part(2, PartState{});
  CHECK_THROWS_WITH(model.add_part(2, PartState{}), Equals("part 2 is already defined"));
  CHECK_THROWS_WITH(model.add_part(0, PartState{}), Equals("part 0 is ground, already defined"));
  CHECK_THROWS_WITH(model.add_part(-3, PartState{}), Equals("part ids are positive integers, not -3"));
}

TEST_CASE("Ground can take the id a dataset gives it", "[kinematics][model]") {
  Model model;
  model.set_ground_id(1);
  CHECK(model.find_part(1) == 0);
  CHECK(model.find_part(0) == -1);
  CHECK(model.add_marker(10, 1, {1, 0, 0}, Matrix3d::Identity()) == 0);
  CHECK(model.markers()[0].part == 0);
  model.add_part(2, PartState{});
  CHECK_THROWS_AS(model.set_ground_id(2), std::invalid_argument);
}

TEST_CASE("Markers are found by id and listed per part in ascending order", "[kinematics][model]") {
  Model model;
  const int part3 = model.add_part(3, PartState{});
  CHECK(model.add_marker(32, 3, {1, 2, 3}, Matrix3d::Identity()) == 0);
  CHECK(model.add_marker(30, 3, {0, 0, 0}, rz(0.5)) == 1);
  CHECK(model.add_marker(5, 0, {0, 0, 1}, Matrix3d::Identity()) == 2);
  CHECK(model.find_marker(30) == 1);
  CHECK(model.markers()[0].qp == Vector3d(1, 2, 3));
  CHECK(model.markers()[1].part == part3);
  CHECK(model.markers_on_part(part3) == std::vector<long>{30, 32});
  CHECK(model.markers_on_part(0) == std::vector<long>{5});
}

TEST_CASE("Bad markers are rejected with a message naming them", "[kinematics][model]") {
  Model model;
  model.add_part(3, PartState{});
  model.add_marker(30, 3, {0, 0, 0}, Matrix3d::Identity());
  CHECK_THROWS_WITH(model.add_marker(30, 3, {0, 0, 0}, Matrix3d::Identity()), Equals("marker 30 is already defined"));
  CHECK_THROWS_WITH(model.add_marker(31, 4, {0, 0, 0}, Matrix3d::Identity()),
                    Equals("marker 31 is on part 4, which is not defined"));
  CHECK_THROWS_WITH(model.add_marker(0, 3, {0, 0, 0}, Matrix3d::Identity()), Contains("0 is the ground origin"));
  Matrix3d mirrored = Matrix3d::Identity();
  mirrored(2, 2) = -1.0;
  CHECK_THROWS_WITH(model.add_marker(33, 3, {0, 0, 0}, mirrored), Contains("not a rotation"));
  CHECK_THROWS_WITH(model.add_marker(34, 3, {0, 0, 0}, 1.01 * Matrix3d::Identity()), Contains("not a rotation"));
}

TEST_CASE("REULER orientation is Rz(psi) Rx(theta) Rz(phi)", "[kinematics][model]") {
  SECTION("a quarter turn in psi sends x to y") {
    const Matrix3d r = orientation_from_reuler(kPi / 2, 0, 0);
    CHECK((r.col(0) - Vector3d(0, 1, 0)).norm() < 1e-15);
    CHECK((r.col(2) - Vector3d(0, 0, 1)).norm() < 1e-15);
  }
  SECTION("a quarter turn in theta tips z towards -y") {
    const Matrix3d r = orientation_from_reuler(0, kPi / 2, 0);
    CHECK((r.col(2) - Vector3d(0, -1, 0)).norm() < 1e-15);
  }
  SECTION("any angles compose as three hand-built rotations") {
    const double psi = GENERATE(-2.5, 0.0, 0.7), theta = GENERATE(0.3, 2.0), phi = GENERATE(-1.0, 1.9);
    CHECK((orientation_from_reuler(psi, theta, phi) - r313(psi, theta, phi)).norm() < 1e-14);
  }
}

TEST_CASE("ZP/XP orientation points z at ZP and x towards XP", "[kinematics][model]") {
  const Vector3d qp(1, 1, 1);
  SECTION("points along the part axes give those axes") {
    const Matrix3d r = orientation_from_zp_xp(qp, qp + Vector3d(0, 0, 2), qp + Vector3d(3, 0, 0));
    CHECK((r - Matrix3d::Identity()).norm() < 1e-15);
  }
  SECTION("XP off the xz plane only fixes the half plane of x") {
    // z along ground y; XP has a component along z that must be dropped, leaving x = ground z.
    const Matrix3d r = orientation_from_zp_xp(qp, qp + Vector3d(0, 5, 0), qp + Vector3d(0, 1, 1));
    CHECK((r.col(2) - Vector3d(0, 1, 0)).norm() < 1e-15);
    CHECK((r.col(0) - Vector3d(0, 0, 1)).norm() < 1e-15);
    CHECK((r.col(1) - Vector3d(1, 0, 0)).norm() < 1e-15);  // y = z cross x
  }
  SECTION("degenerate points are errors") {
    CHECK_THROWS_WITH(orientation_from_zp_xp(qp, qp, qp + Vector3d(1, 0, 0)), Contains("ZP coincides with QP"));
    CHECK_THROWS_WITH(orientation_from_zp_xp(qp, qp + Vector3d(0, 0, 1), qp + Vector3d(0, 0, 4)),
                      Contains("XP lies on the marker's z axis"));
  }
}

TEST_CASE("Part states are named and stored in the documented order", "[kinematics][model]") {
  const std::vector<std::string> names = {"x", "y", "z", "psi", "theta", "phi", "vx", "vy", "vz", "wx", "wy", "wz"};
  REQUIRE(kStatesPerPart == 12);
  PartState s;
  s.position = {1, 2, 3};
  s.euler = {4, 5, 6};
  s.velocity = {7, 8, 9};
  s.omega = {10, 11, 12};
  for (int k = 0; k < kStatesPerPart; ++k) {
    CHECK(std::string(state_name(k)) == names[static_cast<std::size_t>(k)]);
    CHECK(state_value(s, k) == k + 1.0);
  }
  state_value(s, 4) = -1.0;
  CHECK(s.euler[1] == -1.0);
  CHECK(state_name(12).empty());
}

TEST_CASE("Measure names and marker counts follow the spec", "[kinematics][measure]") {
  const auto [name, count] = GENERATE(table<const char*, int>({
      {"DX", 3}, {"DY", 3}, {"DZ", 3}, {"DM", 2}, {"AX", 2}, {"AY", 2}, {"AZ", 2}, {"PSI", 2}, {"THETA", 2},
      {"PHI", 2}, {"YAW", 2}, {"PITCH", 2}, {"ROLL", 2}, {"VX", 4}, {"VY", 4}, {"VZ", 4}, {"VM", 3}, {"VR", 3},
      {"WX", 3}, {"WY", 3}, {"WZ", 3}, {"WM", 2}, {"ACCX", 4}, {"ACCY", 4}, {"ACCZ", 4}, {"ACCM", 3},
      {"WDTX", 4}, {"WDTY", 4}, {"WDTZ", 4}, {"WDTM", 3}, {"UVX.X", 2}, {"UVX.Y", 2}, {"UVX.Z", 2},
      {"UVY.X", 2}, {"UVY.Y", 2}, {"UVY.Z", 2}, {"UVZ.X", 2}, {"UVZ.Y", 2}, {"UVZ.Z", 2}, {"INCANG", 3},
      {"ORIENT", 2}}));
  const auto m = measure_from_name(name);
  REQUIRE(m.has_value());
  CHECK(max_markers(*m) == count);
  CHECK(measure_name(*m) == name);
  CHECK(parameter_names(*m).size() == (std::string_view(name) == "ORIENT" ? 2u : 0u));
  CHECK_FALSE(measure_from_name("dx").has_value());
  CHECK_FALSE(measure_from_name("DXYZ").has_value());
}

TEST_CASE("Binding maps written marker ids to slots i, j, k, l and lists the parts read", "[kinematics][measure]") {
  Model model;
  const int p2 = model.add_part(2, PartState{});
  const int p3 = model.add_part(3, PartState{});
  const int m20 = model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  const int m21 = model.add_marker(21, 2, {1, 0, 0}, Matrix3d::Identity());
  const int m30 = model.add_marker(30, 3, {0, 0, 0}, Matrix3d::Identity());
  const int g1 = model.add_marker(1, 0, {0, 0, 0}, Matrix3d::Identity());

  SECTION("omitted and 0 arguments are ground") {
    const MeasureCall c = bound(model, "DX", {30});
    CHECK(c.measure == Measure::DX);
    CHECK(c.markers == std::array<int, 4>{m30, -1, -1, -1});
    CHECK(c.part_count == 1);
    CHECK(c.parts[0] == p3);
    CHECK(bound(model, "VX", {30, 0, 0, 20}).markers == std::array<int, 4>{m30, -1, -1, m20});
  }
  SECTION("each part appears once, in order of first use") {
    const MeasureCall c = bound(model, "VX", {30, 20, 21, 30});
    CHECK(c.markers == std::array<int, 4>{m30, m20, m21, m30});
    CHECK(c.part_count == 2);
    CHECK(c.parts[0] == p3);
    CHECK(c.parts[1] == p2);
  }
  SECTION("markers on ground read no part state") {
    const MeasureCall c = bound(model, "DM", {1, 20});
    CHECK(c.markers[0] == g1);
    CHECK(c.part_count == 1);
    CHECK(c.parts[0] == p2);
  }
  SECTION("the third argument of VM, VR, ACCM and WDTM is l, not k") {
    const char* name = GENERATE("VM", "VR", "ACCM", "WDTM");
    CHECK(bound(model, name, {20, 0, 30}).markers == std::array<int, 4>{m20, -1, -1, m30});
  }
  SECTION("ORIENT's two leading codes are parameters, its markers i and j follow") {
    const MeasureCall c = bound(model, "ORIENT", {27, 4, 20, 30});
    CHECK(c.parameters == std::array<int, 2>{27, 4});
    CHECK(c.markers == std::array<int, 4>{m20, m30, -1, -1});
    CHECK(bound(model, "DX", {20}).parameters == std::array<int, 2>{0, 0});
  }
  SECTION("INCANG's third marker fills slot k") {
    CHECK(bound(model, "INCANG", {20, 30, 21}).markers == std::array<int, 4>{m20, m30, m21, -1});
  }
  SECTION("the second argument of the unit-vector components is k, not j") {
    const char* name = GENERATE("UVX.X", "UVY.Z", "UVZ.Y");
    CHECK(bound(model, name, {20, 30}).markers == std::array<int, 4>{m20, -1, m30, -1});
  }
}

TEST_CASE("Binding rejects unknown markers and wrong argument counts", "[kinematics][measure]") {
  Model model;
  model.add_part(3, PartState{});
  model.add_part(4, PartState{});
  model.add_marker(30, 3, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(32, 3, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(120, 4, {0, 0, 0}, Matrix3d::Identity());
  int argument = -2;

  SECTION("an unknown id names the markers on the part its digits point to") {
    CHECK(bind_error(model, Measure::DX, {30, 31}, &argument) == "marker 31 is not defined; markers on part 3 are 30, 32");
    CHECK(argument == 1);
    CHECK(bind_error(model, Measure::VX, {30, 0, 0, 3201}, &argument) ==
          "marker 3201 is not defined; markers on part 3 are 30, 32");
    CHECK(argument == 3);
  }
  SECTION("an unknown id with no such part lists the closest defined ids") {
    CHECK(bind_error(model, Measure::DM, {900}) == "marker 900 is not defined; the nearest defined markers are 30, 32, 120");
  }
  SECTION("a part without markers says so") {
    Model empty_part;
    empty_part.add_part(5, PartState{});
    CHECK(bind_error(empty_part, Measure::DM, {51}) == "marker 51 is not defined; part 5 has no markers");
    CHECK(bind_error(Model{}, Measure::DM, {7}) == "marker 7 is not defined; the model has no markers");
  }
  SECTION("i cannot be ground") {
    CHECK(bind_error(model, Measure::DM, {0, 30}, &argument) == "DM measures marker i, which cannot be ground (0)");
    CHECK(argument == 0);
  }
  SECTION("too many or no markers") {
    CHECK(bind_error(model, Measure::DM, {30, 32, 30}, &argument) == "DM takes at most 2 markers, not 3");
    CHECK(argument == -1);
    CHECK(bind_error(model, Measure::WX, {}, &argument) == "WX needs at least one marker");
    CHECK(argument == -1);
    CHECK(bind_error(model, Measure::UVY_X, {30, 32, 30}, &argument) == "UVY.X takes at most 2 markers, not 3");
    CHECK(argument == -1);
  }
}

TEST_CASE("Evaluating with a state made before parts were added is an error", "[kinematics][measure]") {
  Model model;
  model.add_part(2, PartState{});
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  const State stale(model);
  model.add_part(3, PartState{});
  double value = 0.0;
  const char* error = evaluate(bound(model, "DX", {20}), model, stale, 0, &value, nullptr, nullptr);
  REQUIRE(error != nullptr);
  CHECK_THAT(error, Contains("does not match the model"));
}

}  // namespace test_kinematics_model
