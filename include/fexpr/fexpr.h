/* The C API of fexpr: compile Adams function expressions and the elements of a dataset,
 * evaluate them with their gradient and Hessian, and the IMPACT and BISTOP contact forces in
 * the layout of RecurDyn's rd_impact.
 *
 *   fexpr_context* ctx;      fexpr_expression* f;      fexpr_workspace* ws;
 *   size_t x, v;
 *   fexpr_context_create(&ctx);
 *   fexpr_context_declare_variable(ctx, "x", &x);                    slot 0
 *   fexpr_context_declare_variable(ctx, "v", &v);                    slot 1
 *   if (fexpr_compile(ctx, "-1E4*(x-0.5) - 25*v", &f) != FEXPR_OK) {
 *     const char* message; unsigned line, column;
 *     fexpr_last_error(&message, &line, &column);
 *   }
 *   fexpr_workspace_create(&ws);                                     one per thread
 *   double vars[2] = {0.6, 0.3}, force, grad[3];                     grad: TIME, x, v
 *   fexpr_gradient(f, ws, 0.0, vars, 2, &force, grad);
 *   fexpr_workspace_destroy(ws); fexpr_expression_destroy(f); fexpr_context_destroy(ctx);
 *
 * Rules that hold for every function:
 * - Nothing throws or aborts: each call returns a status; on failure its outputs are unchanged
 *   (but for fexpr_evaluate_batch, fexpr_impact and fexpr_bistop, below) and fexpr_last_error()
 *   describes the failure.
 * - A NULL handle or a NULL required pointer is FEXPR_USAGE_ERROR. Any other invalid pointer
 *   (a destroyed handle, a too short array) is undefined behaviour.
 * - Strings are NUL-terminated UTF-8 (names are ASCII). A derivative name stays valid as long
 *   as its expression; status names are static.
 *
 * Threads: an expression is immutable and may be evaluated from several threads at once, each
 * with its own workspace. A context may be used by several threads at once (fexpr_compile) as
 * long as none changes it (declare, load, set a part state). Kinematic expressions read the
 * model state of their context, or the workspace's own copy once fexpr_workspace_set_part_state()
 * has given it one: the context's state must not be set while another thread evaluates from it,
 * and threads that evaluate at different states set them on their workspaces. Errors are kept
 * per thread.
 *
 * Compiles as C99 and as C++.
 */
#ifndef FEXPR_FEXPR_H
#define FEXPR_FEXPR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fexpr_status {
  FEXPR_OK = 0,
  FEXPR_SYNTAX_ERROR = 1,   /* malformed expression, or nesting too deep */
  FEXPR_NAME_ERROR = 2,     /* unknown variable, constant or function */
  FEXPR_ARITY_ERROR = 3,    /* wrong number of arguments */
  FEXPR_ARGUMENT_ERROR = 4, /* an argument the call cannot accept: a marker that does not exist, a
                               kinematic function without a model, a non-constant marker id */
  FEXPR_DOMAIN_ERROR = 5,   /* evaluation: SQRT(-1), division by zero, overflow, NaN input,
                               bad IMPACT/BISTOP parameters */
  FEXPR_MODEL_ERROR = 6,    /* a model that cannot be read or has errors */
  FEXPR_USAGE_ERROR = 7,    /* the caller's mistake: NULL argument, too few variables, bad name,
                               unknown part, no model, order not 0, 1 or 2 */
  FEXPR_OUT_OF_MEMORY = 8,
  FEXPR_INTERNAL_ERROR = 9, /* a bug in fexpr; please report it with the message */
  FEXPR_NOT_COMPILED = 10   /* fexpr_compile_native: no C compiler, or a construct the code
                               generator does not write; keep evaluating the expression */
} fexpr_status;

/* Opaque handles. */
typedef struct fexpr_context fexpr_context;
typedef struct fexpr_expression fexpr_expression;
typedef struct fexpr_workspace fexpr_workspace;
typedef struct fexpr_native fexpr_native;

/* The number of states of a part, in this order:
 * x y z (position), psi theta phi (body 3-1-3 Euler angles), vx vy vz (velocity), wx wy wz
 * (angular velocity), all in ground. */
#define FEXPR_STATES_PER_PART 12

/* ---- Errors ---- */

