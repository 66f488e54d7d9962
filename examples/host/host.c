/* A host shaped like a solver's user-function interface (RecurDyn CoLink's U Function:
 * simInitializes, simInitialConditions, simDerivatives, simJacobians, simOutputs,
 * simTerminates; an Adams DIFSUB with its partials is the same idea). Its differential states
 * are the DIFF statements of a dataset, whose FUNCTIONs fexpr evaluates with their analytic
 * Jacobian; the host integrates them with the trapezoidal rule, solving each step's implicit
 * equations by Newton's method with that Jacobian.
 *
 *   host DATASET.adm END_TIME STEP PRINT_EVERY [ELEMENT ...]
 *
 * prints the Jacobian at the initial state, then every PRINT_EVERY steps the time, the states
 * and the value of each ELEMENT ("VARIABLE/2") as an output. */
#include <fexpr/fexpr.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the solver keeps for the user function between calls. */
typedef struct {
  fexpr_context* context;
  fexpr_workspace* workspace;
  size_t n;                       /* differential states: the dataset's DIFFs */
  fexpr_expression** derivative;  /* d(state k)/dt: DIFF k's FUNCTION */
  size_t* slot;                   /* the variable DIF(id) of DIFF k reads */
  double* initial;                /* IC= of DIFF k */
  size_t outputs;
  fexpr_expression** output;
  size_t variable_count;  /* variables the evaluations take: the context's, DIFF states among them */
  double* variables;
  double* gradient;
  size_t gradient_size;
} UFunction;

static int failed(const char* what) {
  const char* message;
  unsigned line, column;
  fexpr_status status = fexpr_last_error(&message, &line, &column);
  fprintf(stderr, "host: %s: %s: %s (line %u, column %u)\n", what, fexpr_status_name(status), message, line,
          column);
  return 1;
}

static void* allocate(size_t count, size_t size) {
  void* p = calloc(count ? count : 1, size);
  if (!p) {
    fprintf(stderr, "host: out of memory\n");
    exit(1);
  }
  return p;
}

/* The user function's expressions: each DIFF's FUNCTION and the outputs. The gradient of an
 * expression runs over TIME, then the context's variables by slot, so d/d(DIF(id)) is at
 * 1 + slot; the names are checked to say so. */
static int sim_initializes(UFunction* u, const char* dataset, size_t outputs, char** output) {
  size_t k, j;
  if (fexpr_context_create(&u->context) != FEXPR_OK) return failed("create a context");
  if (fexpr_context_load_model(u->context, dataset) != FEXPR_OK) return failed(dataset);
  if (fexpr_context_diff_count(u->context, &u->n) != FEXPR_OK) return failed("count the DIFFs");
  if (fexpr_workspace_create(&u->workspace) != FEXPR_OK) return failed("create a workspace");
  u->derivative = allocate(u->n, sizeof *u->derivative);
  u->slot = allocate(u->n, sizeof *u->slot);
  u->initial = allocate(u->n, sizeof *u->initial);
  u->outputs = outputs;
  u->output = allocate(outputs, sizeof *u->output);
  for (k = 0; k < u->n; ++k) {
    long id;
    char name[64];
    if (fexpr_context_diff(u->context, k, &id, &u->slot[k], &u->initial[k]) != FEXPR_OK) return failed("a DIFF");
    snprintf(name, sizeof name, "DIFF/%ld", id);
    if (fexpr_compile_element(u->context, name, &u->derivative[k]) != FEXPR_OK) return failed(name);
    if (u->slot[k] + 1 > u->variable_count) u->variable_count = u->slot[k] + 1;
  }
  for (k = 0; k < outputs; ++k) {
    if (fexpr_compile_element(u->context, output[k], &u->output[k]) != FEXPR_OK) return failed(output[k]);
  }
  for (k = 0; k < u->n; ++k) {
    size_t count;
    fexpr_expression_derivative_count(u->derivative[k], &count);
    if (count > u->gradient_size) u->gradient_size = count;
    for (j = 0; j < u->n; ++j) {
      const char* name = "";
      char expected[64];
      long id;
      fexpr_context_diff(u->context, j, &id, NULL, NULL);
      snprintf(expected, sizeof expected, "DIFF/%ld", id);
      if (fexpr_expression_derivative_name(u->derivative[k], 1 + u->slot[j], &name) != FEXPR_OK ||
          strcmp(name, expected) != 0) {
        fprintf(stderr, "host: derivative %zu of DIFF %zu is '%s', not %s\n", 1 + u->slot[j], k, name, expected);
        return 1;
      }
    }
  }
  u->variables = allocate(u->variable_count, sizeof *u->variables);
  u->gradient = allocate(u->gradient_size, sizeof *u->gradient);
  return 0;
}

