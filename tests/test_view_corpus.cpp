// The checker on the 35 real Adams View command files of tests/data/corpus/cmd (origin in its
// MANIFEST.md): no false error in any of them, and the one malformed on purpose
// (adams_vscode's lsp_demo.cmd, whose comments name each mistake) gives exactly its true errors.
#include "dataset/checker.hpp"
#include "dataset/loaded_model.hpp"

#include "corpus_samples.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace test_view_corpus {

namespace {

const std::string kDir = fexpr::testing::kCorpus + "cmd/";
const std::string kDemo = "bthornton191+adams_vscode__test_files_lsp_demo.cmd";

}  // namespace

TEST_CASE("every real command file checks without an error and loads as a model", "[view][corpus]") {
  int files = 0, functions = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kDir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".cmd" || name == kDemo) continue;
    INFO(name);
    const auto f = fexpr::dataset::check_file(entry.path().string());
    REQUIRE(f.source);
    for (const auto& d : f.diagnostics) {
      if (d.severity == fexpr::Severity::error) FAIL_CHECK(f.source->render(d));
    }
    std::ostringstream errors;
    CHECK(fexpr::dataset::load_model(entry.path().string(), errors));
    CHECK(errors.str().empty());
    ++files;
    functions += f.functions;
  }
  CHECK(files == 34);  // MANIFEST.md: 35 .cmd files, lsp_demo.cmd among them
  // MANIFEST.md counts 520 non-empty `function = "..."` in them; fexpr checks each, and the
  // *_function parameters (x_force_function, ...) and the measures besides.
  CHECK(functions > 520);
}

TEST_CASE("lsp_demo.cmd, malformed on purpose, gives the errors its comments announce", "[view][corpus]") {
  const auto f = fexpr::dataset::check_file(kDir + kDemo);
  REQUIRE(f.source);
  std::vector<std::string> errors;
  for (const auto& d : f.diagnostics) {
    if (d.severity != fexpr::Severity::error) continue;
    const auto p = f.source->position(d.span.begin);
    errors.push_back(std::to_string(p.line) + ":" + std::to_string(p.column) + ":" +
                     std::string(fexpr::code_name(d.code)));
  }
  // Line 101: "model create model_name=.demo_dup_a model_name=.demo_dup_b", the second
  // model_name at column 37; line 104 the same with two abbreviations of model_name, the
  // second ("model_na") at column 34. Line 219: "model create model_name=(unclosed", the '(' at
  // column 25. Line 264 'else' and 267 'end' with no block to continue or end; the 'for' of
  // line 270 is never ended (the caret at its start).
  CHECK(errors == std::vector<std::string>{"101:37:duplicate-id", "104:34:duplicate-id", "219:25:syntax",
                                           "264:1:syntax", "267:1:syntax", "270:1:syntax"});
}

}  // namespace test_view_corpus