/* The most recent failed call on this thread: returns its status (FEXPR_OK if none failed yet)
 * and, through the pointers that are not NULL, its message and the 1-based line and column it
 * concerns: in the expression text for compile and evaluation errors, in the model text for
 * model errors (the column counts characters: a UTF-8 sequence is one, so is a byte that is not
 * UTF-8, and a tab); 0 and 0 when the error has no place in a text. Calls that succeed leave it
 * unchanged. The message stays valid until the next failed call on this thread. */
fexpr_status fexpr_last_error(const char** message, unsigned* line, unsigned* column);

/* "FEXPR_OK", "FEXPR_SYNTAX_ERROR", ...; "unknown status" for any other value. */
const char* fexpr_status_name(fexpr_status status);

/* The library's version, "MAJOR.MINOR.PATCH" (as `fexpr --version` prints it); a static string. */
const char* fexpr_version(void);

/* ---- Contexts: what names mean when an expression is compiled ---- */

fexpr_status fexpr_context_create(fexpr_context** context);
/* Expressions compiled from the context stay valid after it is destroyed. NULL is ignored. */
void fexpr_context_destroy(fexpr_context* context);

/* Declares a user variable (a name of letters, digits and '_', not starting with a digit;
 * case-insensitive; not TIME, MODE, PI, DTOR or RTOD) and writes its slot, its index in the
 * variables array of the evaluation calls. Declaring a name twice gives the first slot. */
fexpr_status fexpr_context_declare_variable(fexpr_context* context, const char* name, size_t* slot);

/* Loads an .adm dataset, read from a file or from text (name is used in messages only): its
 * parts and markers give meaning to kinematic functions (DM, VR, DX, ...), its elements to
 * element functions (VARVAL, PINVAL, POUVAL, ARYVAL, SFORCE, CUBSPL, AKISPL, DIF, DIF1), and
 * fexpr_compile_element compiles any element's FUNCTION. The model state starts at the
 * dataset's initial conditions. Each DIFF statement, in dataset order, becomes a variable of the
 * context named "DIFF/id", declared after the variables declared so far: DIF(id) reads it and
 * derivatives are taken with respect to it, so a host integrates the DIFFs (their number,
 * slots and IC= from fexpr_context_diff); DIF1(id) is an explicit DIFF's FUNCTION. Replaces
 * any earlier model; expressions compiled before keep theirs. */
fexpr_status fexpr_context_load_model(fexpr_context* context, const char* path);
fexpr_status fexpr_context_load_model_text(fexpr_context* context, const char* name, const char* text);

/* Sets or reads the FEXPR_STATES_PER_PART states of PART/part_id in the context's model state.
 * Ground's state is fixed: setting it is FEXPR_USAGE_ERROR. Non-finite values are
 * FEXPR_DOMAIN_ERROR. */
fexpr_status fexpr_context_set_part_state(fexpr_context* context, long part_id, const double* state);
fexpr_status fexpr_context_get_part_state(const fexpr_context* context, long part_id, double* state);

/* The DIFF statements of the context's model (0 without a model), and the k-th's id, the slot
 * of its variable and its initial value IC= (0 when not given); id, slot and initial may be
 * NULL. k out of range is FEXPR_USAGE_ERROR. */
fexpr_status fexpr_context_diff_count(const fexpr_context* context, size_t* count);
fexpr_status fexpr_context_diff(const fexpr_context* context, size_t k, long* id, size_t* slot, double* initial);

/* ---- Expressions: compiled once, immutable ---- */

/* Compiles text against the context's variables and model. Variables declared later are not
 * seen by this expression. */
fexpr_status fexpr_compile(const fexpr_context* context, const char* text, fexpr_expression** expression);
void fexpr_expression_destroy(fexpr_expression* expression);

/* The FUNCTION of an element of the context's model, named as in the dataset: "VARIABLE/3",
 * "SFORCE/1", "MOTION/2", "DIFF/1" (upper or lower case). Element functions in it are bound
 * as in fexpr_context_load_model; evaluation errors are placed in the dataset's text. An element
 * that does not exist, or a context without a model, is FEXPR_USAGE_ERROR; one computed by a
 * user subroutine, without FUNCTION=, reading what fexpr does not evaluate (JOINT, CONTACT, ...)
 * or on a reference cycle is FEXPR_ARGUMENT_ERROR; its compile errors have their status and
 * their line and column in the dataset. */
fexpr_status fexpr_compile_element(const fexpr_context* context, const char* element, fexpr_expression** expression);

