// UVX.X ... UVZ.Z: the components, in the axes of marker k, of marker i's unit x, y and z axes
// (the scalar parts of the vector functions UVX(i[,k]), UVY(i[,k]), UVZ(i[,k])).
#include "kinematics/model_bindings.hpp"
#include "test_kinematics_support.hpp"

namespace test_kinematics_unit_vectors {

using namespace kinematics_test;
using Catch::Matchers::Equals;

namespace {

constexpr const char* kNames[3][3] = {
    {"UVX.X", "UVX.Y", "UVX.Z"}, {"UVY.X", "UVY.Y", "UVY.Z"}, {"UVZ.X", "UVZ.Y", "UVZ.Z"}};

// Marker 20 on part 2 with the given axes; the part sits at the ground pose.
struct OneMarker {
  Model model;
  explicit OneMarker(const Matrix3d& axes) {
    model.add_part(2, PartState{});
    model.add_marker(20, 2, {1, 2, 3}, axes);
  }
  double operator()(const char* name, std::vector<long> ids = {20}) const {
    return measure(model, State(model), name, std::move(ids));
  }
};

}  // namespace

TEST_CASE("Without k the unit-vector components are i's axes in ground", "[kinematics][unit_vectors]") {
  SECTION("a turn of 0.3 about z: x = (cos, sin, 0), y = (-sin, cos, 0), z unchanged") {
    const OneMarker m(rz(0.3));
    const double c = std::cos(0.3), s = std::sin(0.3);
    const double expected[3][3] = {{c, s, 0}, {-s, c, 0}, {0, 0, 1}};
    for (int axis = 0; axis < 3; ++axis)
      for (int component = 0; component < 3; ++component) {
        CAPTURE(kNames[axis][component]);
        CHECK(m(kNames[axis][component]) == Approx(expected[axis][component]).margin(1e-15));
        CHECK(m(kNames[axis][component], {20, 0}) == m(kNames[axis][component]));
      }
  }
  SECTION("a general orientation: component b of axis a is entry (b, a) of the axes matrix") {
    const Matrix3d axes = rx(0.7) * ry(-1.2) * rz(2.5);
    const OneMarker m(axes);
    for (int axis = 0; axis < 3; ++axis)
      for (int component = 0; component < 3; ++component)
        CHECK(m(kNames[axis][component]) == Approx(axes(component, axis)).margin(1e-15));
  }
}

TEST_CASE("With k the components are direction cosines with k's axes", "[kinematics][unit_vectors]") {
  const MovingScene scene;
  const double t = 0.4;
  const State s = scene.at(t);
  for (auto [i, k] : {std::pair{20L, 30L}, std::pair{30L, 40L}, std::pair{21L, 1L}, std::pair{40L, 20L}}) {
    CAPTURE(i, k);
    const Matrix3d axes_i = scene.axes(i, t), axes_k = scene.axes(k, t);
    for (int axis = 0; axis < 3; ++axis)
      for (int component = 0; component < 3; ++component)
        CHECK(measure(scene.model, s, kNames[axis][component], {i, k}) ==
              Approx(axes_k.col(component).dot(axes_i.col(axis))).margin(1e-14));
  }
}

TEST_CASE("The unit vectors are orthonormal and right-handed in every frame", "[kinematics][unit_vectors]") {
  const MovingScene scene;
  const State s = scene.at(1.1);
  for (long k : {0L, 1L, 30L, 40L}) {
    CAPTURE(k);
    Matrix3d uv;
    for (int axis = 0; axis < 3; ++axis)
      for (int component = 0; component < 3; ++component)
        uv(component, axis) = measure(scene.model, s, kNames[axis][component], {20, k});
    CHECK((uv.transpose() * uv - Matrix3d::Identity()).norm() < 1e-14);
    CHECK(uv.determinant() == Approx(1.0).epsilon(1e-14));
  }
}

TEST_CASE("DXYZ(i, j) * UVX(k) is DX(i, j, k), the documented example", "[kinematics][unit_vectors]") {
  // https://adams.thisaray.com/adams_solver/cfunc_uvx.html: VARIABLE/1, FUN=DXYZ(i,j)*UVX(k) and
  // VARIABLE/2, FUN=DX(i,j,k) are synonymous; likewise UVY with DY and UVZ with DZ.
  const MovingScene scene;
  const State s = scene.at(0.8);
  const char* displacement[3] = {"DX", "DY", "DZ"};
  for (int axis = 0; axis < 3; ++axis) {
    CAPTURE(displacement[axis]);
    double dot = 0.0;
    for (int c = 0; c < 3; ++c)
      dot += measure(scene.model, s, displacement[c], {20, 30}) * measure(scene.model, s, kNames[axis][c], {40});
    CHECK(dot == Approx(measure(scene.model, s, displacement[axis], {20, 30, 40})).epsilon(1e-13));
  }
}

TEST_CASE("Unit-vector components read only the orientation of the parts", "[kinematics][unit_vectors]") {
  Model model;
  model.add_part(2, PartState{});
  model.add_marker(20, 2, {0, 0, 0}, Matrix3d::Identity());
  model.add_marker(1, 0, {0, 0, 0}, rx(0.5));
  State s(model);
  const double before = measure(model, s, "UVY.Z", {20, 1});
  set(s, 1, &PartState::position, {4, 5, 6});
  set(s, 1, &PartState::velocity, {1, 1, 1});
  set(s, 1, &PartState::omega, {2, 0, 0});
  CHECK(measure(model, s, "UVY.Z", {20, 1}) == before);
  // y of i = ground y; z of marker 1 = Rx(0.5) z = (0, -sin 0.5, cos 0.5).
  CHECK(before == Approx(-std::sin(0.5)).margin(1e-15));
}

TEST_CASE("Unit-vector components need a defined marker i that is not ground", "[kinematics][unit_vectors]") {
  const OneMarker m(Matrix3d::Identity());
  auto error = [&](std::vector<long> ids) {
    auto call = fexpr::kinematics::bind(m.model, Measure::UVZ_X, ids);
    auto* e = std::get_if<BindError>(&call);
    return e ? e->message : std::string();
  };
  CHECK_THAT(error({0}), Equals("UVZ.X measures marker i, which cannot be ground (0)"));
  CHECK_THAT(error({20, 21}), Equals("marker 21 is not defined; markers on part 2 are 20"));
}

TEST_CASE("ModelBindings resolve the unit-vector components by their dotted names", "[kinematics][unit_vectors]") {
  const OneMarker m(rz(0.3));
  const fexpr::kinematics::ModelBindings bindings(m.model);
  const std::optional<double> arguments[] = {20.0};
  auto resolved = bindings.resolve_measure("UVX.Y", arguments);
  REQUIRE(resolved.has_value());
  auto* call = std::get_if<fexpr::Bindings::Resolved>(&*resolved);
  REQUIRE(call != nullptr);
  CHECK(call->input_names().size() == 12);
  CHECK(call->input_names()[3] == "PART/2.psi");
  const State state(m.model);
  fexpr::Inputs in;
  in.state = &state;
  double value = 0.0;
  CHECK(bindings.evaluate_measure(call->handle, in, 0, &value, nullptr, nullptr) == nullptr);
  CHECK(value == Approx(std::sin(0.3)).margin(1e-15));
  CHECK_FALSE(bindings.resolve_measure("UVX", arguments).has_value());
}

}  // namespace test_kinematics_unit_vectors
