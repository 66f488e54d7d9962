// Which element an id in a dataset names. An id is written in two places: as a statement's
// value (MARKER/3, PART = 2 names PART/2; SFORCE I = 20 names MARKER/20) and as a constant
// argument of a function (VARVAL(12) names VARIABLE/12, DX(2, 1) names MARKER/2 and MARKER/1).
// The editor front ends need both to go from an id to its statement and back; the function
// arguments are read from the builtin table's signatures (`id` is the function's own element,
// `i j k l rm` of a measure or a solver function are markers), so a new builtin needs no entry.
#pragma once

#include "dataset/statement.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace fexpr::dataset {

// One id written in the text: the statement type it names, the id and where it is written.
struct ElementId {
  std::string_view statement;  // "VARIABLE", "MARKER", ...
  long id = 0;
  Span span;
};

// The statement type that argument `index` (from 0) of `function` names, or empty.
std::string_view element_of_argument(std::string_view function, std::size_t index);

// Which argument (from 0) of `function` is the id of its own element: 0 for VARVAL(id), 3 for
// CURVE(alpha, iord, comp, id); nullopt for a function without one.
std::optional<std::size_t> own_id_argument(std::string_view function);

// The statement type that a value of `keyword` in statement `statement` names, or empty.
std::string_view element_of_keyword(std::string_view statement, std::string_view keyword);

// Every id of the statement: its own (NAME/id), its values that name elements and the
// constant element arguments of the calls in its expressions, in text order.
std::vector<ElementId> element_ids(const Statement& statement);

}  // namespace fexpr::dataset