/* The loads of an applied force element of the context's model, named as in the dataset
 * ("SFORCE/1", "SPRINGDAMPER/2", "BUSHING/3", "FIELD/1", "BEAM/1", "VFORCE/1", "VTORQUE/1",
 * "GFORCE/1"; upper or lower case), as 12 expressions in ground axes: the force on I (x, y, z),
 * the torque on I about I, the force on J, the torque on J about J (J is JFLOAT's marker for
 * VFORCE, VTORQUE and GFORCE; see fexpr loads). Each is destroyed with fexpr_expression_destroy;
 * on failure none is made. An element that does not exist or is not an applied force element,
 * a name not like "BUSHING/3" or a context without a model is FEXPR_USAGE_ERROR. One that fexpr
 * does not evaluate (a user subroutine, a non-linear BEAM, a function that needs the solver) is
 * FEXPR_ARGUMENT_ERROR placed in the dataset, its message ending in what the host does: compute
 * those loads itself; an SFORCE's FUNCTION fails with the statuses of fexpr_compile_element.
 * fexpr composes the loads' text from the element's parameters and functions, so their
 * evaluation errors have line and column 0. */
fexpr_status fexpr_compile_loads(const fexpr_context* context, const char* element, fexpr_expression* loads[12]);

/* fexpr_compile_loads(context, "SFORCE/<id>", loads) (see fexpr sforce for the line of action
 * of TRANSLATIONAL, ROTATIONAL and ACTIONONLY). */
fexpr_status fexpr_compile_sforce_loads(const fexpr_context* context, long id, fexpr_expression* loads[12]);

/* The inputs of the derivatives, in gradient order: TIME, each variable declared when the
 * expression was compiled (index 1 + slot), then the model states it reads ("PART/3.x"). */
fexpr_status fexpr_expression_derivative_count(const fexpr_expression* expression, size_t* count);
fexpr_status fexpr_expression_derivative_name(const fexpr_expression* expression, size_t k, const char** name);

/* ---- Workspaces: per-thread evaluation memory and settings ---- */

fexpr_status fexpr_workspace_create(fexpr_workspace** workspace);
void fexpr_workspace_destroy(fexpr_workspace* workspace);

/* The value of MODE in evaluations with this workspace; 4 (dynamic analysis) until set.
 * A NaN or infinite mode is FEXPR_DOMAIN_ERROR and leaves it unchanged. */
fexpr_status fexpr_workspace_set_mode(fexpr_workspace* workspace, double mode);

/* Sets PART/part_id's states in the workspace's own copy of the context's model state, made
 * from the context's current state on the first call for that context's model. From then on
 * expressions compiled with that model read the workspace's copy when evaluated with this
 * workspace. Same checks as fexpr_context_set_part_state. A workspace holding another model's
 * states is FEXPR_USAGE_ERROR when it evaluates an expression of a different model. */
fexpr_status fexpr_workspace_set_part_state(fexpr_workspace* workspace, const fexpr_context* context, long part_id,
                                            const double* state);

/* ---- Evaluation ----
 * variables holds n values indexed by slot; n must cover every variable declared when the
 * expression was compiled (variables may be NULL when n is 0). grad receives
 * fexpr_expression_derivative_count() values, hess that count squared (row-major, symmetric).
 * The first evaluation of an expression with a workspace allocates; later ones do not. */

fexpr_status fexpr_evaluate(const fexpr_expression* expression, fexpr_workspace* workspace, double time,
                            const double* variables, size_t n, double* value);
fexpr_status fexpr_gradient(const fexpr_expression* expression, fexpr_workspace* workspace, double time,
                            const double* variables, size_t n, double* value, double* grad);
fexpr_status fexpr_hessian(const fexpr_expression* expression, fexpr_workspace* workspace, double time,
                           const double* variables, size_t n, double* value, double* grad, double* hess);

