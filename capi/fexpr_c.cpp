// The C API over the C++ one. Each entry point checks its arguments, runs inside one guard that
// turns every exception into a status, and records failures in the thread's last error, so
// that nothing but a status crosses the boundary.
#include <fexpr/fexpr.h>

#include "builtins/contact.hpp"
#include "capi/errors.hpp"
#include "capi/handles.hpp"
#include "dataset/loaded_model.hpp"
#include "dataset/forces/applied_force.hpp"
#include "dataset/forces/force_loads.hpp"
#include "dataset/values.hpp"
#include "support/text.hpp"

#include <fexpr/expression.hpp>
#include <fexpr/version.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <new>
#include <optional>
#include <sstream>
#include <string>

namespace {

using namespace fexpr;
using capi::fail;
using capi::guarded;
using capi::place_of;
using capi::usage;

fexpr_status status_of(Code code) {
  switch (code) {
    case Code::syntax:
    case Code::limit: return FEXPR_SYNTAX_ERROR;
    case Code::name: return FEXPR_NAME_ERROR;
    case Code::arity: return FEXPR_ARITY_ERROR;
    case Code::domain: return FEXPR_DOMAIN_ERROR;
    default: return FEXPR_ARGUMENT_ERROR;
  }
}

// A dataset with its model, bindings and state is shared by a context and the expressions
// compiled with it, so that either may be destroyed first.
using dataset::LoadedModel;

std::string part_name(long id) { return "PART/" + std::to_string(id); }

// Finds the part whose state may be set to `state`, or says why there is none.
fexpr_status settable_part(const LoadedModel& m, long part_id, const double* state, int& index) {
  index = m.build.model.find_part(part_id);
  if (index < 0) return usage("the model has no " + part_name(part_id));
  if (index == 0) return usage(part_name(part_id) + " is ground: its state is fixed");
  for (int k = 0; k < kinematics::kStatesPerPart; ++k) {
    if (!std::isfinite(state[k])) {
      return fail(FEXPR_DOMAIN_ERROR, "state " + std::string(kinematics::state_name(k)) + " of " +
                                          part_name(part_id) + " is NaN or infinite");
    }
  }
  return FEXPR_OK;
}

void write_part_state(kinematics::State& s, int index, const double* state) {
  kinematics::PartState part = s.part(index);
  for (int k = 0; k < kinematics::kStatesPerPart; ++k) kinematics::state_value(part, k) = state[k];
  s.set_part(index, part);
}

}  // namespace

struct fexpr_context {
  Context context;
  std::shared_ptr<LoadedModel> model;
};

struct fexpr_workspace {
  Workspace workspace;
  double mode = 4.0;
  // The model whose state `state` is a private copy of, when this workspace has one.
  std::shared_ptr<const LoadedModel> model;
  std::optional<kinematics::State> state;
};

namespace {

// The DIFF statements become variables of the context after those declared so far, so that the
// host integrating them sets DIF(id) and differentiates with respect to it.
fexpr_status load_model(fexpr_context* context, std::string name, std::string text) {
  Context base = context->context;
  base.set_bindings(nullptr);
  auto loaded = dataset::load_model(SourceText(std::move(name), std::move(text)), dataset::DiffValues::states, base);
  if (auto* failure = std::get_if<dataset::LoadFailure>(&loaded))
    return fail(FEXPR_MODEL_ERROR, failure->errors.front(), *failure->source);
  context->model = std::move(std::get<std::unique_ptr<LoadedModel>>(loaded));
  context->context = context->model->elements->context();
  return FEXPR_OK;
}

// "VARIABLE/3" as its statement name and id; false when it is not one.
bool element_name(const char* text, std::string& type, long& id) {
  const std::string name = text::upper(text);
  const std::size_t slash = name.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == name.size()) return false;
  type = name.substr(0, slash);
  const char* end = name.c_str() + name.size();
  auto [stop, error] = std::from_chars(name.c_str() + slash + 1, end, id);
  return error == std::errc() && stop == end;
}

