// fexpr repl: the interactive session; repl/ does the work, this file only wires it up.
#include "cli/commands.hpp"
#include "repl/line_reader.hpp"
#include "repl/session.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <optional>

namespace fexpr::cli {
namespace {

struct ReplOptions {
  std::string model;
};

int run_repl(const ReplOptions& o) {
  if (!o.model.empty()) {
    if (auto problem = unreadable("--model", o.model, kDataset)) {
      std::cerr << "fexpr repl: " << *problem << "\n";
      return 2;
    }
  }
  // Completion is asked for only while a line is read, by which time the session exists.
  std::optional<repl::Session> session;
  auto reader = repl::open_line_reader(repl::default_history_file(),
                                       [&session](std::string_view line) { return session->complete(line); });
  const bool terminal = reader->interactive();
  // Colour only for a person at a terminal: never into a pipe or a file, nor against NO_COLOR.
  const bool colour = terminal && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR");
  session.emplace(std::cout, repl::SessionOptions{colour});
  if (terminal) std::cout << "fexpr repl: help lists functions and commands, Tab completes, Ctrl-D leaves\n";
  if (!o.model.empty() && !session->load(o.model)) return 2;
  repl::Session::Next next = repl::Session::Next::entry;
  while (next != repl::Session::Next::quit) {
    auto line = reader->read(next == repl::Session::Next::continuation ? "  ...> " : "fexpr> ");
    if (line.status == repl::ReadLine::Status::end) {
      session->finish();
      break;
    }
    if (line.status == repl::ReadLine::Status::interrupted) {
      session->cancel();
      next = repl::Session::Next::entry;
      continue;
    }
    next = session->feed(line.text);
    if (next != repl::Session::Next::continuation) reader->remember(session->last_entry());
    std::cout.flush();
  }
  // A script piped in is checked like a test: any entry that failed fails the run. At a
  // terminal the person has seen each error already.
  return !terminal && session->failed() ? 1 : 0;
}

}  // namespace

Runner add_repl_command(CLI::App& app) {
  auto o = std::make_shared<ReplOptions>();
  CLI::App* sub = app.add_subcommand("repl", "Interactive session: evaluate, differentiate and plot expressions");
  sub->add_option("--model", o->model, "Load FILE.adm so that kinematic functions can be evaluated");
  return [o] { return run_repl(*o); };
}

}  // namespace fexpr::cli
