#include "dataset/view/command.hpp"
#include "dataset/view/design.hpp"

#include "kinematics/rotation.hpp"
#include "support/text.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Geometry>

#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <set>
#include <sstream>

namespace test_view_design {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using fexpr::dataset::view::DesignFailure;
using fexpr::dataset::view::DesignScope;
using fexpr::dataset::view::DesignValue;
using fexpr::dataset::view::Dimension;
using fexpr::dataset::view::evaluate;
using fexpr::dataset::view::Frame;
using fexpr::dataset::view::kAngle;
using fexpr::dataset::view::kLength;
using fexpr::dataset::view::kNone;
using fexpr::dataset::view::Units;
using Kind = DesignValue::Kind;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kDeg = kPi / 180;

Matrix3d euler313(double psi, double theta, double phi) { return fexpr::kinematics::rotation_313(psi, theta, phi); }
Matrix3d turn_z(double a) { return Eigen::AngleAxisd(a, Vector3d::UnitZ()).toRotationMatrix(); }

// A model in meters and degrees unless a test says otherwise, with the objects it is given.
class Scope : public DesignScope {
 public:
  Units u;
  std::map<std::string, Frame> frames;
  std::map<std::string, DesignValue> variables;
  std::set<std::string> others;

  const Units& units() const override { return u; }
  std::optional<Frame> frame(std::string_view name) const override {
    const auto it = frames.find(std::string(name));
    if (it == frames.end()) return std::nullopt;
    return it->second;
  }
  std::optional<DesignValue> variable(std::string_view name) const override {
    const auto it = variables.find(std::string(name));
    if (it == variables.end()) return std::nullopt;
    return it->second;
  }
  bool exists(std::string_view name) const override {
    const std::string n(name);
    return frames.count(n) || variables.count(n) || others.count(n);
  }
};

DesignValue value(const std::string& text, const Scope& scope, Dimension plain = kNone, const Frame& context = {}) {
  auto r = evaluate(text, 0, scope, context, plain);
  if (auto* f = std::get_if<DesignFailure>(&r)) FAIL(text << ": " << f->message);
  return std::get<DesignValue>(r);
}

double number(const std::string& text, const Scope& scope, Dimension plain = kNone) {
  const DesignValue v = value(text, scope, plain);
  REQUIRE(v.numbers.size() == 1);
  return v.numbers[0];
}

Vector3d triple(const std::string& text, const Scope& scope, const Frame& context = {}) {
  const DesignValue v = value(text, scope, kLength, context);
  REQUIRE(v.kind == Kind::array);
  REQUIRE(v.numbers.size() == 3);
  return {v.numbers[0], v.numbers[1], v.numbers[2]};
}

// An ORI_ result as the rotation its body 3-1-3 angles (radians) give.
Matrix3d axes(const std::string& text, const Scope& scope, const Frame& context = {}) {
  const DesignValue v = value(text, scope, kAngle, context);
  REQUIRE(v.body313);
  REQUIRE(v.numbers.size() == 3);
  return euler313(v.numbers[0], v.numbers[1], v.numbers[2]);
}

DesignFailure failure(const std::string& text, const Scope& scope, std::uint32_t offset = 0) {
  auto r = evaluate(text, offset, scope, Frame{}, kNone);
  if (!std::holds_alternative<DesignFailure>(r)) FAIL(text << " evaluated");
  return std::get<DesignFailure>(r);
}

DesignValue plain_number(double x, Dimension d = kNone) {
  DesignValue v;
  v.numbers = {x};
  v.dimension = d;
  return v;
}

DesignValue numbers(std::vector<double> x) {
  DesignValue v;
  v.kind = Kind::array;
  v.numbers = std::move(x);
  return v;
}

DesignValue object(std::string name) {
  DesignValue v;
  v.kind = Kind::object;
  v.text = std::move(name);
  return v;
}

bool near(const Vector3d& a, const Vector3d& b, double tolerance = 1e-12) { return (a - b).cwiseAbs().maxCoeff() < tolerance; }
bool near(const Matrix3d& a, const Matrix3d& b, double tolerance = 1e-12) { return (a - b).cwiseAbs().maxCoeff() < tolerance; }

// The figure of LOC_ON_AXIS's page, read back from its three examples: marker_2 at (4, 6, 0)
// with its x along global y (5 along x, y, z reach (4, 11, 0), (-1, 6, 0), (4, 6, 5)).
Frame marker_2_of_loc_on_axis() { return {Vector3d(4, 6, 0), turn_z(90 * kDeg)}; }

}  // namespace

