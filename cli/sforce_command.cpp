// fexpr sforce: evaluate the SFORCE elements of a dataset at its initial state: scalar force,
// force or torque vectors at I and J, power, and with --jacobian their derivatives.
#include "cli/commands.hpp"
#include "cli/load_table.hpp"
#include "cli/part_states.hpp"
#include "dataset/loaded_model.hpp"
#include "dataset/element_bindings.hpp"
#include "dataset/forces/force_element.hpp"
#include "dataset/sforce.hpp"
#include "support/json.hpp"
#include "support/number.hpp"

#include <iostream>
#include <sstream>

namespace fexpr::cli {
namespace {

struct SforceOptions {
  std::string file;
  std::vector<long> ids;
  LoadOptions load;
};

struct Evaluated {
  dataset::SforceGeometry g;
  double value = 0.0, power = 0.0;
  LoadTable table;
};

Evaluated evaluate(const dataset::Sforce& s, const Inputs& in, bool jacobian) {
  Workspace ws;
  return Evaluated{s.geometry, s.value.value(in, ws), s.power.value(in, ws), evaluate_loads(s.loads, in, jacobian)};
}

std::string kind(const dataset::SforceGeometry& g) {
  return std::string(g.rotational ? "rotational" : "translational") + (g.action_only ? ", action-only" : "");
}

void text(const Evaluated& e, int digits) {
  const char* load = e.g.rotational ? "torque" : "force";
  const double* on_i = e.table.loads + (e.g.rotational ? 3 : 0);
  const double* on_j = e.table.loads + (e.g.rotational ? 9 : 6);
  std::cout << "SFORCE/" << e.g.id << " (" << kind(e.g) << ", I=" << e.g.i << ", J=" << e.g.j
      << "): f = " << format_number(e.value, digits) << "\n"
      << "  " << load << " on I (marker " << e.g.i << "): " << vector3(on_i, digits) << "\n"
      << "  " << load << " on J (marker " << e.g.j << "): " << vector3(on_j, digits) << "\n"
      << "  power: " << format_number(e.power, digits) << "\n";
  print_jacobian(e.table, digits);
}

std::string json_element(const Evaluated& e) {
  std::ostringstream out;
  out << "{\"id\": " << e.g.id << ", \"type\": \""
      << (e.g.rotational ? "rotational" : "translational") << "\", \"action_only\": "
      << (e.g.action_only ? "true" : "false") << ", \"i\": " << e.g.i << ", \"j\": " << e.g.j
      << ", \"value\": " << json::number(e.value) << ", \"power\": " << json::number(e.power) << ", "
      << loads_json(e.table) << "}";
  return out.str();
}

int run_sforce(const SforceOptions& o) {
  if (auto problem = unreadable("", o.file, kDataset)) {
    std::cerr << "fexpr sforce: " << *problem << "\n";
    return 2;
  }
  auto loaded = dataset::load_model(o.file, std::cerr);
  if (!loaded) return 2;
  dataset::LoadedModel& m = **loaded;
  if (auto problem = apply_sets(m, o.load.sets)) {
    std::cerr << "fexpr sforce: " << *problem << "\n";
    return 2;
  }
  Inputs in;
  in.time = o.load.time;
  in.state = m.state.get();
  bool failed = false;
  std::vector<Evaluated> results;
  for (const dataset::Statement& s : m.dataset.statements) {
    if (s.name != "SFORCE" || !s.id) continue;
    if (!o.ids.empty() && std::find(o.ids.begin(), o.ids.end(), *s.id) == o.ids.end()) continue;
    auto made = dataset::make_sforce(s, *m.elements);
    if (auto* problem = std::get_if<std::string>(&made)) {
      std::cerr << o.file << ": SFORCE/" << *s.id << " " << *problem << "\n";
      failed = true;
      continue;
    }
    try {
      results.push_back(evaluate(std::get<dataset::Sforce>(made), in, o.load.jacobian));
    } catch (const EvaluationError& e) {
      std::cerr << m.source->render(e.diagnostic);
      failed = true;
    }
  }
  const std::string sforces = element_labels(m.dataset, [](const dataset::Statement& s) { return s.name == "SFORCE"; });
  for (long id : o.ids) {
    bool found = std::any_of(m.dataset.statements.begin(), m.dataset.statements.end(),
                             [&](const dataset::Statement& s) { return s.name == "SFORCE" && s.id == id; });
    if (!found) {
      std::cerr << o.file << ": SFORCE/" << id << " is not defined; "
                << (sforces.empty() ? "the dataset has no SFORCE" : "its SFORCEs are " + sforces) << "\n";
      failed = true;
    }
  }
  // Nothing to evaluate is not a failure (every SFORCE there is was evaluated), but it is said,
  // on standard error so that the output stays what --format promises.
  if (sforces.empty() && o.ids.empty()) {
    const std::string others =
        element_labels(m.dataset, [](const dataset::Statement& s) { return dataset::is_force_element(s.name); });
    std::cerr << o.file << ": the dataset has no SFORCE to evaluate"
              << (others.empty() ? "" : "; fexpr loads evaluates its other force elements, " + others) << "\n";
  }
  print_results(o.load.format, o.file, o.load.time, "sforces", results,
                [&](const Evaluated& e) { text(e, o.load.precision); }, json_element);
  return failed ? 1 : 0;
}

}  // namespace

Runner add_sforce_command(CLI::App& app) {
  auto o = std::make_shared<SforceOptions>();
  CLI::App* sub = app.add_subcommand("sforce", "Evaluate the SFORCE elements of a dataset: loads, power, Jacobian");
  sub->add_option("FILE", o->file, "The dataset (.adm)")->required();
  sub->add_option("--id", o->ids, "Only SFORCE/N (repeatable)")
      ->allow_extra_args(false)
      ->type_name("N")
      ->check([](const std::string& id) {
        const bool digits = !id.empty() && id.find_first_not_of("0123456789") == std::string::npos;
        return digits ? std::string() : "takes the N of SFORCE/N, a whole number (--id 3), not '" + id + "'";
      });
  add_load_options(sub, o->load);
  return [o] { return run_sforce(*o); };
}

}  // namespace fexpr::cli
