// fexpr sforce: evaluate the SFORCE elements of a dataset at its initial state: scalar force,
// force or torque vectors at I and J, power, and with --jacobian their derivatives.
#include "cli/commands.hpp"
#include "cli/input_options.hpp"
#include "dataset/loaded_model.hpp"
#include "cli/part_states.hpp"
#include "dataset/element_bindings.hpp"
#include "dataset/sforce.hpp"
#include "support/json.hpp"
#include "support/number.hpp"

#include <iomanip>
#include <iostream>
#include <sstream>

namespace fexpr::cli {
namespace {

struct SforceOptions {
  std::string file;
  std::vector<long> ids;
  double time = 0.0;
  std::vector<std::string> sets;  // PART/ID, NAME=VALUE pairs
  bool jacobian = false;
  std::string format = "text";
  int precision = 0;
};

const char* kRows[12] = {"FI.x", "FI.y", "FI.z", "TI.x", "TI.y", "TI.z", "FJ.x", "FJ.y", "FJ.z", "TJ.x", "TJ.y", "TJ.z"};

struct Evaluated {
  dataset::SforceGeometry g;
  double value = 0.0, power = 0.0;
  double loads[12] = {};
  std::vector<std::string> columns;
  std::vector<std::vector<double>> jacobian;  // 12 rows over columns
};

// Columns: every derivative input any load reads, in first-seen order.
Evaluated evaluate(const dataset::Sforce& s, const Inputs& in, bool jacobian) {
  Evaluated out;
  out.g = s.geometry;
  Workspace ws;
  out.value = s.value.value(in, ws);
  out.power = s.power.value(in, ws);
  for (int r = 0; r < 12; ++r) out.loads[r] = s.loads[static_cast<std::size_t>(r)]->value(in, ws);
  if (!jacobian) return out;
  for (const auto& load : s.loads) {
    for (const std::string& name : load->derivative_names()) {
      if (std::find(out.columns.begin(), out.columns.end(), name) == out.columns.end()) out.columns.push_back(name);
    }
  }
  out.jacobian.assign(12, std::vector<double>(out.columns.size(), 0.0));
  for (int r = 0; r < 12; ++r) {
    const Expression& e = *s.loads[static_cast<std::size_t>(r)];
    std::vector<double> g(e.derivative_count());
    e.gradient(in, ws, g);
    for (std::size_t k = 0; k < g.size(); ++k) {
      auto at = std::find(out.columns.begin(), out.columns.end(), e.derivative_names()[k]) - out.columns.begin();
      out.jacobian[static_cast<std::size_t>(r)][static_cast<std::size_t>(at)] = g[k];
    }
  }
  return out;
}

std::string vector3(const double* v, int digits) {
  return "[" + format_number(v[0], digits) + ", " + format_number(v[1], digits) + ", " + format_number(v[2], digits) +
         "]";
}

std::string kind(const dataset::SforceGeometry& g) {
  return std::string(g.rotational ? "rotational" : "translational") + (g.action_only ? ", action-only" : "");
}

void text(const Evaluated& e, int digits) {
  const char* load = e.g.rotational ? "torque" : "force";
  const double* on_i = e.loads + (e.g.rotational ? 3 : 0);
  const double* on_j = e.loads + (e.g.rotational ? 9 : 6);
  std::cout << "SFORCE/" << e.g.id << " (" << kind(e.g) << ", I=" << e.g.i << ", J=" << e.g.j
            << "): f = " << format_number(e.value, digits) << "\n"
            << "  " << load << " on I (marker " << e.g.i << "): " << vector3(on_i, digits) << "\n"
            << "  " << load << " on J (marker " << e.g.j << "): " << vector3(on_j, digits) << "\n"
            << "  power: " << format_number(e.power, digits) << "\n";
  if (e.jacobian.empty()) return;
  // Only the columns with a non-zero entry, so a wide state stays readable.
  std::vector<std::size_t> shown;
  for (std::size_t c = 0; c < e.columns.size(); ++c) {
    for (const auto& row : e.jacobian) {
      if (row[c] != 0.0) {
        shown.push_back(c);
        break;
      }
    }
  }
  std::cout << "  jacobian (non-zero columns; rows are the loads on I and J in ground):\n        ";
  for (std::size_t c : shown) std::cout << " " << std::setw(18) << e.columns[c];
  std::cout << "\n";
  for (int r = 0; r < 12; ++r) {
    bool any = false;
    for (std::size_t c : shown) any |= e.jacobian[static_cast<std::size_t>(r)][c] != 0.0;
    if (!any) continue;
    std::cout << "    " << kRows[r];
    for (std::size_t c : shown) std::cout << " " << std::setw(18) << format_number(e.jacobian[static_cast<std::size_t>(r)][c], digits);
    std::cout << "\n";
  }
}

void json_element(const Evaluated& e, bool first) {
  auto vec = [&](int at) {
    return "[" + json::number(e.loads[at]) + ", " + json::number(e.loads[at + 1]) + ", " + json::number(e.loads[at + 2]) + "]";
  };
  std::cout << (first ? "\n  " : ",\n  ") << "{\"id\": " << e.g.id << ", \"type\": \""
            << (e.g.rotational ? "rotational" : "translational") << "\", \"action_only\": "
            << (e.g.action_only ? "true" : "false") << ", \"i\": " << e.g.i << ", \"j\": " << e.g.j
            << ", \"value\": " << json::number(e.value) << ", \"power\": " << json::number(e.power)
            << ", \"on_i\": {\"force\": " << vec(0) << ", \"torque\": " << vec(3) << "}, \"on_j\": {\"force\": " << vec(6)
            << ", \"torque\": " << vec(9) << "}";
  if (!e.jacobian.empty()) {
    std::cout << ", \"jacobian\": {\"rows\": [";
    for (int r = 0; r < 12; ++r) std::cout << (r ? ", " : "") << json::quote(kRows[r]);
    std::cout << "], \"columns\": [";
    for (std::size_t c = 0; c < e.columns.size(); ++c) std::cout << (c ? ", " : "") << json::quote(e.columns[c]);
    std::cout << "], \"values\": [";
    for (int r = 0; r < 12; ++r) {
      std::cout << (r ? ", " : "") << "[";
      for (std::size_t c = 0; c < e.columns.size(); ++c)
        std::cout << (c ? ", " : "") << json::number(e.jacobian[static_cast<std::size_t>(r)][c]);
      std::cout << "]";
    }
    std::cout << "]}";
  }
  std::cout << "}";
}

int run_sforce(const SforceOptions& o) {
  auto loaded = dataset::load_model(o.file, std::cerr);
  if (!loaded) return 2;
  dataset::LoadedModel& m = **loaded;
  if (auto problem = apply_sets(m, o.sets)) {
    std::cerr << "fexpr sforce: " << *problem << "\n";
    return 2;
  }
  Inputs in;
  in.time = o.time;
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
      results.push_back(evaluate(std::get<dataset::Sforce>(made), in, o.jacobian));
    } catch (const EvaluationError& e) {
      std::cerr << m.source->render(e.diagnostic);
      failed = true;
    }
  }
  for (long id : o.ids) {
    bool found = std::any_of(m.dataset.statements.begin(), m.dataset.statements.end(),
                             [&](const dataset::Statement& s) { return s.name == "SFORCE" && s.id == id; });
    if (!found) {
      std::cerr << o.file << ": SFORCE/" << id << " is not defined\n";
      failed = true;
    }
  }
  if (o.format == "json") {
    std::cout << "{\"file\": " << json::quote(o.file) << ", \"time\": " << json::number(o.time) << ", \"sforces\": [";
    for (std::size_t k = 0; k < results.size(); ++k) json_element(results[k], k == 0);
    std::cout << (results.empty() ? "" : "\n") << "]}\n";
  } else {
    for (const Evaluated& e : results) text(e, o.precision);
  }
  return failed ? 1 : 0;
}

}  // namespace

Runner add_sforce_command(CLI::App& app) {
  auto o = std::make_shared<SforceOptions>();
  CLI::App* sub = app.add_subcommand("sforce", "Evaluate the SFORCE elements of a dataset: loads, power, Jacobian");
  sub->add_option("FILE", o->file, "The dataset (.adm)")->required();
  sub->add_option("--id", o->ids, "Only SFORCE/N (repeatable)")->allow_extra_args(false);
  add_number_option(sub, "--time", o->time, "Value of TIME (default 0)");
  add_set_option(sub, o->sets);
  sub->add_flag("--jacobian", o->jacobian, "Print the derivatives of the loads with respect to the part states");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  add_precision_option(sub, o->precision);
  return [o] { return run_sforce(*o); };
}

}  // namespace fexpr::cli