TEST_CASE("design expressions follow the usual precedence") {
  const Scope s;
  CHECK(number("(1 + 2 * 3)", s) == 7.0);
  CHECK(number("((1 + 2) * 3)", s) == 9.0);
  CHECK(number("(7 - 2 - 1)", s) == 4.0);
  CHECK(number("(10 / 4)", s) == 2.5);
  CHECK(number("(2 ** 3 ** 2)", s) == 512.0);  // right to left
  CHECK(number("(-2 ** 2)", s) == -4.0);
  CHECK(number("(2 ** -1)", s) == 0.5);
  CHECK(number("(-(3 / 1.5 - 4))", s) == 2.0);
  CHECK(number("(1.0E+05 * 5.0E-002)", s) == Approx(5000.0).epsilon(1e-15));
  CHECK(number("(3 -  &\n   1)", s) == 2.0);  // a command's continuation inside the parentheses
}

TEST_CASE("numbers with units are in the model's units, angles leave in radians") {
  Scope s;
  SECTION("lengths") {
    CHECK(number("(5000.0mm)", s, kLength) == Approx(5.0).epsilon(1e-15));
    CHECK(number("(6inch + 1)", s, kLength) == Approx(1.1524).epsilon(1e-15));
    const DesignValue v = value("({6inch, 0.0, 0.0})", s, kLength);
    CHECK(v.dimension == kLength);
    CHECK(v.numbers[0] == Approx(0.1524).epsilon(1e-15));
  }
  SECTION("angles: plain numbers are in the model's angle unit") {
    DesignValue v = value("({90, 0, 0})", s, kAngle);
    CHECK(v.numbers[0] == Approx(kPi / 2).epsilon(1e-15));
    CHECK(v.dimension == kAngle);
    v = value("({180.0d, 0.0, 90})", s, kAngle);
    CHECK(v.numbers[0] == Approx(kPi).epsilon(1e-15));
    CHECK(v.numbers[2] == Approx(kPi / 2).epsilon(1e-15));
    CHECK(number("(30(deg))", s, kAngle) == Approx(kPi / 6).epsilon(1e-15));
    REQUIRE(s.u.set("angle", "rad"));
    v = value("({1.5, 90d, 0})", s, kAngle);
    CHECK(v.numbers[0] == 1.5);
    CHECK(v.numbers[1] == Approx(kPi / 2).epsilon(1e-15));
  }
  SECTION("a unit after an operand") {
    s.variables[".m.DV_k"] = plain_number(2.0);
    CHECK(number("(.m.DV_k(newton/mm))", s) == Approx(2000.0).epsilon(1e-15));
    CHECK(number("(.m.DV_k mm)", s, kLength) == Approx(0.002).epsilon(1e-15));
    CHECK(number("((1 + 1)(mm))", s, kLength) == Approx(0.002).epsilon(1e-15));
  }
}

TEST_CASE("trigonometry works in the model's angle unit, as the corpus's exports show") {
  Scope s;
  SECTION("SIN and COS of plain numbers and of degrees; ACOS returns an angle") {
    CHECK(number("(SIN(30))", s) == Approx(0.5).epsilon(1e-15));
    CHECK(number("(COS(60d))", s) == Approx(0.5).epsilon(1e-15));
    const DesignValue a = value("(ACOS(0.5))", s);
    CHECK(a.dimension == kAngle);
    CHECK(a.numbers[0] == Approx(kPi / 3).epsilon(1e-15));
    CHECK(number("(ATAN2(1, -1))", s) == Approx(3 * kPi / 4).epsilon(1e-15));
    REQUIRE(s.u.set("angle", "rad"));
    CHECK(number("(SIN(0.5235987755982988))", s) == Approx(0.5).epsilon(1e-15));
  }
  SECTION("VehLib Loader1.cmd: Dv_theta1 and Dv_p1x as the export wrote them") {
    // Dv_theta1 = Dv_thetab + ACOS(...)d, with Dv_thetab -88.9769698113, Dv_bz -0.56,
    // Dv_bx -0.01; Adams View wrote -39.4699220327 (degrees) for it.
    s.variables[".Loader1.Dv_thetab"] = plain_number(-88.9769698113);
    s.variables[".Loader1.Dv_bz"] = plain_number(-0.56);
    s.variables[".Loader1.Dv_bx"] = plain_number(-1.0E-002);
    const DesignValue theta = value(
        "(.Loader1.Dv_thetab + ACOS(((.Loader1.Dv_bz**2 + .Loader1.Dv_bx**2 + 1.285**2 - 1.015**2) / "
        "(2 * (.Loader1.Dv_bz**2 + .Loader1.Dv_bx**2)**0.5 * 1.285))d))",
        s);
    CHECK(theta.dimension == kAngle);
    CHECK(theta.numbers[0] == Approx(-39.4699220327 * kDeg).epsilon(1e-10));
    // Dv_p1x = Dv_ArmMountx + 1.285 * COS(Dv_theta1 d), written as 0.9919665342.
    s.variables[".Loader1.Dv_theta1"] = theta;
    CHECK(number("(0.0 + 1.285 * COS(.Loader1.Dv_theta1 d))", s) == Approx(0.9919665342).epsilon(1e-10));
  }
  SECTION("VehLib bh1.cmd: DV_boom_p1x as the export wrote it") {
    s.variables[".BH1.DV_thetab1"] = plain_number(62.1125008473);
    s.variables[".BH1.DV_theta_backhoe"] = plain_number(11.309932474);
    CHECK(number("(-0.8 * SIN(.BH1.DV_thetab1 - .BH1.DV_theta_backhoe))", s) == Approx(-0.6199782557).epsilon(1e-10));
  }
}

