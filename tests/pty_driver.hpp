// Runs a program on a pseudo-terminal and types at it, for tests of what only a terminal
// shows: prompts, line editing, Tab completion, Ctrl-C, history.
#pragma once

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace fexpr::testing {

class PtyProgram {
 public:
  // Starts argv on a new 80x24 terminal. Each env entry is NAME=VALUE to set, or NAME to unset.
  PtyProgram(const std::vector<std::string>& argv, const std::vector<std::string>& env) {
    struct winsize size {};
    size.ws_row = 24;
    size.ws_col = 80;
    pid_ = forkpty(&fd_, nullptr, nullptr, &size);
    if (pid_ == 0) {
      for (const std::string& e : env) {
        std::size_t eq = e.find('=');
        if (eq == std::string::npos)
          unsetenv(e.c_str());
        else
          setenv(e.substr(0, eq).c_str(), e.substr(eq + 1).c_str(), 1);
      }
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execv(args[0], args.data());
      _exit(127);
    }
  }
  PtyProgram(const PtyProgram&) = delete;
  PtyProgram& operator=(const PtyProgram&) = delete;

  ~PtyProgram() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) close(fd_);
  }

  bool started() const { return pid_ > 0 && fd_ >= 0; }

  // Types keys once the program reads the terminal key by key (the line editor's raw mode).
  // Typed earlier, while the terminal is still in line mode, the terminal itself would echo
  // them and take Ctrl-D as its own end-of-file, as it does for a person typing ahead.
  void type(std::string_view keys) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    termios mode{};
    while (tcgetattr(fd_, &mode) == 0 && (mode.c_lflag & ICANON) && std::chrono::steady_clock::now() < deadline) {
      read_some(10);
    }
    while (!keys.empty()) {
      ssize_t n = write(fd_, keys.data(), keys.size());
      if (n <= 0) return;
      keys.remove_prefix(static_cast<std::size_t>(n));
    }
  }

  // Reads until `text` appears in the output after the previous match; false on timeout.
  bool wait_for(std::string_view text, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      std::size_t at = output_.find(text, seen_);
      if (at != std::string::npos) {
        seen_ = at + text.size();
        return true;
      }
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0 || !read_some(static_cast<int>(left.count()))) return false;
    }
  }

  // Waits for the program to end, reading what it still writes; its exit status, or -1.
  int wait_exit(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        while (read_some(50)) {
        }
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      read_some(50);
    }
    return -1;
  }

  // Everything the program has written to the terminal so far.
  const std::string& output() const { return output_; }
  // What it wrote after the last match of wait_for().
  std::string unseen() const { return output_.substr(seen_); }

 private:
  bool read_some(int timeout_ms) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return false;
    char buffer[4096];
    ssize_t n = read(fd_, buffer, sizeof buffer);
    if (n <= 0) return false;  // EIO once the program has closed the terminal
    output_.append(buffer, static_cast<std::size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int fd_ = -1;
  bool exited_ = false;
  std::string output_;
  std::size_t seen_ = 0;
};

}  // namespace fexpr::testing
