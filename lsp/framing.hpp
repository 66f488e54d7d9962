// The base protocol of the Language Server Protocol: each message is a block of header lines
// ("Content-Length: 52\r\n", an optional Content-Type) ending in an empty line, then exactly
// that many bytes of JSON. A client may send anything, so reading never trusts it: a header
// line is at most kMaxHeaderLine bytes, a body at most the reader's limit, and a damaged header
// block is reported and skipped up to the next one that can be read. The reader owns its
// buffer so that the server can ask whether another message is already waiting (it then
// applies queued edits before checking the document once).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <variant>

namespace fexpr::lsp {

inline constexpr std::size_t kMaxHeaderLine = 1024;
inline constexpr std::size_t kDefaultMaxBody = 64u << 20;

struct FramingError {
  std::string message;  // "Content-Length '12x' is not a number"
};
struct EndOfInput {};
using Frame = std::variant<std::string, FramingError, EndOfInput>;

class MessageReader {
 public:
  explicit MessageReader(int fd, std::size_t max_body = kDefaultMaxBody) : fd_(fd), max_body_(max_body) {}

  // The next body, or why the next header block could not be used (its body, when its
  // length was readable, is skipped), or the end of the input.
  Frame next();
  // True when a byte is buffered or can be read without waiting.
  bool ready();

 private:
  // False at the end of the input.
  bool fill();
  // One header line without its line break; a longer line is cut at kMaxHeaderLine and
  // `too_long` is set. False at the end of the input.
  bool read_line(std::string& line, bool& too_long);
  bool skip(std::size_t bytes);

  int fd_;
  std::size_t max_body_;
  std::string buffer_;
  std::size_t at_ = 0;
  // A sound body read after garbage, returned by the call after the one reporting the garbage.
  std::optional<std::string> pending_;
};

// Writes one framed message; false when the output is closed.
bool write_message(int fd, const std::string& body);

}  // namespace fexpr::lsp
