// Replaces every form of the global operator new and delete for one test program, counting
// allocations so that a test can show evaluation makes none. Include it from exactly one file of
// the program. All forms are replaced together: a sanitizer's operator delete would see memory
// from our malloc, or ours memory from its operator new (Catch2 allocates with nothrow new).
// Not inlined, or GCC sees malloc meet operator delete and warns of a mismatch.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace fexpr::testing {

inline std::atomic<long> allocations{0};

inline void* allocate(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size ? size : 1);
}
inline void* allocate_aligned(std::size_t size, std::align_val_t alignment) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  const std::size_t a = static_cast<std::size_t>(alignment);
  return std::aligned_alloc(a, (size + a - 1) / a * a);
}

}  // namespace fexpr::testing

[[gnu::noinline]] void* operator new(std::size_t size) {
  if (void* p = fexpr::testing::allocate(size)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void* operator new[](std::size_t size) {
  if (void* p = fexpr::testing::allocate(size)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return fexpr::testing::allocate(size);
}
[[gnu::noinline]] void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return fexpr::testing::allocate(size);
}
[[gnu::noinline]] void* operator new(std::size_t size, std::align_val_t alignment) {
  if (void* p = fexpr::testing::allocate_aligned(size, alignment)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void* operator new[](std::size_t size, std::align_val_t alignment) {
  if (void* p = fexpr::testing::allocate_aligned(size, alignment)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
