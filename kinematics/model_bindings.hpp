// Gives the kinematic functions (DX ... WDTM) their meaning for expressions compiled against
// a Model: each call is bound to its markers once, at compile time, and evaluated against the
// kinematics::State passed in fexpr::Inputs::state.
#pragma once

#include "kinematics/measure.hpp"
#include "kinematics/measure_closed_form.hpp"
#include "kinematics/model.hpp"

#include <fexpr/bindings.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace fexpr::kinematics {

class ModelBindings : public Bindings {
 public:
  // The model must outlive the bindings and every expression compiled with them.
  explicit ModelBindings(const Model& model) : model_(model) {}

  std::variant<Resolved, Rejected> resolve(std::string_view function,
                                           std::span<const std::optional<double>> arguments) const override;
  const char* evaluate(std::uintptr_t handle, const Inputs& in, const double* arguments, int order, double* value,
                       double* grad, double* hess) const override;
  // DX ... DM and VX ... VR, the measures forces read most, as direct functions.
  ValueFunction value_function(std::uintptr_t handle) const override;

  // Resolves a measure call only, for bindings that add element functions on top of these.
  std::optional<std::variant<Resolved, Rejected>> resolve_measure(
      std::string_view function, std::span<const std::optional<double>> arguments) const;
  // Evaluates a handle that resolve_measure() gave.
  const char* evaluate_measure(std::uintptr_t handle, const Inputs& in, int order, double* value, double* grad,
                               double* hess) const;

  const Model& model() const { return model_; }

 private:
  const std::vector<std::string>& inputs_of(const MeasureCall& call) const;

  const Model& model_;
  // Calls live at stable addresses, which are their handles; compiling may happen on several
  // threads, evaluation reads a call through its handle without a lock.
  mutable std::mutex mutex_;
  mutable std::deque<detail::DirectMeasure> calls_;
  // A force element's loads repeat the same few measures hundreds of times: each is bound
  // once, by its function and its first eight arguments (measures take at most six; a call with
  // more is an error, and its key says no more than that).
  struct MeasureKey {
    Measure measure;
    std::uint8_t count;
    std::array<long, 8> ids;
    bool operator==(const MeasureKey& o) const {
      return measure == o.measure && count == o.count && std::equal(ids.begin(), ids.begin() + count, o.ids.begin());
    }
  };
  struct MeasureKeyHash {
    std::size_t operator()(const MeasureKey& k) const noexcept;
  };
  struct Bound {
    const detail::DirectMeasure* call;
    const std::vector<std::string>* inputs;  // the states of the parts it reads: Resolved::shared_inputs
  };
  mutable std::unordered_map<MeasureKey, Bound, MeasureKeyHash> bound_;
  // state_label of every part's states, made once rather than for every list that reads them.
  mutable std::vector<std::string> labels_;
  // The inputs of the calls that read these parts (by index, -1 past the last), one list each,
  // made when a call first reads them.
  mutable std::map<std::array<int, 4>, std::vector<std::string>> input_lists_;
};

}  // namespace fexpr::kinematics
