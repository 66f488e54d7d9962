// The checker on every real dataset of the corpus: no false errors, and the translator's
// deliberately broken samples give their diagnostics without a crash.
#include "dataset/loaded_model.hpp"
#include "dataset/checker.hpp"

#include "corpus_samples.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace test_check_corpus {

namespace {

using fexpr::testing::kCorpus;

std::multiset<std::string> error_codes(const fexpr::dataset::CheckedFile& f) {
  std::multiset<std::string> out;
  for (const auto& d : f.diagnostics) {
    if (d.severity == fexpr::Severity::error) out.insert(std::string(fexpr::code_name(d.code)));
  }
  return out;
}

}  // namespace

TEST_CASE("every real dataset and command file of the corpus checks without an error", "[check][corpus]") {
  // The translator's broken samples are tested below.
  int files = 0, functions = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kCorpus)) {
    std::string name = entry.path().filename().string();
    std::string ext = entry.path().extension().string();
    if ((ext != ".adm" && ext != ".acf") || fexpr::testing::kBrokenSamples.count(name)) continue;
    auto f = fexpr::dataset::check_file(entry.path().string());
    INFO(name);
    REQUIRE(f.source);
    for (const auto& d : f.diagnostics) {
      if (d.severity == fexpr::Severity::error) FAIL_CHECK(f.source->render(d));
    }
    // What check reads without an error, `fexpr eval --model` and `fexpr sforce` load.
    if (ext == ".adm") {
      std::ostringstream errors;
      CHECK(fexpr::dataset::load_model(entry.path().string(), errors));
      CHECK(errors.str().empty());
    }
    ++files;
    functions += f.functions;
  }
  // 12 chrono, 4 adams_vscode, 11 adamspy, 5 aview_hpc, 4 FAST (.adm and .acf), 3 mbdyn, and
  // in cmd/ the two .adm halves of command-file pairs not among those (drillsim, MRGilak)
  CHECK(files == 41);
  // By MANIFEST.md the FRS5 dataset alone holds 844 expression arguments and test.adm 579.
  CHECK(functions > 1500);
}

TEST_CASE("the translator's broken samples give their diagnostics", "[check][corpus]") {
  const std::string dir = kCorpus + "alex-marinov__mbdyn/";
  SECTION("mark.adm: four markers on parts that are not defined (9, 11, 27, 28)") {
    auto f = fexpr::dataset::check_file(dir + "contrib__a2m__samples__mark.adm");
    CHECK(error_codes(f) == std::multiset<std::string>{"reference", "reference", "reference", "reference"});
  }
  SECTION("prova_beam01.adm: a BEAM on markers that are not defined") {
    auto f = fexpr::dataset::check_file(dir + "contrib__a2m__samples__prova_beam01.adm");
    CHECK(error_codes(f) == std::multiset<std::string>{"reference"});
  }
  SECTION("pm02.adm: two CM=1 without marker 1, a '^' for '**', markers 78 and 2 undefined") {
    auto f = fexpr::dataset::check_file(dir + "contrib__a2m__samples__pm02.adm");
    CHECK(error_codes(f) ==
          std::multiset<std::string>{"reference", "reference", "syntax", "reference", "reference"});
  }
  for (const char* name : {"contrib__a2m__samples__monster.adm", "contrib__a2m__samples__pm03.adm",
                           "contrib__a2m__samples__prova.adm", "contrib__a2m__samples__prova_beam00.adm",
                           "contrib__a2m__samples__prova_marker01.adm"}) {
    auto f = fexpr::dataset::check_file(dir + name);
    INFO(name);
    CHECK(f.errors() > 0);
    for (const auto& d : f.diagnostics) {
      auto p = f.source->position(d.span.begin);
      CHECK(p.line >= 1);
      CHECK(!d.message.empty());
    }
  }
}

TEST_CASE("a dataset that cannot be read is one io error", "[check]") {
  auto f = fexpr::dataset::check_file("/nonexistent/model.adm");
  CHECK_FALSE(f.source);
  REQUIRE(f.diagnostics.size() == 1);
  CHECK(f.diagnostics[0].code == fexpr::Code::io);
}

}  // namespace test_check_corpus
