#include "dataset/element_bindings.hpp"

#include "builtins/builtin.hpp"
#include "dataset/element_ids.hpp"
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/net_force.hpp"
#include "dataset/sforce.hpp"
#include "dataset/values.hpp"
#include "dataset/view/names.hpp"
#include "eval/compile.hpp"
#include "grammar/parse.hpp"
#include "support/stack.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace fexpr::dataset {

// What a resolved element call evaluates: a constant, another compiled expression, or a spline.
struct ElementBindings::Call {
  enum class Kind { constant, expression, spline, measure, state } kind;
  std::uintptr_t measure = 0;  // the model's handle for a kinematic measure
  double value = 0.0;
  std::size_t slot = 0;  // the variable a DIFF state is
  std::optional<Expression> expression;
  const Spline* spline = nullptr;
  Spline::Method method = Spline::Method::cubic;
  int order = 0;            // iord: which derivative of the spline is the value
  bool z_is_argument = false;  // the z argument is read at run time (surfaces)
  double z = 0.0;
  std::string label;  // the element an expression call evaluates, for its errors
  std::size_t index = 0;  // of the call among the bindings' calls, for the memo below
};

namespace {

// One workspace per nesting depth and thread, so a VARVAL inside a VARVAL evaluates without
// allocating once warmed up, and threads never share scratch memory.
Workspace& nested_workspace(int depth) {
  thread_local std::vector<std::unique_ptr<Workspace>> pool;
  while (static_cast<int>(pool.size()) <= depth) pool.push_back(std::make_unique<Workspace>());
  return *pool[static_cast<std::size_t>(depth)];
}
thread_local int nesting = 0;

// What each expression call gave in the outermost evaluation in progress on this thread:
// within one the inputs are the same, so each element is evaluated once, not once per path
// to it. Without this VARIABLE/1 = VARVAL(2) + VARVAL(2), VARIABLE/2 = VARVAL(3) + VARVAL(3),
// ... would evaluate its last element 2^depth times, and so would any chain with an error at
// its end, since the evaluator runs a failed program again to find where it failed.
struct Memo {
  std::uint64_t evaluation = 0;
  int order = -1;
  double value = 0.0;
  std::vector<double> derivatives;  // gradient, then Hessian
  std::string error;                // empty when it succeeded
};
thread_local std::vector<Memo> memo;
thread_local std::uint64_t evaluation = 0;

std::string label(std::string_view type, long id) { return std::string(type) + "/" + std::to_string(id); }

bool integral(const std::optional<double>& v) { return v && std::trunc(*v) == *v && std::abs(*v) < 2e9; }

// Element functions whose value needs the solver, and the statement their first argument names.
struct SolverFunction {
  std::string_view function;
  std::string_view statement;
};
// The applied force elements' functions are in kForceStatements (dataset/forces).
constexpr SolverFunction kSolverFunctions[] = {
    {"JOINT", "JOINT"}, {"JPRIM", "JPRIM"},       {"MOTION", "MOTION"}, {"CONTACT", "CONTACT"},
    {"NFORCE", "NFORCE"}, {"PTCV", "PTCV"},       {"CVCV", "CVCV"},     {"FRICTION", "FRICTION"},
    {"SENVAL", "SENSOR"}, {"CURVE", "CURVE"},     {"INTERP", "SPLINE"}, {"INVPSD", "SPLINE"},
};

}  // namespace

ElementBindings::ElementBindings(const Dataset& dataset, const SourceText& source,
                                 const kinematics::ModelBindings& model, DiffValues diffs, const Context& base)
    : dataset_(dataset), source_(source), model_(model), diffs_(diffs), context_(base) {
  context_.set_bindings(this);
  for (const Statement& s : dataset.statements) {
    if (!s.id) continue;
    statements_.emplace(std::make_pair(s.name, *s.id), &s);
    if (s.name == "MARKER" && !s.not_interpreted.empty()) unplaced_markers_.emplace(*s.id, s.not_interpreted);
    if (diffs == DiffValues::states && s.name == "DIFF") context_.declare_bound_input(label("DIFF", *s.id));
  }
}

ElementBindings::~ElementBindings() = default;

const std::vector<UnplacedMarker>& ElementBindings::floating_markers() const {
  std::lock_guard lock(mutex_);
  if (!floating_markers_) floating_markers_ = unplaced_markers(dataset_);
  return *floating_markers_;
}

const std::variant<ForceElement, Diagnostic>& ElementBindings::force_element(const Statement& s, bool texts) const {
  std::lock_guard lock(mutex_);
  auto it = force_elements_.find(&s);
  if (it == force_elements_.end())
    it = force_elements_.emplace(&s, read_force_element(s, model_.model(), floating_markers(), false)).first;
  if (auto* e = std::get_if<ForceElement>(&it->second); e && texts && e->linear && e->force_i.empty()) write_linear_loads(*e);
  return it->second;
}