TEST_CASE("strings join with //, conditions compare and combine") {
  Scope s;
  s.others.insert(".colors.RED");
  const DesignValue j = value(R"(("Upper_DP_Group" // 1 // "_B.cm"))", s);
  CHECK(j.kind == Kind::text);
  CHECK(j.text == "Upper_DP_Group1_B.cm");
  CHECK(value(R"(('say \'a\'' // "!"))", s).text == "say 'a'!");
  CHECK(number("(2 > 1)", s) == 1.0);
  CHECK(number("(2 <= 1)", s) == 0.0);
  CHECK(number("(1 == 1 && 2 != 2)", s) == 0.0);
  CHECK(number("(1 < 2 || 0)", s) == 1.0);
  CHECK(number(R"((! db_exists(".colors.COLOR_R255G000B000")))", s) == 1.0);
  CHECK(number(R"((DB_EXISTS(".colors.RED")))", s) == 1.0);
  CHECK(number(R"(("a" == "a"))", s) == 1.0);
  CHECK(value("(2 > 1)", s).kind == Kind::boolean);
}

TEST_CASE("arrays add and scale element by element; inner braces of one length make a matrix") {
  Scope s;
  s.variables[".m.DV_xyz"] = numbers({-0.5, -0.25, 0.15});
  DesignValue v = value("({1, 2, 3} + {1, 1, 1} * 2)", s);
  CHECK(v.numbers == std::vector<double>{3, 4, 5});
  v = value("(-{1, 2} / 2)", s);
  CHECK(v.numbers == std::vector<double>{-0.5, -1});
  v = value("({{1, 2, 3}, {4, 5, 6}})", s);
  CHECK(v.columns == 3);
  CHECK(v.numbers.size() == 6);
  v = value("({.m.DV_xyz})", s);
  CHECK(v.numbers == std::vector<double>{-0.5, -0.25, 0.15});
  CHECK(number("({7, 8, 9}[2])", s) == 8.0);
  CHECK(number("(ROWS({{1, 2, 3}, {4, 5, 6}}))", s) == 2.0);
  CHECK(number("(SSQ({3, 4}))", s) == 25.0);
}

