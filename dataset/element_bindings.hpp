// Gives the element functions of a dataset their meaning: VARVAL, PINVAL/POUVAL, ARYVAL,
// DIF/DIF1, CUBSPL, AKISPL and SFORCE evaluate the dataset's VARIABLE (directly or listed in a
// PINPUT/POUTPUT), ARRAY, DIFF, SPLINE and SFORCE elements; SPDP, BUSH, FIELD, BEAM, VFORCE,
// VTORQ and GFORCE the loads of SPRINGDAMPER, BUSHING, FIELD, BEAM, VFORCE, VTORQUE and GFORCE,
// and FX..TM the net load of those elements at a marker where no reaction acts
// (dataset/forces); the kinematic measures go to the model; the functions that need solver
// state (JOINT, CONTACT, ...)
// are reference-checked and reported as not evaluated.
#pragma once

#include "ast/ast.hpp"
#include "dataset/forces/force_element.hpp"
#include "dataset/spline.hpp"
#include "dataset/statement.hpp"
#include "kinematics/model_bindings.hpp"

#include <fexpr/bindings.hpp>
#include <fexpr/expression.hpp>

#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

namespace fexpr::dataset {

// How many VARVAL and SFORCE references may nest (VARIABLE/1 = VARVAL(2), VARIABLE/2 =
// VARVAL(3), ...); a reference that would go deeper is a limit error. Compiling a chain does
// not recurse, but evaluating it nests one evaluation per level on the thread's stack. In a
// Release build a level takes about 0.7 KiB for a value, 1.6 KiB for a gradient and 2.4 KiB
// for a Hessian, so 100 levels of values and gradients fit a 256 KiB thread stack (Hessians
// need about 300 KiB). An unoptimised build's evaluator frames are 20 KiB (value) to 140 KiB
// (second derivatives) per level. Where the stack runs short the reserve below ends the chain
// with an evaluation error. Real datasets nest a few levels (the corpus: 1), as real
// expressions stay far below their own limit of 100.
inline constexpr int kMaxElementDepth = 100;
// Stack that must be left to evaluate one more nested element; less is an evaluation error
// instead of an overflow on a host thread with a small stack.
inline constexpr std::size_t kElementStackReserve = 32 * 1024;

// What DIF(id) and DIF1(id) read. fexpr check and eval have no solver, so for them a DIFF is at
// its initial conditions IC=. A host that integrates the DIFFs itself makes them states: each
// DIFF statement, in dataset order, is a variable "DIFF/id" of the bindings' context that
// DIF(id) reads and derivatives are taken with respect to, and DIF1(id) is the DIFF's FUNCTION
// (an explicit DIFF's time derivative; an IMPLICIT one's FUNCTION is a residual, not DIF1).
enum class DiffValues { initial_conditions, states };

class ElementBindings : public Bindings {
 public:
  // All references must outlive the bindings and every expression compiled with them. The
  // bindings' context starts with the variables of `base`.
  ElementBindings(const Dataset& dataset, const SourceText& source, const kinematics::ModelBindings& model,
                  DiffValues diffs = DiffValues::initial_conditions, const Context& base = {});
  ~ElementBindings() override;

  std::variant<Resolved, Rejected> resolve(std::string_view function,
                                           std::span<const std::optional<double>> arguments) const override;
  const char* evaluate(std::uintptr_t handle, const Inputs& in, const double* arguments, int order, double* value,
                       double* grad, double* hess) const override;
  // The model's direct functions for its measures; evaluate() for everything else.
  ValueFunction value_function(std::uintptr_t handle) const override;
  // The objects of a command file's model by their View names (Dataset::objects).
  std::variant<double, Resolved, Rejected> resolve_name(std::string_view name) const override;
  std::optional<double> object_id(std::string_view name) const override;