std::variant<double, Bindings::Resolved, Bindings::Rejected> ElementBindings::resolve_name(std::string_view name) const {
  if (dataset_.objects.empty()) return Bindings::resolve_name(name);
  const view::Found found = view::find_object(dataset_, name);
  if (!found.object) {
    std::string key = text::lower(name);
    if (!key.starts_with('.') && !dataset_.models.empty()) key = dataset_.models.front() + "." + key;
    for (const std::string& owner : dataset_.opaque) {
      if (key.size() > owner.size() && key.starts_with(owner) && key[owner.size()] == '.')
        return Rejected{-1, Code::not_interpreted,
                        "'" + std::string(name) + "' is made by the user-defined element " + owner +
                            ", which fexpr does not interpret"};
    }
    if (dataset_.unfollowed)
      return Rejected{-1, Code::not_interpreted,
                      "no object named '" + std::string(name) + "' is among those fexpr has read; the file makes "
                      "objects that fexpr does not follow (line " +
                          std::to_string(source_.position(dataset_.unfollowed->begin).line) + "), so it may exist"};
    const auto names = view::object_names(dataset_);
    const std::string_view near = text::nearest(name, names);
    return Rejected{-1, Code::reference,
                    "no object is named '" + std::string(name) + "'" +
                        (near.empty() ? std::string() : " (did you mean " + std::string(near) + "?)")};
  }
  const NamedObject& o = *found.object;
  if (found.adams_id) return static_cast<double>(o.id);
  if (!o.not_interpreted.empty()) return Rejected{-1, Code::not_interpreted, o.not_interpreted};
  if (o.as_value) {
    if (o.value) return *o.value;
    if (o.type == "VARIABLE") {
      const std::optional<double> id = static_cast<double>(o.id);
      auto r = resolve("VARVAL", std::span<const std::optional<double>>(&id, 1));
      if (auto* resolved = std::get_if<Resolved>(&r)) return std::move(*resolved);
      return std::get<Rejected>(r);
    }
  }
  return static_cast<double>(o.id);
}

std::optional<double> ElementBindings::object_id(std::string_view name) const {
  const view::Found found = view::find_object(dataset_, name);
  if (!found.object || !found.object->not_interpreted.empty() || found.object->type == "DESIGN_VARIABLE")
    return std::nullopt;
  return static_cast<double>(found.object->id);
}

// Records the reads of an element's or a load's compilation under its key while it lasts.
// Nothing is recorded outside begin_reads() and end_reads().
class ElementBindings::Recording {
 public:
  Recording(const ElementBindings& b, StatementKey key) : b_(b), active_(!b.recorders_.empty()) {
    if (active_) b_.recorders_.push_back(&b_.reads_of_[std::move(key)]);
  }
  ~Recording() {
    if (active_) b_.recorders_.pop_back();
  }
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

 private:
  const ElementBindings& b_;
  bool active_;
};

void ElementBindings::begin_reads() const {
  std::lock_guard lock(mutex_);
  reads_.clear();
  recorders_ = {&reads_};
}

std::set<ElementBindings::StatementKey> ElementBindings::end_reads() const {
  std::lock_guard lock(mutex_);
  recorders_.clear();
  return std::move(reads_);
}

void ElementBindings::record(std::string_view type, long id) const {
  if (!recorders_.empty()) recorders_.back()->emplace(std::string(type), id);
}

const Statement* ElementBindings::find(std::string_view type, long id) const {
  record(type, id);
  auto it = statements_.find({std::string(type), id});
  return it == statements_.end() ? nullptr : it->second;
}

const ElementBindings::Element* ElementBindings::element(std::string_view type, long id) const {
  std::lock_guard lock(mutex_);
  return compile_element(type, id);
}

std::optional<ElementBindings::SplineCall> ElementBindings::spline_call(std::uintptr_t handle) const {
  const Call& c = *reinterpret_cast<const Call*>(handle);
  if (c.kind != Call::Kind::spline) return std::nullopt;
  return SplineCall{c.spline, c.method, c.order, c.z_is_argument ? std::nullopt : std::optional<double>(c.z)};
}

ElementBindings::Element* ElementBindings::entry(std::string_view type, long id) const {
  const Statement* s = find(type, id);
  if (!s) return nullptr;
  Element& e = elements_[{std::string(type), id}];
  if (!e.statement) {
    e.label = label(type, id);
    e.statement = s;
    e.function = find_argument(*s, "FUNCTION");
    if (e.function) {
      std::string t = text::upper(e.function->expression);
      std::size_t first = t.find_first_not_of(' ');
      e.user = first != std::string::npos && t.compare(first, 4, "USER") == 0;
      // FUNCTION= with nothing after it: the reader has said so, compiling would say it twice.
      if (first == std::string::npos) e.function = nullptr;
    }
  }
  return &e;
}

// Depth first from an explicit stack: an element whose compilation meets references to
// elements not compiled yet waits on the stack (status compiling) until they are, then is
// compiled again with all of them at hand.
ElementBindings::Element* ElementBindings::compile_element(std::string_view type, long id) const {
  Element* root = entry(type, id);
  if (root) compile_from(root);
  return root;
}

