// Every applied force element of every real dataset of the corpus is evaluated at the initial
// state without a false error: its loads and power come out finite, or it is noted as not
// evaluated (a user subroutine, an ARRAY of solver values), never reported as wrong.
#include "dataset/loaded_model.hpp"
#include "dataset/forces/force_loads.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <sstream>

namespace {

const std::string kCorpus = std::string(FEXPR_SOURCE_DIR) + "/tests/data/corpus/";

}  // namespace

TEST_CASE("every force element of the corpus evaluates or is noted as not evaluated", "[forces][corpus]") {
  int files = 0, evaluated = 0, noted = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kCorpus)) {
    if (entry.path().extension() != ".adm") continue;
    std::ostringstream model_errors;
    auto loaded = fexpr::dataset::load_model(entry.path().string(), model_errors);
    // The translator's broken samples have no model; test_check_corpus covers them.
    if (!loaded) continue;
    ++files;
    auto& m = **loaded;
    auto floating = fexpr::dataset::floating_markers(m.dataset);
    fexpr::Inputs in;
    in.state = m.state.get();
    for (const auto& s : m.dataset.statements) {
      if (!s.id || (s.name != "SFORCE" && !fexpr::dataset::is_force_element(s.name))) continue;
      auto made = fexpr::dataset::force_loads(s, *m.elements, m.build.model, *m.source, floating);
      if (auto* d = std::get_if<fexpr::Diagnostic>(&made)) {
        INFO(m.source->render(*d));
        CHECK(d->severity == fexpr::Severity::info);
        ++noted;
        continue;
      }
      auto& l = std::get<fexpr::dataset::ForceLoads>(made);
      fexpr::Workspace ws;
      INFO(entry.path().filename().string() << " " << s.name << "/" << *s.id);
      for (const auto& e : l.loads) CHECK(std::isfinite(e->value(in, ws)));
      CHECK(std::isfinite(l.power->value(in, ws)));
      ++evaluated;
    }
  }
  CHECK(files >= 10);
  // The corpus holds hundreds of VFORCE and GFORCE statements and dozens of the others.
  CHECK(evaluated >= 400);
  CHECK(noted > 0);
}
