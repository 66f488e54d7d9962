// The compiled form of an expression: a flat instruction array over a register file.
// Registers hold, in this order: the inputs (TIME, MODE, user variables), the constants, then
// temporaries. IF compiles to a three-way jump, so untaken branches never run.
#pragma once

#include "builtins/builtin.hpp"

#include <fexpr/bindings.hpp>
#include <fexpr/diagnostic.hpp>
#include <fexpr/expression.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace fexpr::detail {

enum class OpCode : std::uint8_t {
  add,       // r[dst] = r[a] + r[b]
  subtract,
  multiply,
  divide,
  negate,    // r[dst] = -r[a]
  power,     // r[dst] = r[a] ** r[b]
  square,    // r[dst] = r[a] * r[a]           (x**2)
  call,      // r[dst] = functions[b](argument registers argument_lists[a .. a + count))
  bound,     // r[dst] = bindings->evaluate(bound_calls[b], runtime argument registers argument_lists[a .. a + count))
  move,      // r[dst] = r[a]
  branch,    // on the sign of r[a]: jump to branches[b].lt / .eq / .gt
  jump,      // pc = a
};

struct Instruction {
  OpCode op;
  std::uint8_t count = 0;  // call: number of arguments
  std::uint32_t dst = 0;
  std::uint32_t a = 0;
  std::uint32_t b = 0;
};

struct Branch {
  std::uint32_t lt, eq, gt;
};

// A derivative input: which register's seed it is.
struct Input {
  enum class Kind : std::uint8_t { time, mode, variable } kind;
  std::uint32_t slot = 0;  // variable slot
};

struct Program {
  Program();
  // Unique over the process lifetime, so a workspace can tell whether it was prepared for this
  // program even when a new program reuses a freed one's address.
  std::uint64_t id;
  std::vector<Instruction> code;
  std::vector<Span> spans;                 // per instruction, for evaluation errors
  std::vector<const builtins::Builtin*> functions;
  std::vector<std::uint32_t> argument_lists;  // call: registers of its arguments, from a
  std::vector<Branch> branches;
  std::vector<double> constants;
  struct BoundCall {
    std::uintptr_t handle;
    std::vector<std::int32_t> derivative;  // derivative index of each input the call reads
  };
  // Bound calls with runtime arguments have at most this many (CUBSPL(x, z, id, iord)).
  static constexpr std::size_t kMaxRuntimeArguments = 4;
  std::vector<BoundCall> bound_calls;      // indexed by a `bound` instruction's b
  std::uint32_t max_bound_inputs = 0;
  const Bindings* bindings = nullptr;

  std::uint32_t first_constant = 0;        // == number of input registers
  std::uint32_t first_temporary = 0;
  std::uint32_t register_count = 0;
  std::uint32_t result = 0;                // register holding the value at the end

  std::vector<Input> inputs;               // input registers 0..first_constant-1
  // Gradient order: a derivative index for each input register (-1 = not differentiated,
  // as for MODE), then model states, which are read only by `bound` instructions.
  std::vector<std::int32_t> input_derivative;
  std::vector<std::string> derivative_names;
  std::string text;                        // the source, canonical form (for messages)
};

}  // namespace fexpr::detail
