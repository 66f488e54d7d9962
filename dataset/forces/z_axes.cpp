#include "dataset/forces/z_axes.hpp"

#include "dataset/forces/parameters.hpp"
#include "dataset/values.hpp"
#include "kinematics/marker_values.hpp"
#include "support/number.hpp"

#include <cmath>
#include <numbers>

namespace fexpr::dataset {

namespace {

// Orientations are written rounded, and parts that are meant to line up are not always placed
// exactly so: the NWTC FAST model in the corpus has -1.570796 beside -90D and ZP=/XP= points to
// seven digits, its parallel axes 4e-7 to 1.2e-6 rad apart; the drill string model's parts lie
// 2.7e-6 rad apart; a hand-written 1.571 for 90D is 2e-4 rad off. None of these is a mistake, and
// a tilt of 1e-3 rad (0.06 degrees) changes no torque's axis noticeably, so only more is reported.
constexpr double kTolerance = 1e-3;

bool needs_parallel_z(const Statement& s) {
  if (!find_argument(s, "ROTATIONAL")) return false;
  return s.name == "SPRINGDAMPER" || (s.name == "SFORCE" && !find_argument(s, "ACTIONONLY"));
}

// The marker `keyword` names, when it is one the model places.
const kinematics::Marker* placed_marker(const Statement& s, std::string_view keyword, const kinematics::Model& model) {
  const Argument* a = find_argument(s, keyword);
  if (!a || a->values.size() != 1) return nullptr;
  auto id = integer(a->values[0]);
  int index = id ? model.find_marker(*id) : -1;
  return index < 0 ? nullptr : &model.markers()[static_cast<std::size_t>(index)];
}

Eigen::Vector3d z_axis(const kinematics::Marker& m, const kinematics::State& state) {
  return kinematics::detail::marker_axis(m, state.rotation(m.part), 2);
}

}  // namespace

std::optional<Diagnostic> check_z_axes(const Statement& s, const kinematics::Model& model, const kinematics::State& state) {
  if (!s.id || !needs_parallel_z(s)) return std::nullopt;
  const kinematics::Marker* i = placed_marker(s, "I", model);
  const kinematics::Marker* j = placed_marker(s, "J", model);
  if (!i || !j) return std::nullopt;
  const Eigen::Vector3d zi = z_axis(*i, state), zj = z_axis(*j, state);
  // atan2 of the sine and the cosine keeps a small angle exact, where acos of the dot would round it away.
  const double angle = std::atan2(zi.cross(zj).norm(), zi.dot(zj));
  if (angle <= kTolerance) return std::nullopt;
  const std::string si = std::to_string(i->id), sj = std::to_string(j->id);
  const std::string apart = angle >= std::numbers::pi - kTolerance
                                ? "point opposite ways"
                                : "are " + number::format(angle * 180.0 / std::numbers::pi, 4) + " degrees apart";
  return Diagnostic{Severity::warning, Code::parameter, find_argument(s, "I")->span,
                    "at the dataset's initial state, before assembly, the z axes of " + element_label(s) +
                        "'s markers I=" + si + " and J=" + sj + " " + apart + "; a ROTATIONAL " + s.name +
                        " needs them parallel and pointing the same way, since its torque acts about J's z axis: "
                        "orient marker " + si + " so that its z axis is along marker " + sj +
                        "'s, or apply the torque with a VTORQUE or GFORCE, whose components are along an RM marker's axes"};
}

}  // namespace fexpr::dataset
