// Every applied force element of every real dataset of the corpus is evaluated at the initial
// state without a false error: its loads and power come out finite, or it is noted as not
// evaluated (a user subroutine, an ARRAY of solver values, a non-linear BEAM), never reported
// as wrong.
#include "dataset/loaded_model.hpp"
#include "dataset/forces/force_loads.hpp"
#include "dataset/forces/linear_loads_bound.hpp"

#include "corpus_samples.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>

namespace test_forces_corpus {

namespace {

struct Tally {
  int files = 0, evaluated = 0, noted = 0;
  int bounded = 0;  // evaluated, and certainly finite by the bound check takes instead
};

// Reads every force element of every corpus dataset that has a model, the translator's broken
// samples left out (test_check_corpus states their errors), checks it as above and counts it
// under the statements named (all of them when none is).
std::map<std::string, Tally> evaluate_corpus(const std::function<bool(const std::string&)>& counted) {
  std::map<std::string, Tally> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(fexpr::testing::kCorpus)) {
    if (entry.path().extension() != ".adm" || fexpr::testing::kBrokenSamples.count(entry.path().filename().string()))
      continue;
    std::ostringstream model_errors;
    auto loaded = fexpr::dataset::load_model(entry.path().string(), model_errors);
    REQUIRE(loaded);
    auto& m = **loaded;
    auto floating = fexpr::dataset::unplaced_markers(m.dataset);
    fexpr::Inputs in;
    in.state = m.state.get();
    bool any = false;
    for (const auto& s : m.dataset.statements) {
      if (!s.id || (s.name != "SFORCE" && !fexpr::dataset::is_force_element(s.name)) || !counted(s.name)) continue;
      any = true;
      Tally& t = out[s.name];
      auto made = fexpr::dataset::force_loads(s, *m.elements, m.build.model, *m.source, floating);
      if (auto* d = std::get_if<fexpr::Diagnostic>(&made)) {
        INFO(m.source->render(*d));
        CHECK(d->severity == fexpr::Severity::info);
        ++t.noted;
        continue;
      }
      auto& l = std::get<fexpr::dataset::ForceLoads>(made);
      fexpr::Workspace ws;
      INFO(entry.path().filename().string() << " " << s.name << "/" << *s.id);
      for (const auto& e : l.loads) CHECK(std::isfinite(e->value(in, ws)));
      CHECK(std::isfinite(l.power->value(in, ws)));
      ++t.evaluated;
      if (fexpr::dataset::loads_certainly_finite(l.element, m.build.model, *m.state)) ++t.bounded;
    }
    if (any) ++out["files"].files;
  }
  return out;
}

}  // namespace

TEST_CASE("every force element of the corpus evaluates or is noted as not evaluated", "[forces][corpus]") {
  auto tally = evaluate_corpus([](const std::string&) { return true; });
  int evaluated = 0, noted = 0;
  for (const auto& [name, t] : tally) {
    evaluated += t.evaluated;
    noted += t.noted;
  }
  CHECK(tally["files"].files >= 10);
  // The corpus holds hundreds of VFORCE and GFORCE statements and dozens of the others.
  CHECK(evaluated >= 400);
  CHECK(noted > 0);
  // Every BUSHING and FIELD the corpus evaluates is within the bound too.
  for (const char* name : {"BUSHING", "FIELD"}) {
    INFO(name);
    CHECK(tally[name].bounded == tally[name].evaluated);
  }
  CHECK(tally["BUSHING"].bounded > 0);
}

TEST_CASE("the corpus's linear BEAMs evaluate and its non-linear ones are noted", "[forces][corpus][beam]") {
  // adamspy's FRS5 dataset has 58 BEAMs with FORMULATION = LINEAR, its test.adm 40 and its
  // drillsim dataset (cmd/) 43 with FORMULATION = STRING (grep -c in the files).
  auto tally = evaluate_corpus([](const std::string& name) { return name == "BEAM"; });
  CHECK(tally["files"].files == 3);
  CHECK(tally["BEAM"].evaluated == 58);
  // Every one of them within the bound, so check compiles none of their texts.
  CHECK(tally["BEAM"].bounded == 58);
  CHECK(tally["BEAM"].noted == 40 + 43);
}

}  // namespace test_forces_corpus
