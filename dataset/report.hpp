// Where the reader's diagnostics go. A binary or badly damaged file would otherwise give one
// error per line; after kMaxErrors the reader says so once and stops.
#pragma once

#include <fexpr/diagnostic.hpp>

#include <string>
#include <vector>

namespace fexpr::dataset {

class Report {
 public:
  static constexpr int kMaxErrors = 100;

  explicit Report(std::vector<Diagnostic>& out) : out_(out) {}

  void error(Span span, std::string message) {
    if (full()) return;
    if (++errors_ > kMaxErrors) {
      out_.push_back({Severity::error, Code::limit, span, "too many errors; the rest of the file is not read"});
      return;
    }
    out_.push_back({Severity::error, Code::syntax, span, std::move(message)});
  }
  void warning(Span span, std::string message, Code code = Code::syntax, std::optional<Fix> fix = {}) {
    if (!full()) out_.push_back({Severity::warning, code, span, std::move(message), std::move(fix)});
  }
  void note(Code code, Span span, std::string message) {
    if (!full()) out_.push_back({Severity::info, code, span, std::move(message)});
  }
  bool full() const { return errors_ > kMaxErrors; }

 private:
  std::vector<Diagnostic>& out_;
  int errors_ = 0;
};

}  // namespace fexpr::dataset