// Why an element has no expression, in the model text: the first error of its compilation, or
// the note that says what fexpr does not evaluate (checking calls that a note, not an error).
fexpr_status element_failure(const LoadedModel& m, const dataset::ElementBindings::Element& e) {
  if (e.user) return fail(FEXPR_ARGUMENT_ERROR, e.label + " is computed by a user subroutine");
  if (!e.function) return fail(FEXPR_ARGUMENT_ERROR, e.label + " has no FUNCTION expression");
  if (!e.cycle.empty()) return fail(FEXPR_ARGUMENT_ERROR, e.label + " is on the reference cycle " + e.cycle);
  for (const Diagnostic& d : e.diagnostics) {
    if (d.severity == Severity::error) return fail(status_of(d.code), d, *m.source);
  }
  for (const Diagnostic& d : e.diagnostics) {
    if (d.code == Code::not_interpreted) return fail(FEXPR_ARGUMENT_ERROR, d, *m.source);
  }
  return fail(FEXPR_INTERNAL_ERROR, "internal error: " + e.label + " did not compile and gave no error");
}

// The twelve loads of the named element, all made or none. `function` names the caller in
// messages about its own arguments.
fexpr_status compile_loads(const char* function, const fexpr_context& context, const std::string& element,
                           fexpr_expression* loads[12]) {
  if (!loads) return usage(std::string(function) + ": loads is NULL");
  if (!context.model) return usage(std::string(function) + ": the context has no model");
  LoadedModel& m = *context.model;
  auto found = dataset::applied_force(m.dataset, element);
  if (auto* why = std::get_if<std::string>(&found)) return usage(*why);
  const dataset::Statement& s = *std::get<const dataset::Statement*>(found);
  // An SFORCE's loads embed its FUNCTION, whose failure the bindings already say best.
  if (s.name == "SFORCE") {
    const auto* e = m.elements->element(s.name, *s.id);
    if (e && !e->expression) return element_failure(m, *e);
  }
  auto made = dataset::force_loads(s, *m.elements, m.build.model, *m.source, dataset::unplaced_markers(m.dataset));
  if (auto* d = std::get_if<Diagnostic>(&made)) {
    // A note is what fexpr does not evaluate (a user subroutine, a non-linear BEAM): the host
    // computes those loads itself.
    if (d->severity != Severity::error) {
      Diagnostic why = *d;
      why.message += "; the host computes its loads itself";
      return fail(FEXPR_ARGUMENT_ERROR, why, *m.source);
    }
    return fail(status_of(d->code), *d, *m.source);
  }
  auto& compiled = std::get<dataset::ForceLoads>(made);
  std::array<std::unique_ptr<fexpr_expression>, 12> made_loads;
  for (std::size_t k = 0; k < made_loads.size(); ++k)
    made_loads[k].reset(new fexpr_expression{std::move(*compiled.loads[k]), nullptr, context.model});
  for (std::size_t k = 0; k < made_loads.size(); ++k) loads[k] = made_loads[k].release();
  return FEXPR_OK;
}

// The checks every evaluation call makes of its handles and variables; FEXPR_OK when they pass.
fexpr_status check_call(const auto& misuse, const fexpr_expression* e, const fexpr_workspace* ws,
                        const double* variables, std::size_t n) {
  if (!e) return misuse("expression is NULL");
  if (!ws) return misuse("workspace is NULL");
  if (!variables && n > 0) return misuse("variables is NULL but n is " + std::to_string(n));
  if (n < e->expression.variable_count()) {
    return misuse("the expression was compiled with " + std::to_string(e->expression.variable_count()) +
                  " variables, got " + std::to_string(n));
  }
  if (ws->model && e->model && ws->model != e->model)
    return misuse("the workspace holds part states of another model than the expression's");
  return FEXPR_OK;
}

// MODE and the model state of an evaluation with this workspace.
Inputs inputs_of(const fexpr_expression& e, fexpr_workspace& ws) {
  Inputs in;
  in.mode = ws.mode;
  if (e.model) in.state = ws.model == e.model ? &*ws.state : e.model->state.get();
  return in;
}

// The evaluation calls differ only in the order of derivatives `run` asks for.
// `missing` names a NULL output of the caller's own, if there is one.
template <class Run>
fexpr_status evaluate(const char* function, const char* missing, const fexpr_expression* e, fexpr_workspace* ws,
                      double time, const double* variables, std::size_t n, double* value, Run run) {
  return guarded([&] {
    const auto misuse = [&](const std::string& why) { return usage(std::string(function) + ": " + why); };
    if (fexpr_status s = check_call(misuse, e, ws, variables, n); s != FEXPR_OK) return s;
    if (!value) return misuse("value is NULL");
    if (missing) return misuse(std::string(missing) + " is NULL");
    Inputs in = inputs_of(*e, *ws);
    in.time = time;
    in.variables = std::span<const double>(variables, n);
    try {
      *value = run(in);
    } catch (const EvaluationError& err) {
      return place_of(FEXPR_DOMAIN_ERROR, err.diagnostic, *e);
    } catch (const UsageError& err) {
      return misuse(err.what());
    }
    return FEXPR_OK;
  });
}

