// A dataset's model for Python (fexpr.load_model): the parts and markers that kinematic
// functions read, the dataset elements that VARVAL, CUBSPL, SFORCE, ... read, and the current
// state of every part, which Python sets between evaluations. Expressions compiled with the
// model keep it alive.
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/forces/force_loads.hpp"
#include "dataset/model_builder.hpp"
#include "dataset/reader.hpp"
#include "kinematics/model_bindings.hpp"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

namespace fexpr::python {

class Model {
 public:
  // Reads and builds the dataset; throws a model Failure at its first error.
  Model(std::string path, std::string text);
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  const std::string& path() const { return source_.name(); }
  std::vector<long> part_ids() const;    // ground first
  std::vector<long> marker_ids() const;  // in dataset order

  // The 12 states of a part keyed by their names (x y z psi theta phi vx vy vz wx wy wz).
  pybind11::dict part_state(long part_id) const;
  // Sets the named states of a part; the others keep their values.
  void set_part_state(long part_id, const pybind11::kwargs& states);

  // The loads of an applied force element named as in the dataset ("BUSHING/3"); an input
  // Failure for a name that is not one, a compile Failure where fexpr does not evaluate it.
  dataset::ForceLoads force_loads(const std::string& element);

  const Bindings& bindings() const { return elements_; }
  const kinematics::State& state() const { return state_; }

 private:
  int part_index(long part_id) const;

  SourceText source_;
  dataset::Dataset dataset_;
  dataset::ModelBuild build_;
  kinematics::State state_;
  kinematics::ModelBindings measures_;
  dataset::ElementBindings elements_;
};

}  // namespace fexpr::python