  const kinematics::Model& model() const { return model_.model(); }
  // The dataset's markers off the rigid parts (unplaced_markers), found once.
  const std::vector<UnplacedMarker>& floating_markers() const;
  // Force element s read against the bindings' model and those markers (read_force_element), read
  // once: its load functions (SPDP, BEAM, ...) and the check of the element itself read it alike.
  // Without texts an element with a linear law may have its law only (what force_component
  // needs for a component along J's axes); its loads' texts are written when first asked for.
  const std::variant<ForceElement, Diagnostic>& force_element(const Statement& s, bool texts = true) const;

  // The statements a check reads, so that after an edit only the statements that read an edited
  // one are checked again (check_text's `previous`). Between begin_reads() and end_reads() every
  // statement looked up by name and id is collected; element_reads() gives what each element and
  // load compiled so far read when it was compiled, to follow reads through elements. {"*", 0}
  // stands for every statement (a net force sums the elements at a marker).
  using StatementKey = std::pair<std::string, long>;
  void begin_reads() const;
  std::set<StatementKey> end_reads() const;
  const std::map<StatementKey, std::set<StatementKey>>& element_reads() const { return reads_of_; }

  // The compiled FUNCTION of an element ("VARIABLE", id), compiled once whether it is first
  // needed here or by a VARVAL/SFORCE elsewhere, with the diagnostics of that compilation.
  struct Element {
    std::string label;  // "VARIABLE/3"
    const Statement* statement = nullptr;
    const Argument* function = nullptr;  // null: no FUNCTION, an empty one, or FUNCTION=USER(...)
    bool user = false;
    // compiling: waiting for the elements it refers to, which are compiled first.
    enum class Status { fresh, compiling, done } status = Status::fresh;
    std::optional<Expression> expression;
    std::vector<Diagnostic> diagnostics;
    // Its FUNCTION parsed once, however often it is compiled, for the checker's rules too (not
    // kept for a synthesized one).
    std::optional<std::variant<ast::Tree, Diagnostic>> parsed;
    int depth = 0;      // how many element references its evaluation nests
    std::string cycle;  // the reference cycle this element is on, if any
  };
  const Element* element(std::string_view type, long id) const;

  // What the CUBSPL or AKISPL call that resolve() gave `handle` computes, for writing it out
  // (fexpr codegen); nullopt for every other call.
  struct SplineCall {
    const Spline* spline;
    Spline::Method method;
    int order;                // iord: which derivative of the spline is the value
    std::optional<double> z;  // z, when it is a constant; else the call's second runtime argument
  };
  std::optional<SplineCall> spline_call(std::uintptr_t handle) const;

  // The expression text a call that resolve() accepted is composed from, for writing it out
  // (fexpr codegen): a load (SFORCE, SPDP, BUSH, FIELD, BEAM, VFORCE, VTORQ, GFORCE(id, jflag,
  // comp, rm), FX..TM(i[, j][, k])) in terms of measures and, for an SFORCE, its FUNCTION, as
  // the interpreter compiles it; PINVAL and POUVAL as the VARVAL of the VARIABLE they read.
  // nullopt for every other function.
  std::optional<std::string> composed_text(std::string_view function,
                                           std::span<const std::optional<double>> arguments) const;

  Context& context() { return context_; }
  const Context& context() const { return context_; }