// fexpr_evaluate_batch's points read in place as columns (so that they run on lanes): TIME from
// times, each variable a column of the row-major variables at a stride of n, MODE and the state
// the workspace's at every point. The columns of up to 64 variables are on the stack, so that
// the call allocates nothing.
fexpr_status evaluate_batch(const auto& misuse, const fexpr_expression& e, fexpr_workspace& ws, std::size_t count,
                            const double* times, const double* variables, std::size_t n, double* values,
                            std::size_t* failed) {
  const Inputs in = inputs_of(e, ws);
  const std::size_t used = std::min(n, e.expression.variable_count());
  std::array<Column, 64> few;
  std::vector<Column> many;
  std::span<Column> columns = std::span<Column>(few).first(std::min(used, few.size()));
  if (used > few.size()) {
    many.resize(used);
    columns = many;
  }
  for (std::size_t slot = 0; slot < used; ++slot) columns[slot] = {variables + slot, n};
  Columns batch;
  batch.points = count;
  batch.time = {times, 1};
  batch.mode = {&in.mode, 0};
  batch.variables = columns;
  batch.state = in.state;
  try {
    e.expression.values(batch, ws.workspace, std::span<double>(values, count));
  } catch (const BatchEvaluationError& err) {
    *failed = err.point;
    Diagnostic d = err.diagnostic;
    d.message = "point " + std::to_string(err.point) + ": " + d.message;
    return place_of(FEXPR_DOMAIN_ERROR, d, e);
  } catch (const UsageError& err) {
    return misuse(err.what());
  }
  *failed = count;
  return FEXPR_OK;
}

template <class Force>
fexpr_status contact(const char* name, std::initializer_list<double> arguments, int order, double* value,
                     int* errflg, Force force) {
  if (errflg) *errflg = 1;
  return guarded([&] {
    if (!value) return usage(std::string(name) + ": value is NULL");
    for (double a : arguments) {
      if (!std::isfinite(a)) {
        value[0] = value[1] = value[2] = 0.0;
        return fail(FEXPR_DOMAIN_ERROR, std::string(name) + " with a NaN or infinite argument");
      }
    }
    if (const char* error = force()) {
      return fail(order >= 0 && order <= 2 ? FEXPR_DOMAIN_ERROR : FEXPR_USAGE_ERROR, error);
    }
    if (errflg) *errflg = 0;
    return FEXPR_OK;
  });
}

}  // namespace

