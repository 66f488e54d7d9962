// The parameters of a builtin's signature as the table writes it ("DX(i[, j][, k])",
// "CHEBY(x, x0, a0, ..., a30)"): their names say what an argument is (`id` the function's
// element, `i j k l rm` markers), which the dataset's id lookup and editor completion read.
#pragma once

#include <string_view>
#include <vector>

namespace fexpr::builtins {

struct Parameter {
  std::string_view name;  // "x0", "id", or "..." where further arguments of the same kind go
  bool optional = false;  // written inside [ ]
};

std::vector<Parameter> parameters(std::string_view signature);

}  // namespace fexpr::builtins
