#include "dataset/view/schema.hpp"

#include "support/text.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <unordered_map>
#include <vector>

namespace fexpr::dataset::view {
namespace {

using P = std::string_view;

// Parameters, from the Adams View command reference (commands marker, part, constraint, force,
// data_element, measure, variable, defaults) and the exported files of the corpus.
constexpr std::array<P, 25> kDefaultsUnits{
    "length", "angle", "force", "mass", "time", "frequency", "coordinate_system_type", "orientation_type",
    "system", "model_name", "units", "current_units", "velocity", "acceleration", "angular_velocity",
    "angular_acceleration", "area", "volume", "density", "energy", "power", "pressure", "stiffness",
    "damping", "inertia"};
constexpr std::array<P, 2> kDefaultsCoordinateSystem{"default_coordinate_system", "relative_to"};
constexpr std::array<P, 3> kDefaultsModel{"model_name", "part_name", "view_name"};
constexpr std::array<P, 5> kModelCreate{"model_name", "title", "fit_to_view", "view_name", "comments"};
constexpr std::array<P, 10> kPartPosition{"part_name",     "new_part_name", "adams_id",  "comments",  "location",
                                          "orientation",   "along_axis_orientation",    "in_plane_orientation",
                                          "relative_to",   "ground_part"};
constexpr std::array<P, 17> kPartMass{"part_name", "material_type", "density", "mass", "center_of_mass_marker",
                                      "inertia_marker", "ixx", "iyy", "izz", "ixy", "izx", "iyz", "material",
                                      "inertia_marker_name", "comments", "exact", "points_for_fitting"};
constexpr std::array<P, 12> kPartVelocity{"part_name", "vx", "vy", "vz", "wx", "wy", "wz", "vm", "wm",
                                          "ground", "velocity_marker", "angular_velocity_marker"};
constexpr std::array<P, 14> kMarker{"marker_name",   "new_marker_name", "adams_id",         "comments",
                                    "location",      "orientation",     "along_axis_orientation",
                                    "in_plane_orientation", "relative_to", "reference_marker_name",
                                    "node_id",       "flex_body_name",  "curve_name",       "velocity"};
constexpr std::array<P, 5> kFloatingMarker{"floating_marker_name", "new_floating_marker_name", "adams_id", "comments",
                                           "part_name"};
constexpr std::array<P, 4> kPoint{"point_name", "new_point_name", "location", "relative_to"};
constexpr std::array<P, 27> kJoint{
    "joint_name",          "new_joint_name",    "adams_id",        "comments",      "i_marker_name",
    "j_marker_name",       "i_part_name",       "j_part_name",     "location",      "orientation",
    "relative_to",         "translational_ic",  "velocity_ic",     "rotational_ic", "angular_velocity_ic",
    "delta_v",             "maximum_deformation", "mu_dyn_rot",    "mu_stat_rot",   "max_fric_rot",
    "mu_dyn_trans",        "mu_stat_trans",     "max_fric_trans",  "preload_axial", "preload_radial",
    "inner_radius",        "outer_radius"};
constexpr std::array<P, 18> kMotion{"motion_name",      "new_motion_name", "adams_id",       "comments",
                                    "joint_name",       "type_of_freedom", "i_marker_name",  "j_marker_name",
                                    "axis",             "function",        "time_derivative", "displacement_ic",
                                    "velocity_ic",      "user_function",   "routine",        "rotational_ic",
                                    "translational_ic", "angular_velocity_ic"};
constexpr std::array<P, 13> kSforce{"single_component_force_name", "new_single_component_force_name", "adams_id",
                                    "comments", "i_marker_name", "j_marker_name", "type_of_freedom", "action_only",
                                    "function", "user_function", "routine", "i_part_name", "j_part_name"};
constexpr std::array<P, 14> kVforce{"force_vector_name", "new_force_vector_name", "adams_id", "comments",
                                    "i_marker_name", "j_floating_marker_name", "j_part_name", "ref_marker_name",
                                    "x_force_function", "y_force_function", "z_force_function", "user_function",
                                    "routine", "i_part_name"};
constexpr std::array<P, 14> kVtorque{"torque_vector_name", "new_torque_vector_name", "adams_id", "comments",
                                     "i_marker_name", "j_floating_marker_name", "j_part_name", "ref_marker_name",
                                     "x_torque_function", "y_torque_function", "z_torque_function", "user_function",
                                     "routine", "i_part_name"};
constexpr std::array<P, 17> kGforce{"general_force_name", "new_general_force_name", "adams_id", "comments",
                                    "i_marker_name", "j_floating_marker_name", "j_part_name", "ref_marker_name",
                                    "x_force_function", "y_force_function", "z_force_function", "x_torque_function",
                                    "y_torque_function", "z_torque_function", "user_function", "routine",
                                    "i_part_name"};
constexpr std::array<P, 13> kBushing{"bushing_name", "new_bushing_name", "adams_id", "comments", "i_marker_name",
                                     "j_marker_name", "stiffness", "damping", "tstiffness", "tdamping",
                                     "force_preload", "torque_preload", "i_part_name"};
constexpr std::array<P, 13> kSpringTranslational{"spring_damper_name", "new_spring_damper_name", "adams_id",
                                                 "comments", "i_marker_name", "j_marker_name", "stiffness",
                                                 "damping", "preload", "displacement_at_preload",
                                                 "stiffness_coefficient", "damping_coefficient", "i_part_name"};
constexpr std::array<P, 13> kSpringRotational{"spring_damper_name", "new_spring_damper_name", "adams_id",
                                              "comments", "i_marker_name", "j_marker_name", "stiffness",
                                              "damping", "preload", "displacement_at_preload", "torsional_stiffness",
                                              "torsional_damping", "i_part_name"};
constexpr std::array<P, 19> kBeam{"beam_name", "new_beam_name", "adams_id", "comments", "i_marker_name",
                                  "j_marker_name", "length", "area_of_cross_section", "ixx", "iyy", "izz",
                                  "y_shear_area_ratio", "z_shear_area_ratio", "youngs_modulus", "shear_modulus",
                                  "damping_ratio", "matrix_of_damping_terms", "formulation", "i_part_name"};
constexpr std::array<P, 14> kField{"field_name", "new_field_name", "adams_id", "comments", "i_marker_name",
                                   "j_marker_name", "translation_at_preload", "rotation_at_preload",
                                   "force_preload", "torque_preload", "stiffness_matrix", "damping_ratio",
                                   "matrix_of_damping_terms", "user_function"};
constexpr std::array<P, 9> kVariable{"variable_name", "new_variable_name", "adams_id", "comments", "function",
                                     "initial_condition", "user_function", "routine", "units"};
constexpr std::array<P, 8> kArray{"array_name", "new_array_name", "adams_id", "comments", "numbers", "size",
                                  "variable_name", "state_equation_name"};
constexpr std::array<P, 13> kSpline{"spline_name", "new_spline_name", "adams_id", "comments", "x", "y", "z",
                                    "linear_extrapolate", "file_name", "block_name", "channel", "units", "x_units"};
constexpr std::array<P, 5> kPlantInput{"plant_input_name", "new_plant_input_name", "adams_id", "comments",
                                       "variable_name"};
constexpr std::array<P, 5> kPlantOutput{"plant_output_name", "new_plant_output_name", "adams_id", "comments",
                                        "variable_name"};
constexpr std::array<P, 12> kDiff{"differential_equation_name", "new_differential_equation_name", "adams_id",
                                  "comments", "function", "initial_condition", "implicit", "static_hold",
                                  "user_function", "routine", "no_initial_condition", "dynamic_hold"};
constexpr std::array<P, 7> kMeasureFunction{"measure_name", "new_measure_name", "function", "units", "legend",
                                            "create_measure_display", "comments"};
constexpr std::array<P, 10> kMeasureObject{"measure_name", "new_measure_name", "object", "characteristic",
                                           "component", "from_first", "coordinate_rframe", "motion_rframe",
                                           "create_measure_display", "legend"};
constexpr std::array<P, 14> kDesignVariable{"variable_name", "new_variable_name", "real_value", "integer_value",
                                            "string_value", "object_value", "units", "range", "use_range",
                                            "allowed_values", "use_allowed_values", "delta_type", "comments",
                                            "hide_from_user"};

// Every command path fexpr knows. Those with Action::none or ::uninterpreted are listed so
// that their words take part in resolving abbreviations.
constexpr CommandSyntax kCommands[] = {
    {"defaults units", Action::defaults_units, false, kDefaultsUnits},
    {"defaults coordinate_system", Action::defaults_coordinate_system, false, kDefaultsCoordinateSystem},
    {"defaults model", Action::defaults_model, false, kDefaultsModel},
    {"defaults attributes", Action::none, false, {}},
    {"defaults command_file", Action::none, false, {}},
    {"defaults orient_axis_and_plane", Action::none, false, {}},
    {"defaults adams_output", Action::none, false, {}},
    {"defaults analysis", Action::none, false, {}},
    {"defaults hardcopy", Action::none, false, {}},
    {"defaults plot", Action::none, false, {}},
    {"defaults report", Action::none, false, {}},
    {"defaults name_generation", Action::none, false, {}},
    {"model create", Action::model_create, true, kModelCreate},
    {"model modify", Action::uninterpreted, false, {}},
    {"model attributes", Action::none, false, {}},
    {"model display", Action::none, false, {}},
    {"model merge", Action::uninterpreted, false, {}},
    {"model copy", Action::uninterpreted, false, {}},
    {"model delete", Action::uninterpreted, false, {}},
    {"model verify", Action::none, false, {}},
    {"model list_info", Action::none, false, {}},
    {"part create rigid_body name_and_position", Action::part_position, true, kPartPosition},
    {"part create rigid_body mass_properties", Action::part_mass, true, kPartMass},
    {"part create rigid_body initial_velocity", Action::part_velocity, true, kPartVelocity},
    {"part create rigid_body points_for_fitting", Action::none, true, {}},
    {"part modify rigid_body name_and_position", Action::part_position, false, kPartPosition},
    {"part modify rigid_body mass_properties", Action::part_mass, false, kPartMass},
    {"part modify rigid_body initial_velocity", Action::part_velocity, false, kPartVelocity},
    {"part modify rigid_body points_for_fitting", Action::none, false, {}},
    {"part create equation differential_equation", Action::diff, true, kDiff},
    {"part modify equation differential_equation", Action::diff, false, kDiff},
    {"part create equation linear_state_equation", Action::uninterpreted, true, {}},
    {"part create equation general_state_equation", Action::uninterpreted, true, {}},
    {"part create equation transfer_function", Action::uninterpreted, true, {}},
    {"part create flexible_body name_and_position", Action::uninterpreted, true, {}},
    {"part create point_mass name_and_position", Action::uninterpreted, true, {}},
    {"part create external_system", Action::uninterpreted, true, {}},
    {"part attributes", Action::none, false, {}},
    {"part copy", Action::uninterpreted, false, {}},
    {"part delete", Action::uninterpreted, false, {}},
    {"part merge rigid_body", Action::uninterpreted, false, {}},
    {"part list_info", Action::none, false, {}},
    {"part display", Action::none, false, {}},
    {"marker create", Action::marker, true, kMarker},
    {"marker modify", Action::marker, false, kMarker},
    {"marker attributes", Action::none, false, {}},
    {"marker copy", Action::uninterpreted, false, {}},
    {"marker delete", Action::uninterpreted, false, {}},
    {"marker list_info", Action::none, false, {}},
    {"marker display", Action::none, false, {}},
    {"floating_marker create", Action::floating_marker, true, kFloatingMarker},
    {"floating_marker modify", Action::floating_marker, false, kFloatingMarker},
    {"floating_marker attributes", Action::none, false, {}},
    {"floating_marker delete", Action::uninterpreted, false, {}},
    {"point create", Action::point, true, kPoint},
    {"point modify", Action::point, false, kPoint},
    {"point attributes", Action::none, false, {}},
    {"point delete", Action::uninterpreted, false, {}},
    {"constraint create joint", Action::joint, true, kJoint},
    {"constraint modify joint", Action::joint, false, kJoint},
    {"constraint create motion_generator", Action::motion, true, kMotion},
    {"constraint modify motion_generator", Action::motion, false, kMotion},
    {"constraint create primitive_joint", Action::uninterpreted, true, {}},
    {"constraint create complex_joint", Action::uninterpreted, true, {}},
    {"constraint create higher_pair_contact", Action::uninterpreted, true, {}},
    {"constraint create general_constraint", Action::uninterpreted, true, {}},
    {"constraint create user_defined", Action::uninterpreted, true, {}},
    {"constraint modify primitive_joint", Action::uninterpreted, false, {}},
    {"constraint modify complex_joint", Action::uninterpreted, false, {}},
    {"constraint modify higher_pair_contact", Action::uninterpreted, false, {}},
    {"constraint modify general_constraint", Action::uninterpreted, false, {}},
    {"constraint attributes", Action::none, false, {}},
    {"constraint delete", Action::uninterpreted, false, {}},
    {"constraint activate", Action::none, false, {}},
    {"constraint deactivate", Action::none, false, {}},
    {"force create direct single_component_force", Action::sforce, true, kSforce},
    {"force modify direct single_component_force", Action::sforce, false, kSforce},
    {"force create direct force_vector", Action::vforce, true, kVforce},
    {"force modify direct force_vector", Action::vforce, false, kVforce},
    {"force create direct torque_vector", Action::vtorque, true, kVtorque},
    {"force modify direct torque_vector", Action::vtorque, false, kVtorque},
    {"force create direct general_force", Action::gforce, true, kGforce},
    {"force modify direct general_force", Action::gforce, false, kGforce},
    {"force create direct multi_point_force", Action::uninterpreted, true, {}},
    {"force create element_like bushing", Action::bushing, true, kBushing},
    {"force modify element_like bushing", Action::bushing, false, kBushing},
    {"force create element_like translational_spring_damper", Action::springdamper_translational, true,
     kSpringTranslational},
    {"force modify element_like translational_spring_damper", Action::springdamper_translational, false,
     kSpringTranslational},
    {"force create element_like rotational_spring_damper", Action::springdamper_rotational, true, kSpringRotational},
    {"force modify element_like rotational_spring_damper", Action::springdamper_rotational, false,
     kSpringRotational},
    {"force create element_like beam", Action::beam, true, kBeam},
    {"force modify element_like beam", Action::beam, false, kBeam},
    {"force create element_like field", Action::field, true, kField},
    {"force modify element_like field", Action::field, false, kField},
    {"force create element_like friction", Action::uninterpreted, true, {}},
    {"force create element_like modal_force", Action::uninterpreted, true, {}},
    {"force modify element_like friction", Action::uninterpreted, false, {}},
    {"force create body gravitational", Action::none, true, {}},
    {"force modify body gravitational", Action::none, false, {}},
    {"force attributes", Action::none, false, {}},
    {"force delete", Action::uninterpreted, false, {}},
    {"force activate", Action::none, false, {}},
    {"force deactivate", Action::none, false, {}},
    {"contact create", Action::uninterpreted, true, {}},
    {"contact modify", Action::uninterpreted, false, {}},
    {"contact attributes", Action::none, false, {}},
    {"contact delete", Action::uninterpreted, false, {}},
    {"data_element create variable", Action::variable, true, kVariable},
    {"data_element modify variable", Action::variable, false, kVariable},
    {"data_element create array x_state_array", Action::array, true, kArray},
    {"data_element create array u_input_array", Action::array, true, kArray},
    {"data_element create array y_output_array", Action::array, true, kArray},
    {"data_element create array ic_array", Action::array, true, kArray},
    {"data_element create array general_array", Action::array, true, kArray},
    {"data_element modify array x_state_array", Action::array, false, kArray},
    {"data_element modify array u_input_array", Action::array, false, kArray},
    {"data_element modify array y_output_array", Action::array, false, kArray},
    {"data_element modify array ic_array", Action::array, false, kArray},
    {"data_element modify array general_array", Action::array, false, kArray},
    {"data_element create spline", Action::spline, true, kSpline},
    {"data_element modify spline", Action::spline, false, kSpline},
    {"data_element create plant input", Action::plant_input, true, kPlantInput},
    {"data_element modify plant input", Action::plant_input, false, kPlantInput},
    {"data_element create plant output", Action::plant_output, true, kPlantOutput},
    {"data_element modify plant output", Action::plant_output, false, kPlantOutput},
    {"data_element create plant state", Action::uninterpreted, true, {}},
    {"data_element create curve", Action::uninterpreted, true, {}},
    {"data_element create matrix", Action::uninterpreted, true, {}},
    {"data_element create string", Action::none, true, {}},
    {"data_element modify curve", Action::uninterpreted, false, {}},
    {"data_element modify matrix", Action::uninterpreted, false, {}},
    {"data_element attributes", Action::none, false, {}},
    {"data_element delete", Action::uninterpreted, false, {}},
    {"measure create function", Action::measure_function, true, kMeasureFunction},
    {"measure modify function", Action::measure_function, false, kMeasureFunction},
    {"measure create object", Action::measure_object, true, kMeasureObject},
    {"measure modify object", Action::measure_object, false, kMeasureObject},
    {"measure create point", Action::measure_object, true, {}},
    {"measure create pt2pt", Action::measure_object, true, {}},
    {"measure create orient", Action::measure_object, true, {}},
    {"measure create angle", Action::measure_object, true, {}},
    {"measure create range", Action::measure_object, true, {}},
    {"measure create computed", Action::measure_object, true, {}},
    {"measure modify computed", Action::measure_object, false, {}},
    {"measure modify point", Action::measure_object, false, {}},
    {"measure modify pt2pt", Action::measure_object, false, {}},
    {"measure attributes", Action::none, false, {}},
    {"measure delete", Action::uninterpreted, false, {}},
    {"measure display", Action::none, false, {}},
    {"variable create", Action::design_variable, true, kDesignVariable},
    {"variable modify", Action::design_variable, false, kDesignVariable},
    {"variable set", Action::design_variable, false, kDesignVariable},
    {"variable delete", Action::none, false, {}},
    {"if", Action::block_start, false, {}},
    {"for", Action::block_start, false, {}},
    {"while", Action::block_start, false, {}},
    {"else", Action::block_else, false, {}},
    {"elseif", Action::block_else, false, {}},
    {"end", Action::block_end, false, {}},
    {"break", Action::none, false, {}},
    {"continue", Action::none, false, {}},
    {"return", Action::none, false, {}},
    {"material create", Action::none, true, {}},
    {"material modify", Action::none, false, {}},
    {"material delete", Action::none, false, {}},
    {"color create", Action::none, true, {}},
    {"color modify", Action::none, false, {}},
    {"geometry create", Action::none, true, {}},
    {"geometry modify", Action::none, false, {}},
    {"geometry attributes", Action::none, false, {}},
    {"geometry delete", Action::none, false, {}},
    {"geometry copy", Action::none, false, {}},
    {"entity attributes", Action::none, false, {}},
    {"view", Action::none, false, {}},
    {"undo", Action::none, false, {}},
    {"simulation", Action::none, false, {}},
    {"executive_control", Action::none, false, {}},
    {"output_control", Action::none, false, {}},
    {"interface", Action::none, false, {}},
    {"plugin", Action::none, false, {}},
    {"macro", Action::uninterpreted, false, {}},
    {"library", Action::none, false, {}},
    {"group", Action::none, false, {}},
    {"ude", Action::uninterpreted, false, {}},
    {"file", Action::uninterpreted, false, {}},
    {"command_server", Action::none, false, {}},
    {"analysis", Action::none, false, {}},
    {"animation", Action::none, false, {}},
    {"xy_plots", Action::none, false, {}},
    {"numeric_results", Action::none, false, {}},
    {"graphic_results", Action::none, false, {}},
    {"timer", Action::none, false, {}},
    {"list_info", Action::none, false, {}},
    {"mdi", Action::uninterpreted, false, {}},
    {"controls", Action::uninterpreted, false, {}},
    {"function", Action::none, false, {}},
    {"hardcopy", Action::none, false, {}},
    {"toolbar", Action::none, false, {}},
    {"select_list", Action::none, false, {}},
    {"panel", Action::none, false, {}},
    {"menu", Action::none, false, {}},
    {"section", Action::none, false, {}},
    {"help", Action::none, false, {}},
    {"memory", Action::none, false, {}},
    {"system", Action::none, false, {}},
    {"feature", Action::none, false, {}},
    {"clearance", Action::none, false, {}},
    {"highlight", Action::none, false, {}},
    {"stop", Action::none, false, {}},
    {"wire_geometry", Action::none, false, {}},
    {"flexible_body", Action::uninterpreted, false, {}},
};

// Other words Adams View has at these places, which take part in abbreviations only.
struct OtherWords {
  std::string_view after;
  std::array<std::string_view, 12> words;
};
constexpr OtherWords kOtherWords[] = {
    {"", {"do", "text", "table", "record", "rename", "tool", "units", "check", "copy", "mechanism", "entity"}},
    {"part", {"erase", "hide", "show", "align", "reload", "merge"}},
    {"marker", {"erase", "hide", "show", "reload"}},
    {"model", {"erase", "hide", "show", "rename", "reload", "export", "update"}},
    {"data_element", {"list_info", "copy", "erase"}},
    {"force", {"list_info", "copy", "erase", "display"}},
    {"constraint", {"list_info", "copy", "erase", "display"}},
};

// The words that may follow `prefix` (the resolved words so far, each followed by a blank).
std::vector<std::string_view> words_after(std::string_view prefix) {
  std::vector<std::string_view> out;
  const std::size_t level = static_cast<std::size_t>(std::count(prefix.begin(), prefix.end(), ' '));
  for (const CommandSyntax& c : kCommands) {
    if (!c.path.starts_with(prefix)) continue;
    std::string_view rest = c.path.substr(prefix.size());
    if (rest.empty()) continue;
    std::string_view word = rest.substr(0, rest.find(' '));
    if (std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word);
  }
  std::string_view parent = prefix.empty() ? prefix : prefix.substr(0, prefix.size() - 1);
  if (level <= 1) {
    for (const OtherWords& o : kOtherWords) {
      if (o.after != parent) continue;
      for (std::string_view w : o.words) {
        if (!w.empty() && std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
      }
    }
  }
  return out;
}

// The word `written` names among `candidates`: itself, or the one it alone abbreviates.
// candidates sorted: an exact match is where written would go, and the words it abbreviates
// follow it there.
std::string_view resolve(std::string_view written, const std::vector<std::string_view>& candidates) {
  auto at = std::lower_bound(candidates.begin(), candidates.end(), written);
  if (at == candidates.end() || !at->starts_with(written)) return {};
  if (*at == written) return *at;
  const auto next = std::next(at);
  if (next != candidates.end() && next->starts_with(written)) return {};
  return *at;
}

// Adams View writes some words in two ways.
std::string_view canonical(std::string_view word) {
  if (word == "default") return "defaults";
  if (word == "executive") return "executive_control";
  if (word == "output") return "output_control";
  return word;
}

}  // namespace

namespace {

// words_after for every prefix a command's words can resolve to (sorted, for resolve), and the
// commands by path, made once: a command file of 30,000 commands searched the table about ten
// times for each.
struct CommandIndex {
  std::unordered_map<std::string, std::vector<std::string_view>> after;
  std::unordered_map<std::string_view, const CommandSyntax*> by_path;
};

const CommandIndex& command_index() {
  static const CommandIndex index = [] {
    CommandIndex out;
    auto add_prefixes = [&](std::string_view path) {
      for (std::size_t blank = 0; blank != std::string_view::npos; blank = path.find(' ', blank + 1)) {
        std::string prefix(blank == 0 ? std::string_view() : path.substr(0, blank + 1));
        if (!out.after.count(prefix)) out.after.emplace(prefix, words_after(prefix));
      }
    };
    for (const CommandSyntax& c : kCommands) {
      add_prefixes(c.path);
      out.by_path.emplace(c.path, &c);
    }
    for (const OtherWords& o : kOtherWords) {
      std::string prefix = o.after.empty() ? std::string() : std::string(o.after) + " ";
      if (!out.after.count(prefix)) out.after.emplace(prefix, words_after(prefix));
    }
    for (auto& [prefix, words] : out.after) std::sort(words.begin(), words.end());
    return out;
  }();
  return index;
}

}  // namespace

const CommandSyntax* find_command(const Command& command, std::string& path) {
  const CommandIndex& index = command_index();
  path.clear();
  for (const Word& w : command.words) {
    const std::size_t resolved = path.size();
    if (!path.empty()) path += ' ';
    auto candidates = index.after.find(path);
    const std::string_view word =
        candidates == index.after.end() ? std::string_view() : resolve(canonical(w.text), candidates->second);
    if (word.empty()) {
      path.resize(resolved);
      break;
    }
    path += word;
  }
  // The words after the last one resolved are the command's own (a joint's type, view's words).
  for (std::string_view known = path; !known.empty();) {
    if (auto c = index.by_path.find(known); c != index.by_path.end()) return c->second;
    const std::size_t blank = known.rfind(' ');
    known = blank == std::string_view::npos ? std::string_view() : known.substr(0, blank);
  }
  return nullptr;
}

std::string_view find_parameter(const CommandSyntax& syntax, std::string_view written, std::string_view& nearest) {
  nearest = {};
  std::string_view found;
  for (std::string_view p : syntax.parameters) {
    if (p == written) return p;
    if (p.starts_with(written)) {
      if (!found.empty()) return {};
      found = p;
    }
  }
  if (found.empty()) nearest = text::nearest(written, syntax.parameters);
  return found;
}

}  // namespace fexpr::dataset::view