extern "C" {

const char* fexpr_status_name(fexpr_status status) {
  switch (status) {
    case FEXPR_OK: return "FEXPR_OK";
    case FEXPR_SYNTAX_ERROR: return "FEXPR_SYNTAX_ERROR";
    case FEXPR_NAME_ERROR: return "FEXPR_NAME_ERROR";
    case FEXPR_ARITY_ERROR: return "FEXPR_ARITY_ERROR";
    case FEXPR_ARGUMENT_ERROR: return "FEXPR_ARGUMENT_ERROR";
    case FEXPR_DOMAIN_ERROR: return "FEXPR_DOMAIN_ERROR";
    case FEXPR_MODEL_ERROR: return "FEXPR_MODEL_ERROR";
    case FEXPR_USAGE_ERROR: return "FEXPR_USAGE_ERROR";
    case FEXPR_OUT_OF_MEMORY: return "FEXPR_OUT_OF_MEMORY";
    case FEXPR_INTERNAL_ERROR: return "FEXPR_INTERNAL_ERROR";
    case FEXPR_NOT_COMPILED: return "FEXPR_NOT_COMPILED";
  }
  return "unknown status";
}

const char* fexpr_version(void) { return fexpr::version(); }

fexpr_status fexpr_context_create(fexpr_context** context) {
  return guarded([&] {
    if (!context) return usage("fexpr_context_create: context is NULL");
    *context = new fexpr_context;
    return FEXPR_OK;
  });
}

void fexpr_context_destroy(fexpr_context* context) { delete context; }

fexpr_status fexpr_context_declare_variable(fexpr_context* context, const char* name, size_t* slot) {
  return guarded([&] {
    if (!context) return usage("fexpr_context_declare_variable: context is NULL");
    if (!name) return usage("fexpr_context_declare_variable: name is NULL");
    if (!slot) return usage("fexpr_context_declare_variable: slot is NULL");
    try {
      *slot = context->context.declare_variable(name);
    } catch (const std::invalid_argument& e) {
      return usage(e.what());
    }
    return FEXPR_OK;
  });
}

fexpr_status fexpr_context_load_model(fexpr_context* context, const char* path) {
  return guarded([&] {
    if (!context) return usage("fexpr_context_load_model: context is NULL");
    if (!path) return usage("fexpr_context_load_model: path is NULL");
    std::ifstream file(path, std::ios::binary);
    if (!file) return fail(FEXPR_MODEL_ERROR, "cannot read model '" + std::string(path) + "'");
    std::stringstream text;
    text << file.rdbuf();
    return load_model(context, path, text.str());
  });
}

fexpr_status fexpr_context_load_model_text(fexpr_context* context, const char* name, const char* text) {
  return guarded([&] {
    if (!context) return usage("fexpr_context_load_model_text: context is NULL");
    if (!name) return usage("fexpr_context_load_model_text: name is NULL");
    if (!text) return usage("fexpr_context_load_model_text: text is NULL");
    return load_model(context, name, text);
  });
}

fexpr_status fexpr_context_set_part_state(fexpr_context* context, long part_id, const double* state) {
  return guarded([&] {
    if (!context) return usage("fexpr_context_set_part_state: context is NULL");
    if (!state) return usage("fexpr_context_set_part_state: state is NULL");
    if (!context->model) return usage("fexpr_context_set_part_state: the context has no model");
    int index = 0;
    if (fexpr_status s = settable_part(*context->model, part_id, state, index); s != FEXPR_OK) return s;
    write_part_state(*context->model->state, index, state);
    return FEXPR_OK;
  });
}

fexpr_status fexpr_context_diff_count(const fexpr_context* context, size_t* count) {
  return guarded([&] {
    if (!context) return usage("fexpr_context_diff_count: context is NULL");
    if (!count) return usage("fexpr_context_diff_count: count is NULL");
    *count = 0;
    if (!context->model) return FEXPR_OK;
    for (const dataset::Statement& s : context->model->dataset.statements) *count += s.name == "DIFF" && s.id;
    return FEXPR_OK;
  });
}

fexpr_status fexpr_context_diff(const fexpr_context* context, size_t k, long* id, size_t* slot, double* initial) {
  return guarded([&] {
    if (!context) return usage("fexpr_context_diff: context is NULL");
    if (!context->model) return usage("fexpr_context_diff: the context has no model");
    size_t seen = 0;
    for (const dataset::Statement& s : context->model->dataset.statements) {
      if (s.name != "DIFF" || !s.id || seen++ != k) continue;
      const std::string name = "DIFF/" + std::to_string(*s.id);
      double ic = 0.0;
      const dataset::Argument* given = dataset::find_argument(s, "IC");
      if (given && !given->values.empty()) {
        auto v = dataset::real(given->values.front());
        if (!v) return fail(FEXPR_MODEL_ERROR, name + " IC= '" + given->values.front().text + "' is not a number");
        ic = *v;
      }
      if (id) *id = *s.id;
      if (slot) *slot = *context->context.variable_slot(name);
      if (initial) *initial = ic;
      return FEXPR_OK;
    }
    return usage("fexpr_context_diff: k is " + std::to_string(k) + ", the model has " + std::to_string(seen) +
                 " DIFF statements");
  });
}

fexpr_status fexpr_context_get_part_state(const fexpr_context* context, long part_id, double* state) {
  return guarded([&] {
    if (!context) return usage("fexpr_context_get_part_state: context is NULL");
    if (!state) return usage("fexpr_context_get_part_state: state is NULL");
    if (!context->model) return usage("fexpr_context_get_part_state: the context has no model");
    const int index = context->model->build.model.find_part(part_id);
    if (index < 0) return usage("the model has no " + part_name(part_id));
    for (int k = 0; k < kinematics::kStatesPerPart; ++k)
      state[k] = kinematics::state_value(context->model->state->part(index), k);
    return FEXPR_OK;
  });
}

fexpr_status fexpr_compile(const fexpr_context* context, const char* text, fexpr_expression** expression) {
  return guarded([&] {
    if (!context) return usage("fexpr_compile: context is NULL");
    if (!text) return usage("fexpr_compile: text is NULL");
    if (!expression) return usage("fexpr_compile: expression is NULL");
    auto source = std::make_shared<const SourceText>("<expression>", text);
    CompileOptions options;
    options.hints = {"declare it with fexpr_context_declare_variable", "load one with fexpr_context_load_model"};
    CompileResult compiled = compile(source->text(), context->context, options);
    if (!compiled) return fail(status_of(compiled.diagnostics.front().code), compiled.diagnostics.front(), *source);
    *expression = new fexpr_expression{std::move(*compiled.expression), std::move(source), context->model};
    return FEXPR_OK;
  });
}

fexpr_status fexpr_compile_element(const fexpr_context* context, const char* element, fexpr_expression** expression) {
  return guarded([&] {
    if (!context) return usage("fexpr_compile_element: context is NULL");
    if (!element) return usage("fexpr_compile_element: element is NULL");
    if (!expression) return usage("fexpr_compile_element: expression is NULL");
    if (!context->model) return usage("fexpr_compile_element: the context has no model");
    std::string type;
    long id = 0;
    if (!element_name(element, type, id))
      return usage("fexpr_compile_element: '" + std::string(element) + "' is not an element such as VARIABLE/3");
    const LoadedModel& m = *context->model;
    const auto* e = m.elements->element(type, id);
    if (!e) return usage("the model has no " + type + "/" + std::to_string(id));
    if (!e->expression) return element_failure(m, *e);
    // The expression's spans are offsets into the dataset, which the model keeps.
    std::shared_ptr<const SourceText> source(context->model, m.source.get());
    *expression = new fexpr_expression{*e->expression, std::move(source), context->model};
    return FEXPR_OK;
  });
}

fexpr_status fexpr_compile_loads(const fexpr_context* context, const char* element, fexpr_expression* loads[12]) {
  return guarded([&] {
    if (!context) return usage("fexpr_compile_loads: context is NULL");
    if (!element) return usage("fexpr_compile_loads: element is NULL");
    return compile_loads("fexpr_compile_loads", *context, element, loads);
  });
}

fexpr_status fexpr_compile_sforce_loads(const fexpr_context* context, long id, fexpr_expression* loads[12]) {
  return guarded([&] {
    if (!context) return usage("fexpr_compile_sforce_loads: context is NULL");
    return compile_loads("fexpr_compile_sforce_loads", *context, "SFORCE/" + std::to_string(id), loads);
  });
}

void fexpr_expression_destroy(fexpr_expression* expression) { delete expression; }

fexpr_status fexpr_expression_derivative_count(const fexpr_expression* expression, size_t* count) {
  return guarded([&] {
    if (!expression) return usage("fexpr_expression_derivative_count: expression is NULL");
    if (!count) return usage("fexpr_expression_derivative_count: count is NULL");
    *count = expression->expression.derivative_count();
    return FEXPR_OK;
  });
}

fexpr_status fexpr_expression_derivative_name(const fexpr_expression* expression, size_t k, const char** name) {
  return guarded([&] {
    if (!expression) return usage("fexpr_expression_derivative_name: expression is NULL");
    if (!name) return usage("fexpr_expression_derivative_name: name is NULL");
    const auto& names = expression->expression.derivative_names();
    if (k >= names.size()) {
      return usage("fexpr_expression_derivative_name: k is " + std::to_string(k) + ", the expression has " +
                   std::to_string(names.size()) + " derivatives");
    }
    *name = names[k].c_str();
    return FEXPR_OK;
  });
}

fexpr_status fexpr_workspace_create(fexpr_workspace** workspace) {
  return guarded([&] {
    if (!workspace) return usage("fexpr_workspace_create: workspace is NULL");
    *workspace = new fexpr_workspace;
    return FEXPR_OK;
  });
}

void fexpr_workspace_destroy(fexpr_workspace* workspace) { delete workspace; }

fexpr_status fexpr_workspace_set_mode(fexpr_workspace* workspace, double mode) {
  return guarded([&] {
    if (!workspace) return usage("fexpr_workspace_set_mode: workspace is NULL");
    if (!std::isfinite(mode)) return fail(FEXPR_DOMAIN_ERROR, "fexpr_workspace_set_mode: mode is NaN or infinite");
    workspace->mode = mode;
    return FEXPR_OK;
  });
}

fexpr_status fexpr_workspace_set_part_state(fexpr_workspace* workspace, const fexpr_context* context, long part_id,
                                            const double* state) {
  return guarded([&] {
    if (!workspace) return usage("fexpr_workspace_set_part_state: workspace is NULL");
    if (!context) return usage("fexpr_workspace_set_part_state: context is NULL");
    if (!state) return usage("fexpr_workspace_set_part_state: state is NULL");
    if (!context->model) return usage("fexpr_workspace_set_part_state: the context has no model");
    int index = 0;
    if (fexpr_status s = settable_part(*context->model, part_id, state, index); s != FEXPR_OK) return s;
    if (workspace->model != context->model) {
      workspace->state.emplace(*context->model->state);
      workspace->model = context->model;
    }
    write_part_state(*workspace->state, index, state);
    return FEXPR_OK;
  });
}

fexpr_status fexpr_evaluate(const fexpr_expression* expression, fexpr_workspace* workspace, double time,
                            const double* variables, size_t n, double* value) {
  return evaluate("fexpr_evaluate", nullptr, expression, workspace, time, variables, n, value,
                  [&](const Inputs& in) { return expression->expression.value(in, workspace->workspace); });
}

fexpr_status fexpr_gradient(const fexpr_expression* expression, fexpr_workspace* workspace, double time,
                            const double* variables, size_t n, double* value, double* grad) {
  const char* missing = grad ? nullptr : "grad";
  return evaluate("fexpr_gradient", missing, expression, workspace, time, variables, n, value, [&](const Inputs& in) {
    const std::size_t count = expression->expression.derivative_count();
    return expression->expression.gradient(in, workspace->workspace, std::span<double>(grad, count));
  });
}

fexpr_status fexpr_hessian(const fexpr_expression* expression, fexpr_workspace* workspace, double time,
                           const double* variables, size_t n, double* value, double* grad, double* hess) {
  const char* missing = !grad ? "grad" : !hess ? "hess" : nullptr;
  return evaluate("fexpr_hessian", missing, expression, workspace, time, variables, n, value, [&](const Inputs& in) {
    const std::size_t count = expression->expression.derivative_count();
    return expression->expression.hessian(in, workspace->workspace, std::span<double>(grad, count),
                                          std::span<double>(hess, count * count));
  });
}

fexpr_status fexpr_evaluate_batch(const fexpr_expression* expression, fexpr_workspace* workspace, size_t count,
                                  const double* times, const double* variables, size_t n, double* values,
                                  size_t* failed) {
  return guarded([&] {
    const auto misuse = [](const std::string& why) { return usage("fexpr_evaluate_batch: " + why); };
    if (fexpr_status s = check_call(misuse, expression, workspace, variables, n); s != FEXPR_OK) return s;
    if (!failed) return misuse("failed is NULL");
    if (count == 0) {
      *failed = 0;
      return FEXPR_OK;
    }
    if (!times) return misuse("times is NULL but count is " + std::to_string(count));
    if (!values) return misuse("values is NULL but count is " + std::to_string(count));
    return evaluate_batch(misuse, *expression, *workspace, count, times, variables, n, values, failed);
  });
}

fexpr_status fexpr_impact(double x, double xdot, double x1, double k, double e, double cmax, double d, int order,
                          double value[3], int* errflg) {
  return contact("IMPACT", {x, xdot, x1, k, e, cmax, d}, order, value, errflg,
                 [&] { return builtins::impact(x, xdot, x1, k, e, cmax, d, order, value); });
}

fexpr_status fexpr_bistop(double x, double xdot, double x1, double x2, double k, double e, double cmax, double d,
                          int order, double value[3], int* errflg) {
  return contact("BISTOP", {x, xdot, x1, x2, k, e, cmax, d}, order, value, errflg,
                 [&] { return builtins::bistop(x, xdot, x1, x2, k, e, cmax, d, order, value); });
}

}  // extern "C"
