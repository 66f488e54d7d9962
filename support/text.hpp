// Small text helpers shared by every layer: case folding, case-insensitive comparison and the
// nearest-name search behind "did you mean ...?".
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace fexpr::text {

std::string upper(std::string_view s);
std::string lower(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
// Hash and equality for unordered containers of names compared as iequals compares them.
struct CaseInsensitiveHash {
  std::size_t operator()(std::string_view s) const noexcept;
};
struct CaseInsensitiveEqual {
  bool operator()(std::string_view a, std::string_view b) const noexcept { return iequals(a, b); }
};
// Whether s is a name as the grammar reads one: ASCII letters, digits and '_', not starting
// with a digit, not empty.
bool is_name(std::string_view s);
// The candidate closest to name by edit distance, or empty when none is close enough to
// be a plausible typo.
std::string_view nearest(std::string_view name, std::span<const std::string_view> candidates);
// Whether `near` (what nearest answered) is the only candidate that close to name, so that it
// is a certain correction: STPE has only STEP, COSIN is as near to COS as to ASIN.
bool only_nearest(std::string_view name, std::string_view near, std::span<const std::string_view> candidates);

}  // namespace fexpr::text
