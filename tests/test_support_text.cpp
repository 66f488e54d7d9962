// The nearest-name search behind "did you mean", and whether its answer is the only one.
#include "support/text.hpp"

#include <catch2/catch.hpp>

#include <array>

namespace test_support_text {

using fexpr::text::nearest;
using fexpr::text::only_nearest;

namespace {

constexpr std::array<std::string_view, 7> kNames = {"STEP", "STEP5", "COS", "ASIN", "UX", "UY", "UV"};

}  // namespace

TEST_CASE("a transposition is one edit, and the one nearest name is certain", "[text]") {
  CHECK(nearest("STPE", kNames) == "STEP");
  CHECK(only_nearest("STPE", "STEP", kNames));
  CHECK(only_nearest("stpe", "STEP", kNames));
}

TEST_CASE("a name as near to two candidates is not certain", "[text]") {
  // COSIN: two edits from COS (drop I, N) and from ASIN (C -> A, drop O).
  CHECK_FALSE(nearest("COSIN", kNames).empty());
  CHECK_FALSE(only_nearest("COSIN", nearest("COSIN", kNames), kNames));
  CHECK_FALSE(only_nearest("UZ", nearest("UZ", kNames), kNames));
  // STEP5 is one edit from STEP, but STEP is nearer still (zero edits from itself).
  CHECK(only_nearest("STEP", "STEP", kNames));
}

TEST_CASE("a candidate listed twice is still one candidate", "[text]") {
  constexpr std::array<std::string_view, 3> names = {"TIME", "TIME", "time"};
  CHECK(only_nearest("TIEM", "TIME", names));
}

}  // namespace test_support_text
