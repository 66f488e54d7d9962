#include "support/text.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace fexpr::text {

static char upper_char(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = upper_char(c);
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return upper_char(x) == upper_char(y);
         });
}

// Eight bytes at a time, each with bit 5 cleared: that is what makes a letter upper case, so
// names equal in any case hash alike (a few other bytes fold together too, which costs only a
// rare comparison). A compiled model-bound expression hashes each of its input names.
std::size_t CaseInsensitiveHash::operator()(std::string_view s) const noexcept {
  constexpr std::uint64_t kFold = 0xDFDFDFDFDFDFDFDFull, kOdd = 0x9E3779B97F4A7C15ull;
  std::uint64_t h = s.size() * kOdd;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, s.data() + i, 8);
    h = (h ^ (word & kFold)) * kOdd;
    h ^= h >> 29;
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, s.data() + i, s.size() - i);
  h = (h ^ (tail & kFold)) * kOdd;
  return static_cast<std::size_t>(h ^ (h >> 32));
}

bool is_name(std::string_view s) {
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  return !s.empty() && letter(s.front()) &&
         std::all_of(s.begin(), s.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

// Optimal string alignment distance: a transposition of two neighbours counts as one edit,
// which is the commonest typo (STPE for STEP).
static std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev2(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t cost = upper_char(a[i - 1]) == upper_char(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && upper_char(a[i - 1]) == upper_char(b[j - 2]) && upper_char(a[i - 2]) == upper_char(b[j - 1]))
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    prev2.swap(prev);
    prev.swap(cur);
  }
  return prev[b.size()];
}

std::string_view nearest(std::string_view name, std::span<const std::string_view> candidates) {
  std::string_view best;
  std::size_t best_distance = name.size() <= 3 ? 1 : 2;
  for (std::string_view c : candidates) {
    std::size_t d = distance(name, c);
    if (d < best_distance || (d == best_distance && best.empty())) {
      if (d <= best_distance) {
        best = c;
        best_distance = d;
      }
    }
  }
  return best;
}

bool only_nearest(std::string_view name, std::string_view near, std::span<const std::string_view> candidates) {
  const std::size_t d = distance(name, near);
  return std::none_of(candidates.begin(), candidates.end(), [&](std::string_view c) {
    return !iequals(c, near) && distance(name, c) <= d;
  });
}

}  // namespace fexpr::text