void ElementBindings::compile_from(Element* root) const {
  if (root->status != Element::Status::fresh) return;
  std::vector<Element*> stack{root};
  while (!stack.empty()) {
    Element* e = stack.back();
    if (e->status == Element::Status::done) {
      stack.pop_back();
      continue;
    }
    if (e->status == Element::Status::fresh) {
      if (!e->function || e->user) {
        e->status = Element::Status::done;
        stack.pop_back();
        continue;
      }
      e->status = Element::Status::compiling;
      path_.push_back(e);
    }
    current_ = e;
    missing_.clear();
    deepest_ = 0;
    Recording recording(*this, {e->statement->name, e->statement->id.value_or(0)});
    auto result = compile_function(*e);
    if (e->function->synthesized) {
      for (Diagnostic& d : result.diagnostics) d.span = e->function->span;
    }
    current_ = nullptr;
    bool waits = false;
    for (Element* m : missing_) {
      if (m->status != Element::Status::fresh) continue;
      stack.push_back(m);
      waits = true;
    }
    if (waits) continue;
    e->expression = std::move(result.expression);
    e->diagnostics = std::move(result.diagnostics);
    e->depth = deepest_;
    e->status = Element::Status::done;
    path_.pop_back();
    stack.pop_back();
  }
}

CompileResult ElementBindings::compile_function(Element& e) const {
  const Argument& f = *e.function;
  if (f.synthesized) return compile(f.expression, context_);
  if (!e.parsed) e.parsed = grammar::parse(f.expression, {f.expression_span.begin, &source_});
  return detail::compile_parsed(*e.parsed, context_, {f.expression_span.begin, &source_});
}

std::optional<Bindings::Rejected> ElementBindings::refer(Element& t) const {
  if (t.status == Element::Status::compiling) {
    auto on = std::find(path_.begin(), path_.end(), &t);
    std::string cycle;
    for (auto it = on; it != path_.end(); ++it) cycle += (*it)->label + " -> ";
    cycle += t.label;
    for (auto it = on; it != path_.end(); ++it) (*it)->cycle = cycle;
    return Rejected{-1, Code::cycle, "reference cycle: " + cycle};
  }
  if (t.status == Element::Status::fresh) {
    if (current_) {
      // Not reported: this compilation is done again once t is compiled.
      missing_.push_back(&t);
      return Rejected{-1, Code::not_interpreted, t.label + " is not compiled yet"};
    }
    compile_from(&t);
  }
  if (t.expression && t.depth >= kMaxElementDepth) {
    return Rejected{-1, Code::limit,
                    "more than " + std::to_string(kMaxElementDepth) + " VARVAL and SFORCE references nested: " + t.label +
                        " already nests " + std::to_string(t.depth) + "; fexpr evaluates at most " +
                        std::to_string(kMaxElementDepth) + " levels, so shorten the chain (fewer VARIABLEs, each doing more)"};
  }
  if (t.expression) deepest_ = std::max(deepest_, t.depth + 1);
  return std::nullopt;
}

// Why an element's FUNCTION gives no value, as the end of "VARIABLE/3 ...": an error only
// when its compilation had one; reading a user subroutine, a solver ARRAY or a reaction force
// is no error of the element's.
std::string ElementBindings::why_not_evaluated(const Element& e) {
  if (e.user) return " is computed by a user subroutine";
  if (!e.cycle.empty()) return " is on the reference cycle " + e.cycle;
  const Diagnostic* unevaluated = nullptr;
  for (const Diagnostic& d : e.diagnostics) {
    if (d.code == Code::not_interpreted || d.code == Code::needs_model) {
      if (!unevaluated) unevaluated = &d;
    } else if (d.severity == Severity::error) {
      return " has errors";
    }
  }
  if (!unevaluated) return " has errors";
  // An element it reads that is not evaluated is named, not quoted: a chain of them would
  // otherwise repeat every inner message at each level.
  const std::string& m = unevaluated->message;
  std::size_t named = m.find(" is not evaluated");
  if (named != std::string::npos && (m.starts_with("VARVAL(") || m.starts_with("SFORCE(")))
    return " reads " + m.substr(0, named) + ", which is not evaluated";
  return " reads what fexpr does not evaluate (" + m + ")";
}

std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::constant(double value) const {
  Call& c = calls_.emplace_back();
  c.kind = Call::Kind::constant;
  c.value = value;
  return Resolved{reinterpret_cast<std::uintptr_t>(&c), {}, {}};
}

