// Running test code on a thread with a stack of a given size, for the limits that must hold
// on a host's small thread stack as well as on the main thread's 8 MiB.
#pragma once

#include <catch2/catch.hpp>

#include <pthread.h>
#include <sys/mman.h>

#include <cstddef>
#include <exception>
#include <functional>

namespace fexpr::testing {

// A host solver's small thread stack: 256 KiB. AddressSanitizer's redzones make every frame
// several times larger, so under it the same code gets four times that; the Debug run
// (tools/limits-debug.sh) checks the unscaled size.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr std::size_t kFrameScale = 4;
#else
inline constexpr std::size_t kFrameScale = 1;
#endif
inline constexpr std::size_t kHostStack = kFrameScale * 256 * 1024;

// Runs f on a new thread whose stack is exactly `bytes` long (memory of our own: glibc would
// otherwise reuse a larger cached stack of an earlier thread) and rethrows what it threw.
inline void on_stack(std::size_t bytes, const std::function<void()>& f) {
  struct Job {
    const std::function<void()>* f;
    std::exception_ptr error;
  } job{&f, nullptr};
  void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  REQUIRE(memory != MAP_FAILED);
  pthread_attr_t attr;
  REQUIRE(pthread_attr_init(&attr) == 0);
  REQUIRE(pthread_attr_setstack(&attr, memory, bytes) == 0);
  pthread_t thread;
  auto body = +[](void* p) -> void* {
    auto* j = static_cast<Job*>(p);
    try {
      (*j->f)();
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  };
  REQUIRE(pthread_create(&thread, &attr, body, &job) == 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  munmap(memory, bytes);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace fexpr::testing
