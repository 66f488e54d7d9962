// Which element each id in a dataset names. The expected kinds come from the Adams Solver
// reference: VARVAL(id) a VARIABLE, CUBSPL(x, z, id) a SPLINE, the i j k of DX markers,
// JOINT(id, jflag, comp, rm) a JOINT and a marker, ARYVAL(id, i) an ARRAY and a position,
// CURVE(alpha, iord, comp, id) a CURVE by its last argument.
#include "dataset/checker.hpp"
#include "dataset/element_ids.hpp"
#include "dataset/reader.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_dataset_element_ids {

using namespace fexpr::dataset;

TEST_CASE("function arguments name elements by the builtin signatures") {
  CHECK(element_of_argument("VARVAL", 0) == "VARIABLE");
  CHECK(element_of_argument("varval", 0) == "VARIABLE");
  CHECK(element_of_argument("CUBSPL", 2) == "SPLINE");
  CHECK(element_of_argument("CUBSPL", 0).empty());
  CHECK(element_of_argument("DX", 0) == "MARKER");
  CHECK(element_of_argument("DX", 2) == "MARKER");
  CHECK(element_of_argument("DX", 3).empty());
  CHECK(element_of_argument("JOINT", 0) == "JOINT");
  CHECK(element_of_argument("JOINT", 3) == "MARKER");
  CHECK(element_of_argument("JOINT", 1).empty());
  CHECK(element_of_argument("ARYVAL", 0) == "ARRAY");
  CHECK(element_of_argument("ARYVAL", 1).empty());  // a position, though written i
  CHECK(element_of_argument("BUSH", 0) == "BUSHING");
  CHECK(element_of_argument("STEP", 0).empty());
  CHECK(element_of_argument("NOSUCH", 0).empty());
}

TEST_CASE("statement values name elements") {
  CHECK(element_of_keyword("SFORCE", "I") == "MARKER");
  CHECK(element_of_keyword("MARKER", "PART") == "PART");
  CHECK(element_of_keyword("MOTION", "JOINT") == "JOINT");
  CHECK(element_of_keyword("PINPUT", "VARIABLES") == "VARIABLE");
  CHECK(element_of_keyword("PART", "MASS").empty());
}

TEST_CASE("every id of a statement, in text order, with its span") {
  fexpr::SourceText source("t.adm", "t\nSFORCE/4, I = 2, J = 1, FUNCTION = VARVAL(12) + DX(2, 1, 30D) + STEP(TIME, 0, 0, 1, 1)\n");
  Dataset d = read(source);
  REQUIRE(d.statements.size() == 1);
  auto ids = element_ids(d.statements[0]);
  std::string listed;
  for (const ElementId& e : ids)
    listed += std::string(e.statement) + "/" + std::to_string(e.id) + "@" + std::to_string(e.span.begin) + " ";
  // Offsets: the line starts at 2; "SFORCE/" is 7 bytes, so 4 is at 9, I's 2 at 16, J's 1 at
  // 23, VARVAL's 12 at 44, DX's 2 and 1 at 53 and 56; 30D is in degrees, not an id.
  CHECK(listed == "SFORCE/4@9 MARKER/2@16 MARKER/1@23 VARIABLE/12@44 MARKER/2@53 MARKER/1@56 ");
}

TEST_CASE("own_id_argument is where the signature puts the id") {
  CHECK(own_id_argument("VARVAL") == 0u);
  CHECK(own_id_argument("CURVE") == 3u);  // CURVE(alpha, iord, comp, id)
  CHECK(own_id_argument("INTERP") == 2u);  // INTERP(x, method, id[, iord])
  CHECK(own_id_argument("STEP") == std::nullopt);
}

TEST_CASE("the checker looks up a solver function's element by the id argument, not the first") {
  // CURVE(1, 0, 0, 3): alpha is 1, the CURVE is 3; only CURVE/3 exists.
  auto sound = check_text("c.adm", "t\nCURVE/3\nVARIABLE/1, FUNCTION = CURVE(1, 0, 0, 3)\nEND\n");
  CHECK(sound.errors() == 0);
  auto missing = check_text("c.adm", "t\nCURVE/3\nVARIABLE/1, FUNCTION = CURVE(1, 0, 0, 4)\nEND\n");
  REQUIRE(missing.errors() == 1);
  const fexpr::Diagnostic* error = nullptr;
  for (const auto& d : missing.diagnostics) {
    if (d.severity == fexpr::Severity::error) error = &d;
  }
  CHECK(error->message == "CURVE/4 is not defined");
  // The caret is under the 4: "t\nCURVE/3\n" is 10 bytes, then 23 + "CURVE(1, 0, 0, " (15).
  CHECK(error->span.begin == 10 + 23 + 15);
}

}  // namespace test_dataset_element_ids
