// `fexpr check` reads SPRINGDAMPER, BUSHING, FIELD and BEAM and evaluates them at the initial state:
// their errors at their places, coincident spring markers as a warning (before assembly).
#include "checked_dataset.hpp"

#include <catch2/catch.hpp>

TEST_CASE("check reports bad force elements at their places", "[forces][check]") {
  auto f = fexpr::dataset::check_text("t.adm",
                                      "bad forces\n"
                                      "PART/1, GROUND\n"
                                      "MARKER/1, PART=1\n"
                                      "MARKER/2, PART=1\n"
                                      "SPRINGDAMPER/1, TRANSLATIONAL, I=1, J=2, K=-5\n"
                                      "BUSHING/2, I=1, J=9, K=1,2,3\n"
                                      "FIELD/3, I=1, J=2, CRATIO=0.1\n"
                                      "SPRINGDAMPER/4, TRANSLATIONAL, I=1, J=2, K=5\n"
                                      "SPRINGDAMPER/5, ROTATIONAL, I=1, J=2, KT=5\n"
                                      "BEAM/6, I=1, J=2, LENGTH=0, AREA=1, IXX=1, IYY=1, IZZ=1, EMODULUS=1, GMODULUS=1\n"
                                      "BEAM/7, I=1, J=2, LENGTH=1, AREA=1, IXX=1, IYY=1, IZZ=1, EMODULUS=1, GMODULUS=1\n"
                                      "END\n");
  // SPRINGDAMPER/4's markers coincide: its direction is undefined where the dataset starts.
  // BEAM/7's markers coincide too, which is a beam squeezed to nothing, not an undefined load.
  CHECK(fexpr::testing::problems(f) ==
        std::vector<std::string>{"5:44:error:parameter", "6:19:error:reference", "7:20:error:missing-argument",
                                 "8:1:warning:domain", "10:26:error:parameter"});
}
