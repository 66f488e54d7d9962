// The value at many points at once (Expression::values): the fast form's value steps run over a
// block of points, each register holding one value per point, so that a step is dispatched once
// per block instead of once per point and its arithmetic does 4 points an instruction (AVX2,
// where the processor has it). The values are value()'s bit for bit: the arithmetic is the same
// IEEE operation lane by lane, and every other step runs the scalar fast form's own code at each
// point. A block with a point that the scalar fast run would give up on (an input or a step not
// finite, a table function's error) is left whole to value(), one point at a time, which gives
// each value or error as it always has; so are the points whose IFs go a third way (two ways
// take two passes).
#pragma once

#include "eval/run.hpp"

#include <cstdint>
#include <span>

namespace fexpr::detail {

// Points per block: a register's lanes are 512 bytes, so the registers of a program of 60
// temporaries stay in a 32 KB level-1 cache; a step's dispatch is shared by 64 points.
inline constexpr std::size_t kBlockPoints = 64;

// Whether a batch of a program runs on lanes: never when it calls a model's or dataset's
// functions, which read each point's Inputs; over columns always; over Inputs while the program
// has no machine code. Measured (bench/README.md, "Arrays on lanes"), ns a point at 1000 points:
// over columns the lanes beat gathering each point's inputs for the machine code on every
// benchmark case but trig (spring 1.0 against 2.9 for a batch over Inputs, IMPACT 4.7 against
// 6.3 gathered); over Inputs the machine code, which keeps a point's values in registers, is as
// fast on the spring and faster elsewhere (IMPACT 3.1 against 4.7, STEP 2.3 against 3.6).
inline bool batch_on_lanes(const Program& p, bool by_column) {
  if (!p.bound_calls.empty()) return false;
  return by_column || p.machine.run.load(std::memory_order_acquire) == nullptr;
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
