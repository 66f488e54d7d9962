// The kinematic model of a dataset: its GROUND, PART and MARKER statements.
#pragma once

#include "dataset/statement.hpp"
#include "kinematics/model.hpp"

#include <fexpr/diagnostic.hpp>

#include <vector>

namespace fexpr::dataset {

struct ModelBuild {
  kinematics::Model model;
  std::vector<long> floating_markers;  // FLOATING markers: their place is the solver's to choose
  // Markers on bodies the rigid model does not hold (FE_PART, FLEX_BODY, POINT_MASS).
  std::vector<long> other_markers;
  std::vector<Diagnostic> diagnostics;
};

// PART: QG= and REULER= place the part frame in ground. VX=, VY=, VZ= are the initial
// velocity of the part's CM marker along the ground axes and WX=, WY=, WZ= its angular
// velocity about the CM marker's axes (Adams' PART statement); they are converted to the
// model's state, which holds the velocity of the part frame's origin and the angular
// velocity, both in ground coordinates. Without CM= the CM is the part frame.
// MARKER: PART=, QP=, and REULER= or ZP=/XP= (with USEXP the x axis follows XP exactly).
// For the J marker of every ROTATIONAL or ACTIONONLY SFORCE the model also holds a marker with
// id z_axis_marker(J) one unit along J's z axis, so that DX(z_axis_marker(J), J, K) is the
// component of J's z axis along K's x axis, with the derivatives of any other measure.
ModelBuild build_model(const Dataset& dataset);

// Negative ids are never written in datasets.
inline long z_axis_marker(long marker) { return -marker; }

}  // namespace fexpr::dataset
