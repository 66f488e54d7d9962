// STEP, STEP5 and HAVSIN: smooth transitions from h0 to h1 between x0 and x1.
#include "builtins/entries.hpp"
#include "builtins/steps.hpp"

namespace fexpr::builtins {
namespace {

// Adams defines the steps piecewise for x0 < x1: h0 for x <= x0, the shape between, h1 for
// x >= x1. Equal ends are a jump the shape cannot fit (the caution of the STEP and HAVSIN
// utility subroutines); with x0 > x1 the pieces overlap on [x1, x0] and give no value, so both
// are errors rather than a guess.
template <auto Shape, const char* SameEnds, const char* Backwards>
constexpr auto step_formula = [](const auto* a, auto& out) -> const char* {
  if (value_of(a[1]) == value_of(a[3])) return SameEnds;
  if (value_of(a[1]) > value_of(a[3])) return Backwards;
  out = smooth_step(a[0], a[1], a[2], a[3], a[4], Shape);
  return nullptr;
};
constexpr char kStepEnds[] = "STEP with x0 = x1 is a jump, which STEP cannot fit; give x1 > x0";
constexpr char kStep5Ends[] = "STEP5 with x0 = x1 is a jump, which STEP5 cannot fit; give x1 > x0";
constexpr char kHavsinEnds[] = "HAVSIN with x0 = x1 is a jump, which HAVSIN cannot fit; give x1 > x0";
constexpr char kStepBackwards[] =
    "STEP with x0 > x1 is undefined (the step runs from x0 up to x1); for a step from x1 to x0 write "
    "STEP(x, x1, h1, x0, h0)";
constexpr char kStep5Backwards[] =
    "STEP5 with x0 > x1 is undefined (the step runs from x0 up to x1); for a step from x1 to x0 write "
    "STEP5(x, x1, h1, x0, h0)";
constexpr char kHavsinBackwards[] =
    "HAVSIN with x0 > x1 is undefined (the step runs from x0 up to x1); for a step from x1 to x0 write "
    "HAVSIN(x, x1, h1, x0, h0)";

constexpr Builtin kEntries[] = {
    formula_entry<5, step_formula<cubic, kStepEnds, kStepBackwards>>(
        "STEP", Smoothness::c1, "STEP(x, x0, h0, x1, h1)",
        "h0 + (h1-h0)·Δ²(3-2Δ), Δ = (x-x0)/(x1-x0) clamped to [0, 1], x0 < x1; at x0 and x1 the constant side's derivatives",
        "STEP(3.5, 3, 0, 4, 1) = 0.5", DimensionRule::step),
    formula_entry<5, step_formula<quintic, kStep5Ends, kStep5Backwards>>(
        "STEP5", Smoothness::c2, "STEP5(x, x0, h0, x1, h1)",
        "h0 + (h1-h0)·Δ³(10-15Δ+6Δ²), Δ = (x-x0)/(x1-x0) clamped to [0, 1], x0 < x1; at x0 and x1 the constant side's "
        "derivatives",
        "STEP5(3.5, 3, 0, 4, 1) = 0.5", DimensionRule::step),
    formula_entry<5, step_formula<haversine, kHavsinEnds, kHavsinBackwards>>(
        "HAVSIN", Smoothness::c1, "HAVSIN(x, x0, h0, x1, h1)",
        "h0 + (h1-h0)·(1-cos(πΔ))/2, Δ = (x-x0)/(x1-x0) clamped to [0, 1], x0 < x1; at x0 and x1 the constant side's "
        "derivatives (the curvature jumps there)",
        "HAVSIN(3.25, 3, 0, 4, 2) = 0.292893", DimensionRule::step),
};

}  // namespace

std::span<const Builtin> step_entries() { return kEntries; }

}  // namespace fexpr::builtins