std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::diff(std::string_view function, long id) const {
  const std::string name = label("DIFF", id);
  if (function == "DIF") {
    Call& c = calls_.emplace_back();
    c.kind = Call::Kind::state;
    c.slot = *context_.variable_slot(name);
    c.label = name;
    return Resolved{reinterpret_cast<std::uintptr_t>(&c), {name}, {}};
  }
  Element* e = entry("DIFF", id);
  if (find_argument(*e->statement, "IMPLICIT"))
    return Rejected{-1, Code::not_interpreted, name + " is IMPLICIT: its FUNCTION is a residual, so DIF1(" +
                                                   std::to_string(id) + ") is the solver's"};
  if (auto rejected = refer(*e)) return *rejected;
  if (!e->expression)
    return Rejected{-1, Code::not_interpreted, "DIF1(" + std::to_string(id) + ") is not evaluated: " + name + why_not_evaluated(*e)};
  return expression_call(*e->expression, name);
}

std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::expression_call(const Expression& e,
                                                                                      std::string element) const {
  Call& c = calls_.emplace_back();
  c.kind = Call::Kind::expression;
  c.index = calls_.size() - 1;
  c.label = std::move(element);
  c.expression = e;
  Resolved r{reinterpret_cast<std::uintptr_t>(&c), {}, {}};
  r.shared_inputs = &c.expression->derivative_names();  // kept by the program c holds
  return r;
}

std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::variable(long id) const {
  Element* e = entry("VARIABLE", id);
  if (!e) return Rejected{0, Code::reference, label("VARIABLE", id) + " is not defined"};
  if (auto rejected = refer(*e)) return *rejected;
  const std::string& name = e->label;
  if (e->user) return Rejected{-1, Code::not_interpreted, name + " is computed by a user subroutine; VARVAL(" + std::to_string(id) + ") is not evaluated"};
  if (!e->expression) {
    if (!e->cycle.empty() && e->diagnostics.empty()) return Rejected{-1, Code::cycle, "reference cycle: " + e->cycle};
    return Rejected{-1, Code::not_interpreted, "VARVAL(" + std::to_string(id) + ") is not evaluated: " + name + why_not_evaluated(*e)};
  }
  return expression_call(*e->expression, name);
}

// PINVAL(id, nseq) and POUVAL(id, nseq) are the VARVAL of the nseq-th VARIABLE (counted from
// 1) that PINPUT/id or POUTPUT/id lists in VARIABLES= (fstate_pinput, cfunc_pinval).
std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::plant_variable(std::string_view function, long id,
                                                                                    long position) const {
  auto variable_id = plant_variable_id(function, id, position);
  if (auto* rejected = std::get_if<Rejected>(&variable_id)) return *rejected;
  return variable(std::get<long>(variable_id));
}

std::variant<long, Bindings::Rejected> ElementBindings::plant_variable_id(std::string_view function, long id,
                                                                          long position) const {
  const std::string_view type = function == "PINVAL" ? "PINPUT" : "POUTPUT";
  const std::string list = label(type, id);
  const Statement* s = find(type, id);
  if (!s) return Rejected{0, Code::reference, list + " is not defined"};
  const Argument* variables = find_argument(*s, "VARIABLES");
  const std::size_t count = variables ? variables->values.size() : 0;
  if (position < 1 || static_cast<std::size_t>(position) > count)
    return Rejected{1, Code::reference,
                    list + " lists " + std::to_string(count) + (count == 1 ? " VARIABLE" : " VARIABLEs") +
                        " in VARIABLES=; position " + std::to_string(position) + " is outside (the first is 1)"};
  const Value& entry = variables->values[static_cast<std::size_t>(position - 1)];
  auto variable_id = integer(entry);
  if (!variable_id)
    return Rejected{1, Code::argument,
                    list + " VARIABLES= entry " + std::to_string(position) + " is '" + entry.text + "', not a VARIABLE id"};
  if (!find("VARIABLE", *variable_id))
    return Rejected{1, Code::reference,
                    label("VARIABLE", *variable_id) + ", listed at position " + std::to_string(position) + " of " + list +
                        ", is not defined"};
  return *variable_id;
}

std::variant<ElementBindings::LoadCall, Bindings::Rejected> ElementBindings::load_call(
    std::string_view function, std::string_view statement, std::span<const std::optional<double>> a) const {
  std::string name(function);
  for (std::size_t k = 0; k < 4; ++k) {
    if (!integral(a[k])) return Rejected{static_cast<int>(k), Code::argument, name + "(id, jflag, comp, rm) takes integer constants"};
  }
  LoadCall c{static_cast<long>(*a[0]), static_cast<long>(*a[1]), static_cast<long>(*a[2]), static_cast<long>(*a[3]), nullptr};
  c.statement = find(statement, c.id);
  if (!c.statement) return Rejected{0, Code::reference, label(statement, c.id) + " is not defined"};
  if (c.jflag != 0 && c.jflag != 1) return Rejected{1, Code::argument, "jflag is 0 (forces on I) or 1 (forces on J)"};
  if (c.comp < 1 || c.comp > 8) return Rejected{2, Code::argument, "comp is 1 to 8: FM, FX, FY, FZ, TM, TX, TY, TZ"};
  if (c.rm != 0 && model_.model().find_marker(c.rm) < 0)
    return Rejected{3, Code::reference, "marker " + std::to_string(c.rm) + " is not defined"};
  return c;
}

