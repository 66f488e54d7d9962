// The shell sessions that README.md and docs/*.md show, read out of their Markdown so that a test
// can run each command and hold its output to what the page prints.
//
// A session is a fenced code block whose first line starts with "$ ". Each "$ " line is a
// command (a line ending in "\" continues it on the next, as in the shell); the lines after it,
// up to the next "$ " line or the block's end, are what the terminal shows: standard output and
// standard error together. A line that is "..." alone stands for any run of lines, none
// included; every other line must be equal to the byte. Blocks that do not start with "$ "
// (C sources, configuration, machine-dependent runs) are not sessions, and a "$ " line inside
// one is a mistake that sessions_in reports, so that no session goes unrun by accident.
#pragma once

#include "run_program.hpp"

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace fexpr::testing::docs {

struct Command {
  std::size_t line = 0;               // where its "$ " stands in the file, from 1
  std::string text;                   // the command for the shell, continuation lines joined by "\n"
  std::vector<std::string> expected;  // the lines the page shows under it
};

struct Session {
  std::string file;  // the Markdown file's name as messages give it (README.md, docs/check.md)
  std::size_t line = 0;  // the opening fence's line
  std::vector<Command> commands;
};

struct Reading {
  std::vector<Session> sessions;
  std::vector<std::string> mistakes;  // "FILE:LINE: why", for blocks that would silently not run
};

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline bool is_fence(const std::string& line) { return line.starts_with("```"); }
inline bool is_command(const std::string& line) { return line.starts_with("$ "); }

inline Reading sessions_in(const std::string& file, const std::string& markdown) {
  Reading reading;
  const std::vector<std::string> lines = lines_of(markdown);
  std::size_t i = 0;
  while (i < lines.size()) {
    if (!is_fence(lines[i])) {
      ++i;
      continue;
    }
    const std::size_t fence = i++;
    std::size_t end = i;
    while (end < lines.size() && !is_fence(lines[end])) ++end;
    if (end == lines.size()) {
      reading.mistakes.push_back(file + ":" + std::to_string(fence + 1) + ": a code block is never closed");
      break;
    }
    if (i < end && is_command(lines[i])) {
      Session session{file, fence + 1, {}};
      for (std::size_t k = i; k < end;) {
        Command command{k + 1, lines[k].substr(2), {}};
        while (command.text.ends_with("\\") && k + 1 < end) command.text += "\n" + lines[++k];
        for (++k; k < end && !is_command(lines[k]); ++k) command.expected.push_back(lines[k]);
        session.commands.push_back(std::move(command));
      }
      reading.sessions.push_back(std::move(session));
    } else {
      for (std::size_t k = i; k < end; ++k)
        if (is_command(lines[k]))
          reading.mistakes.push_back(file + ":" + std::to_string(k + 1) +
                                     ": a \"$ \" command in a block that does not start with one is never run; "
                                     "start the block with it, or show the command without \"$ \"");
    }
    i = end + 1;
  }
  return reading;
}

// Whether the output's lines are the expected ones, "..." standing for any run of lines.
inline bool lines_match(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
  // The usual wildcard match: after a "...", retry from one actual line further on a mismatch.
  std::size_t e = 0, a = 0;
  std::optional<std::size_t> star, star_actual;
  while (a < actual.size()) {
    if (e < expected.size() && expected[e] == "...") {
      star = e++;
      star_actual = a;
    } else if (e < expected.size() && expected[e] == actual[a]) {
      ++e;
      ++a;
    } else if (star) {
      e = *star + 1;
      a = ++*star_actual;
    } else {
      return false;
    }
  }
  while (e < expected.size() && expected[e] == "...") ++e;
  return e == expected.size();
}

inline std::string numbered(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += "  | " + line + "\n";
  return text.empty() ? "  (nothing)\n" : text;
}

// Nothing when the command printed what the page shows; otherwise a message that names the
// file, the line and the command and shows both outputs.
inline std::optional<std::string> compare(const std::string& file, const Command& command, const std::string& output) {
  const std::vector<std::string> actual = lines_of(output);
  if (lines_match(command.expected, actual)) return std::nullopt;
  // Without an elision the first line that differs is plain to name; long lines are wrapped in
  // Catch's report, where it is not.
  std::string where;
  if (std::find(command.expected.begin(), command.expected.end(), "...") == command.expected.end()) {
    std::size_t k = 0;
    while (k < command.expected.size() && k < actual.size() && command.expected[k] == actual[k]) ++k;
    where = " (the first difference is on line " + std::to_string(k + 1) + " of the output)";
  }
  return file + ":" + std::to_string(command.line) + ": $ " + command.text + "\nthe page shows" + where + ":\n" +
         numbered(command.expected) + "the command printed:\n" + numbered(actual);
}

// One shell script for a session: its commands in order in one shell, so that cd and variables
// carry from one to the next as they would at a terminal, each followed by a line that marks
// where its output ends.
inline const std::string output_end = "\x1e fexpr-doc-session: end of output";

inline std::string script(const Session& session) {
  std::string text;
  for (const auto& command : session.commands)
    text += "{ " + command.text + "\n} 2>&1; printf '\\n%s\\n' '" + output_end + "'\n";
  return text;
}

// The outputs of a script's commands, in order; a command whose output ends without a line
// break counts as one that ends with it.
inline std::vector<std::string> outputs(const std::string& script_output) {
  std::vector<std::string> parts;
  const std::string marker = "\n" + output_end + "\n";
  std::size_t from = 0;
  for (std::size_t at; (at = script_output.find(marker, from)) != std::string::npos; from = at + marker.size()) {
    std::string part = script_output.substr(from, at - from);
    if (!part.empty() && part.back() != '\n') part += '\n';
    parts.push_back(part);
  }
  return parts;
}

// Runs a session in folder (its commands see folder as the current one and find `fexpr` on
// the PATH through bin, a folder holding it) and returns a message for each command whose
// output is not what the page shows.
inline std::vector<std::string> run(const Session& session, const std::filesystem::path& folder,
                                    const std::filesystem::path& bin) {
  const std::filesystem::path file = folder / ".session.sh";
  std::ofstream(file, std::ios::binary) << script(session);
  // Standard input is empty, as for a script run by CI; a command that hangs is stopped.
  const auto result = run_shell("cd '" + folder.string() + "' && PATH='" + bin.string() +
                                "':\"$PATH\" timeout 120 bash .session.sh </dev/null", true);
  std::filesystem::remove(file);
  const std::vector<std::string> printed = outputs(result.out);
  std::vector<std::string> failures;
  for (std::size_t k = 0; k < session.commands.size(); ++k) {
    if (k >= printed.size()) {
      failures.push_back(session.file + ":" + std::to_string(session.commands[k].line) + ": $ " +
                         session.commands[k].text + "\nthe session ended before this command (status " +
                         std::to_string(result.status) + "):\n" + result.out);
      break;
    }
    if (auto failure = compare(session.file, session.commands[k], printed[k])) failures.push_back(*failure);
  }
  return failures;
}

}  // namespace fexpr::testing::docs
