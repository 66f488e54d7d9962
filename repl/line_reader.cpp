#include "repl/line_reader.hpp"

#include "support/text.hpp"

#include <histedit.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <iostream>

namespace fexpr::repl {
namespace {

class PlainReader : public LineReader {
 public:
  ReadLine read(const std::string&) override {
    ReadLine r;
    if (!std::getline(std::cin, r.text)) return r;
    if (!r.text.empty() && r.text.back() == '\r') r.text.pop_back();
    r.status = ReadLine::Status::line;
    return r;
  }
  void remember(const std::string&) override {}
  bool interactive() const override { return false; }
};

volatile std::sig_atomic_t interrupted = 0;
extern "C" void on_interrupt(int) { interrupted = 1; }

class TerminalReader : public LineReader {
 public:
  TerminalReader(std::string history_file, Completer complete)
      : history_file_(std::move(history_file)), complete_(std::move(complete)) {
    // libedit decodes what is typed by the locale's character set; the C locale would drop
    // every non-ASCII byte. Only the character classification is taken from the environment.
    std::setlocale(LC_CTYPE, "");
    history_ = history_init();
    HistEvent event;
    history(history_, &event, H_SETSIZE, 1000);
    history(history_, &event, H_SETUNIQUE, 1);
    if (!history_file_.empty()) history(history_, &event, H_LOAD, history_file_.c_str());

    editor_ = el_init("fexpr", stdin, stdout, stderr);
    el_set(editor_, EL_CLIENTDATA, this);
    el_set(editor_, EL_EDITOR, "emacs");
    el_set(editor_, EL_HIST, history, history_);
    el_set(editor_, EL_PROMPT, &TerminalReader::prompt_of);
    el_set(editor_, EL_ADDFN, "fexpr-complete", "complete a name or command", &TerminalReader::complete_at);
    el_set(editor_, EL_BIND, "^I", "fexpr-complete", nullptr);
    el_set(editor_, EL_GETCFN, &TerminalReader::read_char);
    el_source(editor_, nullptr);  // the user's ~/.editrc may rebind keys

    // Without SA_RESTART the wait in read_char fails with EINTR, so that Ctrl-C ends the line
    // being edited instead of being ignored until Enter.
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_interrupt_);
  }

  ~TerminalReader() override {
    sigaction(SIGINT, &previous_interrupt_, nullptr);
    el_end(editor_);
    history_end(history_);
  }

  ReadLine read(const std::string& prompt) override {
    prompt_ = prompt;
    // SIGINT stays blocked while editing except inside read_char's wait, which unblocks it
    // atomically: a Ctrl-C that comes between two reads is then delivered at the next wait
    // instead of landing before a read() that blocks until the next key.
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    pthread_sigmask(SIG_BLOCK, &interrupt, &waiting_mask_);
    sigdelset(&waiting_mask_, SIGINT);
    interrupted = 0;
    int count = 0;
    const char* line = el_gets(editor_, &count);
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nullptr);
    ReadLine r;
    if (interrupted) {
      // The line editor does not echo control characters; say what happened to the line.
      std::fputs("^C\n", stdout);
      std::fflush(stdout);
      r.status = ReadLine::Status::interrupted;
      return r;
    }
    if (!line || count <= 0) {
      std::fputs("\n", stdout);  // so that the shell's prompt does not follow ours on one line
      std::fflush(stdout);
      return r;
    }
    r.text.assign(line, static_cast<std::size_t>(count));
    while (!r.text.empty() && (r.text.back() == '\n' || r.text.back() == '\r')) r.text.pop_back();
    r.status = ReadLine::Status::line;
    return r;
  }

  void remember(const std::string& entry) override {
    if (entry.find_first_not_of(" \t") == std::string::npos) return;
    HistEvent event;
    history(history_, &event, H_ENTER, entry.c_str());
    // Saved after every entry, so that a session killed or crashed keeps what was typed.
    if (!history_file_.empty()) history(history_, &event, H_SAVE, history_file_.c_str());
  }

  bool interactive() const override { return true; }

 private:
  static TerminalReader& of(EditLine* editor) {
    void* self = nullptr;
    el_get(editor, EL_CLIENTDATA, &self);
    return *static_cast<TerminalReader*>(self);
  }

