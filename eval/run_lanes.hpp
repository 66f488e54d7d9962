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

// Steps up to which a batch runs on lanes rather than on the value's machine code. Machine code
// keeps a point's values in registers, about one instruction an operation, after a fixed cost a
// point of about 15 (the call, the inputs loaded and checked); the lanes read and write each
// step's operands in memory, about 3 instructions a point a step, after about 5. Measured over
// columns of 10^4 points (bench/README.md): the spring's one step 2.0 ns a point on lanes, 3.0
// on machine code; STEP(x, ...)*v's two 3.1 and 3.6; a polynomial of 6 steps 3.6 and 3.0.
inline constexpr std::size_t kLanesSteps = 3;

// Whether a batch of a program runs on lanes: not when it calls a model's or dataset's functions,
// which read each point's Inputs, nor when its machine code (made by then, if ever) is faster.
inline bool batch_on_lanes(const Program& p) {
  if (!p.bound_calls.empty()) return false;
  return p.machine.run.load(std::memory_order_acquire) == nullptr || p.value_steps.size() <= kLanesSteps + 1;
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
