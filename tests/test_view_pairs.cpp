// The five models of the corpus that Adams exported twice, as a command file (.cmd) and as the
// dataset the solver reads (.adm): both must build the same model. The .adm writes each
// object's View name in the comment before its statement (! adams_view_name='MARKER_1'), which
// is how a marker or an element of the .adm is found in the .cmd; Adams numbers objects itself,
// so ids are not compared. Every value is read from the .cmd through names and from the .adm
// through ids, at the initial state, and must agree to 1e-9 relative.
#include "dataset/loaded_model.hpp"

#include "corpus_samples.hpp"
#include "support/text.hpp"

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace test_view_pairs {

using namespace fexpr;

namespace {

const std::string kDir = testing::kCorpus + "cmd/";
const std::string kAdamspy = testing::kCorpus + "bthornton191__adamspy/";

struct Pair {
  std::string cmd, adm, model;
};

// MANIFEST.md's pairs P1 to P5; three .adm halves are the adamspy datasets of the corpus.
const std::vector<Pair> kPairs = {
    {"bthornton191+adamspy__test_files_generic_model_generic_model.cmd",
     kAdamspy + "test__files__generic_model__generic_model.adm", "generic_model"},
    {"bthornton191+adamspy__test_files_analysis_with_spikes_test_analysis_with_spikes.cmd",
     kAdamspy + "test__files__analysis_with_spikes__test_analysis_with_spikes.adm", "test_analysis_with_spikes"},
    {"bthornton191+adamspy__test_files_real_analysis_with_spikes_FRS5_doe_8_LAUL_model.cmd",
     kAdamspy + "test__files__real_analysis_with_spikes__FRS5_doe_8_LAUL_analysis.adm", "FRS5_doe_8_LAUL"},
    {"bthornton191+adamspy__test_existing_drillsim_test_analysis_1.cmd",
     kDir + "bthornton191+adamspy__test_existing_drillsim_test_analysis_1.adm", "test_analysis_1"},
    {"MRGilak+Robotics__Single Leg Robot_ADAMS Model_Impedance Control with PID controller_Control_Plant.cmd",
     kDir + "MRGilak+Robotics__Single Leg Robot_ADAMS Model_Impedance Control with PID controller_Control_Plant.adm",
     "Robot_joint"},
};

std::unique_ptr<dataset::LoadedModel> load(const std::string& path) {
  std::ostringstream errors;
  auto m = dataset::load_model(path, errors);
  INFO(path << "\n" << errors.str());
  REQUIRE(m);
  return std::move(*m);
}

// "NAME/id" -> the View name in the comment before it, from the .adm's text.
std::map<std::string, std::string> view_names(const std::string& text) {
  std::map<std::string, std::string> out;
  std::istringstream in(text);
  std::string pending;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto at = line.find("adams_view_name='");
    if (!line.empty() && line[0] == '!') {
      if (at != std::string::npos) {
        const auto begin = at + 17;
        pending = line.substr(begin, line.find('\'', begin) - begin);
      }
      continue;
    }
    if (!pending.empty() && !line.empty() && std::isalpha(static_cast<unsigned char>(line[0]))) {
      out[line.substr(0, line.find_first_of(" ,"))] = pending;
      pending.clear();
    }
  }
  return out;
}

const dataset::Statement* statement(const dataset::Dataset& d, const std::string& name, long id) {
  for (const auto& s : d.statements) {
    if (s.name == name && s.id == id) return &s;
  }
  return nullptr;
}

std::string argument(const dataset::Statement& s, const std::string& keyword) {
  for (const auto& a : s.arguments) {
    if (a.keyword == keyword && !a.values.empty()) return a.values.front().text;
  }
  return {};
}

// A value, or why there is none: the code of the compile or evaluation error. `slack` is how
// far the value may move when each model state the function reads moves by what rounding the
// .adm's numbers to 10 significant digits allows (see Evaluator::slack).
struct Outcome {
  double value = 0.0;
  std::string error;
  double slack = 0.0;
};

// The .adm writes every number with 10 significant digits, so a coordinate in ground is known to
// about 1e-9 of the model's extent (a marker's place adds its part's and its own), an angle
// written in degrees to 1e-9 of a turn, and a velocity to 1e-9 of the largest one.
constexpr double kDigits = 1e-9;

struct Evaluator {
  const dataset::LoadedModel& model;
  double extent = 1.0;  // the largest coordinate of a marker in ground, at least 1
  Workspace ws;
  std::vector<double> grad;

  double slack(const std::string& state) const {
    const std::string axis = state.substr(state.rfind('.') + 1);
    if (axis == "psi" || axis == "theta" || axis == "phi" || axis[0] == 'w') return kDigits * 2 * 3.141592653589793;
    return kDigits * extent;  // x, y, z and vx, vy, vz (at the initial state mostly 0)
  }

  Outcome operator()(const std::string& text) {
    auto r = compile(text, model.elements->context());
    if (!r.expression) return {0.0, std::string(code_name(r.diagnostics.front().code))};
    Inputs in;
    in.state = model.state.get();
    grad.assign(r.expression->derivative_count(), 0.0);
    try {
      Outcome o{r.expression->gradient(in, ws, grad), {}, 0.0};
      const auto& names = r.expression->derivative_names();
      for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] != "TIME") o.slack += std::abs(grad[i]) * slack(names[i]);
      }
      return o;
    } catch (const EvaluationError& e) {
      return {0.0, std::string(code_name(e.diagnostic.code))};
    }
  }
};

