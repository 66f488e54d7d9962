// Gives the element functions of a dataset their meaning: VARVAL, ARYVAL, DIF/DIF1, CUBSPL,
// AKISPL and SFORCE evaluate the dataset's VARIABLE, ARRAY, DIFF, SPLINE and SFORCE elements;
// the kinematic measures go to the model; the functions that need solver state (JOINT, BEAM,
// FX, ...) are reference-checked and reported as not evaluated.
#pragma once

#include "dataset/spline.hpp"
#include "dataset/statement.hpp"
#include "kinematics/model_bindings.hpp"

#include <fexpr/bindings.hpp>
#include <fexpr/expression.hpp>

#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fexpr::dataset {

class ElementBindings : public Bindings {
 public:
  // All references must outlive the bindings and every expression compiled with them.
  ElementBindings(const Dataset& dataset, const SourceText& source, const kinematics::ModelBindings& model);
  ~ElementBindings() override;

  std::variant<Resolved, Rejected> resolve(std::string_view function,
                                           std::span<const std::optional<double>> arguments) const override;
  const char* evaluate(std::uintptr_t handle, const Inputs& in, const double* arguments, int order, double* value,
                       double* grad, double* hess) const override;

  // The compiled FUNCTION of an element ("VARIABLE", id), compiled once whether it is first
  // needed here or by a VARVAL/SFORCE elsewhere, with the diagnostics of that compilation.
  struct Element {
    const Statement* statement = nullptr;
    const Argument* function = nullptr;  // null: no FUNCTION, or FUNCTION=USER(...)
    bool user = false;
    enum class Status { fresh, compiling, done } status = Status::fresh;
    std::optional<Expression> expression;
    std::vector<Diagnostic> diagnostics;
    std::string cycle;  // the reference cycle this element is on, if any
  };
  const Element* element(std::string_view type, long id) const;

  Context& context() { return context_; }

 private:
  struct Call;
  std::variant<Resolved, Rejected> variable(long id) const;
  std::variant<Resolved, Rejected> sforce(std::span<const std::optional<double>> arguments) const;
  std::variant<Resolved, Rejected> spline(std::string_view function, std::span<const std::optional<double>> arguments) const;
  std::variant<Resolved, Rejected> constant(double value) const;
  std::variant<Resolved, Rejected> expression_call(const Expression& e, std::string element) const;
  Element* compile_element(std::string_view type, long id) const;
  const Statement* find(std::string_view type, long id) const;

  const Dataset& dataset_;
  const SourceText& source_;
  const kinematics::ModelBindings& model_;
  Context context_;
  std::map<std::pair<std::string, long>, const Statement*> statements_;
  mutable std::recursive_mutex mutex_;
  mutable std::map<std::pair<std::string, long>, Element> elements_;
  mutable std::vector<std::string> in_progress_;  // element labels being compiled, outermost first
  mutable std::map<long, std::optional<Spline>> splines_;
  mutable std::deque<Call> calls_;
};

}  // namespace fexpr::dataset