std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::sforce(
    std::span<const std::optional<double>> a) const {
  auto call = load_call("SFORCE", "SFORCE", a);
  if (auto* rejected = std::get_if<Rejected>(&call)) return *rejected;
  auto [id, jflag, comp, rm, s] = std::get<LoadCall>(call);
  auto geometry = sforce_geometry(*s);
  if (!geometry)
    return Rejected{0, Code::not_interpreted, "SFORCE/" + std::to_string(id) + " has no I and J markers; not evaluated"};
  Element* e = entry("SFORCE", id);
  if (auto rejected = refer(*e)) return *rejected;
  const std::string& name = e->label;
  if (e->user || !e->expression)
    return Rejected{-1, Code::not_interpreted, "SFORCE(" + std::to_string(id) + ", ...) is not evaluated: " + name + why_not_evaluated(*e)};
  // The vector components follow from the scalar force f along the line of action, so they
  // are compiled as an expression in f and the measures of I and J. The SFORCEs f refers to
  // are compiled by now, with their components, so this compilation waits for nothing.
  auto [slot, added] = components_.try_emplace({id, jflag, comp, rm}, std::string());
  if (added) {
    const std::string text = sforce_text(std::get<LoadCall>(call)).text;
    Element* outer = std::exchange(current_, nullptr);
    int deepest = deepest_;
    Recording recording(*this, {"SFORCE", id});
    auto composed = compile(text, context_);
    current_ = outer;
    deepest_ = deepest;
    if (composed) slot->second = std::move(*composed.expression);
    else slot->second = composed.diagnostics.front().message;
  }
  if (auto* problem = std::get_if<std::string>(&slot->second))
    return Rejected{-1, Code::not_interpreted, "SFORCE(" + std::to_string(id) + ", ...) is not evaluated: " + *problem};
  return expression_call(std::get<Expression>(slot->second), name);
}

// SPDP, BUSH, FIELD, BEAM, VFORCE, VTORQ and GFORCE(id, jflag, comp, rm): the component composed from
// the element's definition (dataset/forces).
std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::force(
    std::string_view function, std::string_view statement, std::span<const std::optional<double>> a) const {
  auto call = load_call(function, statement, a);
  if (auto* rejected = std::get_if<Rejected>(&call)) return *rejected;
  auto [id, jflag, comp, rm, s] = std::get<LoadCall>(call);
  std::string name = std::string(function) + "(" + std::to_string(id) + ", ...)";
  return composed_call({std::string(statement), id, jflag, comp, rm}, name, label(statement, id),
                       [&] { return force_text(std::get<LoadCall>(call)); });
}

// The scalar force f of an SFORCE along its line of action, as the components of the call ask.
ElementBindings::Composed ElementBindings::sforce_text(const LoadCall& c) const {
  const Element* e = entry("SFORCE", c.id);
  return {true, sforce_component(*sforce_geometry(*c.statement), "(" + e->function->expression + ")",
                                 static_cast<int>(c.jflag), static_cast<int>(c.comp), c.rm)};
}

ElementBindings::Composed ElementBindings::force_text(const LoadCall& c) const {
  const auto& law = force_element(*c.statement, false);
  if (auto* d = std::get_if<Diagnostic>(&law)) return {false, d->message};
  const int comp = static_cast<int>(c.comp);
  const auto& read = component_from_law(std::get<ForceElement>(law), comp, c.rm) ? law : force_element(*c.statement);
  return {true, force_component(std::get<ForceElement>(read), static_cast<int>(c.jflag), comp, c.rm)};
}

ElementBindings::Composed ElementBindings::net_force_text(std::string_view function, const long (&m)[3]) const {
  auto net = net_force(function, m[0], m[1], m[2], dataset_, model_.model(), *this);
  if (auto* no = std::get_if<NotEvaluated>(&net)) return {false, no->why};
  return {true, std::get<NetForceText>(net).text};
}

std::optional<std::string> ElementBindings::composed_text(std::string_view function,
                                                          std::span<const std::optional<double>> a) const {
  std::lock_guard lock(mutex_);
  auto text = [](const Composed& c) { return c.ok ? std::optional<std::string>(c.text) : std::nullopt; };
  if (function == "PINVAL" || function == "POUVAL") {
    if (a.size() != 2 || !integral(a[0]) || !integral(a[1])) return std::nullopt;
    auto id = plant_variable_id(function, static_cast<long>(*a[0]), static_cast<long>(*a[1]));
    if (auto* variable = std::get_if<long>(&id)) return "VARVAL(" + std::to_string(*variable) + ")";
    return std::nullopt;
  }
  if (is_net_force_function(function)) {
    long m[3] = {0, 0, 0};
    for (std::size_t k = 0; k < a.size() && k < 3; ++k) {
      if (!integral(a[k])) return std::nullopt;
      m[k] = static_cast<long>(*a[k]);
    }
    return text(net_force_text(function, m));
  }
  std::string_view statement = function == "SFORCE" ? "SFORCE" : "";
  for (const ForceStatement& f : kForceStatements)
    if (f.function == function) statement = f.statement;
  if (statement.empty()) return std::nullopt;
  auto call = load_call(function, statement, a);
  auto* c = std::get_if<LoadCall>(&call);
  if (!c) return std::nullopt;
  if (function != "SFORCE") return text(force_text(*c));
  const Element* e = entry("SFORCE", c->id);
  if (!sforce_geometry(*c->statement) || e->user || !e->function) return std::nullopt;
  return text(sforce_text(*c));
}

