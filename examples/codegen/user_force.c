/* The solver-facing side of the user force: it lays the measures out as the generated
 * function's inputs (TIME first, then the measures, the gradient's order) and passes its
 * status and message through. */
#include "user_force.h"

int contact_force(const double *in, double *value, double *grad, const char **error);

static void inputs(double time, const double measures[USER_FORCE_MEASURES], double in[1 + USER_FORCE_MEASURES]) {
  int k;
  in[0] = time;
  for (k = 0; k < USER_FORCE_MEASURES; ++k) in[1 + k] = measures[k];
}

int user_force_jacobian(double time, const double measures[USER_FORCE_MEASURES], double *force,
                        double jacobian[USER_FORCE_MEASURES], const char **error) {
  double in[1 + USER_FORCE_MEASURES], grad[1 + USER_FORCE_MEASURES];
  int k;
  inputs(time, measures, in);
  if (contact_force(in, force, grad, error)) return 1;
  for (k = 0; k < USER_FORCE_MEASURES; ++k) jacobian[k] = grad[1 + k];
  return 0;
}

int user_force_evaluate(double time, const double measures[USER_FORCE_MEASURES], double *force, const char **error) {
  double jacobian[USER_FORCE_MEASURES];
  return user_force_jacobian(time, measures, force, jacobian, error);
}

int user_force_initialize(double time, const double measures[USER_FORCE_MEASURES], const char **error) {
  double force;
  return user_force_evaluate(time, measures, &force, error);
}
