// Replacing a file's contents so that a reader sees the old file or the new one, never half of
// one: the text goes to a temporary file in the same folder, which is then renamed over it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fexpr {

// Writes text to path atomically, keeping the file's permission bits. Returns why it failed
// (the original is then untouched and no temporary file is left), or nothing on success.
std::optional<std::string> write_atomically(const std::string& path, std::string_view text);

}  // namespace fexpr
