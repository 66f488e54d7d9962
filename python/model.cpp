#include "python/model.hpp"

#include "dataset/formats.hpp"
#include "dataset/forces/applied_force.hpp"
#include "python/bind.hpp"
#include "python/errors.hpp"
#include "support/text.hpp"

#include <pybind11/stl.h>

#include <cmath>
#include <fstream>
#include <sstream>

namespace py = pybind11;

namespace fexpr::python {
namespace {

dataset::ModelBuild built(const SourceText& source, const dataset::Dataset& data) {
  dataset::ModelBuild build = dataset::build_model(data);
  std::optional<Failure> failure;
  const std::vector<Diagnostic>* lists[] = {&data.diagnostics, &build.diagnostics};
  for (const std::vector<Diagnostic>* list : lists) {
    for (const Diagnostic& d : *list) {
      if (d.severity != Severity::error) continue;
      if (!failure) failure = diagnostic_failure(ErrorKind::model, d, source);
      failure->related.push_back(place(d, &source, source.name()));
    }
  }
  if (failure) throw *failure;
  return build;
}

std::shared_ptr<Model> load_model(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    const std::string message = "cannot read model '" + path + "'";
    throw Failure(ErrorKind::model, message, unplaced(path, "io", message));
  }
  std::stringstream text;
  text << file.rdbuf();
  return std::make_shared<Model>(path, text.str());
}

std::string part_name(long id) { return "PART/" + std::to_string(id); }

}  // namespace

Model::Model(std::string path, std::string text)
    : source_(std::move(path), std::move(text)),
      dataset_(dataset::read_any(source_)),
      build_(built(source_, dataset_)),
      state_(build_.model),
      measures_(build_.model),
      elements_(dataset_, source_, measures_) {}

std::vector<long> Model::part_ids() const {
  std::vector<long> ids;
  for (const kinematics::Part& p : build_.model.parts()) ids.push_back(p.id);
  return ids;
}

std::vector<long> Model::marker_ids() const {
  std::vector<long> ids;
  // The model's own markers (dataset::z_axis_marker) have negative ids, which datasets never use.
  for (const kinematics::Marker& m : build_.model.markers())
    if (m.id >= 0) ids.push_back(m.id);
  return ids;
}

int Model::part_index(long part_id) const {
  const int index = build_.model.find_part(part_id);
  if (index < 0) throw input_failure("the model '" + path() + "' has no " + part_name(part_id));
  return index;
}

py::dict Model::part_state(long part_id) const {
  const kinematics::PartState& s = state_.part(part_index(part_id));
  py::dict out;
  for (int k = 0; k < kinematics::kStatesPerPart; ++k)
    out[py::str(std::string(kinematics::state_name(k)))] = kinematics::state_value(s, k);
  return out;
}

void Model::set_part_state(long part_id, const py::kwargs& states) {
  const int index = part_index(part_id);
  if (index == 0) throw input_failure(part_name(part_id) + " is ground: its state is fixed");
  kinematics::PartState s = state_.part(index);
  for (const auto& [key, item] : states) {
    const std::string name = py::cast<std::string>(key);
    int k = 0;
    while (k < kinematics::kStatesPerPart && !text::iequals(kinematics::state_name(k), name)) ++k;
    if (k == kinematics::kStatesPerPart)
      throw input_failure("'" + name + "' is not a part state; the states are x y z psi theta phi vx vy vz wx wy wz");
    const double value = py::cast<double>(item);
    if (!std::isfinite(value))
      throw input_failure("state " + name + " of " + part_name(part_id) + " is NaN or infinite");
    kinematics::state_value(s, k) = value;
  }
  state_.set_part(index, s);
}

dataset::ForceLoads Model::force_loads(const std::string& element) {
  auto found = dataset::applied_force(dataset_, element);
  if (auto* why = std::get_if<std::string>(&found)) throw input_failure(*why);
  auto made = dataset::force_loads(*std::get<const dataset::Statement*>(found), elements_, build_.model, source_,
                                   dataset::unplaced_markers(dataset_));
  if (auto* d = std::get_if<Diagnostic>(&made)) {
    Diagnostic why = *d;
    // A note to the checker, what fexpr does not evaluate (a user subroutine, a non-linear
    // BEAM) is an error to a caller who asked for the loads.
    if (why.severity != Severity::error) why.message += "; compute its loads outside fexpr";
    why.severity = Severity::error;
    throw diagnostic_failure(ErrorKind::compile, why, source_);
  }
  return std::get<dataset::ForceLoads>(std::move(made));
}

void bind_model(py::module_& m) {
  py::class_<Model, std::shared_ptr<Model>>(m, "Model", "Parts, markers and elements of a dataset, and the part states.")
      .def_property_readonly("path", &Model::path)
      .def_property_readonly("parts", &Model::part_ids, "part ids, ground first")
      .def_property_readonly("markers", &Model::marker_ids)
      .def("part_state", &Model::part_state, py::arg("part"),
           "The 12 states of a part: x y z, psi theta phi (body 3-1-3 in ground), vx vy vz, wx wy wz (in ground).")
      .def("set_part_state", &Model::set_part_state, py::arg("part"),
           "Sets states of a part by name, e.g. set_part_state(3, x=0.6, vx=0.3); the others keep their values.")
      .def("__repr__", [](const Model& model) { return "<fexpr.Model " + model.path() + ">"; });
  m.def("load_model", &load_model, py::arg("path"),
        "Reads a dataset (.adm) as the model for kinematic and element functions; raises ModelError at its errors.");
}

}  // namespace fexpr::python
