#include "cli/load_table.hpp"

#include "cli/commands.hpp"
#include "cli/input_options.hpp"

#include "support/json.hpp"
#include "support/number.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>

namespace fexpr::cli {
namespace {

const char* kRows[12] = {"FI.x", "FI.y", "FI.z", "TI.x", "TI.y", "TI.z", "FJ.x", "FJ.y", "FJ.z", "TJ.x", "TJ.y", "TJ.z"};

}  // namespace

LoadTable evaluate_loads(const std::array<std::optional<Expression>, 12>& loads, const Inputs& in, bool jacobian) {
  LoadTable out;
  Workspace ws;
  for (int r = 0; r < 12; ++r) out.loads[r] = loads[static_cast<std::size_t>(r)]->value(in, ws);
  if (!jacobian) return out;
  for (const auto& load : loads) {
    for (const std::string& name : load->derivative_names()) {
      if (std::find(out.columns.begin(), out.columns.end(), name) == out.columns.end()) out.columns.push_back(name);
    }
  }
  out.jacobian.assign(12, std::vector<double>(out.columns.size(), 0.0));
  for (int r = 0; r < 12; ++r) {
    const Expression& e = *loads[static_cast<std::size_t>(r)];
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

void print_jacobian(const LoadTable& t, int digits) {
  if (t.jacobian.empty()) return;
  // Only the columns with a non-zero entry, so a wide state stays readable.
  std::vector<std::size_t> shown;
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    for (const auto& row : t.jacobian) {
      if (row[c] != 0.0) {
        shown.push_back(c);
        break;
      }
    }
  }
  std::cout << "  jacobian (non-zero columns; rows are the loads on I and J in ground):\n        ";
  for (std::size_t c : shown) std::cout << " " << std::setw(18) << t.columns[c];
  std::cout << "\n";
  for (int r = 0; r < 12; ++r) {
    bool any = false;
    for (std::size_t c : shown) any |= t.jacobian[static_cast<std::size_t>(r)][c] != 0.0;
    if (!any) continue;
    std::cout << "    " << kRows[r];
    for (std::size_t c : shown) std::cout << " " << std::setw(18) << format_number(t.jacobian[static_cast<std::size_t>(r)][c], digits);
    std::cout << "\n";
  }
}

std::string loads_json(const LoadTable& t) {
  auto vec = [&](int at) {
    return "[" + json::number(t.loads[at]) + ", " + json::number(t.loads[at + 1]) + ", " + json::number(t.loads[at + 2]) + "]";
  };
  std::string out = "\"on_i\": {\"force\": " + vec(0) + ", \"torque\": " + vec(3) + "}, \"on_j\": {\"force\": " + vec(6) +
                    ", \"torque\": " + vec(9) + "}";
  if (t.jacobian.empty()) return out;
  out += ", \"jacobian\": {\"rows\": [";
  for (int r = 0; r < 12; ++r) out += (r ? ", " : "") + json::quote(kRows[r]);
  out += "], \"columns\": [";
  for (std::size_t c = 0; c < t.columns.size(); ++c) out += (c ? ", " : "") + json::quote(t.columns[c]);
  out += "], \"values\": [";
  for (int r = 0; r < 12; ++r) {
    out += r ? ", [" : "[";
    for (std::size_t c = 0; c < t.columns.size(); ++c)
      out += (c ? ", " : "") + json::number(t.jacobian[static_cast<std::size_t>(r)][c]);
    out += "]";
  }
  return out + "]}";
}

void add_load_options(CLI::App* sub, LoadOptions& o) {
  add_number_option(sub, "--time", o.time, "Value of TIME (default 0)");
  add_set_option(sub, o.sets);
  sub->add_flag("--jacobian", o.jacobian, "Print the derivatives of the loads with respect to the part states");
  sub->add_option("--format", o.format, "Output format")->check(CLI::IsMember({"text", "json"}));
  add_precision_option(sub, o.precision);
}

std::string element_labels(const dataset::Dataset& dataset, const std::function<bool(const dataset::Statement&)>& keep) {
  std::string out;
  for (const dataset::Statement& s : dataset.statements)
    if (s.id && keep(s)) out += (out.empty() ? "" : ", ") + s.name + "/" + std::to_string(*s.id);
  return out;
}

void print_json_list(const std::string& file, double time, const std::string& key, const std::vector<std::string>& items) {
  std::cout << "{\"file\": " << json::quote(file) << ", \"time\": " << json::number(time) << ", " << json::quote(key) << ": [";
  for (std::size_t k = 0; k < items.size(); ++k) std::cout << (k ? ",\n  " : "\n  ") << items[k];
  std::cout << (items.empty() ? "" : "\n") << "]}\n";
}

}  // namespace fexpr::cli
