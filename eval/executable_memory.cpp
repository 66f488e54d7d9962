#include "eval/executable_memory.hpp"

#include <cstring>

#if defined(__unix__)
#include <sys/mman.h>
#endif

namespace fexpr::detail {

std::shared_ptr<const void> executable_copy(std::span<const std::uint8_t> code) {
#if defined(__unix__) && defined(MAP_ANONYMOUS)
  const std::size_t size = code.size();
  void* pages = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED) return nullptr;
  std::memcpy(pages, code.data(), size);
  if (mprotect(pages, size, PROT_READ | PROT_EXEC) != 0) {
    munmap(pages, size);
    return nullptr;
  }
  return std::shared_ptr<const void>(pages, [size](const void* p) { munmap(const_cast<void*>(p), size); });
#else
  (void)code;
  return nullptr;
#endif
}

}  // namespace fexpr::detail
