// The base protocol reader over a pipe: sound messages, damaged headers, bodies over the
// limit and the end of the input, each followed by a sound message that must still be read.
#include "lsp/framing.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <unistd.h>

namespace test_lsp_framing {

using fexpr::lsp::EndOfInput;
using fexpr::lsp::Frame;
using fexpr::lsp::FramingError;
using fexpr::lsp::MessageReader;

namespace {

// The reader of a pipe that holds `bytes` and is then closed.
struct Pipe {
  int fds[2];
  explicit Pipe(const std::string& bytes) {
    REQUIRE(pipe(fds) == 0);
    REQUIRE(write(fds[1], bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()));
    close(fds[1]);
  }
  ~Pipe() { close(fds[0]); }
};

std::string body(const Frame& f) { return std::holds_alternative<std::string>(f) ? std::get<std::string>(f) : "<not a body>"; }
std::string error(const Frame& f) { return std::holds_alternative<FramingError>(f) ? std::get<FramingError>(f).message : "<no error>"; }
bool ended(const Frame& f) { return std::holds_alternative<EndOfInput>(f); }

}  // namespace

TEST_CASE("sound messages are read one after another, headers in any case") {
  Pipe p("Content-Length: 2\r\n\r\n{}content-length:3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[1]");
  MessageReader r(p.fds[0]);
  CHECK(body(r.next()) == "{}");
  CHECK(body(r.next()) == "[1]");
  CHECK(ended(r.next()));
}

TEST_CASE("damaged headers are reported and the next message is read") {
  SECTION("not a number") {
    Pipe p("Content-Length: -3\r\n\r\nContent-Length: 2\r\n\r\n{}");
    MessageReader r(p.fds[0]);
    CHECK(error(r.next()) == "Content-Length '-3' is not a byte count");
    CHECK(body(r.next()) == "{}");
  }
  SECTION("no length") {
    Pipe p("Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}");
    MessageReader r(p.fds[0]);
    CHECK(error(r.next()) == "a header block without Content-Length");
    CHECK(body(r.next()) == "{}");
  }
  SECTION("a line without a colon: the body its length gives is skipped") {
    Pipe p("junk\r\nContent-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[2]");
    MessageReader r(p.fds[0]);
    CHECK(error(r.next()) == "a header line without ':'");
    CHECK(body(r.next()) == "[2]");
  }
  SECTION("a header line longer than the limit is not kept") {
    Pipe p(std::string(5000, 'a') + "\r\n\r\nContent-Length: 2\r\n\r\n{}");
    MessageReader r(p.fds[0]);
    CHECK(error(r.next()) == "a header line longer than 1024 bytes");
    CHECK(body(r.next()) == "{}");
  }
  SECTION("garbage before a header") {
    Pipe p("xyzContent-Length: 2\r\n\r\n{}");
    MessageReader r(p.fds[0]);
    CHECK(error(r.next()) == "unreadable bytes before a header: 'xyz'");
    CHECK(body(r.next()) == "{}");
    CHECK(ended(r.next()));
  }
}

TEST_CASE("a body over the limit is skipped, not kept") {
  Pipe p("Content-Length: 20\r\n\r\n" + std::string(20, 'x') + "Content-Length: 2\r\n\r\n{}");
  MessageReader r(p.fds[0], 16);
  CHECK(error(r.next()) == "a message of 20 bytes is larger than the limit of 16 bytes");
  CHECK(body(r.next()) == "{}");
}

TEST_CASE("the end of the input inside a message is reported once") {
  SECTION("inside the body") {
    Pipe p("Content-Length: 10\r\n\r\n{}");
    MessageReader r(p.fds[0]);
    CHECK(error(r.next()) == "the input ended inside a message body");
    CHECK(ended(r.next()));
  }
  SECTION("inside the header") {
    Pipe p("Content-Length: 10\r\n");
    MessageReader r(p.fds[0]);
    CHECK(error(r.next()) == "the input ended inside a message header");
    CHECK(ended(r.next()));
  }
}

TEST_CASE("ready says whether a message is waiting") {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  MessageReader r(fds[0]);
  CHECK_FALSE(r.ready());
  std::string m = "Content-Length: 2\r\n\r\n{}";
  REQUIRE(write(fds[1], m.data(), m.size()) == static_cast<ssize_t>(m.size()));
  CHECK(r.ready());
  close(fds[1]);
  CHECK(body(r.next()) == "{}");
  close(fds[0]);
}

TEST_CASE("write_message frames the body with its length in bytes") {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  REQUIRE(fexpr::lsp::write_message(fds[1], "\"\xC3\xA9\""));
  close(fds[1]);
  char buffer[64];
  ssize_t n = read(fds[0], buffer, sizeof buffer);
  close(fds[0]);
  CHECK(std::string(buffer, static_cast<std::size_t>(n)) == "Content-Length: 4\r\n\r\n\"\xC3\xA9\"");
}

}  // namespace test_lsp_framing
