// The value run as x86-64 machine code. A dispatching interpreter pays its entry and 15-30
// instructions per step whatever the step computes; the same steps as straight-line code with
// their registers in xmm registers cost what a hand-written function does. The translation
// follows the fast form's value run step for step (value_steps: the same operations in the same
// order on the same operands, so the same bits), calls the same functions for what it does not
// write inline (math library functions, STEP, IMPACT, pow), and gives up wherever that run
// gives up, by returning NaN: the caller then runs the reference form, which reports the error
// and its place, exactly as after a failed fast run.
//
// Calls through the builtin table and bound calls (model and dataset functions) are calls of
// small functions of run.cpp that do what the fast run does. Nothing is translated on a
// platform other than x86-64 with the System V calling convention: there the interpreter runs.
#pragma once

#include "eval/program.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace fexpr::detail {

// Value runs of a program before its machine code is made: the making (translation, a mapping
// of pages and their protection, about 10 us) then costs about what the interpreter's extra
// cost over those runs did.
inline constexpr std::uint32_t kMachineAfter = 1000;

// The countdown a newly compiled program starts with: kMachineAfter on x86-64 System V, else 0.
// Every step translates there, so nothing of the program is looked at while compiling; a
// program the translation refuses after all is left to the interpreter when its code is made.
std::uint32_t machine_countdown();

// The machine code of p's value run as bytes (code, then its constant pool), or nothing when a
// step does not translate. Exposed for tests.
std::optional<std::vector<std::uint8_t>> translate_value_run(const Program& p);

// Counts `runs` value runs of p off its countdown; at zero, makes its machine code. Thread-safe:
// one thread makes it, the others go on with the interpreter meanwhile.
void machine_count_down(const Program& p, std::uint64_t runs);

// Makes p's machine code now if it can be made and is not yet: the function, or null.
MachineValue make_machine_value(const Program& p);

}  // namespace fexpr::detail
