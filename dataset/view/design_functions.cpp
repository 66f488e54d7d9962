// The rules are those of Adams View's design-time function pages
// (adams.thisaray.com/adams_view_fn/expr_assist_<name>.html). Where a page leaves a choice open,
// the rule is the one that gives its worked example and the values Adams View wrote for the
// same expressions in the exports of the corpus (see frames.hpp for ORI_ALONG_AXIS and
// ORI_ONE_AXIS, align() below for ORI_ALIGN_AXIS). Locations are in the model's length unit;
// angle arguments are in its angle unit and convert to radians here.
#include "dataset/view/design_functions.hpp"

#include "kinematics/rotation.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

namespace fexpr::dataset::view::design {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using Kind = DesignValue::Kind;

[[noreturn]] void fail(const Call& c, std::size_t i, std::string message, bool certain) {
  const Span s = i < c.spans.size() ? c.spans[i] : c.whole;
  throw Failure{s.begin, s.end, std::move(message), certain};
}

std::string upper_name(const Call& c) { return text::upper(c.name); }

std::string kind_name(const DesignValue& v) {
  switch (v.kind) {
    case Kind::number: return "a number";
    case Kind::array: return "an array of " + std::to_string(v.numbers.size());
    case Kind::text: return "a string";
    case Kind::object: return "the object " + v.text;
    case Kind::boolean: return "a condition";
  }
  return "a value";
}

// A wrong kind of argument is certain where Adams View refuses it too (a string or an array
// where a number is wanted); an object may stand for a value fexpr does not read.
[[noreturn]] void wrong_kind(const Call& c, std::size_t i, std::string_view wanted) {
  const auto& v = c.arguments[i];
  fail(c, i, upper_name(c) + " takes " + std::string(wanted) + " as argument " + std::to_string(i + 1) + ", not " + kind_name(v),
       v.kind != Kind::object);
}

// Radians in one of the model's angle units.
double radians_per_unit(const Call& c) { return c.scope.units().angle; }

double number(const Call& c, std::size_t i) {
  const auto& v = c.arguments[i];
  if ((v.kind == Kind::number || v.kind == Kind::boolean) && !v.numbers.empty()) return v.numbers[0];
  wrong_kind(c, i, "a number");
}

Vector3d triple(const Call& c, std::size_t i, std::string_view wanted) {
  const auto& v = c.arguments[i];
  if (v.kind != Kind::array || v.numbers.size() != 3) wrong_kind(c, i, wanted);
  return {v.numbers[0], v.numbers[1], v.numbers[2]};
}

Vector3d location(const Call& c, std::size_t i) { return triple(c, i, "a location {x, y, z}"); }

Matrix3d orientation(const Call& c, std::size_t i) {
  const Vector3d a = triple(c, i, "body 3-1-3 angles {psi, theta, phi}") * radians_per_unit(c);
  return kinematics::rotation_313(a[0], a[1], a[2]);
}

Frame frame(const Call& c, std::size_t i) {
  const auto& v = c.arguments[i];
  if (v.kind == Kind::object) {
    if (auto f = c.scope.frame(v.text)) return *f;
    fail(c, i, "fexpr does not know where " + v.text + " is", false);
  }
  // LOC_LOC's page: 0 for the global coordinate system.
  if (v.kind == Kind::number && v.numbers[0] == 0.0) return Frame{};
  if (v.kind == Kind::number) fail(c, i, upper_name(c) + " takes a coordinate system object, not a number", false);
  wrong_kind(c, i, "a coordinate system object");
}

std::string word(const Call& c, std::size_t i) {
  const auto& v = c.arguments[i];
  if (v.kind != Kind::text) wrong_kind(c, i, "a string");
  return text::lower(v.text);
}

int axis_name(const Call& c, std::size_t i) {
  const std::string w = word(c, i);
  if (w.size() != 1 || w[0] < 'x' || w[0] > 'z') fail(c, i, upper_name(c) + " takes \"x\", \"y\" or \"z\" as argument " + std::to_string(i + 1), true);
  return w[0] - 'x';
}

// Points written as a matrix, one point to each inner brace: {{x1, y1, z1}, {x2, y2, z2}}.
std::vector<Vector3d> points(const Call& c, std::size_t i, std::size_t n) {
  const auto& v = c.arguments[i];
  if (v.kind != Kind::array || v.columns != 3 || v.numbers.size() != 3 * n) {
    wrong_kind(c, i, std::to_string(n) + " points {{x, y, z}, ...}");
  }
  std::vector<Vector3d> p;
  for (std::size_t k = 0; k < n; ++k) p.emplace_back(v.numbers[3 * k], v.numbers[3 * k + 1], v.numbers[3 * k + 2]);
  return p;
}

// A plane's name ("xy", "zx": either order) as the axis square to it.
int plane_normal(const Call& c, std::size_t i) {
  const std::string w = word(c, i);
  if (w.size() == 2 && w[0] != w[1] && w[0] >= 'x' && w[0] <= 'z' && w[1] >= 'x' && w[1] <= 'z') {
    return 3 - (w[0] - 'x') - (w[1] - 'x');
  }
  fail(c, i, upper_name(c) + " takes a plane \"xy\", \"yz\" or \"zx\" as argument " + std::to_string(i + 1), true);
}

std::pair<int, int> axis_pair(const Call& c, std::size_t i) {
  const std::string w = word(c, i);
  if (w.size() == 2 && w[0] != w[1] && w[0] >= 'x' && w[0] <= 'z' && w[1] >= 'x' && w[1] <= 'z') {
    return {w[0] - 'x', w[1] - 'x'};
  }
  fail(c, i, upper_name(c) + " takes two axes (\"xy\", \"zx\", ...) as argument " + std::to_string(i + 1), true);
}

DesignValue array(const Vector3d& v, Dimension d) { return numbers_value(Kind::array, {v[0], v[1], v[2]}, d); }
DesignValue scalar(double x, Dimension d = kNone) { return numbers_value(Kind::number, {x}, d); }

DesignValue angles(const Call& c, const Matrix3d& axes) {
  DesignValue v = array(body313(axes) / radians_per_unit(c), kAngle);
  v.body313 = true;
  return v;
}

Matrix3d made(const Call& c, std::size_t i, const std::optional<Matrix3d>& axes, std::string_view why) {
  if (!axes) fail(c, i, upper_name(c) + ": " + std::string(why), false);
  return *axes;
}

// The result of a function that Adams View expresses in the coordinates of the object whose
// parameter holds the expression (a marker's part).
DesignValue in_context(const Call& c, const Matrix3d& ground) { return angles(c, c.context.axes.transpose() * ground); }

// --- locations ---

DesignValue loc_relative_to(const Call& c) {
  return array(c.context.from_ground(frame(c, 1).to_ground(location(c, 0))), kLength);
}
DesignValue loc_loc(const Call& c) {
  return array(frame(c, 2).from_ground(frame(c, 1).to_ground(location(c, 0))), kLength);
}
DesignValue loc_global(const Call& c) { return array(frame(c, 1).to_ground(location(c, 0)), kLength); }
DesignValue loc_local(const Call& c) { return array(frame(c, 1).from_ground(location(c, 0)), kLength); }
DesignValue loc_inline(const Call& c) {
  const Vector3d p = frame(c, 2).from_ground(frame(c, 1).to_ground(location(c, 0)));
  if (p.norm() == 0.0) fail(c, 0, "LOC_INLINE of a location at the origin has no direction", false);
  return array(p.normalized(), kNone);
}
DesignValue loc_along_line(const Call& c) {
  const Vector3d a = frame(c, 0).origin, b = frame(c, 1).origin;
  if (a == b) fail(c, 1, "LOC_ALONG_LINE: the two objects are at one place", false);
  return array(a + number(c, 2) * (b - a).normalized(), kLength);
}
DesignValue loc_on_line(const Call& c) {
  const auto p = points(c, 0, 2);
  if (p[0] == p[1]) fail(c, 0, "LOC_ON_LINE: the two points are one", false);
  return array(p[0] + number(c, 1) * (p[1] - p[0]).normalized(), kLength);
}
DesignValue loc_on_axis(const Call& c) {
  const Frame f = frame(c, 0);
  return array(f.origin + number(c, 1) * f.axes.col(axis_name(c, 2)), kLength);
}
DesignValue loc_cylindrical(const Call& c) {
  const double r = number(c, 0), theta = number(c, 1) * radians_per_unit(c);
  return array({r * std::cos(theta), r * std::sin(theta), number(c, 2)}, kLength);
}
DesignValue loc_spherical(const Call& c) {
  // The page's example, LOC_SPHERICAL(10, 8D, 90D) = 9.9, 1.39, 0: theta turns about z from x,
  // phi is measured from z.
  const double rho = number(c, 0), theta = number(c, 1) * radians_per_unit(c), phi = number(c, 2) * radians_per_unit(c);
  return array({rho * std::sin(phi) * std::cos(theta), rho * std::sin(phi) * std::sin(theta), rho * std::cos(phi)}, kLength);
}
Vector3d reflect(const Vector3d& p, const Vector3d& on_plane, const Vector3d& unit_normal) {
  return p - 2.0 * (p - on_plane).dot(unit_normal) * unit_normal;
}
DesignValue loc_mirror(const Call& c) {
  const Frame f = frame(c, 1);
  return array(reflect(location(c, 0), f.origin, f.axes.col(plane_normal(c, 2))), kLength);
}
// The normal of the plane through three points as LOC_PERPENDICULAR's page has it: its
// example, points turning clockwise about +z, gives +z.
std::optional<Vector3d> points_normal(const std::vector<Vector3d>& p) {
  const Vector3d n = (p[2] - p[0]).cross(p[1] - p[0]);
  if (n.norm() == 0.0) return std::nullopt;
  return n.normalized();
}
DesignValue loc_plane_mirror(const Call& c) {
  const auto p = points(c, 1, 3);
  const auto n = points_normal(p);
  if (!n) fail(c, 1, "LOC_PLANE_MIRROR: the three points are on one line", false);
  return array(reflect(location(c, 0), p[0], *n), kLength);
}
DesignValue loc_perpendicular(const Call& c) {
  const auto p = points(c, 0, 3);
  const auto n = points_normal(p);
  if (!n) fail(c, 0, "LOC_PERPENDICULAR: the three points are on one line", false);
  return array(p[0] + *n, kLength);
}
template <int Axis>
DesignValue loc_axis(const Call& c) {
  return array(frame(c, 0).axes.col(Axis), kNone);
}

// --- orientations ---

DesignValue ori_relative_to(const Call& c) { return in_context(c, frame(c, 1).axes * orientation(c, 0)); }
DesignValue ori_ori(const Call& c) {
  return angles(c, frame(c, 2).axes.transpose() * frame(c, 1).axes * orientation(c, 0));
}
DesignValue ori_global(const Call& c) { return angles(c, frame(c, 1).axes * orientation(c, 0)); }
DesignValue ori_local(const Call& c) { return angles(c, frame(c, 1).axes.transpose() * orientation(c, 0)); }

// ORI_ALIGN_AXIS's axes, "zy" or "z-z": the result's axis named first along the frame's axis
// named last. The page leaves the other two open; Adams View relabels the frame's axes
// cyclically (for "zy": x, y, z are the frame's z, x, y), and for a reversed axis ("y-z") takes
// the reversed axis and the other two of the frame's swapped (y, x, -z for "z-z"). This gives
// the pages' examples (ORI_ALIGN_AXIS "z-z" of an unturned marker 90, 180, 0;
// ORI_ALIGN_AXIS_EUL({8, 10, 0}, "z-z") 188, 170, 90) and all 247 uses in the corpus's exports
// (zy, xx, xz, y-z).
Matrix3d align(const Call& c, std::size_t i, const Matrix3d& frame_axes) {
  const std::string w = word(c, i);
  const bool ok = (w.size() == 2 || (w.size() == 3 && (w[1] == '+' || w[1] == '-'))) && w.front() >= 'x' &&
                  w.front() <= 'z' && w.back() >= 'x' && w.back() <= 'z';
  if (!ok) fail(c, i, upper_name(c) + " takes two axes as \"xy\", \"x+y\" or \"x-y\" as argument " + std::to_string(i + 1), true);
  const int a = w.front() - 'x', b = w.back() - 'x';
  Matrix3d r;
  if (w.size() == 3 && w[1] == '-') {
    r.col(a) = -frame_axes.col(b);
    r.col((a + 1) % 3) = frame_axes.col((b + 2) % 3);
    r.col((a + 2) % 3) = frame_axes.col((b + 1) % 3);
  } else {
    for (int k = 0; k < 3; ++k) r.col(k) = frame_axes.col((k + b - a + 3) % 3);
  }
  return r;
}
DesignValue ori_align_axis(const Call& c) { return in_context(c, align(c, 1, frame(c, 0).axes)); }
DesignValue ori_align_axis_eul(const Call& c) { return angles(c, align(c, 1, orientation(c, 0))); }

DesignValue ori_along_axis(const Call& c) {
  const Vector3d from = frame(c, 0).origin, to = frame(c, 1).origin;
  return in_context(c, made(c, 1, one_axis(axis_name(c, 2), to - from), "the two objects are at one place"));
}
DesignValue ori_one_axis(const Call& c) {
  const auto p = points(c, 0, 2);
  return angles(c, made(c, 0, one_axis(axis_name(c, 1), p[1] - p[0]), "the two points are one"));
}

// "z_zy": the first axis from the first point to the second, the second axis in the plane of
// the three, towards the third.
std::pair<int, int> in_plane_axes(const Call& c, std::size_t i) {
  const std::string w = word(c, i);
  if (w.size() == 4 && w[1] == '_' && (w[2] == w[0] || w[3] == w[0]) && w[2] != w[3]) {
    const char second = w[2] == w[0] ? w[3] : w[2];
    if (w[0] >= 'x' && w[0] <= 'z' && second >= 'x' && second <= 'z') return {w[0] - 'x', second - 'x'};
  }
  fail(c, i, upper_name(c) + " takes an axis and a plane as \"z_zx\" as argument " + std::to_string(i + 1), true);
}
DesignValue ori_in_plane(const Call& c) {
  const auto [first, second] = in_plane_axes(c, 3);
  const Vector3d p1 = frame(c, 0).origin, p2 = frame(c, 1).origin, p3 = frame(c, 2).origin;
  return in_context(c, made(c, 0, two_axes(first, p2 - p1, second, p3 - p1), "the three objects are on one line"));
}
DesignValue ori_all_axes(const Call& c) {
  const auto p = points(c, 0, 3);
  const auto [first, second] = axis_pair(c, 1);
  return angles(c, made(c, 0, two_axes(first, p[1] - p[0], second, p[2] - p[0]), "the three points are on one line"));
}

// A frame reflected in a plane is left-handed: the two axes named are reflected, the third
// completes them to a right-handed frame (ORI_MIRROR's example: {10, 8, 0} in an unturned
// marker's xy plane gives 190, 8, 180).
Matrix3d mirrored(const Call& c, std::size_t i, const Matrix3d& axes, const Matrix3d& reflection) {
  const auto [a, b] = axis_pair(c, i);
  Matrix3d r;
  r.col(a) = reflection * axes.col(a);
  r.col(b) = reflection * axes.col(b);
  const int third = 3 - a - b;
  r.col(third) = (b - a + 3) % 3 == 1 ? Vector3d(r.col(a).cross(r.col(b))) : Vector3d(r.col(b).cross(r.col(a)));
  return r;
}
Matrix3d reflection(const Vector3d& unit_normal) { return Matrix3d::Identity() - 2.0 * unit_normal * unit_normal.transpose(); }
DesignValue ori_mirror(const Call& c) {
  const Frame f = frame(c, 1);
  return angles(c, mirrored(c, 3, orientation(c, 0), reflection(f.axes.col(plane_normal(c, 2)))));
}
DesignValue ori_plane_mirror(const Call& c) {
  const auto n = points_normal(points(c, 1, 3));
  if (!n) fail(c, 1, "ORI_PLANE_MIRROR: the three points are on one line", false);
  return angles(c, mirrored(c, 2, orientation(c, 0), reflection(*n)));
}

// --- numbers ---

template <double (*F)(double)>
DesignValue of_angle(const Call& c) {
  return scalar(F(number(c, 0) * radians_per_unit(c)));
}
template <double (*F)(double)>
DesignValue to_angle(const Call& c) {
  const double x = number(c, 0);
  const double r = F(x);
  if (!std::isfinite(r)) fail(c, 0, upper_name(c) + " is not defined at " + number::format(x), false);
  return scalar(r / radians_per_unit(c), kAngle);
}
DesignValue atan2_rule(const Call& c) { return scalar(std::atan2(number(c, 0), number(c, 1)) / radians_per_unit(c), kAngle); }

template <double (*F)(double)>
DesignValue plain(const Call& c) {
  const auto& v = c.arguments[0];
  const double x = number(c, 0);
  const double r = F(x);
  if (!std::isfinite(r)) fail(c, 0, upper_name(c) + " is not defined at " + number::format(x), false);
  return scalar(r, v.dimension);
}
double sqrt_of(double x) { return x < 0 ? NAN : std::sqrt(x); }
double log_of(double x) { return x <= 0 ? NAN : std::log(x); }
double log10_of(double x) { return x <= 0 ? NAN : std::log10(x); }
double abs_of(double x) { return std::fabs(x); }
double trunc_of(double x) { return std::trunc(x); }
double round_of(double x) { return std::round(x); }
double ceil_of(double x) { return std::ceil(x); }
double floor_of(double x) { return std::floor(x); }
double sin_of(double x) { return std::sin(x); }
double cos_of(double x) { return std::cos(x); }
double tan_of(double x) { return std::tan(x); }
double asin_of(double x) { return std::fabs(x) > 1 ? NAN : std::asin(x); }
double acos_of(double x) { return std::fabs(x) > 1 ? NAN : std::acos(x); }
double atan_of(double x) { return std::atan(x); }
double exp_of(double x) { return std::exp(x); }
double sinh_of(double x) { return std::sinh(x); }
double cosh_of(double x) { return std::cosh(x); }
double tanh_of(double x) { return std::tanh(x); }

DesignValue sqrt_rule(const Call& c) {
  DesignValue v = plain<sqrt_of>(c);
  const Dimension d = c.arguments[0].dimension;
  v.dimension = (d.length % 2 || d.angle % 2 || d.mass % 2 || d.time % 2 || d.force % 2)
                    ? kNone
                    : Dimension{d.length / 2, d.angle / 2, d.mass / 2, d.time / 2, d.force / 2};
  return v;
}

// The numbers of the arguments: one array's elements, or numbers one to an argument.
std::vector<double> values(const Call& c) {
  if (c.arguments.size() == 1 && c.arguments[0].kind == Kind::array) return c.arguments[0].numbers;
  std::vector<double> v;
  for (std::size_t i = 0; i < c.arguments.size(); ++i) v.push_back(number(c, i));
  return v;
}
DesignValue min_rule(const Call& c) {
  const auto v = values(c);
  if (v.empty()) fail(c, 0, "MIN of an empty array", false);
  return scalar(*std::min_element(v.begin(), v.end()), c.arguments[0].dimension);
}
DesignValue max_rule(const Call& c) {
  const auto v = values(c);
  if (v.empty()) fail(c, 0, "MAX of an empty array", false);
  return scalar(*std::max_element(v.begin(), v.end()), c.arguments[0].dimension);
}
DesignValue ssq_rule(const Call& c) {
  double s = 0;
  for (const double x : values(c)) s += x * x;
  return scalar(s);
}
DesignValue mod_rule(const Call& c) {
  const double b = number(c, 1);
  if (b == 0.0) fail(c, 1, "MOD by zero", false);
  return scalar(std::fmod(number(c, 0), b), c.arguments[0].dimension);
}
// Fortran's SIGN: the size of the first, the sign of the second.
DesignValue sign_rule(const Call& c) {
  const double a = std::fabs(number(c, 0));
  return scalar(number(c, 1) < 0 ? -a : a, c.arguments[0].dimension);
}
DesignValue rows_rule(const Call& c) {
  const auto& v = c.arguments[0];
  if (v.kind == Kind::array) return scalar(static_cast<double>(v.columns ? v.numbers.size() / v.columns : v.numbers.size()));
  if (v.kind == Kind::number) return scalar(1.0);
  wrong_kind(c, 0, "an array");
}
DesignValue cols_rule(const Call& c) {
  const auto& v = c.arguments[0];
  if (v.kind == Kind::array) return scalar(v.columns ? static_cast<double>(v.columns) : 1.0);
  if (v.kind == Kind::number) return scalar(1.0);
  wrong_kind(c, 0, "an array");
}
DesignValue pi_rule(const Call&) { return scalar(std::numbers::pi); }
DesignValue dtor_rule(const Call&) { return scalar(std::numbers::pi / 180); }
DesignValue rtod_rule(const Call&) { return scalar(180 / std::numbers::pi); }
DesignValue eval_rule(const Call& c) { return c.arguments[0]; }
DesignValue db_exists_rule(const Call& c) {
  const auto& v = c.arguments[0];
  if (v.kind != Kind::text && v.kind != Kind::object) wrong_kind(c, 0, "an object's name");
  return numbers_value(Kind::boolean, {c.scope.exists(v.text) ? 1.0 : 0.0});
}

constexpr int kAny = 1 << 20;

constexpr std::array kFunctions{
    Function{"LOC_RELATIVE_TO", 2, 2, loc_relative_to},
    Function{"LOC_LOC", 3, 3, loc_loc},
    Function{"LOC_GLOBAL", 2, 2, loc_global},
    Function{"LOC_LOCAL", 2, 2, loc_local},
    Function{"LOC_INLINE", 3, 3, loc_inline},
    Function{"LOC_ALONG_LINE", 3, 3, loc_along_line},
    Function{"LOC_ON_LINE", 2, 2, loc_on_line},
    Function{"LOC_ON_AXIS", 3, 3, loc_on_axis},
    Function{"LOC_CYLINDRICAL", 3, 3, loc_cylindrical},
    Function{"LOC_SPHERICAL", 3, 3, loc_spherical},
    Function{"LOC_MIRROR", 3, 3, loc_mirror},
    Function{"LOC_FRAME_MIRROR", 3, 3, loc_mirror},
    Function{"LOC_PLANE_MIRROR", 2, 2, loc_plane_mirror},
    Function{"LOC_PERPENDICULAR", 1, 1, loc_perpendicular},
    Function{"LOC_X_AXIS", 1, 1, loc_axis<0>},
    Function{"LOC_Y_AXIS", 1, 1, loc_axis<1>},
    Function{"LOC_Z_AXIS", 1, 1, loc_axis<2>},
    Function{"ORI_RELATIVE_TO", 2, 2, ori_relative_to},
    Function{"ORI_ORI", 3, 3, ori_ori},
    Function{"ORI_GLOBAL", 2, 2, ori_global},
    Function{"ORI_LOCAL", 2, 2, ori_local},
    Function{"ORI_ALIGN_AXIS", 2, 2, ori_align_axis},
    Function{"ORI_ALIGN_AXIS_EUL", 2, 2, ori_align_axis_eul},
    Function{"ORI_ALONG_AXIS", 3, 3, ori_along_axis},
    Function{"ORI_ONE_AXIS", 2, 2, ori_one_axis},
    Function{"ORI_IN_PLANE", 4, 4, ori_in_plane},
    Function{"ORI_ALL_AXES", 2, 2, ori_all_axes},
    Function{"ORI_MIRROR", 4, 4, ori_mirror},
    Function{"ORI_FRAME_MIRROR", 4, 4, ori_mirror},
    Function{"ORI_PLANE_MIRROR", 3, 3, ori_plane_mirror},
    Function{"SIN", 1, 1, of_angle<sin_of>},
    Function{"COS", 1, 1, of_angle<cos_of>},
    Function{"TAN", 1, 1, of_angle<tan_of>},
    Function{"ASIN", 1, 1, to_angle<asin_of>},
    Function{"ACOS", 1, 1, to_angle<acos_of>},
    Function{"ATAN", 1, 1, to_angle<atan_of>},
    Function{"ATAN2", 2, 2, atan2_rule},
    Function{"SINH", 1, 1, plain<sinh_of>},
    Function{"COSH", 1, 1, plain<cosh_of>},
    Function{"TANH", 1, 1, plain<tanh_of>},
    Function{"SQRT", 1, 1, sqrt_rule},
    Function{"ABS", 1, 1, plain<abs_of>},
    Function{"EXP", 1, 1, plain<exp_of>},
    Function{"LOG", 1, 1, plain<log_of>},
    Function{"LOG10", 1, 1, plain<log10_of>},
    Function{"INT", 1, 1, plain<trunc_of>},
    Function{"AINT", 1, 1, plain<trunc_of>},
    Function{"ANINT", 1, 1, plain<round_of>},
    Function{"NINT", 1, 1, plain<round_of>},
    Function{"CEIL", 1, 1, plain<ceil_of>},
    Function{"FLOOR", 1, 1, plain<floor_of>},
    Function{"MIN", 1, kAny, min_rule},
    Function{"MAX", 1, kAny, max_rule},
    Function{"MOD", 2, 2, mod_rule},
    Function{"SIGN", 2, 2, sign_rule},
    Function{"SSQ", 1, kAny, ssq_rule},
    Function{"ROWS", 1, 1, rows_rule},
    Function{"COLS", 1, 1, cols_rule},
    Function{"PI", 0, 0, pi_rule},
    Function{"DTOR", 0, 0, dtor_rule},
    Function{"RTOD", 0, 0, rtod_rule},
    Function{"EVAL", 1, 1, eval_rule},
    Function{"DB_EXISTS", 1, 1, db_exists_rule},
};

}  // namespace

const Function* find_function(std::string_view name) {
  for (const auto& f : kFunctions) {
    if (text::iequals(f.name, name)) return &f;
  }
  return nullptr;
}

}  // namespace fexpr::dataset::view::design
