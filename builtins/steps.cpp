// STEP, STEP5 and HAVSIN: smooth transitions from h0 to h1 between x0 and x1.
#include "builtins/entries.hpp"
#include "builtins/steps.hpp"

namespace fexpr::builtins {
namespace {

template <auto Shape, const char* SameEnds>
constexpr auto step_formula = [](const auto* a, auto& out) -> const char* {
  if (value_of(a[1]) == value_of(a[3])) return SameEnds;
  out = smooth_step(a[0], a[1], a[2], a[3], a[4], Shape);
  return nullptr;
};
constexpr char kStepEnds[] = "STEP with x0 = x1";
constexpr char kStep5Ends[] = "STEP5 with x0 = x1";
constexpr char kHavsinEnds[] = "HAVSIN with x0 = x1";

constexpr Builtin kEntries[] = {
    formula_entry<5, step_formula<cubic, kStepEnds>>(
        "STEP", Smoothness::c1, "STEP(x, x0, h0, x1, h1)",
        "h0 + (h1-h0)·Δ²(3-2Δ), Δ = (x-x0)/(x1-x0) clamped to [0, 1]; at x0 and x1 the constant side's derivatives",
        "STEP(3.5, 3, 0, 4, 1) = 0.5"),
    formula_entry<5, step_formula<quintic, kStep5Ends>>(
        "STEP5", Smoothness::c2, "STEP5(x, x0, h0, x1, h1)",
        "h0 + (h1-h0)·Δ³(10-15Δ+6Δ²), Δ = (x-x0)/(x1-x0) clamped to [0, 1]; at x0 and x1 the constant side's "
        "derivatives",
        "STEP5(3.5, 3, 0, 4, 1) = 0.5"),
    formula_entry<5, step_formula<haversine, kHavsinEnds>>(
        "HAVSIN", Smoothness::c1, "HAVSIN(x, x0, h0, x1, h1)",
        "h0 + (h1-h0)·(1-cos(πΔ))/2, Δ = (x-x0)/(x1-x0) clamped to [0, 1]; at x0 and x1 the constant side's "
        "derivatives (the curvature jumps there)",
        "HAVSIN(3.25, 3, 0, 4, 2) = 0.292893"),
};

}  // namespace

std::span<const Builtin> step_entries() { return kEntries; }

}  // namespace fexpr::builtins
