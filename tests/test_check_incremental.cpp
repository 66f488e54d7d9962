// Checking an edited dataset with the previous check at hand (as the language server does after
// every keystroke): the statements the edit touched and those that read them are checked again,
// counted here, and the report is always the one a check from scratch gives.
#include "checked_dataset.hpp"
#include "corpus_samples.hpp"
#include "dataset/checker.hpp"
#include "dataset/loaded_model.hpp"
#include "dataset/reader.hpp"
#include "lsp/documents.hpp"
#include "lsp/features.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace test_check_incremental {

namespace {

using fexpr::dataset::CheckedFile;
using fexpr::dataset::check_text;

// Every diagnostic as the CLI prints it, fix included, and the count of functions.
std::vector<std::string> report(const CheckedFile& f) {
  std::vector<std::string> out{std::to_string(f.functions) + " functions"};
  for (const auto& d : f.diagnostics) {
    std::string line = fexpr::dataset::render(f, d);
    if (d.fix) line += " fix " + std::to_string(d.fix->span.begin) + ":" + std::to_string(d.fix->span.end) + " " + d.fix->replacement;
    out.push_back(line);
  }
  return out;
}

// Checks after, first from scratch, then with the check of before; both must give one report.
// Returns how many statements the second check checked.
int recheck(const std::string& name, const std::string& before, const std::string& after) {
  const CheckedFile previous = fexpr::dataset::recheck_text(name, before, std::nullopt, nullptr);
  const CheckedFile scratch = check_text(name, after);
  const CheckedFile again = fexpr::dataset::recheck_text(name, after, std::nullopt, &previous);
  CHECK(report(again) == report(scratch));
  REQUIRE(again.statements.size() == scratch.statements.size());
  for (std::size_t k = 0; k < again.statements.size(); ++k) {
    CHECK(again.statements[k].begin == scratch.statements[k].begin);
    CHECK(again.statements[k].end == scratch.statements[k].end);
  }
  return again.statements_checked;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

const std::string kChain =
    "a chain of readers\n"
    "PART/1, GROUND\n"
    "MARKER/1, PART=1\n"
    "PART/2, MASS=1, CM=2, QG=1, 0, 0\n"
    "MARKER/2, PART=2\n"
    "VARIABLE/1, FUNCTION = DX(2, 1)\n"
    "VARIABLE/2, FUNCTION = VARVAL(1)*2\n"
    "VARIABLE/3, FUNCTION = VARVAL(2) + 1\n"
    "VARIABLE/4, FUNCTION = TIME\n"
    "SFORCE/5, TRANSLATIONAL, I=2, J=1, FUNCTION = -VARVAL(3)\n"
    "SPRINGDAMPER/6, TRANSLATIONAL, I=2, J=1, K=1, LENGTH=1\n"
    "END\n";

}  // namespace

TEST_CASE("an edit re-checks the statement and those that read it, directly or through others", "[check][incremental]") {
  // VARIABLE/1 is read by VARIABLE/2, which VARIABLE/3 reads, which SFORCE/5 reads: four.
  CHECK(recheck("t.adm", kChain, replaced(kChain, "DX(2, 1)", "DY(2, 1)")) == 4);
  // An error in VARIABLE/1 is reported at its place, and its readers say what they cannot read.
  CHECK(recheck("t.adm", kChain, replaced(kChain, "DX(2, 1)", "DX(2, 1)/0")) == 4);
  CHECK(recheck("t.adm", kChain, replaced(kChain, "VARVAL(2) + 1", "VARVAL(2) + 2")) == 2);
  CHECK(recheck("t.adm", kChain, replaced(kChain, "= TIME", "= TIME*2")) == 1);
  CHECK(recheck("t.adm", kChain, replaced(kChain, "K=1, LENGTH=1", "K=1, LENGTH=2")) == 1);
  // Back to the text before: the same count the other way.
  CHECK(recheck("t.adm", replaced(kChain, "DX(2, 1)", "DXX(2, 1)"), kChain) == 4);
  // A comment edited between statements moves nothing: nothing is checked.
  const std::string commented = replaced(kChain, "VARIABLE/4", "! a note\nVARIABLE/4");
  CHECK(recheck("t.adm", commented, replaced(commented, "a note", "a longer note")) == 0);
}

TEST_CASE("edits of the model, of ids and of lines re-check what they move", "[check][incremental]") {
  const int all = 11;  // the ten statements of kChain and END
  CHECK(recheck("t.adm", kChain, replaced(kChain, "MASS=1", "MASS=2")) == all);
  CHECK(recheck("t.adm", kChain, replaced(kChain, "MARKER/2, PART=2", "MARKER/2, PART=2, QP=1, 0, 0")) == all);
  CHECK(recheck("t.adm", kChain, replaced(kChain, "VARIABLE/4", "VARIABLE/7")) == all);
  CHECK(recheck("t.adm", kChain, replaced(kChain, "TRANSLATIONAL, I=2, J=1, FUNCTION", "ROTATIONAL, I=2, J=1, FUNCTION")) ==
        all);
  // A line added in VARIABLE/2: it and every statement below it, whose lines moved (VARIABLE/3,
  // VARIABLE/4, SFORCE/5, SPRINGDAMPER/6 and END); its readers are among them.
  CHECK(recheck("t.adm", kChain, replaced(kChain, "VARVAL(1)*2\n", "VARVAL(1)\n, *2\n")) == 6);
  // A command file is checked whole.
  const std::string cmd = "model create model_name = m\npart create rigid_body name_and_position part_name = .m.p\n";
  CHECK(recheck("t.cmd", cmd, replaced(cmd, "name = .m.p", "name = .m.q")) == 2);
}

// Every real dataset of the corpus, each function edited three ways in turn (a character
// changed, one deleted, a term added), and a line inserted: the report with the previous check
// at hand is the report from scratch.
TEST_CASE("an edited corpus dataset checked with its previous check gives the report from scratch", "[check][incremental]") {
  int edits = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(fexpr::testing::kCorpus)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".adm" && ext != ".acf") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str(), name = entry.path().filename().string();
    INFO(name);
    fexpr::SourceText source(name, text);
    const auto dataset = fexpr::dataset::read(source);
    int functions = 0;
    for (const auto& s : dataset.statements) {
      for (const auto& a : s.arguments) {
        if (!a.is_expression || a.synthesized || a.expression_span.end - a.expression_span.begin < 3 || functions++ >= 4)
          continue;
        const std::size_t middle = (a.expression_span.begin + a.expression_span.end) / 2;
        INFO(s.name << " " << a.keyword << " at " << middle);
        std::string changed = text, deleted = text, added = text, broken = text;
        changed[middle] = changed[middle] == '1' ? '2' : '1';
        deleted.erase(middle, 1);
        added.insert(a.expression_span.end, " + DX(1)");
        broken.insert(middle, "\n");
        for (const std::string* after : {&changed, &deleted, &added, &broken}) {
          recheck(name, text, *after);
          ++edits;
        }
      }
    }
  }
  CHECK(edits > 100);
}

