// FX FY FZ FM TX TY TZ TM (i[, j][, k]): the net load on marker i from the applied force
// elements between i and j (j 0 or omitted: all of them at i), along k's axes (0: ground), as
// expression text in the elements' loads. Where a joint, motion, contact or another element
// fexpr does not evaluate acts at i, the net load holds a reaction only a solver knows: it is
// not evaluated, and the reason says which statement.
#pragma once

#include "dataset/element_bindings.hpp"
#include "dataset/forces/force_element.hpp"

#include <string>
#include <string_view>
#include <variant>

namespace fexpr::dataset {

struct NetForceText {
  std::string text;
};
struct NotEvaluated {
  std::string why;
};

bool is_net_force_function(std::string_view function);
std::variant<NetForceText, NotEvaluated> net_force(std::string_view function, long i, long j, long k,
                                                   const Dataset& dataset, const kinematics::Model& model,
                                                   const ElementBindings& bindings);

}  // namespace fexpr::dataset
