#include "dataset/model_builder.hpp"

#include "dataset/values.hpp"

#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <map>

namespace fexpr::dataset {
namespace {

class Builder {
 public:
  explicit Builder(ModelBuild& out) : out_(out) {}

  void run(const Dataset& d) {
    for (const Statement& s : d.statements) {
      if (s.name == "MARKER") read_marker(s);
    }
    for (const Statement& s : d.statements) {
      if (s.name == "PART") add_part(s);
    }
    for (const auto& [id, m] : markers_) add_marker(id, m);
    for (const Statement& s : d.statements) {
      if (s.name == "SFORCE" && (find_argument(s, "ROTATIONAL") || find_argument(s, "ACTIONONLY"))) z_axis(s);
    }
  }

 private:
  struct MarkerData {
    const Statement* statement;
    long part;
    Eigen::Vector3d qp;
    Eigen::Matrix3d axes;
  };

  void error(Code code, Span span, std::string message) {
    out_.diagnostics.push_back({Severity::error, code, span, std::move(message)});
  }

  // A vector argument: exactly three reals (missing components are an error, not zeros).
  bool vector3(const Statement& s, std::string_view keyword, Eigen::Vector3d& v) {
    const Argument* a = find_argument(s, keyword);
    if (!a) return false;
    if (a->values.size() != 3) {
      error(Code::argument, a->span, std::string(keyword) + " takes three numbers, got " + std::to_string(a->values.size()));
      return false;
    }
    for (int i = 0; i < 3; ++i) {
      auto r = real(a->values[static_cast<std::size_t>(i)]);
      if (!r) {
        error(Code::argument, a->values[static_cast<std::size_t>(i)].span, not_real(a->values[static_cast<std::size_t>(i)]));
        return false;
      }
      v[i] = *r;
    }
    return true;
  }

  std::optional<double> scalar(const Statement& s, std::string_view keyword) {
    const Argument* a = find_argument(s, keyword);
    if (!a) return std::nullopt;
    if (a->values.size() != 1 || !real(a->values[0])) {
      error(Code::argument, a->span, std::string(keyword) + " takes one number");
      return std::nullopt;
    }
    return real(a->values[0]);
  }

  std::optional<long> reference(const Statement& s, std::string_view keyword) {
    const Argument* a = find_argument(s, keyword);
    if (!a) return std::nullopt;
    if (a->values.size() != 1 || !integer(a->values[0])) {
      error(Code::argument, a->span, std::string(keyword) + " takes one integer id");
      return std::nullopt;
    }
    return integer(a->values[0]);
  }

  void read_marker(const Statement& s) {
    if (!s.id) return;
    // Known but not placed (a command file's marker whose location fexpr could not evaluate).
    if (!s.not_interpreted.empty()) {
      out_.other_markers.push_back(*s.id);
      return;
    }
    if (find_argument(s, "FLOATING")) {
      out_.floating_markers.push_back(*s.id);
      return;
    }
    if (find_argument(s, "FE_PART") || find_argument(s, "FLEX_BODY") || find_argument(s, "POINT_MASS")) {
      out_.other_markers.push_back(*s.id);
      return;
    }
    auto part = reference(s, "PART");
    if (!part) {
      if (!find_argument(s, "PART")) error(Code::missing_argument, s.name_span, "MARKER/" + std::to_string(*s.id) + " needs PART=id");
      return;
    }
    MarkerData m{&s, *part, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity()};
    vector3(s, "QP", m.qp);
    Eigen::Vector3d e;
    if (vector3(s, "REULER", e)) {
      m.axes = kinematics::orientation_from_reuler(e[0], e[1], e[2]);
    } else {
      Eigen::Vector3d zp, xp;
      bool has_z = vector3(s, "ZP", zp), has_x = vector3(s, "XP", xp);
      if (has_z || has_x) {
        if (!has_z) zp = m.qp + Eigen::Vector3d::UnitZ();
        if (!has_x) xp = m.qp + Eigen::Vector3d::UnitX();
        try {
          m.axes = kinematics::orientation_from_zp_xp(m.qp, zp, xp);
          if (has_x && find_argument(s, "USEXP")) m.axes = x_first(m.qp, zp, xp);
        } catch (const std::invalid_argument& ex) {
          error(Code::argument, s.span, ex.what());
        }
      }
    }
    if (!markers_.emplace(*s.id, m).second) {
      error(Code::duplicate_id, s.id_span, "MARKER/" + std::to_string(*s.id) + " is defined twice");
    }
  }

