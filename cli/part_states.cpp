#include "cli/part_states.hpp"

#include "cli/input_options.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <cmath>

namespace fexpr::cli {
namespace {

std::optional<std::string> apply_set(dataset::LoadedModel& m, const std::string& part_word, const std::string& assignment) {
  const std::string option = "--set " + part_word + " " + assignment + ": ";
  std::optional<double> id;
  if (part_word.size() > 5 && text::iequals(part_word.substr(0, 5), "PART/")) id = number::parse(part_word.substr(5));
  if (!id || *id != std::trunc(*id) || std::abs(*id) > 1E15) return option + "expected PART/ID, the part whose state to set";
  const kinematics::Model& model = m.build.model;
  const int part = model.find_part(static_cast<long>(*id));
  if (part < 0) return option + "the model has no " + part_word;
  if (part == 0) return option + part_word + " is the ground, which does not move";
  const std::size_t eq = assignment.find('=');
  if (eq == std::string::npos) return option + "expected NAME=VALUE after the part";
  const std::string name = assignment.substr(0, eq);
  int k = 0;
  while (k < kinematics::kStatesPerPart && !text::iequals(kinematics::state_name(k), name)) ++k;
  if (k == kinematics::kStatesPerPart) {
    return option + "no state '" + name + "'; the states are x y z psi theta phi vx vy vz wx wy wz";
  }
  auto value = number::parse(assignment.substr(eq + 1));
  if (!value) return option + "expected a decimal number after '='";
  m.state->set_value(part, k, *value);
  return std::nullopt;
}

}  // namespace

void add_set_option(CLI::App* sub, std::vector<std::string>& sets) {
  sub->add_option("--set", sets, "Set a part state of the model: --set PART/ID NAME=VALUE (repeatable)")
      ->type_size(2)
      ->allow_extra_args(false)
      ->type_name("PART/ID NAME=VALUE");
}

std::optional<std::string> apply_sets(dataset::LoadedModel& model, const std::vector<std::string>& sets) {
  for (std::size_t i = 0; i + 1 < sets.size(); i += 2) {
    if (auto problem = apply_set(model, sets[i], sets[i + 1])) return problem;
  }
  return std::nullopt;
}

}  // namespace fexpr::cli
