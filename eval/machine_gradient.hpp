// The gradient run as x86-64 machine code, for programs of up to 4 lanes: the fast form's
// gradient run (Fast<Dual<W, 1>> in run.cpp) written out step by step with the same operations
// on the same operands, so the value and every partial keep the interpreter's bits. Each
// register's value sits in both halves of an xmm register and its partials in pairs, so that
// one packed operation does two lanes. Partials that are the same constant on every run that
// succeeds (those of the inputs' seeds carried through linear steps, the zeros of constants) are
// worked out while translating and cost nothing at run time.
//
// Wherever that run gives up, the code jumps to the fallback, which runs the reference form for
// the error and its place. Programs the translation does not take (calls of a model's or
// dataset's functions, `**` with a varying exponent, more than 4 lanes) keep the interpreter.
#pragma once

#include "eval/program.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace fexpr::detail {

// The machine code of p's gradient run as bytes (code, then its constant pool), or nothing
// when the program is not one the translation takes. Exposed for tests.
std::optional<std::vector<std::uint8_t>> translate_gradient_run(const Program& p);

// Counts one gradient run off p's gradient countdown; at zero, makes its machine code.
void machine_gradient_count_down(const Program& p);

// Makes p's gradient machine code now if it can be made and is not yet: the function, or null.
MachineGradient make_machine_gradient(const Program& p);

}  // namespace fexpr::detail
