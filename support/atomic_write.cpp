#include "support/atomic_write.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fexpr {

std::optional<std::string> write_atomically(const std::string& path, std::string_view text) {
  namespace fs = std::filesystem;
  // In the same folder, so that the rename stays on one file system and is atomic.
  std::string temporary = (fs::path(path).parent_path() / ("." + fs::path(path).filename().string() + ".fexpr-XXXXXX")).string();
  if (fs::path(path).parent_path().empty()) temporary = "." + path + ".fexpr-XXXXXX";
  const int fd = mkstemp(temporary.data());
  if (fd < 0) return "cannot create a temporary file beside '" + path + "': " + std::strerror(errno);
  auto fail = [&](const char* what) -> std::optional<std::string> {
    std::string why = std::string(what) + " '" + temporary + "': " + std::strerror(errno);
    close(fd);
    unlink(temporary.c_str());
    return why;
  };
  struct stat original;
  if (stat(path.c_str(), &original) == 0 && fchmod(fd, original.st_mode & 07777) != 0) return fail("cannot set the mode of");
  for (std::size_t written = 0; written < text.size();) {
    ssize_t n = write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail("cannot write");
    written += static_cast<std::size_t>(n);
  }
  if (fsync(fd) != 0) return fail("cannot flush");
  if (close(fd) != 0) {
    std::string why = "cannot close '" + temporary + "': " + std::strerror(errno);
    unlink(temporary.c_str());
    return why;
  }
  if (rename(temporary.c_str(), path.c_str()) != 0) {
    std::string why = "cannot replace '" + path + "': " + std::strerror(errno);
    unlink(temporary.c_str());
    return why;
  }
  return std::nullopt;
}

}  // namespace fexpr
