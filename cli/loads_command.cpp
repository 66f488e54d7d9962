// fexpr loads: evaluate every applied force element of a dataset (SFORCE, SPRINGDAMPER,
// BUSHING, FIELD, BEAM, VFORCE, VTORQUE, GFORCE) at its initial state: the force and torque on I and on J in
// ground, their power, and with --jacobian their derivatives.
#include "cli/commands.hpp"
#include "cli/load_table.hpp"
#include "cli/part_states.hpp"
#include "dataset/loaded_model.hpp"
#include "dataset/forces/force_loads.hpp"
#include "dataset/view/names.hpp"
#include "support/json.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <iostream>
#include <sstream>

namespace fexpr::cli {
namespace {

struct LoadsOptions {
  std::string file;
  std::vector<std::string> ids;  // ELEMENT/N, or a command file's View name (.model.spring)
  LoadOptions load;
};

struct Evaluated {
  std::string label;
  const dataset::ForceElement* element = nullptr;
  double power = 0.0;
  LoadTable table;
};

constexpr const char* kElementTypes = "SFORCE, SPRINGDAMPER, BUSHING, FIELD, BEAM, VFORCE, VTORQUE, GFORCE";

bool is_evaluated(const dataset::Statement& s) { return s.id && (s.name == "SFORCE" || dataset::is_force_element(s.name)); }

std::string label(const dataset::Statement& s) { return s.name + "/" + std::to_string(*s.id); }

bool selected(const LoadsOptions& o, const std::string& name) {
  return o.ids.empty() || std::any_of(o.ids.begin(), o.ids.end(), [&](const std::string& id) {
           return text::iequals(id, name);
         });
}

void text(const Evaluated& e, int digits) {
  const auto& g = *e.element;
  std::cout << e.label << " (I=" << g.i << ", J=" << g.j << ")\n"
      << "  force on I:  " << vector3(e.table.loads, digits) << "  torque on I: " << vector3(e.table.loads + 3, digits)
      << "\n"
      << "  force on J:  " << vector3(e.table.loads + 6, digits) << "  torque on J: " << vector3(e.table.loads + 9, digits)
      << "\n"
      << "  power: " << format_number(e.power, digits) << "\n";
  print_jacobian(e.table, digits);
}

std::string json_element(const Evaluated& e) {
  std::ostringstream out;
  out << "{\"element\": " << json::quote(e.label) << ", \"type\": "
      << json::quote(e.element->type) << ", \"id\": " << e.element->id << ", \"i\": " << e.element->i
      << ", \"j\": " << e.element->j << ", \"power\": " << json::number(e.power) << ", " << loads_json(e.table) << "}";
  return out.str();
}

int run_loads(LoadsOptions o) {
  if (auto problem = unreadable("", o.file, kDataset)) {
    std::cerr << "fexpr loads: " << *problem << "\n";
    return 2;
  }
  auto loaded = dataset::load_model(o.file, std::cerr);
  if (!loaded) return 2;
  dataset::LoadedModel& m = **loaded;
  if (auto problem = apply_sets(m, o.load.sets)) {
    std::cerr << "fexpr loads: " << *problem << "\n";
    return 2;
  }
  for (std::string& id : o.ids) {
    if (!id.starts_with('.')) continue;
    const auto named = dataset::view::element_label(m.dataset, id);
    if (!named.error.empty()) {
      std::cerr << "fexpr loads: --id: " << named.error << "\n";
      return 2;
    }
    id = named.label;
  }
  Inputs in;
  in.time = o.load.time;
  in.state = m.state.get();
  bool failed = false;
  auto floating = dataset::unplaced_markers(m.dataset);
  std::vector<dataset::ForceLoads> compiled;
  std::vector<std::string> labels;
  for (const dataset::Statement& s : m.dataset.statements) {
    if (!is_evaluated(s) || !selected(o, label(s))) continue;
    auto made = dataset::force_loads(s, *m.elements, m.build.model, *m.source, floating);
    if (auto* d = std::get_if<Diagnostic>(&made)) {
      std::cerr << m.source->render(*d);
      failed |= d->severity == Severity::error;
      continue;
    }
    compiled.push_back(std::get<dataset::ForceLoads>(std::move(made)));
    labels.push_back(label(s));
  }
  std::vector<Evaluated> results;
  for (std::size_t k = 0; k < compiled.size(); ++k) {
    try {
      Workspace ws;
      results.push_back({labels[k], &compiled[k].element, compiled[k].power->value(in, ws),
                         evaluate_loads(compiled[k].loads, in, o.load.jacobian)});
    } catch (const EvaluationError& e) {
      std::cerr << o.file << ": " << labels[k] << ": " << e.diagnostic.message << "\n";
      failed = true;
    }
  }
  const std::string elements = element_labels(m.dataset, is_evaluated);
  for (const std::string& id : o.ids) {
    bool found = std::any_of(m.dataset.statements.begin(), m.dataset.statements.end(),
                             [&](const dataset::Statement& s) { return is_evaluated(s) && text::iequals(label(s), id); });
    if (!found) {
      std::cerr << o.file << ": " << id << " is not an applied force element of the dataset; "
                << (elements.empty() ? "it has none" : "its applied force elements are " + elements) << "\n";
      failed = true;
    }
  }
  // Nothing to evaluate is not a failure, but it is said, on standard error so that the output
  // stays what --format promises.
  if (elements.empty() && o.ids.empty())
    std::cerr << o.file << ": the dataset has no applied force element to evaluate (" << kElementTypes << ")\n";
  print_results(o.load.format, o.file, o.load.time, "elements", results,
                [&](const Evaluated& e) { text(e, o.load.precision); }, json_element);
  return failed ? 1 : 0;
}

// --id TYPE/N: letters, '/' and digits, or a View name; the model says which elements there are.
std::string element_name(const std::string& id) {
  if (id.starts_with('.')) return {};
  const std::size_t slash = id.find('/');
  const std::string type = id.substr(0, slash), n = slash == std::string::npos ? "" : id.substr(slash + 1);
  if (!type.empty() && !n.empty() && type.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") ==
                                         std::string::npos && n.find_first_not_of("0123456789") == std::string::npos)
    return {};
  return "takes an element as TYPE/N (" + std::string(kElementTypes) +
         "; SPRINGDAMPER/3) or, in a command file, by its name (.model.spring), not '" + id + "'";
}

}  // namespace

Runner add_loads_command(CLI::App& app) {
  auto o = std::make_shared<LoadsOptions>();
  CLI::App* sub = app.add_subcommand("loads", "Evaluate the applied force elements of a dataset: loads, power, Jacobian");
  sub->add_option("FILE", o->file, "The dataset (.adm)")->required();
  sub->add_option("--id", o->ids, "Only this element, as TYPE/N (SPRINGDAMPER/3) or by its View name (repeatable)")
      ->allow_extra_args(false)
      ->check(element_name);
  add_load_options(sub, o->load);
  return [o] { return run_loads(*o); };
}

}  // namespace fexpr::cli