// The language server's document keeps its last check for the next: two edits in a row (the
// second before any check) re-check VARIABLE/1 and its three readers once.
TEST_CASE("the server's document re-checks what its edits touched", "[check][incremental][lsp]") {
  fexpr::lsp::Document document("file:///t.adm", kChain, 1);
  CHECK(document.checked().statements_checked == 11);
  // Line 5 (0-based) is "VARIABLE/1, FUNCTION = DX(2, 1)": DX starts at character 23.
  auto edit = [](int character, const char* text) {
    return nlohmann::json{{{"range", {{"start", {{"line", 5}, {"character", character}}}, {"end", {{"line", 5}, {"character", character + 1}}}}},
                           {"text", text}}};
  };
  document.change(edit(24, "Y"), 2);
  document.change(edit(29, "3"), 3);
  const std::string expected = replaced(kChain, "DX(2, 1)", "DY(2, 3)");
  REQUIRE(document.text() == expected);
  CHECK(document.checked().statements_checked == 4);
  CHECK(report(document.checked()) == report(check_text("t.adm", expected)));
}

// After a check the server's hover and completion take the dataset and model that check read,
// rather than reading the text again: they answer as a document that has read it afresh.
TEST_CASE("hover and completion after a check answer as a document that read the text afresh", "[check][incremental][lsp]") {
  const std::string edited = replaced(kChain, "DX(2, 1)", "DY(2, 1)");
  fexpr::lsp::Document checked("file:///t.adm", kChain, 1);
  checked.checked();
  checked.change(nlohmann::json{{{"text", edited}}}, 2);
  checked.checked();
  fexpr::lsp::Document fresh("file:///t.adm", edited, 1);
  // On DY of VARIABLE/1 (its value at the initial state), on VARVAL of VARIABLE/2, in SFORCE/5.
  for (const std::string& at : {std::string("DY(2, 1)"), std::string("VARVAL(1)"), std::string("-VARVAL(3)")}) {
    const auto offset = static_cast<std::uint32_t>(edited.find(at) + 1);
    INFO(at);
    CHECK(fexpr::lsp::hover(checked, offset) == fexpr::lsp::hover(fresh, offset));
    CHECK(fexpr::lsp::completion(checked, offset) == fexpr::lsp::completion(fresh, offset));
  }
  // recheck_text's model is given once; check_text keeps none.
  CheckedFile once = fexpr::dataset::recheck_text("t.adm", edited, std::nullopt, nullptr);
  auto model = fexpr::dataset::take_model(once);
  REQUIRE(model);
  CHECK(model->dataset.statements.size() == 11);
  CHECK(fexpr::dataset::take_model(once) == nullptr);
  CheckedFile plain = check_text("t.adm", edited);
  CHECK(fexpr::dataset::take_model(plain) == nullptr);
}

}  // namespace test_check_incremental
