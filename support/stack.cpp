#include "support/stack.hpp"

#include <cstdint>
#include <limits>

#include <pthread.h>

namespace fexpr::stack {
namespace {

struct Bounds {
  std::uintptr_t low = 0, high = 0;  // [low, high); stacks grow down on every platform we build for
};

Bounds find_bounds() {
  Bounds b;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return b;
  void* address = nullptr;
  std::size_t size = 0;
  if (pthread_attr_getstack(&attr, &address, &size) == 0) {
    b.low = reinterpret_cast<std::uintptr_t>(address);
    b.high = b.low + size;
  }
  pthread_attr_destroy(&attr);
  return b;
}

}  // namespace

std::size_t remaining() {
  thread_local const Bounds bounds = find_bounds();  // found once per thread
  // The frame address, not the address of a local: under AddressSanitizer's use-after-return
  // detection locals live on a separate fake stack.
  const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  // Outside the thread's stack (a host running us on a coroutine or fiber stack): unknown.
  if (here <= bounds.low || here >= bounds.high) return std::numeric_limits<std::size_t>::max();
  return here - bounds.low;
}

}  // namespace fexpr::stack