 private:
  struct Call;
  std::variant<Resolved, Rejected> variable(long id) const;
  std::variant<Resolved, Rejected> plant_variable(std::string_view function, long id, long position) const;
  // The VARIABLE a PINVAL or POUVAL reads.
  std::variant<long, Rejected> plant_variable_id(std::string_view function, long id, long position) const;
  // The arguments (id, jflag, comp, rm) of an element load function, checked.
  struct LoadCall {
    long id, jflag, comp, rm;
    const Statement* statement;
  };
  std::variant<LoadCall, Rejected> load_call(std::string_view function, std::string_view statement,
                                             std::span<const std::optional<double>> arguments) const;
  std::variant<Resolved, Rejected> sforce(std::span<const std::optional<double>> arguments) const;
  std::variant<Resolved, Rejected> force(std::string_view function, std::string_view statement,
                                         std::span<const std::optional<double>> arguments) const;
  std::variant<Resolved, Rejected> net_force_call(std::string_view function,
                                                  std::span<const std::optional<double>> arguments) const;
  // An expression composed from element definitions: its text, or why there is none.
  struct Composed {
    bool ok;
    std::string text;
  };
  using ComposedKey = std::tuple<std::string, long, long, long, long>;
  // The texts the loads are composed from (dataset/forces).
  Composed sforce_text(const LoadCall& c) const;
  Composed force_text(const LoadCall& c) const;
  Composed net_force_text(std::string_view function, const long (&markers)[3]) const;
  std::variant<Resolved, Rejected> composed_call(const ComposedKey& key, const std::string& name,
                                                 const std::string& element,
                                                 const std::function<Composed()>& text) const;
  std::variant<Resolved, Rejected> spline(std::string_view function, std::span<const std::optional<double>> arguments) const;
  static std::string why_not_evaluated(const Element& e);
  std::variant<Resolved, Rejected> constant(double value) const;
  std::variant<Resolved, Rejected> diff(std::string_view function, long id) const;
  std::variant<Resolved, Rejected> expression_call(const Expression& e, std::string element) const;
  Element* compile_element(std::string_view type, long id) const;
  // e's FUNCTION compiled, from Element::parsed (parsed on the first call) unless synthesized.
  CompileResult compile_function(Element& e) const;
  void compile_from(Element* root) const;
  Element* entry(std::string_view type, long id) const;
  // A reference from the expression being compiled to element t: nullopt when t can be used,
  // else why not (a cycle, the nesting limit, an element that is not compiled yet).
  std::optional<Rejected> refer(Element& t) const;
  const Statement* find(std::string_view type, long id) const;

  const Dataset& dataset_;
  const SourceText& source_;
  const kinematics::ModelBindings& model_;
  DiffValues diffs_;
  Context context_;
  std::map<std::pair<std::string, long>, const Statement*> statements_;
  // Markers fexpr knows but cannot place (a command file's marker whose location it could not
  // evaluate), with why: a measure of one is not evaluated.
  std::map<long, std::string> unplaced_markers_;
  mutable std::recursive_mutex mutex_;
  mutable std::map<std::pair<std::string, long>, Element> elements_;
  // The compilation in progress. Elements are compiled before the elements that refer to
  // them, from an explicit stack, so a chain of 100,000 VARVALs does not recurse: path_ holds
  // the elements waiting for others (outermost first), current_ the one being compiled,
  // missing_ the elements it referred to that are not compiled yet, deepest_ its deepest
  // reference.
  mutable std::vector<Element*> path_;
  mutable Element* current_ = nullptr;
  // Where find() records what it looks up: the check's own reads (begin_reads), and while an
  // element or a load is compiled, that element's.
  mutable std::vector<std::set<StatementKey>*> recorders_;
  mutable std::set<StatementKey> reads_;
  mutable std::map<StatementKey, std::set<StatementKey>> reads_of_;
  // Adds a statement to the innermost recorder, if any.
  void record(std::string_view type, long id) const;
  class Recording;
  mutable std::vector<Element*> missing_;
  mutable int deepest_ = 0;
  // SFORCE(id, jflag, comp, rm) as an expression in the SFORCE's function, compiled once.
  mutable std::map<std::tuple<long, long, long, long>, std::variant<Expression, std::string>> components_;
  // SPDP, BUSH, ... (id, jflag, comp, rm) by statement, id, jflag, comp, rm; FX..TM(i, j, k)
  // by "net FX", i, j, k, 0.
  mutable std::map<ComposedKey, std::variant<Expression, std::string>> force_components_;
  mutable std::map<long, std::optional<Spline>> splines_;
  mutable std::deque<Call> calls_;
  // The call of each model handle, so that a measure read again adds no call.
  mutable std::unordered_map<std::uintptr_t, const Call*> measure_calls_;
  mutable std::optional<std::vector<UnplacedMarker>> floating_markers_;
  mutable std::map<const Statement*, std::variant<ForceElement, Diagnostic>> force_elements_;
};

}  // namespace fexpr::dataset
