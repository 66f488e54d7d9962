#include "kinematics/model_bindings.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace fexpr::kinematics {

std::size_t ModelBindings::MeasureKeyHash::operator()(const MeasureKey& k) const noexcept {
  std::uint64_t h = 14695981039346656037ull ^ static_cast<std::uint64_t>(k.measure);
  for (std::uint8_t a = 0; a < k.count; ++a) h = (h ^ static_cast<std::uint64_t>(k.ids[a])) * 1099511628211ull;
  return static_cast<std::size_t>(h);
}

std::optional<std::variant<Bindings::Resolved, Bindings::Rejected>> ModelBindings::resolve_measure(
    std::string_view function, std::span<const std::optional<double>> arguments) const {
  auto measure = measure_from_name(function);
  if (!measure) return std::nullopt;
  const std::span<const std::string_view> parameters = parameter_names(*measure);
  MeasureKey key{*measure, 0, {}};
  std::vector<long> more;  // arguments past the key's room: bound, with their error, and not kept
  for (std::size_t a = 0; a < arguments.size(); ++a) {
    const std::optional<double>& v = arguments[a];
    if (!v || std::trunc(*v) != *v || std::abs(*v) > static_cast<double>(std::numeric_limits<int>::max())) {
      return Rejected{static_cast<int>(a), Code::argument,
                      std::string(function) + (a < parameters.size()
                                                   ? " takes " + std::string(parameters[a]) + " as an integer constant"
                                                   : std::string(" takes marker ids, which are integer constants"))};
    }
    if (a < key.ids.size()) key.ids[key.count++] = static_cast<long>(*v);
    else more.push_back(static_cast<long>(*v));
  }
  std::lock_guard lock(mutex_);
  auto known = bound_.find(key);
  if (known == bound_.end()) {
    std::vector<long> ids(key.ids.begin(), key.ids.begin() + key.count);
    ids.insert(ids.end(), more.begin(), more.end());
    auto bound = kinematics::bind(model_, *measure, ids);  // qualified: ADL on std::vector finds std::bind
    if (auto* error = std::get_if<BindError>(&bound))
      return Rejected{error->argument, error->parameter ? Code::argument : Code::reference, error->message};
    const MeasureCall& call = std::get<MeasureCall>(bound);
    calls_.push_back({call, &model_});
    known = bound_.emplace(key, Bound{&calls_.back(), &inputs_of(call)}).first;
  }
  Resolved resolved;
  resolved.handle = reinterpret_cast<std::uintptr_t>(known->second.call);
  resolved.shared_inputs = known->second.inputs;
  return resolved;
}

const std::vector<std::string>& ModelBindings::inputs_of(const MeasureCall& call) const {
  std::array<int, 4> parts{-1, -1, -1, -1};
  std::copy_n(call.parts.begin(), call.part_count, parts.begin());
  auto [list, added] = input_lists_.try_emplace(parts);
  if (!added) return list->second;
  // Parts added to the model after these bindings were made get their labels when first read.
  for (std::size_t p = labels_.size() / kStatesPerPart; p < model_.parts().size(); ++p) {
    for (int k = 0; k < kStatesPerPart; ++k) labels_.push_back(state_label(model_, static_cast<int>(p), k));
  }
  list->second.reserve(static_cast<std::size_t>(call.part_count) * kStatesPerPart);
  for (int p = 0; p < call.part_count; ++p) {
    const auto first = labels_.begin() + parts[static_cast<std::size_t>(p)] * kStatesPerPart;
    list->second.insert(list->second.end(), first, first + kStatesPerPart);
  }
  return list->second;
}

std::variant<Bindings::Resolved, Bindings::Rejected> ModelBindings::resolve(
    std::string_view function, std::span<const std::optional<double>> arguments) const {
  if (auto measure = resolve_measure(function, arguments)) return *measure;
  return Rejected{-1, Code::not_interpreted,
                  std::string(function) + " needs more than a kinematic model (a dataset or solver state)"};
}

namespace {

// The body of evaluate and evaluate_measure, inlined into both: the bound call of a measure, which
// solvers make at every state, pays one call into the kinematics and no hop between these two.
[[gnu::always_inline]] inline const char* evaluate_call(const Model& model, std::uintptr_t handle, const Inputs& in,
                                                        int order, double* value, double* grad, double* hess) {
  if (!in.state) return "no model state was given to evaluate a kinematic function";
  const auto& call = reinterpret_cast<const detail::DirectMeasure*>(handle)->call;
  return kinematics::evaluate(call, model, *static_cast<const State*>(in.state), order, value, grad, hess);
}

}  // namespace

const char* ModelBindings::evaluate(std::uintptr_t handle, const Inputs& in, const double*, int order,
                                    double* value, double* grad, double* hess) const {
  return evaluate_call(model_, handle, in, order, value, grad, hess);
}

Bindings::ValueFunction ModelBindings::value_function(std::uintptr_t handle) const {
  const auto* direct = reinterpret_cast<const detail::DirectMeasure*>(handle);
  return {detail::direct_value(direct->call.measure), direct};
}

const char* ModelBindings::evaluate_measure(std::uintptr_t handle, const Inputs& in, int order, double* value,
                                            double* grad, double* hess) const {
  return evaluate_call(model_, handle, in, order, value, grad, hess);
}

}  // namespace fexpr::kinematics
