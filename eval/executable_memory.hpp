// Machine code made at run time, in pages of its own: written while they are writable, then
// turned read-and-execute before anything runs it (never writable and executable at once).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

namespace fexpr::detail {

// The code's pages, unmapped when the last owner lets go; null where the system refuses
// executable pages (a W^X policy without exceptions), and on systems other than POSIX ones.
std::shared_ptr<const void> executable_copy(std::span<const std::uint8_t> code);

}  // namespace fexpr::detail