// FX..TM(i[, j][, k]): the net load at i from the applied force elements (dataset/forces).
std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::net_force_call(
    std::string_view function, std::span<const std::optional<double>> a) const {
  record("*", 0);
  long m[3] = {0, 0, 0};
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (!integral(a[k])) return Rejected{static_cast<int>(k), Code::argument, std::string(function) + " takes marker ids, integer constants"};
    m[k] = static_cast<long>(*a[k]);
    bool known = model_.model().find_marker(m[k]) >= 0 ||
                 std::any_of(dataset_.statements.begin(), dataset_.statements.end(),
                             [&](const Statement& s) { return s.name == "MARKER" && s.id == m[k]; });
    if ((k == 0 || m[k] != 0) && !known)
      return Rejected{static_cast<int>(k), Code::reference, "marker " + std::to_string(m[k]) + " is not defined"};
  }
  std::string name = std::string(function) + "(" + std::to_string(m[0]) + ", ...)";
  return composed_call({"net " + std::string(function), m[0], m[1], m[2], 0}, name, name,
                       [&] { return net_force_text(function, m); });
}

// A call whose expression is composed from element definitions, compiled once. While it
// compiles its slot says why a reference back to it cannot be used, so an element whose
// expressions read its own loads is a cycle, not a recursion.
std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::composed_call(
    const ComposedKey& key, const std::string& name, const std::string& element,
    const std::function<Composed()>& text) const {
  auto [slot, added] = force_components_.try_emplace(key, std::string("its loads refer back to it"));
  if (added) {
    Recording recording(*this, {std::get<0>(key), std::get<1>(key)});
    Composed c = text();
    if (!c.ok) {
      slot->second = c.text;
    } else {
      Element* outer = std::exchange(current_, nullptr);
      int deepest = deepest_;
      auto composed = compile(c.text, context_);
      current_ = outer;
      deepest_ = deepest;
      if (composed) slot->second = std::move(*composed.expression);
      else slot->second = composed.diagnostics.front().message;
    }
  }
  if (auto* problem = std::get_if<std::string>(&slot->second))
    return Rejected{-1, Code::not_interpreted, name + " is not evaluated: " + *problem};
  return expression_call(std::get<Expression>(slot->second), element);
}

std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::spline(
    std::string_view function, std::span<const std::optional<double>> a) const {
  if (!integral(a[2])) return Rejected{2, Code::argument, std::string(function) + " takes a SPLINE id as its third argument"};
  long id = static_cast<long>(*a[2]);
  const Statement* s = find("SPLINE", id);
  if (!s) return Rejected{2, Code::reference, "SPLINE/" + std::to_string(id) + " is not defined"};
  auto [slot, added] = splines_.try_emplace(id);
  if (added) {
    if (auto read = read_spline(*s); std::holds_alternative<Spline>(read)) slot->second.emplace(std::get<Spline>(std::move(read)));
  }
  if (!slot->second) return Rejected{2, Code::not_interpreted, std::string(function) + " is not evaluated: SPLINE/" + std::to_string(id) + " has errors"};
  const Spline& sp = *slot->second;
  int order = 0;
  if (a.size() == 4) {
    if (!integral(a[3]) || *a[3] < 0 || *a[3] > 2) return Rejected{3, Code::argument, "iord is 0, 1 or 2"};
    order = static_cast<int>(*a[3]);
    if (order > 0 && sp.is_surface()) return Rejected{3, Code::argument, "iord is not allowed for a SPLINE surface"};
  }
  Call& c = calls_.emplace_back();
  c.kind = Call::Kind::spline;
  c.spline = &sp;
  c.method = function == "AKISPL" ? Spline::Method::akima : Spline::Method::cubic;
  c.order = order;
  Resolved r{reinterpret_cast<std::uintptr_t>(&c), {}, {0}};
  if (a[1]) {
    c.z = *a[1];
  } else {
    c.z_is_argument = true;
    r.runtime_arguments.push_back(1);
  }
  return r;
}

