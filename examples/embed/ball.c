/* A ball of mass m dropped onto the ground, which pushes back with IMPACT: the host integrates
 * m x'' = IMPACT(x, x', 0, k, e, cmax, d) - m g with a fixed-step semi-implicit Euler scheme.
 * The contact force is linearised with its Jacobian from fexpr_gradient, so the velocity update
 * is implicit in x and x' and the stiff contact needs no tiny step:
 *   v1 = v0 + h (F + h dF/dx v0 - m g) / (m - h^2 dF/dx - h dF/dv),   x1 = x0 + h v1.
 * At rest the force balances the weight: the penetration is (m g / k)^(1/e). */
#include <fexpr/fexpr.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double m = 1.0;      /* kg */
static const double g = 9.81;     /* m/s^2 */
static const double k = 1e5;      /* N/m^e */
static const double e = 1.5;
static const double cmax = 10.0;  /* N s/m */
static const double d = 1e-3;     /* m */
static const double h = 1e-3;     /* s */
static const double t_end = 4.0;  /* s */

static void check(fexpr_status status) {
  const char* message;
  unsigned line, column;
  if (status == FEXPR_OK) return;
  fexpr_last_error(&message, &line, &column);
  fprintf(stderr, "ball: %s at %u:%u: %s\n", fexpr_status_name(status), line, column, message);
  exit(1);
}

int main(void) {
  fexpr_context* context;
  fexpr_expression* force;
  fexpr_workspace* workspace;
  size_t slot_x, slot_v, count;
  char text[200];
  double vars[2], grad[3], f;
  double x = 0.1, v = 0.0;
  const long steps = lround(t_end / h);
  long step, bounces = 0;

  check(fexpr_context_create(&context));
  check(fexpr_context_declare_variable(context, "x", &slot_x));
  check(fexpr_context_declare_variable(context, "v", &slot_v));
  snprintf(text, sizeof text, "IMPACT(x, v, 0, %.17g, %.17g, %.17g, %.17g)", k, e, cmax, d);
  check(fexpr_compile(context, text, &force));
  check(fexpr_expression_derivative_count(force, &count));
  if (count != 3) {
    fprintf(stderr, "ball: expected the derivatives TIME, x, v; got %zu\n", count);
    return 1;
  }
  check(fexpr_workspace_create(&workspace));

  printf("m x'' = %s - m g, m = %g kg, g = %g m/s^2, step %g s\n", text, m, g, h);
  printf("%8s %14s %14s\n", "t", "x", "v");
  for (step = 0; step <= steps; ++step) {
    const double t = (double)step * h;
    double dfdx, dfdv;
    if (step % 250 == 0) printf("%8.3f %14.6e %14.6e\n", t, x, v);
    if (step == steps) break;
    vars[slot_x] = x;
    vars[slot_v] = v;
    check(fexpr_gradient(force, workspace, t, vars, 2, &f, grad));
    dfdx = grad[1 + slot_x];
    dfdv = grad[1 + slot_v];
    v += h * (f + h * dfdx * v - m * g) / (m - h * h * dfdx - h * dfdv);
    if (x < 0.0 && x + h * v >= 0.0) ++bounces;
    x += h * v;
  }
  printf("left the ground %ld times\n", bounces);
  printf("final penetration %.9g m\n", -x);
  printf("static penetration (m g / k)^(1/e) = %.9g m\n", pow(m * g / k, 1.0 / e));

  fexpr_workspace_destroy(workspace);
  fexpr_expression_destroy(force);
  fexpr_context_destroy(context);
  return 0;
}
