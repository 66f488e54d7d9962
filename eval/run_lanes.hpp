// The value at many points at once (Expression::values): the fast form's value steps run over a
// block of points, each register holding one value per point, so that a step is dispatched once
// per block instead of once per point and its arithmetic does 4 points an instruction (AVX2,
// where the processor has it). The values are value()'s bit for bit: the arithmetic is the same
// IEEE operation lane by lane, and every other step runs the scalar fast form's own code at each
// point. A point that the scalar fast run would give up on (an input or a step not finite, a
// table function's error) or whose IF takes another branch than the block's is left to value(),
// one point at a time, which gives its value or its error as it always has.
#pragma once

#include "eval/run.hpp"

#include <cstdint>
#include <span>

namespace fexpr::detail {

// Points per block: a register's lanes are 512 bytes, so the registers of a program of 60
// temporaries stay in a 32 KB level-1 cache; a step's dispatch is shared by 64 points.
inline constexpr std::size_t kBlockPoints = 64;

// Where a batch runs on lanes though the value's machine code is made: over columns, for up to
// this many steps, all of them arithmetic. Machine code keeps a point's values in registers,
// about one instruction an operation after a fixed cost a point (the call, the inputs loaded
// and checked); the lanes read and write each step's operands in memory, and run the other
// steps (STEP, IMPACT, the math functions) point by point. Measured at 10^4 points, ns a point
// (bench/README.md): the spring's one step 1.5-2.0 on lanes from columns, 3.0 gathered point by
// point for the machine code; over Inputs the machine code was as fast on the spring and faster
// everywhere else (IMPACT 3.1 against 4.7, STEP 2.3 against 3.6, a 6-step polynomial 1.9
// against 3.0).
inline constexpr std::size_t kLanesSteps = 3;

inline bool arithmetic(const Step& s) {
  const unsigned op = static_cast<unsigned>(s.op) & ~static_cast<unsigned>(kUnchecked);
  return op < static_cast<unsigned>(kShapeCount) || (op >= static_cast<unsigned>(kScaledSum) &&
                                                     op < static_cast<unsigned>(kScaledSum + kScaledSumCount)) ||
         s.op == Op::negate || s.op == Op::move || s.op == Op::cube || s.op == Op::fourth || s.op == Op::reciprocal ||
         s.op == Op::inverse_square || s.op == Op::ret;
}

// Whether a batch of a program runs on lanes: never when it calls a model's or dataset's
// functions, which read each point's Inputs; always while it has no machine code (the
// interpreter's dispatch and loads cost more than the lanes'); else as kLanesSteps says.
inline bool batch_on_lanes(const Program& p, bool by_column) {
  if (!p.bound_calls.empty()) return false;
  if (p.machine.run.load(std::memory_order_acquire) == nullptr) return true;
  if (!by_column || p.value_steps.size() > kLanesSteps + 1) return false;
  for (const Step& s : p.value_steps)
    if (!arithmetic(s)) return false;
  return true;
}

// The block of `size` points (1 to kBlockPoints) from point `first`: returns the points left to
// value() as a mask (bit k: point first + k) and points `values` at the others' values, by k (in
// the workspace, or in results, which holds kBlockPoints). The caller holds the workspace and
// has checked the points' variables.
std::uint64_t block_values(const Program& p, std::span<const Inputs> points, std::size_t first, std::size_t size,
                           Workspace::Buffers& b, double* results, const double*& values);
std::uint64_t block_values(const Program& p, const Columns& columns, std::size_t first, std::size_t size,
                           Workspace::Buffers& b, double* results, const double*& values);

}  // namespace fexpr::detail
