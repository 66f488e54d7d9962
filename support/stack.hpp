// How much of the current thread's stack is left, so that recursive work on user input (the
// parser, VARVAL chains) can stop with a clean error before it overflows, whatever stack the
// host gave the thread.
#pragma once

#include <cstddef>

namespace fexpr::stack {

// Bytes between the caller's frame and the end of this thread's stack; a very large number
// when the stack's bounds cannot be found.
std::size_t remaining();

}  // namespace fexpr::stack