static void sim_initial_conditions(const UFunction* u, double* y) {
  size_t k;
  for (k = 0; k < u->n; ++k) y[k] = u->initial[k];
}

static void set_states(UFunction* u, const double* y) {
  size_t k;
  for (k = 0; k < u->n; ++k) u->variables[u->slot[k]] = y[k];
}

/* The values of count expressions at (t, y). */
static int evaluate(UFunction* u, double t, const double* y, fexpr_expression** f, size_t count, double* out,
                    const char* what) {
  size_t k;
  set_states(u, y);
  for (k = 0; k < count; ++k) {
    if (fexpr_evaluate(f[k], u->workspace, t, u->variables, u->variable_count, &out[k]) != FEXPR_OK)
      return failed(what);
  }
  return 0;
}

static int sim_derivatives(UFunction* u, double t, const double* y, double* ydot) {
  return evaluate(u, t, y, u->derivative, u->n, ydot, "derivatives");
}

/* jacobian[k*n + j] = d(ydot k)/d(y j), with ydot as well. */
static int sim_jacobians(UFunction* u, double t, const double* y, double* ydot, double* jacobian) {
  size_t k, j;
  set_states(u, y);
  for (k = 0; k < u->n; ++k) {
    if (fexpr_gradient(u->derivative[k], u->workspace, t, u->variables, u->variable_count, &ydot[k], u->gradient) !=
        FEXPR_OK)
      return failed("Jacobian");
    for (j = 0; j < u->n; ++j) jacobian[k * u->n + j] = u->gradient[1 + u->slot[j]];
  }
  return 0;
}

static int sim_outputs(UFunction* u, double t, const double* y, double* out) {
  return evaluate(u, t, y, u->output, u->outputs, out, "outputs");
}

static void sim_terminates(UFunction* u) {
  size_t k;
  for (k = 0; k < u->n; ++k) fexpr_expression_destroy(u->derivative[k]);
  for (k = 0; k < u->outputs; ++k) fexpr_expression_destroy(u->output[k]);
  fexpr_workspace_destroy(u->workspace);
  fexpr_context_destroy(u->context);
  free(u->derivative);
  free(u->slot);
  free(u->initial);
  free(u->output);
  free(u->variables);
  free(u->gradient);
}

/* Solves a x = b in place (b becomes x) by Gaussian elimination with partial pivoting;
 * nonzero when a is singular. */
static int solve(size_t n, double* a, double* b) {
  size_t i, j, k;
  for (k = 0; k < n; ++k) {
    size_t pivot = k;
    for (i = k + 1; i < n; ++i) {
      if (fabs(a[i * n + k]) > fabs(a[pivot * n + k])) pivot = i;
    }
    if (a[pivot * n + k] == 0.0) return 1;
    for (j = 0; j < n; ++j) {
      double swap = a[k * n + j];
      a[k * n + j] = a[pivot * n + j];
      a[pivot * n + j] = swap;
    }
    {
      double swap = b[k];
      b[k] = b[pivot];
      b[pivot] = swap;
    }
    for (i = k + 1; i < n; ++i) {
      double factor = a[i * n + k] / a[k * n + k];
      for (j = k; j < n; ++j) a[i * n + j] -= factor * a[k * n + j];
      b[i] -= factor * b[k];
    }
  }
  for (k = n; k-- > 0;) {
    for (j = k + 1; j < n; ++j) b[k] -= a[k * n + j] * b[j];
    b[k] /= a[k * n + k];
  }
  return 0;
}

/* One trapezoidal step from (t, y) with f0 = f(t, y): y1 - y - h/2 (f0 + f(t + h, y1)) = 0,
 * solved by Newton from y1 = y + h f0 with the matrix I - h/2 J(t + h, y1). Returns the Newton
 * iterations, or -1. */
