// The smooth steps shared by STEP, STEP5, HAVSIN and the functions built on them (IMPACT,
// BISTOP, SWEEP). Templates, so that they run on double and on Jet alike.
#pragma once

#include "builtins/jet.hpp"

#include <numbers>

namespace fexpr::builtins {

// Shapes s(Δ) on 0 < Δ < 1, rising from s(0) = 0 to s(1) = 1.
inline constexpr auto cubic = [](const auto& t) { return t * t * (3.0 - 2.0 * t); };
inline constexpr auto quintic = [](const auto& t) { return t * t * t * (10.0 + t * (-15.0 + 6.0 * t)); };
inline constexpr auto haversine = [](const auto& t) {
  using std::cos;
  return 0.5 * (1.0 - cos(std::numbers::pi * t));
};

// h0 + (h1 - h0)·s(Δ) with Δ = (x - x0)/(x1 - x0) clamped to [0, 1], for x0 < x1: the callers
// reject other ends (STEP, STEP5, HAVSIN) or cannot make them (IMPACT, BISTOP, SWEEP with d, dx > 0).
// At Δ = 0 and Δ = 1 the constant side is taken, derivatives included. Always inline: out of
// line, the evaluator's IMPACT gradient passed five Duals through memory (about 40 instructions).
template <class T, class Shape>
[[gnu::always_inline]] inline T smooth_step(const T& x, const T& x0, const T& h0, const T& x1, const T& h1, Shape shape) {
  const T delta = (x - x0) / (x1 - x0);
  if (value_of(delta) <= 0.0) return h0;
  if (value_of(delta) >= 1.0) return h1;
  return h0 + (h1 - h0) * shape(delta);
}

}  // namespace fexpr::builtins
