#include "dataset/fixes.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace fexpr::dataset {
namespace {

constexpr std::size_t kContext = 3;

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
  return lines;
}

bool crosses_line(std::string_view text, const Fix& fix) {
  return fix.replacement.find('\n') != std::string::npos ||
         text.substr(fix.span.begin, fix.span.end - fix.span.begin).find('\n') != std::string_view::npos;
}

}  // namespace

FixedText apply_fixes(std::string_view text, std::span<const Diagnostic> diagnostics, bool unsafe) {
  std::vector<const Fix*> fixes;
  FixedText out;
  for (const Diagnostic& d : diagnostics) {
    if (!d.fix) continue;
    if ((d.fix->safe || unsafe) && d.fix->span.begin <= d.fix->span.end && d.fix->span.end <= text.size() &&
        !crosses_line(text, *d.fix))
      fixes.push_back(&*d.fix);
    else
      ++out.skipped;
  }
  std::stable_sort(fixes.begin(), fixes.end(), [](const Fix* a, const Fix* b) { return a->span.begin < b->span.begin; });
  std::size_t copied = 0;
  for (const Fix* f : fixes) {
    if (f->span.begin < copied) {
      ++out.skipped;
      continue;
    }
    out.text.append(text.substr(copied, f->span.begin - copied));
    out.text += f->replacement;
    copied = f->span.end;
    ++out.applied;
  }
  out.text.append(text.substr(copied));
  return out;
}

std::string unified_diff(const std::string& name, std::string_view before, std::string_view after) {
  const auto old_lines = split_lines(before), new_lines = split_lines(after);
  if (old_lines.size() != new_lines.size()) throw std::invalid_argument("unified_diff: the texts have different line counts");
  const std::size_t n = old_lines.size();
  std::string out;
  std::size_t i = 0;
  auto last_line = [&](std::size_t k, std::string_view text) {
    return k + 1 == n && !text.empty() && text.back() != '\n' ? "\n\\ No newline at end of file\n" : "\n";
  };
  while (i < n) {
    if (old_lines[i] == new_lines[i]) {
      ++i;
      continue;
    }
    // A hunk runs on while the next change is within two contexts of the last one.
    std::size_t last = i;
    for (std::size_t k = i; k < n && k <= last + 2 * kContext; ++k)
      if (old_lines[k] != new_lines[k]) last = k;
    const std::size_t begin = i > kContext ? i - kContext : 0, end = std::min(n, last + 1 + kContext);
    if (out.empty()) out = "--- " + name + "\n+++ " + name + "\n";
    const std::string range = std::to_string(begin + 1) + "," + std::to_string(end - begin);
    out += "@@ -" + range + " +" + range + " @@\n";
    for (std::size_t k = begin; k < end;) {
      if (old_lines[k] == new_lines[k]) {
        out += " " + std::string(old_lines[k]) + last_line(k, before);
        ++k;
        continue;
      }
      std::size_t run = k;
      while (run < end && old_lines[run] != new_lines[run]) ++run;
      for (std::size_t j = k; j < run; ++j) out += "-" + std::string(old_lines[j]) + last_line(j, before);
      for (std::size_t j = k; j < run; ++j) out += "+" + std::string(new_lines[j]) + last_line(j, after);
      k = run;
    }
    i = end;
  }
  return out;
}

}  // namespace fexpr::dataset
