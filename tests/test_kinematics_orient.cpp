// ORIENT(system, component, i[, j]): marker i's orientation relative to marker j in one of 29
// systems (https://adams.thisaray.com/adams_solver/orient.html). The expected values come from
// rotations built by hand (Eigen::AngleAxis) out of the angles or axis and angle they encode.
#include "kinematics/model_bindings.hpp"
#include "test_kinematics_derivative_support.hpp"

#include <array>

namespace test_kinematics_orient {

using namespace kinematics_test;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

namespace {

constexpr double kAngle = 1e-13;

Matrix3d turn(int axis, double angle) { return Eigen::AngleAxisd(angle, Vector3d::Unit(axis)).toRotationMatrix(); }

// The sequences of the documented table, systems 1-12 (body-fixed) and 13-24 (space-fixed).
constexpr std::array<const char*, 12> kSequences = {"123", "231", "312", "132", "213", "321",
                                                    "121", "131", "212", "232", "313", "323"};

// Body-fixed: A = R_a(t1) R_b(t2) R_c(t3), each turn about the axis as already turned.
Matrix3d body_fixed(const char* sequence, const Vector3d& t) {
  Matrix3d a = Matrix3d::Identity();
  for (int n = 0; n < 3; ++n) a = a * turn(sequence[n] - '1', t[n]);
  return a;
}
// Space-fixed: the same turns about the fixed axes of j, the first applied first.
Matrix3d space_fixed(const char* sequence, const Vector3d& t) {
  Matrix3d a = Matrix3d::Identity();
  for (int n = 0; n < 3; ++n) a = turn(sequence[n] - '1', t[n]) * a;
  return a;
}

// Marker 20 with the given axes on a part at the ground pose, measured against ground.
struct OneMarker {
  Model model;
  explicit OneMarker(const Matrix3d& axes) {
    model.add_part(2, PartState{});
    model.add_marker(20, 2, {0, 0, 0}, axes);
  }
  double operator()(long system, long component) const {
    return measure(model, State(model), "ORIENT", {system, component, 20});
  }
  std::string error(long system, long component, int order) const {
    return error_at(model, State(model), "ORIENT", {system, component, 20}, order);
  }
};

// Angles inside each sequence's principal ranges: the middle one in [-pi/2, pi/2] for three
// different axes, in [0, pi] for a-b-a.
Vector3d principal_angles(const char* sequence, int sample) {
  const bool repeated = sequence[0] == sequence[2];
  const Vector3d samples[3] = {{0.4, 0.9, 2.2}, {-2.8, 0.3, -0.6}, {3.0, 1.4, -3.1}};
  Vector3d t = samples[sample];
  if (repeated && sample == 1) t[1] = 2.6;
  if (!repeated && sample == 1) t[1] = -1.2;
  return t;
}

}  // namespace

TEST_CASE("ORIENT 1-24 recover body- and space-fixed Euler angles of the documented sequences",
          "[kinematics][orient]") {
  const bool space = GENERATE(false, true);
  const int index = GENERATE(range(0, 12));
  const int sample = GENERATE(0, 1, 2);
  const char* sequence = kSequences[static_cast<std::size_t>(index)];
  const long system = index + (space ? 13 : 1);
  const Vector3d t = principal_angles(sequence, sample);
  CAPTURE(system, sequence, t);
  const Matrix3d a = space ? space_fixed(sequence, t) : body_fixed(sequence, t);
  const OneMarker one(a);
  const TwoParts two(a);
  for (long c = 0; c < 3; ++c) {
    CHECK(one(system, c + 1) == Approx(t[c]).margin(kAngle));
    CHECK(two("ORIENT", {system, c + 1}) == Approx(t[c]).margin(kAngle));
  }
}

TEST_CASE("ORIENT 11, 25 and 26 are PSI THETA PHI, AX AY AZ and YAW PITCH ROLL", "[kinematics][orient]") {
  const TwoParts two(r313(0.7, 1.1, -2.4) * rx(0.2));
  const char* names[3][3] = {{"PSI", "THETA", "PHI"}, {"AX", "AY", "AZ"}, {"YAW", "PITCH", "ROLL"}};
  const long systems[3] = {11, 25, 26};
  for (int s = 0; s < 3; ++s)
    for (int c = 0; c < 3; ++c) CHECK(two("ORIENT", {systems[s], c + 1}) == two(names[s][c]));
  SECTION("PITCH has Adams' sign: the negative of the second body 3-2-1 angle (system 6)") {
    CHECK(two("ORIENT", {6, 2}) == -two("PITCH"));
    CHECK(two("ORIENT", {6, 1}) == two("YAW"));
    CHECK(two("ORIENT", {6, 3}) == two("ROLL"));
  }
}

TEST_CASE("ORIENT 27 gives the Euler parameters with e0 first and e0 >= 0", "[kinematics][orient]") {
  const Vector3d n = Vector3d(1, 2, -2) / 3;
  SECTION("a turn of 1.1 about n: (cos 0.55, n sin 0.55)") {
    const OneMarker m(Eigen::AngleAxisd(1.1, n).toRotationMatrix());
    CHECK(m(27, 1) == Approx(std::cos(0.55)).epsilon(1e-15));
    for (int c = 0; c < 3; ++c) CHECK(m(27, c + 2) == Approx(n[c] * std::sin(0.55)).epsilon(1e-15));
  }
  SECTION("a turn of 4 about n is a turn of 2 pi - 4 about -n: the signs follow e0 >= 0") {
    const TwoParts two(Eigen::AngleAxisd(4.0, n).toRotationMatrix());
    CHECK(two("ORIENT", {27, 1}) == Approx(-std::cos(2.0)).epsilon(1e-14));
    for (int c = 0; c < 3; ++c) CHECK(two("ORIENT", {27, c + 2}) == Approx(-n[c] * std::sin(2.0)).epsilon(1e-14));
  }
  SECTION("the four have unit length for any orientation") {
    const OneMarker m(r313(2.9, 0.4, -1.3));
    double sum = 0.0;
    for (int c = 1; c <= 4; ++c) sum += m(27, c) * m(27, c);
    CHECK(sum == Approx(1.0).epsilon(1e-15));
  }
}

TEST_CASE("ORIENT 27 matches Adams' output for the Chrono revolute pendulum", "[kinematics][orient]") {
  // projectchrono/chrono data/testing/joints/adams_models/test_Revolute_Case01.adm: marker 0201
  // has REULER = 180D, 90D, 180D on a part at the ground pose, and REQUEST/04 writes
  // ORIENT(27, 1..4, 0201, 0101). Adams wrote at time 0 (Revolute_Case01_ADAMS_Quat.txt):
  // e0 = +7.071070E-01, e1 = -7.071070E-01, e2 = 0, e3 = +8.659560E-17.
  Model model;
  model.add_part(2, PartState{});
  model.add_marker(201, 2, {2, 0, 0}, orientation_from_reuler(kPi, kPi / 2, kPi));
  model.add_marker(101, 0, {0, 0, 0}, Matrix3d::Identity());
  const State s(model);
  const double adams[4] = {7.071070E-01, -7.071070E-01, 0.0, 8.659560E-17};
  for (long c = 1; c <= 4; ++c)
    CHECK(measure(model, s, "ORIENT", {27, c, 201, 101}) == Approx(adams[c - 1]).margin(5e-7));
}

TEST_CASE("ORIENT 28 gives the Rodriguez parameters n tan(phi/2)", "[kinematics][orient]") {
  const Vector3d n = Vector3d(2, -3, 6) / 7;
  for (double phi : {0.5, 2.0, 3.0, 4.0, -1.0}) {
    CAPTURE(phi);
    const TwoParts two(Eigen::AngleAxisd(phi, n).toRotationMatrix());
    for (int c = 0; c < 3; ++c) CHECK(two("ORIENT", {28, c + 1}) == Approx(n[c] * std::tan(phi / 2)).epsilon(1e-13));
  }
}

TEST_CASE("ORIENT 29 gives the direction cosines of i's axes, x first", "[kinematics][orient]") {
  const Matrix3d a = rz(0.3) * ry(-0.8) * rx(1.9);
  const TwoParts two(a);
  // Components 1-3: i's x axis on j's x, y, z; 4-6 its y axis; 7-9 its z axis.
  for (int axis = 0; axis < 3; ++axis)
    for (int c = 0; c < 3; ++c) CHECK(two("ORIENT", {29, 3 * axis + c + 1}) == Approx(a(c, axis)).margin(1e-14));
  SECTION("a turn of 0.3 about z: component 2 is sin 0.3, component 4 is -sin 0.3") {
    const OneMarker m(rz(0.3));
    CHECK(m(29, 2) == Approx(std::sin(0.3)).epsilon(1e-15));
    CHECK(m(29, 4) == Approx(-std::sin(0.3)).epsilon(1e-15));
    CHECK(m(29, 9) == 1.0);
  }
}

TEST_CASE("At gimbal lock the angle about j's axis takes the whole rotation", "[kinematics][orient][singular]") {
  SECTION("body 1-2-3 at t2 = +-pi/2: Rx(a) Ry(+-pi/2) Rz(b) = Rx(a +- b) Ry(+-pi/2)") {
    const OneMarker up(body_fixed("123", {0.3, kPi / 2, 0.5}));
    CHECK(up(1, 1) == Approx(0.8).margin(1e-8));
    CHECK(up(1, 2) == Approx(kPi / 2).margin(kAngle));
    CHECK(up(1, 3) == 0.0);
    const OneMarker down(body_fixed("123", {0.3, -kPi / 2, 0.5}));
    CHECK(down(1, 1) == Approx(-0.2).margin(1e-8));
    CHECK(down(1, 3) == 0.0);
  }
  SECTION("body 1-2-1 at t2 = 0 and pi: Rx(a) Rx(b) = Rx(a + b), Rx(a) Ry(pi) Rx(b) = Rx(a - b) Ry(pi)") {
    const OneMarker zero(body_fixed("121", {0.3, 0.0, 0.5}));
    CHECK(zero(7, 1) == Approx(0.8).margin(kAngle));
    CHECK(zero(7, 2) == 0.0);
    CHECK(zero(7, 3) == 0.0);
    const OneMarker half(body_fixed("121", {0.3, kPi, 0.5}));
    CHECK(half(7, 1) == Approx(-0.2).margin(kAngle));
    CHECK(half(7, 2) == Approx(kPi).margin(kAngle));
    CHECK(half(7, 3) == 0.0);
  }
  SECTION("space 1-2-3 at t2 = pi/2: Rz(c) Ry(pi/2) Rx(a) = Rz(c - a) Ry(pi/2), so t1 = 0") {
    const OneMarker m(space_fixed("123", {0.3, kPi / 2, 0.5}));
    CHECK(m(13, 1) == 0.0);
    CHECK(m(13, 2) == Approx(kPi / 2).margin(kAngle));
    CHECK(m(13, 3) == Approx(0.2).margin(1e-8));
  }
  SECTION("the derivatives do not exist there, and do a millionth of a radian away") {
    const int order = GENERATE(1, 2);
    const long component = GENERATE(1, 2, 3);
    CHECK_THAT(OneMarker(body_fixed("123", {0.3, kPi / 2, 0.5})).error(1, component, order),
               Contains("no derivative where the second angle puts the first and third turn on one line"));
    CHECK_THAT(OneMarker(space_fixed("212", {0.3, 0.0, 0.5})).error(21, component, order),
               Contains("no derivative where the second angle"));
    CHECK(OneMarker(body_fixed("123", {0.3, kPi / 2 - 1e-6, 0.5})).error(1, component, order).empty());
  }
}

TEST_CASE("At a half turn Euler parameters have no derivative and Rodriguez parameters no value",
          "[kinematics][orient][singular]") {
  const Vector3d n(0, 0.6, 0.8);
  SECTION("e0 = 0 and the largest of e1, e2, e3 is positive, whichever way the axis is written") {
    for (const Vector3d& axis : {n, Vector3d(-n)}) {
      const OneMarker m(Eigen::AngleAxisd(kPi, axis).toRotationMatrix());
      CHECK(m(27, 1) == Approx(0.0).margin(1e-15));
      CHECK(m(27, 2) == Approx(0.0).margin(1e-15));
      CHECK(m(27, 3) == Approx(0.6).epsilon(1e-15));
      CHECK(m(27, 4) == Approx(0.8).epsilon(1e-15));
    }
  }
  const OneMarker half(Eigen::AngleAxisd(kPi, n).toRotationMatrix());
  const int order = GENERATE(1, 2);
  CHECK_THAT(half.error(27, 3, order), Contains("Euler parameters have no derivative at a half turn"));
  CHECK_THAT(half.error(28, 1, 0), Equals("ORIENT Rodriguez parameters are infinite at a half turn (e0 = 0)"));
  CHECK_THAT(half.error(28, 2, order), Equals("ORIENT Rodriguez parameters are infinite at a half turn (e0 = 0)"));
  const OneMarker near(Eigen::AngleAxisd(kPi - 1e-6, n).toRotationMatrix());
  CHECK(near.error(27, 3, order).empty());
  CHECK(near(28, 3) == Approx(0.8 * std::tan((kPi - 1e-6) / 2)).epsilon(1e-9));
}

TEST_CASE("ORIENT's system and component must be defined", "[kinematics][orient][errors]") {
  const OneMarker m(Matrix3d::Identity());
  auto bind_error = [&](std::vector<long> arguments) {
    auto call = fexpr::kinematics::bind(m.model, Measure::ORIENT, arguments);
    auto* e = std::get_if<BindError>(&call);
    REQUIRE(e != nullptr);
    return *e;
  };
  SECTION("an undefined system lists the defined ones") {
    for (long system : {0L, 30L, -27L}) {
      const BindError e = bind_error({system, 1, 20});
      CHECK(e.argument == 0);
      CHECK(e.parameter);
      CHECK_THAT(e.message, Equals("ORIENT system " + std::to_string(system) +
                                   " is not defined; the systems are 1-12 body-fixed and 13-24 space-fixed Euler "
                                   "angles (1-2-3, 2-3-1, 3-1-2, 1-3-2, 2-1-3, 3-2-1, 1-2-1, 1-3-1, 2-1-2, 2-3-2, "
                                   "3-1-3, 3-2-3), 25 AX AY AZ, 26 YAW PITCH ROLL, 27 Euler parameters, 28 Rodriguez "
                                   "parameters, 29 direction cosines"));
    }
  }
  SECTION("a component out of range names the system and its components") {
    const auto [system, component, message] = GENERATE(table<long, long, std::string>({
        {1, 4, "ORIENT system 1 (body-fixed 1-2-3 Euler angles) has components 1 to 3, not 4"},
        {24, 0, "ORIENT system 24 (space-fixed 3-2-3 Euler angles) has components 1 to 3, not 0"},
        {25, 4, "ORIENT system 25 (AX, AY, AZ) has components 1 to 3, not 4"},
        {26, -1, "ORIENT system 26 (YAW, PITCH, ROLL) has components 1 to 3, not -1"},
        {27, 5, "ORIENT system 27 (Euler parameters) has components 1 to 4, not 5"},
        {28, 4, "ORIENT system 28 (Rodriguez parameters) has components 1 to 3, not 4"},
        {29, 10, "ORIENT system 29 (direction cosines) has components 1 to 9, not 10"}}));
    const BindError e = bind_error({system, component, 20});
    CHECK(e.argument == 1);
    CHECK(e.parameter);
    CHECK_THAT(e.message, Equals(message));
  }
  SECTION("the markers come after the two codes") {
    BindError e = bind_error({27, 1, 21});
    CHECK(e.argument == 2);
    CHECK_FALSE(e.parameter);
    CHECK_THAT(e.message, Equals("marker 21 is not defined; markers on part 2 are 20"));
    e = bind_error({27, 1, 20, 31});
    CHECK(e.argument == 3);
    e = bind_error({27, 1, 0});
    CHECK(e.argument == 2);
    CHECK_THAT(e.message, Equals("ORIENT measures marker i, which cannot be ground (0)"));
    CHECK_THAT(bind_error({27, 1}).message, Equals("ORIENT needs the orientation system, the component and at least one marker"));
    CHECK_THAT(bind_error({27, 1, 20, 20, 20}).message, Equals("ORIENT takes at most 2 markers, not 3"));
  }
}

TEST_CASE("ModelBindings take ORIENT's codes as integer constants", "[kinematics][orient][errors]") {
  const OneMarker m(Matrix3d::Identity());
  const fexpr::kinematics::ModelBindings bindings(m.model);
  auto rejected = [&](std::vector<std::optional<double>> arguments) {
    auto r = bindings.resolve_measure("ORIENT", arguments);
    REQUIRE(r.has_value());
    auto* e = std::get_if<fexpr::Bindings::Rejected>(&*r);
    REQUIRE(e != nullptr);
    return *e;
  };
  fexpr::Bindings::Rejected e = rejected({27.5, 1.0, 20.0});
  CHECK(e.argument == 0);
  CHECK(e.code == fexpr::Code::argument);
  CHECK_THAT(e.message, Equals("ORIENT takes the orientation system as an integer constant"));
  e = rejected({27.0, std::nullopt, 20.0});
  CHECK(e.argument == 1);
  CHECK_THAT(e.message, Equals("ORIENT takes the component as an integer constant"));
  e = rejected({27.0, 1.0, 20.5});
  CHECK(e.argument == 2);
  CHECK_THAT(e.message, Equals("ORIENT takes marker ids, which are integer constants"));
  e = rejected({31.0, 1.0, 20.0});
  CHECK(e.code == fexpr::Code::argument);
  CHECK_THAT(e.message, Contains("ORIENT system 31 is not defined"));
  e = rejected({27.0, 1.0, 21.0});
  CHECK(e.code == fexpr::Code::reference);
  CHECK(e.argument == 2);
}

TEST_CASE("ORIENT's gradient and Hessian match finite differences in every system", "[kinematics][orient][derivatives]") {
  const long system = GENERATE(range(1L, 30L));
  const int components = system == 27 ? 4 : system == 29 ? 9 : 3;
  RandomScene scene;
  for (long component = 1; component <= components; ++component)
    for (const std::vector<long>& markers : {std::vector<long>{20, 30}, {21}, {40, 1}}) {
      std::vector<long> ids = {system, component};
      ids.insert(ids.end(), markers.begin(), markers.end());
      check_derivatives(scene, "ORIENT", ids, 2);
    }
}

TEST_CASE("An ORIENT call made without bind and undefined codes is an evaluation error", "[kinematics][orient][errors]") {
  const OneMarker m(Matrix3d::Identity());
  MeasureCall call = bound(m.model, "ORIENT", {29, 9, 20});
  double value = 0.0;
  for (std::array<int, 2> codes : {std::array<int, 2>{30, 1}, std::array<int, 2>{29, 10}, std::array<int, 2>{1, 0}}) {
    call.parameters = codes;
    CHECK_THAT(evaluate(call, m.model, State(m.model), 0, &value, nullptr, nullptr),
               Equals("ORIENT system or component is not defined (the call was not bound)"));
  }
}

}  // namespace test_kinematics_orient
