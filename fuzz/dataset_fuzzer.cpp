// libFuzzer target: one dataset through the reader and the checker (model building, element
// bindings, every expression compiled and evaluated at the initial state), as .adm and, for
// some inputs, as a command file (.acf). Besides crashes and sanitizer reports it checks that
// every diagnostic has a message and a span inside the text, and that rendering it works.
#include "dataset/checker.hpp"
#include "dataset/reader.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void broken(const char* what, const fexpr::Diagnostic& d) {
  std::fprintf(stderr, "invariant broken: %s: [%u, %u) %s\n", what, d.span.begin, d.span.end, d.message.c_str());
  std::abort();
}

void check(const fexpr::SourceText& source, const std::vector<fexpr::Diagnostic>& diagnostics) {
  for (const auto& d : diagnostics) {
    if (d.span.begin > d.span.end || d.span.end > source.text().size()) broken("span outside the text", d);
    if (d.message.empty()) broken("empty message", d);
    if (source.render(d).empty()) broken("nothing rendered", d);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // The reader alone first: its spans are checked before the checker sorts and adds to them.
  {
    fexpr::SourceText source("fuzz.adm", text);
    check(source, fexpr::dataset::read(source).diagnostics);
  }
  // Command files relax reference checks: exercise that path on a fixed share of inputs.
  const char* name = size % 4 == 3 ? "fuzz.acf" : "fuzz.adm";
  fexpr::dataset::CheckedFile f = fexpr::dataset::check_text(name, std::move(text));
  if (!f.source) std::abort();
  check(*f.source, f.diagnostics);
  for (std::size_t i = 1; i < f.diagnostics.size(); ++i) {
    if (f.diagnostics[i].span.begin < f.diagnostics[i - 1].span.begin) broken("diagnostics not sorted", f.diagnostics[i]);
  }
  return 0;
}
