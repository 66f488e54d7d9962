// The Adams View commands fexpr interprets, their parameters, and the command words it knows
// so that abbreviations resolve as Adams View resolves them: a word may be shortened to any
// prefix that no other word at its place in the command tree shares (`mar cre` is marker
// create, `len` is length).
#pragma once

#include "dataset/view/command.hpp"

#include <span>
#include <string>
#include <string_view>

namespace fexpr::dataset::view {

// What a command does to the model, for the translator.
enum class Action {
  none,         // known, changes nothing fexpr follows (view, geometry attributes, colors)
  uninterpreted,  // changes the model in a way fexpr does not follow (noted once)
  defaults_units,
  defaults_coordinate_system,
  defaults_model,
  model_create,
  part_position,   // part create/modify rigid_body name_and_position
  part_mass,       // part create/modify rigid_body mass_properties
  part_velocity,   // part create/modify rigid_body initial_velocity
  marker,          // marker create/modify
  floating_marker,
  point,
  joint,           // constraint create/modify joint TYPE
  motion,          // constraint create/modify motion_generator
  sforce,          // force create/modify direct single_component_force
  vforce,          // force_vector
  vtorque,         // torque_vector
  gforce,          // general_force
  bushing,         // force create/modify element_like bushing
  springdamper_translational,
  springdamper_rotational,
  beam,
  field,
  variable,        // data_element create/modify variable
  array,           // data_element create/modify array TYPE
  spline,
  plant_input,
  plant_output,
  diff,            // part create/modify equation differential_equation
  measure_function,
  measure_object,
  design_variable,  // variable create/modify/set
  block_start,      // if, for, while
  block_else,
  block_end,
};

struct CommandSyntax {
  std::string_view path;  // the full words, "part create rigid_body name_and_position"
  Action action;
  bool creates;  // create (rather than modify)
  std::span<const std::string_view> parameters;  // empty: parameters are not looked at
};

// The command a command's words name, with their abbreviations resolved, or null where its
// words are not a command fexpr knows (then `path` holds the words as far as they resolved).
const CommandSyntax* find_command(const Command& command, std::string& path);

// The full name of a parameter of `syntax` that `written` names or abbreviates; empty when it
// names none, and then `nearest` the closest parameter name (for "did you mean"), if any.
std::string_view find_parameter(const CommandSyntax& syntax, std::string_view written, std::string_view& nearest);

}  // namespace fexpr::dataset::view
