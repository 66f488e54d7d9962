// The nearest-name search behind "did you mean", and whether its answer is the only one; the
// case-insensitive hash the compiler finds names with.
#include "support/text.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <string>

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

TEST_CASE("names equal in any case hash alike, and different names rarely collide", "[text]") {
  fexpr::text::CaseInsensitiveHash hash;
  std::set<std::size_t> seen;
  std::size_t names = 0;
  // Lengths 0 to 27 cross the hash's eight-byte steps; upper, lower and mixed case of each.
  for (std::size_t length = 0; length < 28; ++length) {
    for (char first = 'a'; first <= 'z'; ++first) {
      std::string lower(length, 'x'), upper, mixed;
      for (std::size_t k = 0; k < length; ++k) lower[k] = static_cast<char>(k == 0 ? first : 'a' + (k * 7 + first) % 26);
      upper = fexpr::text::upper(lower);
      mixed = lower;
      for (std::size_t k = 0; k < length; k += 2) mixed[k] = upper[k];
      INFO(lower);
      CHECK(hash(lower) == hash(upper));
      CHECK(hash(lower) == hash(mixed));
      CHECK(fexpr::text::iequals(lower, mixed));
      seen.insert(hash(lower));
      ++names;
      if (length == 0) break;
    }
  }
  // State labels differ in a digit or the last letter only.
  for (int part = 1; part <= 400; ++part) {
    for (const char* state : {"x", "y", "z", "psi", "theta", "phi", "vx", "vy", "vz", "wx", "wy", "wz"}) {
      seen.insert(hash("PART/" + std::to_string(part) + "." + state));
      ++names;
    }
  }
  CHECK(seen.size() == names);
}

}  // namespace test_support_text