std::variant<Bindings::Resolved, Bindings::Rejected> ElementBindings::resolve(
    std::string_view function, std::span<const std::optional<double>> a) const {
  std::lock_guard lock(mutex_);
  if (!unplaced_markers_.empty()) {
    const builtins::Builtin* f = builtins::find(function);
    for (std::size_t k = 0; f && f->category == builtins::Category::kinematic && k < a.size(); ++k) {
      if (!integral(a[k])) continue;
      auto it = unplaced_markers_.find(static_cast<long>(*a[k]));
      if (it != unplaced_markers_.end())
        return Rejected{static_cast<int>(k), Code::not_interpreted,
                        std::string(function) + " is not evaluated: " + it->second};
    }
  }
  if (auto measure = model_.resolve_measure(function, a)) {
    auto* resolved = std::get_if<Resolved>(&*measure);
    if (!resolved) return *measure;
    auto [known, added] = measure_calls_.try_emplace(resolved->handle, nullptr);
    if (added) {
      Call& c = calls_.emplace_back();
      c.kind = Call::Kind::measure;
      c.measure = resolved->handle;
      known->second = &c;
    }
    resolved->handle = reinterpret_cast<std::uintptr_t>(known->second);
    return std::move(*measure);
  }
  auto id_argument = [&](std::size_t k) -> std::optional<long> {
    if (k < a.size() && integral(a[k])) return static_cast<long>(*a[k]);
    return std::nullopt;
  };
  if (function == "VARVAL") {
    auto id = id_argument(0);
    if (!id) return Rejected{0, Code::argument, "VARVAL takes a VARIABLE id, an integer constant"};
    return variable(*id);
  }
  if (function == "PINVAL" || function == "POUVAL") {
    auto id = id_argument(0), position = id_argument(1);
    if (!id)
      return Rejected{0, Code::argument,
                      std::string(function) + " takes a " + (function == "PINVAL" ? "PINPUT" : "POUTPUT") +
                          " id, an integer constant"};
    if (!position)
      return Rejected{1, Code::argument,
                      std::string(function) + " takes a position in the VARIABLES= list, an integer constant"};
    return plant_variable(function, *id, *position);
  }
  if (function == "ARYVAL") {
    auto id = id_argument(0), n = id_argument(1);
    if (!id) return Rejected{0, Code::argument, "ARYVAL takes an ARRAY id, an integer constant"};
    if (!n) return Rejected{1, Code::argument, "ARYVAL takes a position in the array, an integer constant"};
    const Statement* s = find("ARRAY", *id);
    if (!s) return Rejected{0, Code::reference, "ARRAY/" + std::to_string(*id) + " is not defined"};
    const Argument* numbers = find_argument(*s, "NUMBERS");
    if (!numbers)
      return Rejected{-1, Code::not_interpreted, "ARRAY/" + std::to_string(*id) + " holds solver values (no NUMBERS=); ARYVAL is not evaluated"};
    if (*n < 1 || *n > static_cast<long>(numbers->values.size()))
      return Rejected{1, Code::reference, "ARRAY/" + std::to_string(*id) + " has " + std::to_string(numbers->values.size()) + " numbers; position " + std::to_string(*n) + " is outside"};
    auto v = real(numbers->values[static_cast<std::size_t>(*n - 1)]);
    if (!v) return Rejected{-1, Code::not_interpreted, "ARRAY/" + std::to_string(*id) + " entry is not a number"};
    return constant(*v);
  }
  if (function == "DIF" || function == "DIF1") {
    auto id = id_argument(0);
    if (!id) return Rejected{0, Code::argument, std::string(function) + " takes a DIFF id, an integer constant"};
    const Statement* s = find("DIFF", *id);
    if (!s) return Rejected{0, Code::reference, "DIFF/" + std::to_string(*id) + " is not defined"};
    if (diffs_ == DiffValues::states) return diff(function, *id);
    // At the initial state a DIFF's value and rate are its initial conditions IC=value[,rate].
    const Argument* ic = find_argument(*s, "IC");
    std::size_t k = function == "DIF" ? 0 : 1;
    double v = 0.0;
    if (ic && k < ic->values.size()) v = real(ic->values[k]).value_or(0.0);
    return constant(v);
  }
  if (function == "DELAY") {
    // DELAY's id names the ARRAY of its interpolation settings (cfunc_delay); fexpr does not
    // read them, since it evaluates no past value, but the ARRAY must exist.
    auto id = id_argument(0);
    if (!id) return Rejected{0, Code::argument, "DELAY takes an ARRAY id, an integer constant"};
    if (!find("ARRAY", *id))
      return Rejected{0, Code::reference, "ARRAY/" + std::to_string(*id) + " is not defined (DELAY's interpolation settings)"};
    return constant(0.0);
  }
  if (function == "SFORCE") return sforce(a);
  for (const ForceStatement& f : kForceStatements) {
    if (f.function == function) return force(function, f.statement, a);
  }
  if (is_net_force_function(function)) return net_force_call(function, a);
  if (function == "CUBSPL" || function == "AKISPL") return spline(function, a);
  for (const SolverFunction& f : kSolverFunctions) {
    if (f.function != function) continue;
    // The id is where the signature puts it: CURVE(alpha, iord, comp, id) has it last.
    auto at = own_id_argument(function);
    auto id = at ? id_argument(*at) : std::nullopt;
    if (id && !find(f.statement, *id) && f.statement != "SPLINE")
      return Rejected{static_cast<int>(*at), Code::reference, std::string(f.statement) + "/" + std::to_string(*id) + " is not defined"};
    return Rejected{-1, Code::not_interpreted, std::string(function) + "(...) needs solver state, not evaluated"};
  }
  return Rejected{-1, Code::not_interpreted, std::string(function) + "(...) needs solver state, not evaluated"};
}