/* The value at count points, for sweeps, plots and checks: point k has TIME times[k] and the n
 * variables variables[k*n .. k*n + n) (one row per point; variables may be NULL when n is 0),
 * and MODE and the model state as in fexpr_evaluate (the same state at every point). values[k]
 * receives its value, bit for bit what fexpr_evaluate gives, and *failed is count. The checks
 * and the set-up are paid once per call, not once per point. times and values may be NULL when
 * count is 0; failed may not. At the first point k that cannot be evaluated the call returns
 * FEXPR_DOMAIN_ERROR with *failed = k, values[0..k) written and values[k..count) as they were
 * (the exception to the rule that a failed call changes nothing); fexpr_last_error()'s message
 * begins "point k: ". To go on past it (a gap in a plot), call again from point k + 1:
 *
 *   size_t done = 0, failed;
 *   while (fexpr_evaluate_batch(f, ws, count - done, times + done, vars + done * n, n, values + done,
 *                               &failed) == FEXPR_DOMAIN_ERROR) {
 *     values[done + failed] = NAN;
 *     done += failed + 1;
 *   }
 *
 * (a real loop also stops on the other statuses, the caller's mistakes, which change nothing). */
fexpr_status fexpr_evaluate_batch(const fexpr_expression* expression, fexpr_workspace* workspace, size_t count,
                                  const double* times, const double* variables, size_t n, double* values,
                                  size_t* failed);

/* ---- The compiled path: an expression as native code ----
 * fexpr_compile_native generates C for the expression's value and gradient (as fexpr codegen
 * does), builds it with the system C compiler ($CC, else cc) into a shared object in a cache
 * folder ($FEXPR_CACHE, else $XDG_CACHE_HOME/fexpr, else ~/.cache/fexpr) and loads it: a
 * compiler run the first time (0.2-0.5 s), about a millisecond later, in this process or the
 * next. Where it cannot, it returns FEXPR_NOT_COMPILED and fexpr_last_error() says why (no C
 * compiler; a construct the generator does not write yet, such as a model's measures or MAG; the
 * compiler's output): keep evaluating the expression. A compiled expression gives the
 * interpreter's value and gradient bit for bit and its evaluation errors (FEXPR_DOMAIN_ERROR,
 * the same message, the line and column of the expression's start). It is immutable, needs no
 * workspace, allocates nothing when called, may be called from several threads at once, and
 * stays valid after its expression is destroyed. */
fexpr_status fexpr_compile_native(const fexpr_expression* expression, fexpr_native** native);
void fexpr_native_destroy(fexpr_native* native);

/* As fexpr_evaluate and fexpr_gradient, with MODE given (4 in a dynamic analysis). grad holds
 * grad_size values: fewer than fexpr_expression_derivative_count() is FEXPR_USAGE_ERROR and
 * leaves grad as it was, never a partial gradient. */
fexpr_status fexpr_native_evaluate(const fexpr_native* native, double time, const double* variables, size_t n,
                                   double mode, double* value);
fexpr_status fexpr_native_gradient(const fexpr_native* native, double time, const double* variables, size_t n,
                                   double mode, double* value, double* grad, size_t grad_size);

/* ---- Contact forces in the layout of RecurDyn's rd_impact ----
 * order 0: value[0] = F;
 * order 1: value[0] = dF/dx,     value[1] = dF/dxdot;
 * order 2: value[0] = d2F/dx2,   value[1] = d2F/dx dxdot,  value[2] = d2F/dxdot2 (= 0).
 * Other entries are 0, and every entry is 0 where the contact is open or the force is clipped
 * to 0. IMPACT: F = k(x1-x)^e - STEP(x, x1-d, cmax, x1, 0)*xdot for x < x1, at least 0.
 * BISTOP: the same below x1; above x2, F = -k(x-x2)^e - STEP(x, x2, 0, x2+d, cmax)*xdot, at
 * most 0. On error value is all 0 (if not NULL) and *errflg is 1, otherwise *errflg is 0
 * (errflg may be NULL); the status says which error: FEXPR_DOMAIN_ERROR for bad parameters
 * (k < 0, e <= 0, cmax < 0, d <= 0, BISTOP x1 >= x2, NaN or infinite arguments) and for an
 * entry too large for double precision (an overflow; with e < 1 the derivatives just inside x1
 * grow without bound), never a NaN or infinite entry;
 * FEXPR_USAGE_ERROR for an order other than 0, 1 or 2 or a NULL value. */
fexpr_status fexpr_impact(double x, double xdot, double x1, double k, double e, double cmax, double d, int order,
                          double value[3], int* errflg);
fexpr_status fexpr_bistop(double x, double xdot, double x1, double x2, double k, double e, double cmax, double d,
                          int order, double value[3], int* errflg);

#ifdef __cplusplus
}
#endif

#endif