  // PART ZG=/XG= (points in ground, as a MARKER's ZP=/XP= are in its part): the part's axes,
  // kept as the 3-1-3 Euler angles of its state. Where theta is 0 or pi, psi takes the turn.
  void part_axes_from_points(const Statement& s, kinematics::PartState& state) {
    Eigen::Vector3d zg, xg;
    bool has_z = vector3(s, "ZG", zg), has_x = vector3(s, "XG", xg);
    if (!has_z && !has_x) return;
    if (!has_z) zg = state.position + Eigen::Vector3d::UnitZ();
    if (!has_x) xg = state.position + Eigen::Vector3d::UnitX();
    Eigen::Matrix3d r;
    try {
      r = kinematics::orientation_from_zp_xp(state.position, zg, xg);
    } catch (const std::invalid_argument& ex) {
      error(Code::argument, s.span, ex.what());
      return;
    }
    double theta = std::acos(std::clamp(r(2, 2), -1.0, 1.0));
    if (std::abs(std::sin(theta)) < 1e-12) {
      state.euler = {std::atan2(r(1, 0), r(0, 0)), theta, 0.0};
    } else {
      state.euler = {std::atan2(r(0, 2), -r(1, 2)), theta, std::atan2(r(2, 0), r(2, 1))};
    }
  }

  // USEXP: x points exactly at XP, and z is the part of ZP orthogonal to it.
  static Eigen::Matrix3d x_first(const Eigen::Vector3d& qp, const Eigen::Vector3d& zp, const Eigen::Vector3d& xp) {
    Eigen::Vector3d x = (xp - qp).normalized();
    Eigen::Vector3d z = (zp - qp) - x.dot(zp - qp) * x;
    if (z.norm() < 1e-12) throw std::invalid_argument("USEXP: ZP lies on the x axis through XP");
    z.normalize();
    Eigen::Matrix3d r;
    r.col(0) = x;
    r.col(1) = z.cross(x);
    r.col(2) = z;
    return r;
  }

  void add_part(const Statement& s) {
    if (!s.id || !s.not_interpreted.empty()) return;
    if (find_argument(s, "GROUND")) {
      if (ground_) {
        error(Code::duplicate_id, s.name_span, "a second GROUND part; a model has one ground");
        return;
      }
      ground_ = true;
      try {
        out_.model.set_ground_id(*s.id);
      } catch (const std::invalid_argument& ex) {
        error(Code::duplicate_id, s.id_span, ex.what());
      }
      return;
    }
    kinematics::PartState state;
    vector3(s, "QG", state.position);
    if (!vector3(s, "REULER", state.euler)) part_axes_from_points(s, state);
    Eigen::Matrix3d rotation = kinematics::orientation_from_reuler(state.euler[0], state.euler[1], state.euler[2]);
    Eigen::Vector3d cm_offset = Eigen::Vector3d::Zero();
    Eigen::Matrix3d cm_axes = Eigen::Matrix3d::Identity();
    if (auto cm = reference(s, "CM")) {
      auto it = markers_.find(*cm);
      if (it != markers_.end() && it->second.part == *s.id) {
        cm_offset = it->second.qp;
        cm_axes = it->second.axes;
      } else {
        error(Code::reference, find_argument(s, "CM")->span,
              "CM marker " + std::to_string(*cm) + " is not a marker of PART/" + std::to_string(*s.id));
      }
    }
    Eigen::Vector3d w_cm(scalar(s, "WX").value_or(0.0), scalar(s, "WY").value_or(0.0), scalar(s, "WZ").value_or(0.0));
    Eigen::Vector3d v_cm(scalar(s, "VX").value_or(0.0), scalar(s, "VY").value_or(0.0), scalar(s, "VZ").value_or(0.0));
    state.omega = rotation * cm_axes * w_cm;
    state.velocity = v_cm - state.omega.cross(rotation * cm_offset);
    try {
      out_.model.add_part(*s.id, state);
    } catch (const std::invalid_argument& ex) {
      error(Code::duplicate_id, s.id_span, ex.what());
    }
  }

  void z_axis(const Statement& s) {
    const Argument* j = find_argument(s, "J");
    auto id = j && j->values.size() == 1 ? integer(j->values[0]) : std::nullopt;
    if (!id) return;
    auto it = markers_.find(*id);
    if (it == markers_.end() || out_.model.find_marker(*id) < 0 || out_.model.find_marker(z_axis_marker(*id)) >= 0) return;
    out_.model.add_marker(z_axis_marker(*id), it->second.part, it->second.qp + it->second.axes.col(2), it->second.axes);
  }

  void add_marker(long id, const MarkerData& m) {
    if (out_.model.find_part(m.part) < 0) {
      const Argument* a = find_argument(*m.statement, "PART");
      error(Code::reference, a ? a->values[0].span : m.statement->span,
            "MARKER/" + std::to_string(id) + " is on PART/" + std::to_string(m.part) + ", which is not defined");
      return;
    }
    try {
      out_.model.add_marker(id, m.part, m.qp, m.axes);
    } catch (const std::invalid_argument& ex) {
      error(Code::duplicate_id, m.statement->id_span, ex.what());
    }
  }

  ModelBuild& out_;
  std::map<long, MarkerData> markers_;
  bool ground_ = false;
};

}  // namespace

ModelBuild build_model(const Dataset& dataset) {
  ModelBuild out;
  Builder(out).run(dataset);
  return out;
}

}  // namespace fexpr::dataset