Bindings::ValueFunction ElementBindings::value_function(std::uintptr_t handle) const {
  const Call& c = *reinterpret_cast<const Call*>(handle);
  return c.kind == Call::Kind::measure ? model_.value_function(c.measure) : ValueFunction{};
}

const char* ElementBindings::evaluate(std::uintptr_t handle, const Inputs& in, const double* arguments, int order,
                                      double* value, double* grad, double* hess) const {
  const Call& c = *reinterpret_cast<const Call*>(handle);
  switch (c.kind) {
    case Call::Kind::constant: *value = c.value; return nullptr;
    case Call::Kind::state:
      // An expression compiled against another context than the bindings' may hold fewer.
      if (c.slot >= in.variables.size()) return "DIF reads a DIFF state that is not among the variables given";
      *value = in.variables[c.slot];
      if (order >= 1) grad[0] = 1.0;
      return nullptr;
    case Call::Kind::measure: return model_.evaluate_measure(c.measure, in, order, value, grad, hess);
    case Call::Kind::spline: {
      double y[4], yz[4];
      double z = c.z_is_argument ? arguments[1] : c.z;
      c.spline->evaluate(c.method, arguments[0], z, y, yz);
      *value = y[c.order];
      if (order >= 1) {
        grad[0] = y[c.order + 1];
        if (c.z_is_argument) grad[1] = yz[c.order];
      }
      if (order == 2) {
        const std::size_t m = c.z_is_argument ? 2 : 1;
        hess[0] = c.order + 2 <= 3 ? y[c.order + 2] : 0.0;  // a cubic's fourth derivative is 0
        if (c.z_is_argument) {
          hess[1] = hess[m] = yz[c.order + 1];
          hess[m + 1] = 0.0;
        }
      }
      return nullptr;
    }
    case Call::Kind::expression: break;
  }
  if (nesting == 0) ++evaluation;
  const std::size_t n = c.expression->derivative_count();
  const std::size_t stored = order == 0 ? 0 : order == 1 ? n : n + n * n;
  if (c.index < memo.size() && memo[c.index].evaluation == evaluation && memo[c.index].order == order) {
    const Memo& m = memo[c.index];
    if (!m.error.empty()) return m.error.c_str();
    *value = m.value;
    if (order >= 1) std::copy_n(m.derivatives.begin(), n, grad);
    if (order == 2) std::copy_n(m.derivatives.begin() + static_cast<std::ptrdiff_t>(n), n * n, hess);
    return nullptr;
  }
  if (memo.size() <= c.index) memo.resize(c.index + 1);  // allocates while warming up only
  auto failed = [&](std::string message) {
    Memo& m = memo[c.index];
    m.evaluation = evaluation;
    m.order = order;
    m.error = std::move(message);
    return m.error.c_str();
  };
  // The nesting limit keeps a chain within a default thread stack; a host thread with a
  // smaller one stops here.
  if (stack::remaining() < kElementStackReserve)
    return failed(c.label + ": VARVAL and SFORCE references nested too deep for the stack of this thread");
  Workspace& ws = nested_workspace(nesting);
  ++nesting;
  struct Leave {
    ~Leave() { --nesting; }
  } leave;
  try {
    if (order == 0) *value = c.expression->value(in, ws);
    else if (order == 1) *value = c.expression->gradient(in, ws, {grad, n});
    else *value = c.expression->hessian(in, ws, {grad, n}, {hess, n * n});
  } catch (const UsageError& error) {
    return failed(c.label + ": " + error.what());
  } catch (const EvaluationError& error) {
    // A message from a nested element already names it, the innermost, where the error is:
    // prefixing every level would make a deep chain's message grow with its depth.
    const std::string& inner = error.diagnostic.message;
    bool named = inner.rfind("VARIABLE/", 0) == 0 || inner.rfind("SFORCE/", 0) == 0;
    return failed(named ? inner : c.label + ": " + inner);
  }
  Memo& m = memo[c.index];
  m.evaluation = evaluation;
  m.order = order;
  m.error.clear();
  m.value = *value;
  m.derivatives.resize(stored);
  if (order >= 1) std::copy_n(grad, n, m.derivatives.begin());
  if (order == 2) std::copy_n(hess, n * n, m.derivatives.begin() + static_cast<std::ptrdiff_t>(n));
  return nullptr;
}

}  // namespace fexpr::dataset
