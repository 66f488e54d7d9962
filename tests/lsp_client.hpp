// Drives `fexpr lsp` as an editor does: the program runs as a child process, the test writes
// framed messages (or any bytes) to its standard input and reads framed messages from its
// standard output, with a deadline so that a server that stops answering fails the test
// instead of hanging it.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <optional>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fexpr::testing {

using json = nlohmann::json;

class LspProcess {
 public:
  LspProcess() {
    std::signal(SIGPIPE, SIG_IGN);
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
      execl(FEXPR_BINARY, FEXPR_BINARY, "lsp", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
  }
  ~LspProcess() {
    if (in_ >= 0) close(in_);
    close(out_);
    if (pid_ > 0 && !waited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  LspProcess(const LspProcess&) = delete;
  LspProcess& operator=(const LspProcess&) = delete;

  void send_raw(const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = write(in_, bytes.data() + done, bytes.size() - done);
      if (n <= 0) throw std::runtime_error("the server closed its input");
      done += static_cast<std::size_t>(n);
    }
  }
  // A body framed with its true length, whatever it holds.
  void send_body(const std::string& body) { send_raw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body); }
  void send(const json& message) { send_body(message.dump()); }
  void request(int id, const std::string& method, json params) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
  }
  void notify(const std::string& method, json params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  void close_input() {
    close(in_);
    in_ = -1;
  }

  // The next message, or nullopt when none comes within the deadline or the output ends.
  std::optional<json> receive(std::chrono::milliseconds deadline = std::chrono::seconds(20)) {
    auto until = std::chrono::steady_clock::now() + deadline;
    for (;;) {
      if (auto message = framed()) return message;
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
      if (left.count() <= 0) return std::nullopt;
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) return std::nullopt;
      char chunk[65536];
      ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }
  // The response to request `id`; notifications met on the way are kept in `notifications`.
  json response(const json& id) {
    for (;;) {
      auto m = receive();
      if (!m) throw std::runtime_error("no response to request " + id.dump());
      if (m->contains("id") && !m->contains("method") && (*m)["id"] == id) return *m;
      notifications.push_back(*m);
    }
  }
  // The next notification with this method (kept ones first).
  json notification(const std::string& method) {
    for (std::size_t k = 0; k < notifications.size(); ++k) {
      if (notifications[k].value("method", "") == method) {
        json n = notifications[k];
        notifications.erase(notifications.begin() + static_cast<long>(k));
        return n;
      }
    }
    for (;;) {
      auto m = receive();
      if (!m) throw std::runtime_error("no " + method + " notification");
      if (m->value("method", "") == method) return *m;
      notifications.push_back(*m);
    }
  }
  // The exit status once the server has ended; -1 when it has not ended within 20 s.
  int wait() {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > until) return -1;
      usleep(10000);
    }
    waited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  void initialize() {
    request(0, "initialize", {{"capabilities", json::object()}});
    response(0);
    notify("initialized", json::object());
  }

  std::vector<json> notifications;

 private:
  std::optional<json> framed() {
    std::size_t end = buffer_.find("\r\n\r\n");
    if (end == std::string::npos) return std::nullopt;
    std::size_t at = buffer_.find("Content-Length: ");
    if (at == std::string::npos || at > end) throw std::runtime_error("a header block without Content-Length");
    std::size_t length = std::stoul(buffer_.substr(at + 16, end - at - 16));
    if (buffer_.size() < end + 4 + length) return std::nullopt;
    json message = json::parse(buffer_.substr(end + 4, length));
    buffer_.erase(0, end + 4 + length);
    return message;
  }

  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  bool waited_ = false;
  std::string buffer_;
};

inline json text_document(const std::string& uri) { return {{"uri", uri}}; }
inline json position(int line, int character) { return {{"line", line}, {"character", character}}; }

}  // namespace fexpr::testing
