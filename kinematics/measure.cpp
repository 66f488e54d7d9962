#include "kinematics/measure.hpp"

#include "kinematics/measure_closed_form.hpp"
#include "kinematics/measure_formulas.hpp"
#include "kinematics/orientation.hpp"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

namespace fexpr::kinematics {

namespace {

// Which marker slot (0 i, 1 j, 2 k, 3 l) each written argument fills.
enum class Arguments : std::uint8_t { ij, ijk, ijkl, ijl, ik };

// Checks the parameters written before the markers; nullopt when their values are defined.
using ParameterCheck = std::optional<BindError> (*)(std::span<const long> parameters);

struct MeasureInfo {
  std::string_view name;
  Arguments arguments;
  std::span<const std::string_view> parameters = {};  // named as in "ORIENT takes the component as ..."
  ParameterCheck check = nullptr;                      // given with the parameters
};

std::optional<BindError> check_orient(std::span<const long> parameters) {
  if (auto problem = check_orientation(parameters[0], parameters[1]))
    return BindError{problem->argument, problem->message, true};
  return std::nullopt;
}
constexpr std::string_view kOrientParameters[] = {"the orientation system", "the component"};

// Indexed by Measure.
constexpr MeasureInfo kMeasures[] = {
    {"DX", Arguments::ijk},    {"DY", Arguments::ijk},    {"DZ", Arguments::ijk},    {"DM", Arguments::ij},
    {"AX", Arguments::ij},     {"AY", Arguments::ij},     {"AZ", Arguments::ij},     {"PSI", Arguments::ij},
    {"THETA", Arguments::ij},  {"PHI", Arguments::ij},    {"YAW", Arguments::ij},    {"PITCH", Arguments::ij},
    {"ROLL", Arguments::ij},   {"VX", Arguments::ijkl},   {"VY", Arguments::ijkl},   {"VZ", Arguments::ijkl},
    {"VM", Arguments::ijl},    {"VR", Arguments::ijl},    {"WX", Arguments::ijk},    {"WY", Arguments::ijk},
    {"WZ", Arguments::ijk},    {"WM", Arguments::ij},     {"ACCX", Arguments::ijkl}, {"ACCY", Arguments::ijkl},
    {"ACCZ", Arguments::ijkl}, {"ACCM", Arguments::ijl},  {"WDTX", Arguments::ijkl}, {"WDTY", Arguments::ijkl},
    {"WDTZ", Arguments::ijkl}, {"WDTM", Arguments::ijl},
    {"UVX.X", Arguments::ik},  {"UVX.Y", Arguments::ik},  {"UVX.Z", Arguments::ik},  {"UVY.X", Arguments::ik},
    {"UVY.Y", Arguments::ik},  {"UVY.Z", Arguments::ik},  {"UVZ.X", Arguments::ik},  {"UVZ.Y", Arguments::ik},
    {"UVZ.Z", Arguments::ik},  {"INCANG", Arguments::ijk},
    {"ORIENT", Arguments::ij, kOrientParameters, check_orient},
};
static_assert(std::size(kMeasures) == static_cast<std::size_t>(Measure::ORIENT) + 1);
static_assert(std::ranges::all_of(kMeasures, [](const MeasureInfo& m) {
  return m.parameters.size() <= std::tuple_size_v<decltype(MeasureCall::parameters)> &&
         m.parameters.empty() == (m.check == nullptr);
}), "a measure's parameters fit MeasureCall::parameters and come with their check");

const MeasureInfo& info(Measure m) { return kMeasures[static_cast<std::size_t>(m)]; }

std::span<const int> slots(Arguments a) {
  static constexpr int ij[] = {0, 1}, ijk[] = {0, 1, 2}, ijkl[] = {0, 1, 2, 3}, ijl[] = {0, 1, 3}, ik[] = {0, 2};
  switch (a) {
    case Arguments::ij: return ij;
    case Arguments::ijk: return ijk;
    case Arguments::ijkl: return ijkl;
    case Arguments::ijl: return ijl;
    case Arguments::ik: return ik;
  }
  return {};
}

std::string join(const std::vector<long>& ids) {
  std::string out;
  for (long id : ids) out += (out.empty() ? "" : ", ") + std::to_string(id);
  return out;
}

// Adams models usually number markers after their part (markers 30, 31 on part 3), so a part
// whose id is a leading part of the unknown id is the likeliest intended one; otherwise the
// defined ids closest in value. Negative ids are fexpr's own helper markers, never shown.
std::string unknown_marker(const Model& model, long id) {
  std::string message = "marker " + std::to_string(id) + " is not defined";
  for (long prefix = id / 10; prefix > 0; prefix /= 10) {
    const int part = model.find_part(prefix);
    if (part < 0) continue;
    std::vector<long> on_part = model.markers_on_part(part);
    std::erase_if(on_part, [](long m) { return m < 0; });
    if (on_part.empty()) return message + "; part " + std::to_string(prefix) + " has no markers";
    return message + "; markers on part " + std::to_string(prefix) + " are " + join(on_part);
  }
  if (model.markers().empty()) return message + "; the model has no markers";
  std::vector<long> nearest;
  for (const Marker& m : model.markers()) {
    if (m.id > 0) nearest.push_back(m.id);
  }
  constexpr std::size_t kShown = 5;
  auto distance = [id](long other) { return std::abs(other - id); };
  const std::size_t shown = std::min(kShown, nearest.size());
  std::partial_sort(nearest.begin(), nearest.begin() + static_cast<std::ptrdiff_t>(shown), nearest.end(),
                    [&](long x, long y) { return distance(x) < distance(y) || (distance(x) == distance(y) && x < y); });
  nearest.resize(shown);
  std::sort(nearest.begin(), nearest.end());
  return message + "; the nearest defined markers are " + join(nearest);
}

}  // namespace

// Every call the compiler resolves through a model asks here first: by hash, not by a scan of
// the table.
std::optional<Measure> measure_from_name(std::string_view upper_case_name) {
  static const std::unordered_map<std::string_view, Measure> by_name = [] {
    std::unordered_map<std::string_view, Measure> out;
    for (std::size_t m = 0; m < std::size(kMeasures); ++m) out.emplace(kMeasures[m].name, static_cast<Measure>(m));
    return out;
  }();
  const auto it = by_name.find(upper_case_name);
  if (it == by_name.end()) return std::nullopt;
  return it->second;
}

std::string_view measure_name(Measure m) { return info(m).name; }

int max_markers(Measure m) { return static_cast<int>(slots(info(m).arguments).size()); }

std::span<const std::string_view> parameter_names(Measure m) { return info(m).parameters; }

std::variant<MeasureCall, BindError> bind(const Model& model, Measure measure, std::span<const long> arguments) {
  const MeasureInfo& m = info(measure);
  const std::string name(m.name);
  const std::size_t np = m.parameters.size();
  const std::span<const int> slot_of = slots(m.arguments);
  if (arguments.size() <= np) {
    std::string needs;
    for (std::string_view parameter : m.parameters) needs += std::string(parameter) + ", ";
    if (!needs.empty()) needs.replace(needs.size() - 2, 2, " and ");
    return BindError{-1, name + " needs " + needs + "at least one marker"};
  }
  const std::span<const long> parameters = arguments.first(np), ids = arguments.subspan(np);
  if (ids.size() > slot_of.size())
    return BindError{-1, name + " takes at most " + std::to_string(slot_of.size()) + " markers, not " +
                             std::to_string(ids.size())};
  if (m.check)
    if (auto error = m.check(parameters)) return *error;
  const int first = static_cast<int>(np);  // index of the first marker argument
  if (ids[0] == 0) return BindError{first, name + " measures marker i, which cannot be ground (0)"};

  MeasureCall call{measure, {-1, -1, -1, -1}, {-1, -1, -1, -1}, 0, {-1, -1, -1, -1}, {0, 0}};
  for (std::size_t p = 0; p < np; ++p) call.parameters[p] = static_cast<int>(parameters[p]);
  for (std::size_t a = 0; a < ids.size(); ++a) {
    if (ids[a] == 0) continue;
    const int index = model.find_marker(ids[a]);
    if (index < 0) return BindError{first + static_cast<int>(a), unknown_marker(model, ids[a])};
    call.markers[static_cast<std::size_t>(slot_of[a])] = index;
  }
  for (std::size_t slot = 0; slot < call.markers.size(); ++slot) {
    if (call.markers[slot] < 0) continue;
    const int part = model.markers()[static_cast<std::size_t>(call.markers[slot])].part;
    if (part == 0) continue;
    const auto used = call.parts.begin() + call.part_count;
    const auto found = std::find(call.parts.begin(), used, part);
    if (found == used) call.parts[static_cast<std::size_t>(call.part_count++)] = part;
    call.slot_parts[slot] = static_cast<int>(found - call.parts.begin());
  }
  return call;
}

const char* detail::evaluate_general(const MeasureCall& call, const Model& model, const State& state, int order,
                                     double* value, double* grad, double* hess) {
  switch (order) {
    case 0:
      return detail::evaluate_value(call, model, state, value);
    case 1:
      return detail::evaluate_gradient(call, model, state, value, grad);
    case 2:
      return detail::evaluate_hessian(call, model, state, value, grad, hess);
  }
  return "derivative order must be 0, 1 or 2";
}

const char* evaluate(const MeasureCall& call, const Model& model, const State& state, int order, double* value,
                     double* grad, double* hess) {
  if (!state.made_for(model))
    return "the state does not match the model (parts were added after it was made)";
  if (order >= 0 && order <= 2 && detail::has_closed_form(call.measure)) {
    if (order == 0 || call.part_count == 0) return detail::closed_form_value(call, model, state, value);
    return detail::closed_form_derivatives(call, model, state, order, value, grad, hess);
  }
  return detail::evaluate_general(call, model, state, order, value, grad, hess);
}

}  // namespace fexpr::kinematics
