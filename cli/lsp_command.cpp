#include "cli/commands.hpp"
#include "lsp/server.hpp"

#include <csignal>
#include <string>
#include <unistd.h>

namespace fexpr::cli {

Runner add_lsp_command(CLI::App& app) {
  auto* sub = app.add_subcommand("lsp", "Serve the Language Server Protocol on standard input and output");
  // Editor clients (vscode-languageclient) add --stdio when they talk over pipes, the only
  // transport here.
  static const std::string kStdio = "Talk over standard input and output (the default and only transport)";
  sub->add_flag("--stdio", kStdio);
  return [] {
    // A client that goes away closes the pipe: the write fails and the server stops, instead
    // of the process being killed by SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    lsp::MessageReader in(STDIN_FILENO);
    return lsp::Server(in, STDOUT_FILENO).run();
  };
}

}  // namespace fexpr::cli