  static char* prompt_of(EditLine* editor) { return of(editor).prompt_.data(); }

  // One character from the terminal, decoded by the locale: 1, 0 at end of input, -1 on
  // Ctrl-C (libedit then ends el_gets). Bytes that do not decode are dropped, as libedit does.
  static int read_char(EditLine* editor, wchar_t* out) {
    const sigset_t& mask = of(editor).waiting_mask_;
    std::mbstate_t state{};
    for (;;) {
      if (interrupted) {
        errno = EINTR;
        return -1;
      }
      pollfd input{STDIN_FILENO, POLLIN, 0};
      if (ppoll(&input, 1, nullptr, &mask) < 0) {
        if (errno == EINTR) continue;
        return -1;
      }
      char byte = 0;
      const ssize_t n = ::read(STDIN_FILENO, &byte, 1);
      if (n == 0) return 0;
      if (n < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        return -1;
      }
      const std::size_t used = std::mbrtowc(out, &byte, 1, &state);
      if (used == static_cast<std::size_t>(-2)) continue;  // more bytes of this character
      if (used == static_cast<std::size_t>(-1)) {
        state = {};
        continue;
      }
      return 1;
    }
  }

  // Tab: completes the word before the cursor to the candidates' longest common prefix; when
  // that adds nothing and several candidates remain, lists them under the line.
  static unsigned char complete_at(EditLine* editor, int) {
    const LineInfo* info = el_line(editor);
    std::string_view before(info->buffer, static_cast<std::size_t>(info->cursor - info->buffer));
    Session::Completion c = of(editor).complete_(before);
    if (c.candidates.empty() && c.hint) {
      // The argument to type next, in bold and underlined, in the call's signature.
      const SignatureHint& h = *c.hint;
      std::string shown = "\n" + h.text.substr(0, h.begin) + "\x1b[1;4m" + h.text.substr(h.begin, h.end - h.begin) +
                          "\x1b[0m" + h.text.substr(h.end) + "\n";
      std::fputs(shown.c_str(), stdout);
      std::fflush(stdout);
      return CC_REDISPLAY;
    }
    if (c.candidates.empty()) return CC_ERROR;
    std::string_view word = before.substr(c.begin);
    std::string prefix = c.candidates.front();
    for (const std::string& candidate : c.candidates) {
      std::size_t n = 0;
      while (n < prefix.size() && n < candidate.size() &&
             text::iequals(std::string_view(prefix).substr(n, 1), std::string_view(candidate).substr(n, 1))) {
        ++n;
      }
      prefix.resize(n);
    }
    if (prefix.size() > word.size() || (c.candidates.size() == 1 && prefix != word)) {
      el_deletestr(editor, static_cast<int>(word.size()));
      el_insertstr(editor, prefix.c_str());
      return CC_REFRESH;
    }
    if (c.candidates.size() == 1) return CC_NORM;
    std::size_t width = 0;
    for (const std::string& label : c.labels) width = std::max(width, label.size() + 2);
    const std::size_t per_line = std::max<std::size_t>(1, 80 / width);
    std::string listing = "\n";
    for (std::size_t i = 0; i < c.labels.size(); ++i) {
      const std::string& label = c.labels[i];
      bool last_on_line = (i + 1) % per_line == 0 || i + 1 == c.labels.size();
      listing += label + (last_on_line ? "\n" : std::string(width - label.size(), ' '));
    }
    std::fputs(listing.c_str(), stdout);
    std::fflush(stdout);
    return CC_REDISPLAY;
  }

  std::string history_file_;
  Completer complete_;
  std::string prompt_;
  History* history_ = nullptr;
  EditLine* editor_ = nullptr;
  struct sigaction previous_interrupt_ {};
  sigset_t waiting_mask_{};  // the thread's mask while editing, with SIGINT unblocked
};

}  // namespace

std::unique_ptr<LineReader> open_line_reader(const std::string& history_file, Completer complete) {
  if (isatty(STDIN_FILENO)) return std::make_unique<TerminalReader>(history_file, std::move(complete));
  return std::make_unique<PlainReader>();
}

std::string default_history_file() {
  if (const char* path = std::getenv("FEXPR_HISTORY"); path && *path) return path;
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.fexpr_history";
  return {};
}

}  // namespace fexpr::repl