// Both values agree to 1e-9 relative, beyond what the .adm's rounding moves them, or neither can
// be had, for the same reason (a VARIABLE that reads a joint's reaction, which only a solver
// computes).
bool agree(const Outcome& cmd, const Outcome& adm) {
  if (!cmd.error.empty() || !adm.error.empty()) return cmd.error == adm.error;
  return std::abs(cmd.value - adm.value) <=
         kDigits * std::max({1.0, std::abs(cmd.value), std::abs(adm.value)}) + adm.slack;
}

std::ostream& operator<<(std::ostream& out, const Outcome& o) {
  if (!o.error.empty()) return out << "error " << o.error;
  const auto precision = out.precision(17);
  out << o.value;
  out.precision(precision);
  return out << " (slack " << o.slack << ")";
}

// The function that reads each element type's load: FN(id, jflag = 0, component, rm = 0) gives
// component 1..8 (magnitude, x, y, z of the force; magnitude, x, y, z of the torque) in ground.
const std::map<std::string, std::string> kLoadFunctions = {
    {"SFORCE", "SFORCE"}, {"BUSHING", "BUSH"},     {"SPRINGDAMPER", "SPDP"}, {"BEAM", "BEAM"},
    {"FIELD", "FIELD"},   {"VFORCE", "VFORCE"},    {"VTORQUE", "VTORQ"},     {"GFORCE", "GFORCE"}};

struct Tally {
  int markers = 0, variables = 0, elements = 0;
  // Objects the .cmd makes from what fexpr does not interpret (a user-defined element's own
  // markers): not evaluated, and said so, rather than compared.
  int not_interpreted = 0;
};

bool not_interpreted(const Outcome& cmd) { return cmd.error == "not-interpreted"; }

Tally compare(const Pair& pair) {
  auto cmd = load(kDir + pair.cmd);
  auto adm = load(pair.adm);
  const auto names = view_names(adm->source->text());
  Evaluator in_cmd{*cmd, 1.0, {}, {}}, in_adm{*adm, 1.0, {}, {}};
  for (const auto& s : adm->dataset.statements) {
    if (s.name != "MARKER" || !s.id) continue;
    for (const char* measure : {"DX(", "DY(", "DZ("}) {
      const Outcome o = in_adm(measure + std::to_string(*s.id) + ")");
      if (o.error.empty()) in_adm.extent = std::max(in_adm.extent, std::abs(o.value));
    }
  }
  const std::string model = "." + pair.model + ".";
  Tally t;
  for (const auto& s : adm->dataset.statements) {
    if (!s.id) continue;
    const auto named = names.find(s.name + "/" + std::to_string(*s.id));
    if (named == names.end()) continue;
    const std::string id = std::to_string(*s.id);
    if (s.name == "MARKER") {
      const auto* part = statement(adm->dataset, "PART", std::stol(argument(s, "PART")));
      REQUIRE(part);
      const auto part_name = names.find("PART/" + std::to_string(*part->id));
      REQUIRE(part_name != names.end());
      const std::string full = model + part_name->second + "." + named->second;
      const auto object = cmd->dataset.objects.find(text::lower(full));
      // Markers the .cmd does not make: those Adams adds when it writes the .adm (a joint's or
      // a user-defined element's own markers).
      if (object == cmd->dataset.objects.end()) continue;
      if (not_interpreted(in_cmd("DX(" + full + ")"))) {
        ++t.not_interpreted;
        continue;
      }
      for (const char* measure : {"DX", "DY", "DZ"}) {
        const Outcome a = in_adm(std::string(measure) + "(" + id + ")");
        const Outcome c = in_cmd(std::string(measure) + "(" + full + ")");
        INFO(pair.cmd << ": " << measure << " of " << full << " (MARKER/" << id << "): .cmd " << c << ", .adm " << a);
        CHECK(agree(c, a));
      }
      ++t.markers;
    } else if (s.name == "VARIABLE" || kLoadFunctions.count(s.name)) {
      const std::string full = model + named->second;
      const auto object = cmd->dataset.objects.find(text::lower(full));
      if (object == cmd->dataset.objects.end() || object->second.type != s.name) continue;
      if (s.name == "VARIABLE") {
        const Outcome a = in_adm("VARVAL(" + id + ")"), c = in_cmd("VARVAL(" + full + ")");
        if (not_interpreted(c)) {
          ++t.not_interpreted;
          continue;
        }
        INFO(pair.cmd << ": VARVAL(" << full << ") (VARIABLE/" << id << "): .cmd " << c << ", .adm " << a);
        CHECK(agree(c, a));
        ++t.variables;
        continue;
      }
      const std::string fn = kLoadFunctions.at(s.name);
      for (int component = 1; component <= 8; ++component) {
        const std::string rest = ", 0, " + std::to_string(component) + ", 0)";
        const Outcome a = in_adm(fn + "(" + id + rest), c = in_cmd(fn + "(" + full + rest);
        INFO(pair.cmd << ": " << fn << "(" << full << rest << " (" << s.name << "/" << id << "): .cmd " << c
                      << ", .adm " << a);
        CHECK(agree(c, a));
      }
      ++t.elements;
    }
  }
  return t;
}

}  // namespace

TEST_CASE("a model exported both as a command file and as a dataset is the same model in both",
          "[view][corpus][pairs]") {
  for (const Pair& pair : kPairs) {
    INFO(pair.cmd);
    const Tally t = compare(pair);
    WARN(pair.model << ": " << t.markers << " markers, " << t.variables << " variables, " << t.elements
                    << " elements compared; " << t.not_interpreted << " not interpreted in the .cmd");
    CHECK(t.markers > 0);
  }
}

}  // namespace test_view_pairs
