// Runs the fexpr program the way a user does, for tests of the command line.
#pragma once

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace fexpr::testing {

struct ProgramResult {
  int status = -1;
  std::string out;
};

// Runs a shell command line, standard error merged into the output when merge_stderr is set.
inline ProgramResult run_shell(const std::string& command_line, bool merge_stderr = false) {
  std::string command = command_line + (merge_stderr ? " 2>&1" : " 2>/dev/null");
  ProgramResult r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer;
  std::size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// Runs `fexpr ARGS` through the shell (ARGS already quoted).
inline ProgramResult run_fexpr(const std::string& args, bool merge_stderr = false) {
  return run_shell(std::string(FEXPR_BINARY) + " " + args, merge_stderr);
}

// Runs `fexpr ARGS` in folder, standard error merged, under a command prefix when given (such
// as setpriv, to run as another user).
inline ProgramResult run_fexpr_in(const std::string& folder, const std::string& args, const std::string& prefix = "") {
  return run_shell("cd '" + folder + "' && " + prefix + FEXPR_BINARY + " " + args, true);
}

}  // namespace fexpr::testing