TEST_CASE("design variables and objects are read through the scope") {
  Scope s;
  s.variables[".model.DV_k"] = plain_number(3.0);
  s.variables[".model.ref"] = object(".model.PART_1.MAR_1");
  s.frames[".model.PART_1.MAR_1"] = Frame{Vector3d(1, 2, 3), Matrix3d::Identity()};
  CHECK(number("(.model.DV_k * 2)", s) == 6.0);
  CHECK(number("(.model.DV_k.real_value)", s) == 3.0);
  CHECK(near(triple("(LOC_RELATIVE_TO({1, 0, 0}, .model.ref))", s), Vector3d(2, 2, 3)));
  const DesignValue o = value("(.model.PART_1.MAR_1)", s);
  CHECK(o.kind == Kind::object);
  CHECK(o.text == ".model.PART_1.MAR_1");
  // An angle from the scope is in radians; the expression sees it in degrees.
  s.variables[".model.DV_a"] = plain_number(kPi / 2, kAngle);
  CHECK(number("(SIN(.model.DV_a))", s) == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("location functions, from their pages' examples and by hand") {
  Scope s;
  s.frames["marker_2"] = marker_2_of_loc_on_axis();
  SECTION("LOC_ON_AXIS and LOC_RELATIVE_TO on LOC_ON_AXIS's figure") {
    CHECK(near(triple(R"((LOC_ON_AXIS(marker_2, 5, "x")))", s), Vector3d(4, 11, 0)));
    CHECK(near(triple(R"((LOC_ON_AXIS(marker_2, 5, "Y")))", s), Vector3d(-1, 6, 0)));
    CHECK(near(triple(R"((LOC_ON_AXIS(marker_2, 5, "z")))", s), Vector3d(4, 6, 5)));
    // LOC_RELATIVE_TO's page (same figure): {16, 8, 0} in marker_2 is -4, 22, 0.
    CHECK(near(triple("(LOC_RELATIVE_TO({16, 8, 0}, marker_2))", s), Vector3d(-4, 22, 0)));
  }
  SECTION("LOC_RELATIVE_TO is in the context's coordinates") {
    // The context at (1, 0, 0) turned 90 degrees about z: (-4, 22, 0) - (1, 0, 0) = (-5, 22, 0),
    // whose coordinates along the context's x = (0, 1, 0) and y = (-1, 0, 0) are 22 and 5.
    const Frame context{Vector3d(1, 0, 0), turn_z(90 * kDeg)};
    CHECK(near(triple("(LOC_RELATIVE_TO({16, 8, 0}, marker_2))", s, context), Vector3d(22, 5, 0)));
  }
  SECTION("LOC_LOC, LOC_GLOBAL, LOC_LOCAL, LOC_INLINE") {
    s.frames["m1"] = Frame{Vector3d(1, 2, 3), Matrix3d::Identity()};
    s.frames["m2"] = Frame{Vector3d::Zero(), turn_z(90 * kDeg)};
    // (-6, 12, 0) in m1 is (-5, 14, 3) in ground; in m2 (x along y, y along -x): 14, 5, 3.
    CHECK(near(triple("(LOC_LOC({-6, 12, 0}, m1, m2))", s), Vector3d(14, 5, 3)));
    CHECK(near(triple("(LOC_LOC({-6, 12, 0}, m1, 0))", s), Vector3d(-5, 14, 3)));
    CHECK(near(triple("(LOC_GLOBAL({-6, 12, 0}, m1))", s), Vector3d(-5, 14, 3)));
    CHECK(near(triple("(LOC_LOCAL({-5, 14, 3}, m2))", s), Vector3d(14, 5, 3)));
    // LOC_INLINE normalises: (3, 4, 0) in m2 is (-4, 3, 0) in ground, length 5.
    CHECK(near(triple("(LOC_INLINE({3, 4, 0}, m2, 0))", s), Vector3d(-0.8, 0.6, 0)));
  }
  SECTION("LOC_ALONG_LINE, LOC_ON_LINE (its page's example), LOC_X_AXIS") {
    s.frames["a"] = Frame{Vector3d(1, 1, 0), Matrix3d::Identity()};
    s.frames["b"] = Frame{Vector3d(4, 5, 0), Matrix3d::Identity()};
    CHECK(near(triple("(LOC_ALONG_LINE(a, b, 10))", s), Vector3d(7, 9, 0)));
    CHECK(near(triple("(LOC_ON_LINE({{7,5,0},{15,11,0}}, 7))", s), Vector3d(12.6, 9.2, 0)));
    CHECK(near(triple("(LOC_X_AXIS(marker_2))", s), Vector3d(0, 1, 0)));
    CHECK(near(triple("(LOC_Y_AXIS(marker_2))", s), Vector3d(-1, 0, 0)));
    CHECK(near(triple("(LOC_Z_AXIS(marker_2))", s), Vector3d(0, 0, 1)));
  }
  SECTION("LOC_CYLINDRICAL and LOC_SPHERICAL (their pages' examples)") {
    CHECK(near(triple("(LOC_CYLINDRICAL(1, 30, 0))", s), Vector3d(std::sqrt(3.0) / 2, 0.5, 0)));
    const Vector3d p = triple("(LOC_SPHERICAL(10, 8D, 90D))", s);
    // The page rounds to 9.9, 1.39, 0: 10 cos 8 degrees, 10 sin 8 degrees.
    CHECK(near(p, Vector3d(10 * std::cos(8 * kDeg), 10 * std::sin(8 * kDeg), 0), 1e-12));
    CHECK(p[0] == Approx(9.9).margin(0.01));
    CHECK(p[1] == Approx(1.39).margin(0.005));
  }
  SECTION("mirrors and the perpendicular (LOC_PERPENDICULAR's and LOC_PLANE_MIRROR's examples)") {
    // A frame whose xy plane is the plane y = 6: mirroring (7, 7, 0) in it gives (7, 5, 0).
    s.frames["wall"] = Frame{Vector3d(0, 6, 0), Eigen::AngleAxisd(90 * kDeg, Vector3d::UnitX()).toRotationMatrix()};
    CHECK(near(triple(R"((LOC_MIRROR({7, 7, 0}, wall, "xy")))", s), Vector3d(7, 5, 0)));
    CHECK(near(triple(R"((LOC_FRAME_MIRROR({7, 7, 0}, wall, "YX")))", s), Vector3d(7, 5, 0)));
    CHECK(near(triple(R"((LOC_MIRROR({7, 7, 0}, wall, "xz")))", s), Vector3d(7, 7, 0)));
    CHECK(near(triple("(LOC_PERPENDICULAR({{10,12,0},{14,12,0},{12,10,0}}))", s), Vector3d(10, 12, 1)));
    CHECK(near(triple("(LOC_PLANE_MIRROR({2, 4, 0}, {{10,12,0},{14,12,0},{12,10,0}}))", s), Vector3d(2, 4, 0)));
    CHECK(near(triple("(LOC_PLANE_MIRROR({1, 2, 3}, {{10,12,0},{14,12,0},{12,10,0}}))", s), Vector3d(1, 2, -3)));
  }
}

TEST_CASE("orientation functions, from their pages' examples and the corpus's exports") {
  Scope s;
  s.frames["marker_1"] = Frame{Vector3d(3, 4, 0), Matrix3d::Identity()};
  SECTION("ORI_ALIGN_AXIS and ORI_ALIGN_AXIS_EUL (their pages)") {
    CHECK(near(axes(R"((ORI_ALIGN_AXIS(marker_1, "z-z")))", s), euler313(90 * kDeg, 180 * kDeg, 0)));
    CHECK(near(axes(R"((ORI_ALIGN_AXIS_EUL({8, 10, 0}, "z-z")))", s), euler313(188 * kDeg, 170 * kDeg, 90 * kDeg)));
    CHECK(near(axes(R"((ORI_ALIGN_AXIS(marker_1, "x+x")))", s), Matrix3d::Identity()));
  }
  SECTION("ORI_ALIGN_AXIS as the VehLib exports wrote it (body123 angles) for an unturned frame") {
    const auto body123 = [](double a, double b, double c) {
      return Matrix3d(Eigen::AngleAxisd(a, Vector3d::UnitX()) * Eigen::AngleAxisd(b, Vector3d::UnitY()) *
                      Eigen::AngleAxisd(c, Vector3d::UnitZ()));
    };
    // Loader1.cmd (134 times "zy") and TelBoom.cmd ("xz"): -90, 0, -90; TelBoom.cmd "y-z": -90, 0, 0.
    CHECK(near(axes(R"((ORI_ALIGN_AXIS(marker_1, "zy")))", s), body123(-90 * kDeg, 0, -90 * kDeg)));
    CHECK(near(axes(R"((ORI_ALIGN_AXIS(marker_1, "xz")))", s), body123(-90 * kDeg, 0, -90 * kDeg)));
    CHECK(near(axes(R"((ORI_ALIGN_AXIS(marker_1, "y-z")))", s), body123(-90 * kDeg, 0, 0)));
  }
  SECTION("ORI_ALIGN_AXIS of a turned frame, in a turned context") {
    s.frames["turned"] = Frame{Vector3d::Zero(), turn_z(30 * kDeg)};
    const Frame context{Vector3d(5, 5, 5), turn_z(30 * kDeg)};
    // In the context's coordinates the frame is unturned: "zy" as for marker_1.
    CHECK(near(axes(R"((ORI_ALIGN_AXIS(turned, "zy")))", s, context), axes(R"((ORI_ALIGN_AXIS(marker_1, "zy")))", s)));
  }
  SECTION("ORI_ALONG_AXIS, ORI_ONE_AXIS, ORI_ALL_AXES (their pages)") {
    s.frames["marker_2"] = Frame{Vector3d(5, 6, 0), Matrix3d::Identity()};
    CHECK(near(axes(R"((ORI_ALONG_AXIS(marker_1, marker_2, "y")))", s), euler313(315 * kDeg, 0, 0)));
    CHECK(near(axes(R"((ORI_ONE_AXIS({{10,16,0},{8,16,0}}, "x")))", s), euler313(180 * kDeg, 180 * kDeg, 0)));
    CHECK(near(axes(R"((ORI_ALL_AXES({{14,18,0},{10,14,0},{16,14,0}}, "xz")))", s), euler313(45 * kDeg, 90 * kDeg, 180 * kDeg)));
  }
  SECTION("ORI_IN_PLANE: the first axis to the second object, the second towards the third") {
    s.frames["p1"] = Frame{Vector3d(1, 1, 1), Matrix3d::Identity()};
    s.frames["p2"] = Frame{Vector3d(1, 1, 3), Matrix3d::Identity()};
    s.frames["p3"] = Frame{Vector3d(2, 1, 2), Matrix3d::Identity()};
    CHECK(near(axes(R"((ORI_IN_PLANE(p1, p2, p3, "z_zx")))", s), Matrix3d::Identity()));
    // x up, y towards p3 (along x), z = x cross y = (0,0,1) x (1,0,0) = (0,1,0).
    Matrix3d expected;
    expected << 0, 1, 0, 0, 0, 1, 1, 0, 0;
    CHECK(near(axes(R"((ORI_IN_PLANE(p1, p2, p3, "X_XY")))", s), expected));
  }
  SECTION("mirrors (the pages of ORI_MIRROR, ORI_FRAME_MIRROR, ORI_PLANE_MIRROR, marker_1 unturned)") {
    CHECK(near(axes(R"((ORI_MIRROR({{10,8,0}}, marker_1, "xy", "xy")))", s), euler313(190 * kDeg, 8 * kDeg, 180 * kDeg)));
    CHECK(near(axes(R"((ORI_FRAME_MIRROR({6, 14, 0}, marker_1, "xz", "xz")))", s), euler313(174 * kDeg, 14 * kDeg, 180 * kDeg)));
    CHECK(near(axes(R"((ORI_PLANE_MIRROR({0, 0, 0}, {{18,6,0},{18,12,0},{21,6,0}}, "xy")))", s), Matrix3d::Identity()));
  }
  SECTION("ORI_RELATIVE_TO, ORI_ORI, ORI_GLOBAL, ORI_LOCAL") {
    // MRGilak Control_Plant.cmd: the reference marker is turned 228.3494300742 degrees about z
    // and ORI_RELATIVE_TO({180.0d, 0.0, 0.0}, it) was written as 48.3494300742 degrees.
    s.frames["ref"] = Frame{Vector3d(26.9, -23.9, -10), turn_z(228.3494300742 * kDeg)};
    CHECK(near(axes("(ORI_RELATIVE_TO({180.0d, 0.0, 0.0}, ref))", s), turn_z(48.3494300742 * kDeg)));
    s.frames["z90"] = Frame{Vector3d::Zero(), turn_z(90 * kDeg)};
    s.frames["x90"] = Frame{Vector3d::Zero(), Eigen::AngleAxisd(90 * kDeg, Vector3d::UnitX()).toRotationMatrix()};
    CHECK(near(axes("(ORI_GLOBAL({10, 0, 0}, z90))", s), turn_z(100 * kDeg)));
    CHECK(near(axes("(ORI_LOCAL({10, 0, 0}, z90))", s), turn_z(-80 * kDeg)));
    // {0,0,0} in x90 seen from z90: Rz(-90) Rx(90).
    CHECK(near(axes("(ORI_ORI({0, 0, 0}, x90, z90))", s),
               Matrix3d(turn_z(-90 * kDeg) * Eigen::AngleAxisd(90 * kDeg, Vector3d::UnitX()).toRotationMatrix())));
    const Frame context{Vector3d::Zero(), turn_z(90 * kDeg)};
    CHECK(near(axes("(ORI_RELATIVE_TO({10, 0, 0}, z90))", s, context), turn_z(10 * kDeg)));
  }
}

TEST_CASE("the number functions") {
  const Scope s;
  CHECK(number("(PI)", s) == kPi);
  CHECK(number("(2 * PI())", s) == 2 * kPi);
  CHECK(number("(DTOR * 180)", s) == Approx(kPi).epsilon(1e-15));
  CHECK(number("(RTOD)", s) == Approx(180 / kPi).epsilon(1e-15));
  CHECK(number("(SQRT(16))", s) == 4.0);
  CHECK(number("(ABS(-2.5))", s) == 2.5);
  CHECK(number("(EXP(0) + LOG(1) + LOG10(100))", s) == 3.0);
  CHECK(number("(MIN(3, -1, 2) + MAX({1, 5, 2}))", s) == 4.0);
  CHECK(number("(MOD(7, 3) + MOD(-7, 3))", s) == 0.0);  // Fortran's MOD keeps the first's sign: 1 - 1
  CHECK(number("(SIGN(2, -1))", s) == -2.0);
  CHECK(number("(INT(-2.7) + AINT(2.7) + ANINT(2.5))", s) == 3.0);
  CHECK(number("(EVAL(1 + 1))", s) == 2.0);
  CHECK(number("(ATAN(1))", s) == Approx(kPi / 4).epsilon(1e-15));
  CHECK(number("(TAN(45))", s) == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("what Adams View refuses is a certain failure, at its place in the file") {
  Scope s;
  s.frames["m"] = Frame{};
  struct Case {
    const char* text;
    std::uint32_t begin, end;  // in the text
  };
  for (const Case& c : {
           Case{"(1 + 2", 0, 1},
           Case{"({1, 2)", 6, 7},
           Case{"(1 + )", 5, 6},
           Case{"( * 2)", 2, 3},
           Case{"()", 1, 2},
           Case{"(1 @ 2)", 3, 4},
           Case{R"(("abc))", 1, 2},
           Case{"(2 (3))", 3, 4},
           Case{"(1 2)", 3, 4},
           Case{"(LOC_RELATIVE_TO({1, 2, 3}))", 1, 27},
           Case{"(SIN(1, 2))", 1, 10},
           Case{R"((LOC_RELATIVE_TO({0, 0, 0}, "m")))", 28, 31},
           Case{R"(("a" + 1))", 1, 4},
           Case{R"((ORI_ALIGN_AXIS(m, "qq")))", 19, 23},
           Case{R"((ORI_IN_PLANE(m, m, m, "z-zx")))", 23, 29},
           Case{R"((LOC_ON_AXIS(m, 1, "w")))", 19, 22},
           Case{"(LOC_GLOBAL({1, 2}, m))", 12, 18},
           Case{"(LOC_ON_LINE({1, 2, 3}, 1))", 13, 22},
           Case{R"((GETENV("x") + ))", 15, 16},
       }) {
    INFO(c.text);
    const DesignFailure f = failure(c.text, s, 1000);
    INFO(f.message);
    CHECK(f.certain);
    CHECK(f.span.begin == 1000 + c.begin);
    CHECK(f.span.end == 1000 + c.end);
  }
}

TEST_CASE("what fexpr cannot evaluate is an uncertain failure that names it") {
  Scope s;
  s.frames[".m.PART_1.MAR_1"] = Frame{};
  s.variables[".m.DV_zero"] = plain_number(0.0);
  s.variables[".m.DV_one"] = plain_number(1.0);
  for (const auto& [text, message] : std::vector<std::pair<const char*, const char*>>{
           {R"((DB_CHILDREN(.m, "marker")))", "fexpr does not evaluate DB_CHILDREN"},
           {R"((getenv("HOME")))", "fexpr does not evaluate GETENV"},
           {"(LOC_RELATIVE_TO({$x, 0, 0}, .m.PART_1.MAR_1))", "fexpr does not evaluate the macro parameter in $x"},
           {"($'field_main'.$'field_newName'.TopLinkR.MARKER_1)", "macro parameter"},
           {"(.m.nowhere * 2)", "fexpr does not know the name .m.nowhere"},
           {"(.m.PART_1.MAR_1.location)", "fexpr does not evaluate the attribute location of .m.PART_1.MAR_1"},
           {"(LOC_RELATIVE_TO({0, 0, 0}, .m.DV_one.object_value))", "takes a coordinate system object"},
           {"(1 / .m.DV_zero)", "division by zero"},
           {"(ACOS(2))", "ACOS is not defined at 2"},
           {"(SQRT(-1))", "SQRT is not defined at -1"},
           {"(12furlong)", "fexpr does not know the unit of 12furlong"},
           {"(LOC_RELATIVE_TO({0, 0, 0}, .m.other.MAR_1))", "fexpr does not know the name .m.other.MAR_1"},
           {"({1, 2} * {3, 4})", "fexpr does not multiply or divide arrays by arrays"},
           {"({} + 1)", "fexpr does not evaluate arithmetic on an empty array"},
           {"(2 * {{}})", "fexpr does not evaluate arithmetic on an empty array"},
       }) {
    INFO(text);
    const DesignFailure f = failure(text, s);
    CHECK_FALSE(f.certain);
    CHECK_THAT(f.message, Catch::Contains(message));
  }
}

// The scope a command file defines, read roughly: every object a command names as created is
// a frame at ground, every design variable has the number (or numbers) it was created with, or
// 1; a name without a leading '.' is any object whose full name ends with it.
class CorpusScope : public DesignScope {
 public:
  explicit CorpusScope(const fexpr::dataset::view::CommandFile& file) {
    for (const auto& command : file.commands) {
      for (const auto& p : command.parameters) {
        if (p.items.empty() || !p.name.ends_with("_name")) continue;
        const std::string name = fexpr::text::lower(p.items[0].text);
        if (command.words.size() >= 2 && command.words[1].text.starts_with("cr") && p.name == "variable_name") {
          DesignValue v = plain_number(1.0);
          for (const auto& q : command.parameters) {
            if (q.name == "object_value" && !q.items.empty()) {
              v = object(fexpr::text::lower(q.items[0].text));
            }
            if (q.name != "real_value" || q.items.empty()) continue;
            std::vector<double> found;
            for (const auto& item : q.items) {
              if (const auto n = fexpr::dataset::view::quantity(item.text, units_)) found.push_back(n->value);
            }
            if (found.size() == q.items.size()) v = found.size() == 1 ? plain_number(found[0]) : numbers(found);
          }
          variables_[name] = v;
        } else if (p.name != "variable_name") {
          objects_.insert(name);
        }
        break;
      }
    }
  }
  const Units& units() const override { return units_; }
  // Objects at places of their own, so that no two of them make a line of no length.
  std::optional<Frame> frame(std::string_view name) const override {
    const auto* n = find(objects_, name);
    if (!n) return std::nullopt;
    const std::size_t h = std::hash<std::string>{}(*n);
    return Frame{Vector3d(double(h % 97), double(h / 97 % 89), double(h / 8633 % 83)), Matrix3d::Identity()};
  }
  std::optional<DesignValue> variable(std::string_view name) const override {
    const auto* n = find(variables_, name);
    if (!n) return std::nullopt;
    return variables_.at(*n);
  }
  bool exists(std::string_view name) const override { return find(objects_, name) || find(variables_, name); }

 private:
  template <class C>
  static const std::string* find(const C& names, std::string_view written) {
    const std::string w = fexpr::text::lower(written);
    if (w.empty()) return nullptr;
    for (const auto& entry : names) {
      const std::string& n = key(entry);
      if (n == w || (w[0] != '.' && n.size() > w.size() && n.ends_with(w) && n[n.size() - w.size() - 1] == '.')) return &n;
    }
    return nullptr;
  }
  static const std::string& key(const std::string& s) { return s; }
  static const std::string& key(const std::pair<const std::string, DesignValue>& p) { return p.first; }

  Units units_;
  std::set<std::string> objects_;
  std::map<std::string, DesignValue> variables_;
};

TEST_CASE("every parenthesised location and orientation of the corpus's command files evaluates or says why not") {
  namespace fs = std::filesystem;
  const fs::path folder = fs::path(FEXPR_SOURCE_DIR) / ".." / "shared" / "corpus" / "cmd";
  if (!fs::exists(folder)) {
    WARN("no corpus at " << folder.string());
    return;
  }
  std::size_t evaluated = 0, uncertain = 0;
  std::map<std::string, std::size_t> reasons;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".cmd") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const fexpr::SourceText source(entry.path().filename().string(), text.str());
    const auto file = fexpr::dataset::view::read_commands(source);
    const CorpusScope scope(file);
    for (const auto& command : file.commands) {
      for (const auto& p : command.parameters) {
        if (p.name != "location" && p.name != "orientation") continue;
        for (const auto& item : p.items) {
          if (item.kind != fexpr::dataset::view::Item::Kind::expression) continue;
          const auto r = evaluate(item.text, item.span.begin, scope, Frame{}, p.name == "location" ? kLength : kAngle);
          if (const auto* f = std::get_if<DesignFailure>(&r)) {
            INFO(entry.path().filename().string() << ": " << item.text << ": " << f->message);
            CHECK_FALSE(f->certain);
            CHECK(f->span.begin >= item.span.begin);
            CHECK(f->span.end <= item.span.end);
            ++uncertain;
            ++reasons[f->message.substr(0, 70)];
          } else {
            ++evaluated;
          }
        }
      }
    }
  }
  std::ostringstream why;
  for (const auto& [reason, n] : reasons) why << "\n  " << n << " " << reason;
  WARN(evaluated << " locations and orientations evaluated, " << uncertain << " not:" << why.str());
  CHECK(evaluated >= 1554);
}

}  // namespace test_view_design
