// Making a run's machine code, shared by the value and gradient runs: once per program, by the
// first thread whose call ends the countdown; the others go on with the interpreter meanwhile.
#pragma once

#include "eval/executable_memory.hpp"
#include "eval/program.hpp"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace fexpr::detail {

// Where machine code is made: x86-64 with the System V calling convention.
#if defined(__x86_64__) && defined(__unix__)
inline constexpr bool kPlatform = true;
#else
inline constexpr bool kPlatform = false;
#endif

// The run made now if it is not yet: translated, copied to executable pages (kept in `pages`)
// and published in `run`; null where the translation or the pages are refused. The countdown
// stops either way.
template <class Run>
Run make_machine_run(const Program& p, std::atomic<Run>& run, std::atomic<std::uint32_t>& countdown,
                     std::shared_ptr<const void>& pages,
                     std::optional<std::vector<std::uint8_t>> (*translate)(const Program&)) {
  std::lock_guard lock(p.machine.making);
  if (Run made = run.load(std::memory_order_acquire)) return made;
  countdown.store(0, std::memory_order_relaxed);
  const auto code = translate(p);
  if (!code) return nullptr;
  std::shared_ptr<const void> copy = executable_copy(*code);
  if (!copy) return nullptr;
  Run entry = nullptr;
  const void* start = copy.get();
  std::memcpy(&entry, &start, sizeof entry);
  pages = std::move(copy);
  run.store(entry, std::memory_order_release);
  return entry;
}

// Counts `runs` calls off a countdown: true when it reaches zero (time to make the code). Not a
// read-modify-write: two threads may both count one call, which only delays the making.
inline bool count_down(std::atomic<std::uint32_t>& countdown, std::uint64_t runs) {
  const std::uint32_t left = countdown.load(std::memory_order_relaxed);
  if (left == 0) return false;
  if (runs < left) {
    countdown.store(left - static_cast<std::uint32_t>(runs), std::memory_order_relaxed);
    return false;
  }
  return true;
}

}  // namespace fexpr::detail
