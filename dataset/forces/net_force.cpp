#include "dataset/forces/net_force.hpp"

#include "dataset/forces/force_loads.hpp"
#include "dataset/forces/parameters.hpp"
#include "dataset/values.hpp"

#include <algorithm>
#include <array>

namespace fexpr::dataset {

namespace {

constexpr std::array<std::string_view, 8> kFunctions{"FM", "FX", "FY", "FZ", "TM", "TX", "TY", "TZ"};
// Statements whose loads at a marker fexpr does not know: reactions and unevaluated elements.
constexpr std::array<std::string_view, 11> kReactions{"JOINT", "JPRIM",   "MOTION", "CONTACT", "NFORCE",  "PTCV",
                                                      "CVCV",  "GEAR",    "COUPLER", "GCON",   "FRICTION"};

bool names_marker(const Statement& s, long marker) {
  for (const Argument& a : s.arguments) {
    if (a.keyword != "I" && a.keyword != "J" && a.keyword != "JFLOAT" && a.keyword != "IMARKERS") continue;
    for (const Value& v : a.values) {
      if (integer(v) == marker) return true;
    }
  }
  return false;
}

}  // namespace

bool is_net_force_function(std::string_view function) {
  return std::find(kFunctions.begin(), kFunctions.end(), function) != kFunctions.end();
}

std::variant<NetForceText, NotEvaluated> net_force(std::string_view function, long i, long j, long k,
                                                   const Dataset& dataset, const kinematics::Model& model,
                                                   const ElementBindings& bindings) {
  const auto& floating = bindings.floating_markers();
  bool torque = function[0] == 'T';
  std::string sum;
  for (const Statement& s : dataset.statements) {
    if (!s.id) continue;
    bool reaction = std::find(kReactions.begin(), kReactions.end(), s.name) != kReactions.end();
    if (reaction && names_marker(s, i))
      return NotEvaluated{element_label(s) + " also acts at marker " + std::to_string(i) +
                          ": its load there is a reaction only a solver knows"};
    if (s.name != "SFORCE" && !is_force_element(s.name)) continue;
    if (!names_marker(s, i)) continue;
    auto read = s.name == "SFORCE" ? sforce_element(s, bindings) : read_force_element(s, model, floating);
    if (auto* d = std::get_if<Diagnostic>(&read)) return NotEvaluated{d->message};
    const ForceElement& e = std::get<ForceElement>(read);
    const std::string* load = nullptr;
    if (e.i == i && (j == 0 || e.j == j)) load = torque ? &e.torque_i : &e.force_i;
    else if (e.j == i && (j == 0 || e.i == j)) load = torque ? &e.torque_j : &e.force_j;
    if (load && !load->empty()) sum += (sum.empty() ? "" : " + ") + ("(" + *load + ")");
  }
  int axis = static_cast<int>(std::find(kFunctions.begin(), kFunctions.end(), function) - kFunctions.begin()) % 4;
  return NetForceText{vector_component(sum.empty() ? "[0, 0, 0]" : sum, axis, k)};
}

}  // namespace fexpr::dataset
