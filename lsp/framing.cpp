#include "lsp/framing.hpp"

#include "support/text.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <optional>
#include <poll.h>
#include <unistd.h>

namespace fexpr::lsp {
namespace {

constexpr std::string_view kLengthHeader = "Content-Length:";

std::string_view trim(std::string_view s) {
  std::size_t first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

// Where "Content-Length:" starts in a line, in any case; npos when absent.
std::size_t length_header_at(std::string_view line) {
  for (std::size_t i = 0; i + kLengthHeader.size() <= line.size(); ++i) {
    if (text::iequals(line.substr(i, kLengthHeader.size()), kLengthHeader)) return i;
  }
  return std::string_view::npos;
}

}  // namespace

bool MessageReader::fill() {
  if (at_ > 0) {
    buffer_.erase(0, at_);
    at_ = 0;
  }
  char chunk[65536];
  for (;;) {
    ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

bool MessageReader::ready() {
  if (pending_ || at_ < buffer_.size()) return true;
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0;
}

bool MessageReader::read_line(std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  for (;;) {
    std::size_t end = buffer_.find('\n', at_);
    std::size_t stop = end == std::string::npos ? buffer_.size() : end;
    std::size_t room = kMaxHeaderLine > line.size() ? kMaxHeaderLine - line.size() : 0;
    std::size_t take = std::min(stop - at_, room);
    line.append(buffer_, at_, take);
    too_long |= stop - at_ > take;
    if (end != std::string::npos) {
      at_ = end + 1;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return true;
    }
    at_ = buffer_.size();
    if (!fill()) return !line.empty();
  }
}

bool MessageReader::skip(std::size_t bytes) {
  while (bytes > 0) {
    if (at_ == buffer_.size() && !fill()) return false;
    std::size_t take = std::min(bytes, buffer_.size() - at_);
    at_ += take;
    bytes -= take;
  }
  return true;
}

Frame MessageReader::next() {
  if (pending_) {
    Frame body = std::move(*pending_);
    pending_.reset();
    return body;
  }
  std::string line;
  bool too_long = false;
  // Blank lines between messages are tolerated; the block starts at the first other line.
  do {
    if (!read_line(line, too_long)) return EndOfInput{};
  } while (line.empty() && !too_long);

  std::string problem;
  std::string garbage;
  std::size_t length = 0;
  bool has_length = false;
  for (;;) {
    std::string_view header = line;
    // Bytes of a damaged message before the next header: start again where that header starts.
    std::size_t at = length_header_at(header);
    if (at != std::string_view::npos && at > 0) {
      garbage = "unreadable bytes before a header: '" + std::string(header.substr(0, std::min<std::size_t>(at, 40))) + "'";
      problem.clear();
      header = header.substr(at);
      has_length = false;
    }
    if (too_long) {
      if (problem.empty()) problem = "a header line longer than " + std::to_string(kMaxHeaderLine) + " bytes";
    } else if (std::size_t colon = header.find(':'); colon == std::string_view::npos) {
      if (problem.empty()) problem = "a header line without ':'";
    } else if (text::iequals(trim(header.substr(0, colon)), "Content-Length")) {
      std::string_view digits = trim(header.substr(colon + 1));
      std::size_t value = 0;
      auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
        if (problem.empty()) problem = "Content-Length '" + std::string(digits.substr(0, 40)) + "' is not a byte count";
      } else {
        length = value;
        has_length = true;
      }
    }
    if (!read_line(line, too_long)) return FramingError{"the input ended inside a message header"};
    if (line.empty() && !too_long) break;
  }
  if (!has_length) return FramingError{problem.empty() ? "a header block without Content-Length" : problem};
  if (length > max_body_) {
    std::string message = "a message of " + std::to_string(length) + " bytes is larger than the limit of " +
                          std::to_string(max_body_) + " bytes";
    skip(length);
    return FramingError{message};
  }
  if (!problem.empty()) {
    skip(length);
    return FramingError{problem};
  }
  while (buffer_.size() - at_ < length) {
    if (!fill()) {
      at_ = buffer_.size();
      return FramingError{"the input ended inside a message body"};
    }
  }
  std::string body = buffer_.substr(at_, length);
  at_ += length;
  // The message after the garbage is sound: it comes once the garbage is reported.
  if (!garbage.empty()) {
    pending_ = std::move(body);
    return FramingError{garbage};
  }
  return body;
}

bool write_message(int fd, const std::string& body) {
  std::string framed = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  std::size_t done = 0;
  while (done < framed.size()) {
    ssize_t n = ::write(fd, framed.data() + done, framed.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace fexpr::lsp