static int step(UFunction* u, double t, double h, const double* y, const double* f0, double* y1, double* f1,
                double* jacobian, double* residual) {
  const size_t n = u->n;
  int iteration;
  size_t k, j;
  for (k = 0; k < n; ++k) y1[k] = y[k] + h * f0[k];
  for (iteration = 1; iteration <= 20; ++iteration) {
    double change = 0.0, scale = 0.0;
    if (sim_jacobians(u, t + h, y1, f1, jacobian)) return -1;
    for (k = 0; k < n; ++k) {
      residual[k] = -(y1[k] - y[k] - 0.5 * h * (f0[k] + f1[k]));
      for (j = 0; j < n; ++j) jacobian[k * n + j] = (k == j ? 1.0 : 0.0) - 0.5 * h * jacobian[k * n + j];
    }
    if (solve(n, jacobian, residual)) {
      fprintf(stderr, "host: singular Newton matrix at t = %g\n", t + h);
      return -1;
    }
    for (k = 0; k < n; ++k) {
      y1[k] += residual[k];
      if (fabs(residual[k]) > change) change = fabs(residual[k]);
      if (fabs(y1[k]) > scale) scale = fabs(y1[k]);
    }
    if (change <= 1e-12 * (1.0 + scale)) return sim_derivatives(u, t + h, y1, f1) ? -1 : iteration;
  }
  fprintf(stderr, "host: Newton did not converge at t = %g\n", t + h);
  return -1;
}

static void print_row(const UFunction* u, double t, const double* y, const double* out) {
  size_t k;
  printf("%10.4f", t);
  for (k = 0; k < u->n; ++k) printf(" %20.12e", y[k]);
  for (k = 0; k < u->outputs; ++k) printf(" %20.12e", out[k]);
  printf("\n");
}

int main(int argc, char** argv) {
  UFunction u;
  double end, h, t = 0.0;
  double *y, *y1, *f0, *f1, *jacobian, *residual, *out;
  long every, steps, s;
  int most = 0;
  size_t k, j;
  if (argc < 5) {
    fprintf(stderr, "usage: host DATASET.adm END_TIME STEP PRINT_EVERY [ELEMENT ...]\n");
    return 2;
  }
  end = atof(argv[2]);
  h = atof(argv[3]);
  every = atol(argv[4]);
  if (!(h > 0.0) || !(end >= 0.0) || every < 1) {
    fprintf(stderr, "host: END_TIME >= 0, STEP > 0 and PRINT_EVERY >= 1\n");
    return 2;
  }
  memset(&u, 0, sizeof u);
  if (sim_initializes(&u, argv[1], (size_t)(argc - 5), argv + 5)) return 1;
  y = allocate(u.n, sizeof *y);
  y1 = allocate(u.n, sizeof *y1);
  f0 = allocate(u.n, sizeof *f0);
  f1 = allocate(u.n, sizeof *f1);
  jacobian = allocate(u.n * u.n, sizeof *jacobian);
  residual = allocate(u.n, sizeof *residual);
  out = allocate(u.outputs, sizeof *out);

  sim_initial_conditions(&u, y);
  if (sim_jacobians(&u, t, y, f0, jacobian)) return 1;
  printf("%zu states; Jacobian at t = 0, row k = d(state k)' / d(states):\n", u.n);
  for (k = 0; k < u.n; ++k) {
    printf("jacobian");
    for (j = 0; j < u.n; ++j) printf(" %20.12e", jacobian[k * u.n + j]);
    printf("\n");
  }
  if (sim_outputs(&u, t, y, out)) return 1;
  print_row(&u, t, y, out);
  steps = lround(end / h);
  for (s = 1; s <= steps; ++s) {
    int iterations = step(&u, t, h, y, f0, y1, f1, jacobian, residual);
    if (iterations < 0) return 1;
    if (iterations > most) most = iterations;
    t = (double)s * h;
    memcpy(y, y1, u.n * sizeof *y);
    memcpy(f0, f1, u.n * sizeof *f0);
    if (s % every == 0) {
      if (sim_outputs(&u, t, y, out)) return 1;
      print_row(&u, t, y, out);
    }
  }
  printf("at most %d Newton iterations a step\n", most);
  sim_terminates(&u);
  free(y);
  free(y1);
  free(f0);
  free(f1);
  free(jacobian);
  free(residual);
  free(out);
  return 0;
}
