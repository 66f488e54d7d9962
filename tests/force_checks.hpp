// Checks shared by the force element tests: reading an element's loads from a small dataset,
// the Jacobian against central differences of every part state, action = -reaction and the
// balance of moments about the ground origin.
#pragma once

#include "dataset/forces/force_loads.hpp"
#include "loaded_dataset.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include <fstream>
#include <sstream>
#include <string>

namespace fexpr::testing {

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
// The text of examples/models/<name>.
inline std::string example_model(const std::string& name) {
  return read_text(std::string(FEXPR_SOURCE_DIR) + "/examples/models/" + name);
}

struct ForceModel : LoadedDataset {
  using LoadedDataset::LoadedDataset;
  using LoadedDataset::value;

  dataset::ForceLoads loads(const std::string& type, long id) {
    for (const auto& s : dataset.statements) {
      if (s.name != type || s.id != id) continue;
      auto made = dataset::force_loads(s, elements, build.model, source, dataset::unplaced_markers(dataset));
      INFO((std::holds_alternative<Diagnostic>(made) ? source.render(std::get<Diagnostic>(made)) : ""));
      REQUIRE(std::holds_alternative<dataset::ForceLoads>(made));
      return std::get<dataset::ForceLoads>(std::move(made));
    }
    FAIL("no " << type << "/" << id);
    throw;
  }
  // The error reading the element, rendered with its place.
  std::string error(const std::string& type, long id) {
    for (const auto& s : dataset.statements) {
      if (s.name != type || s.id != id) continue;
      auto made = dataset::force_loads(s, elements, build.model, source, dataset::unplaced_markers(dataset));
      REQUIRE(std::holds_alternative<Diagnostic>(made));
      return source.render(std::get<Diagnostic>(made));
    }
    FAIL("no " << type << "/" << id);
    throw;
  }
  void move(long part_id, Eigen::Vector3d position, Eigen::Vector3d euler, Eigen::Vector3d velocity,
            Eigen::Vector3d omega) {
    int part = build.model.find_part(part_id);
    kinematics::PartState p = state.part(part);
    p.position = position;
    p.euler = euler;
    p.velocity = velocity;
    p.omega = omega;
    state.set_part(part, p);
  }
  double value(const Expression& e) {
    Workspace ws;
    return e.value(inputs(), ws);
  }
  // Row 0 force on I, 1 torque on I, 2 force on J, 3 torque on J.
  Eigen::Vector3d load(const dataset::ForceLoads& l, int row) {
    Eigen::Vector3d v;
    for (int k = 0; k < 3; ++k) v[k] = value(*l.loads[static_cast<std::size_t>(row * 3 + k)]);
    return v;
  }
  Eigen::Vector3d position(long marker) {
    return {value(compile_ok("DX(" + std::to_string(marker) + ")")), value(compile_ok("DY(" + std::to_string(marker) + ")")),
            value(compile_ok("DZ(" + std::to_string(marker) + ")"))};
  }

  // Sum of forces zero; sum of moments about the ground origin zero, the loads on J acting at
  // marker j_point.
  void check_balance(const dataset::ForceLoads& l, long j_point, double scale) {
    Eigen::Vector3d fi = load(l, 0), ti = load(l, 1), fj = load(l, 2), tj = load(l, 3);
    Eigen::Vector3d moment = position(l.element.i).cross(fi) + ti + position(j_point).cross(fj) + tj;
    for (int k = 0; k < 3; ++k) {
      CHECK(fi[k] + fj[k] == Approx(0.0).margin(1e-12 * scale));
      CHECK(moment[k] == Approx(0.0).margin(1e-12 * scale));
    }
  }

  // Every gradient entry of every load and the power against central differences.
  void check_jacobian(const dataset::ForceLoads& l) {
    std::vector<const Expression*> all;
    for (const auto& e : l.loads) all.push_back(&*e);
    all.push_back(&*l.power);
    for (const Expression* e : all) {
      Workspace ws;
      std::vector<double> g(e->derivative_count());
      e->gradient(inputs(), ws, g);
      for (std::size_t k = 0; k < g.size(); ++k) {
        const std::string& name = e->derivative_names()[k];
        if (name.rfind("PART/", 0) != 0) continue;
        auto dot = name.find('.');
        int part = build.model.find_part(std::stol(name.substr(5, dot - 5)));
        int k_state = 0;
        while (kinematics::state_name(k_state) != name.substr(dot + 1)) ++k_state;
        const double h = 1e-6, x0 = kinematics::state_value(state.part(part), k_state);
        state.set_value(part, k_state, x0 + h);
        double up = e->value(inputs(), ws);
        state.set_value(part, k_state, x0 - h);
        double down = e->value(inputs(), ws);
        state.set_value(part, k_state, x0);
        INFO("d/d" << name);
        CHECK(g[k] == Approx((up - down) / (2 * h)).epsilon(1e-6).margin(1e-4));
      }
    }
  }
};

}  // namespace fexpr::testing
