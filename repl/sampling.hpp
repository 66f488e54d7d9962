// Sampling for plots: compiled expressions evaluated, or differentiated, at evenly spaced values
// of one input (TIME or a user variable). A point where evaluation fails is kept as NaN, a gap
// in the curve, and the failure is remembered once per run of such points, so that a plot of
// LOG(z) from 0 shows the curve and says where it is missing instead of stopping.
#pragma once

#include "repl/plot.hpp"

#include <fexpr/expression.hpp>

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fexpr::repl {

// The input swept and its range.
struct Sweep {
  std::string variable;             // as shown: "TIME" or the variable's declared spelling
  std::optional<std::size_t> slot;  // the variable's slot in the inputs; empty for TIME
  double from = 0.0;
  double to = 1.0;
};

// One curve to draw.
struct Graph {
  std::string title;
  const Expression* expression = nullptr;
  bool derivative = false;  // its derivative with respect to the swept input, not its value
};

// A run of undefined samples of one curve.
struct Gap {
  std::size_t curve = 0;
  std::size_t first = 0;  // the run's first and last sample
  std::size_t last = 0;
  std::string reason;  // the message of the run's first failure
};

struct Samples {
  std::vector<Curve> curves;  // one per graph, in order
  std::vector<Gap> gaps;      // in the order of the curves, then of x
};

// Why [from, to] cannot be sampled at `count` distinct points, or nullopt when it can: the ends
// must be finite and increase, their difference must not overflow, and neighbouring points must
// differ at the ends' magnitude.
std::optional<std::string> range_problem(double from, double to, std::size_t count);

// Samples every graph at `count` points over the sweep; `inputs` gives every other input.
Samples sample(std::span<const Graph> graphs, const Sweep& sweep, const Inputs& inputs, Workspace& workspace,
               std::size_t count);

// "LOG(z) is undefined at z = 0: LOG of a number <= 0", or "... from z = -1 to -0.52: ...".
std::string gap_note(const Samples& samples, const Gap& gap);

}  // namespace fexpr::repl
