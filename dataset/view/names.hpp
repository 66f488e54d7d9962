// Finding the object a name written in a command file names: a full name (.model.PART_2.cm),
// one relative to a model of the file (PART_2.cm), and `.adams_id` after an object's name for
// its id. Names are not case-sensitive.
#pragma once

#include "dataset/statement.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace fexpr::dataset::view {

struct Found {
  const NamedObject* object = nullptr;
  bool adams_id = false;  // the name ended in .adams_id
};

Found find_object(const Dataset& dataset, std::string_view written);

// The statement a View name given for an element became, as TYPE/ID (fexpr loads --id
// .model.spring gives "SPRINGDAMPER/2"), or why there is none in `error`: no object has the name
// (with the nearest one), or the model is a dataset, whose elements have ids only.
struct ElementLabel {
  std::string label;
  std::string error;
};
ElementLabel element_label(const Dataset& dataset, std::string_view written);

// The full names of the objects, for "did you mean".
std::vector<std::string_view> object_names(const Dataset& dataset);

// Whether the file is an Adams View command file: its name ends in .cmd.
bool is_view_file(std::string_view name);

}  // namespace fexpr::dataset::view
