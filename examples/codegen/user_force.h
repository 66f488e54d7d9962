/* A user force in the shape of a solver's user subroutine: initialize once, then evaluate the
 * force and its Jacobian by the measures at each call. The force is fexpr codegen's C for
 * contact_force.txt (the function contact_force, generated with --gradient). */
#ifndef USER_FORCE_H
#define USER_FORCE_H

/* The measures the force reads, in the order the generated function takes them after TIME. */
enum { USER_FORCE_MEASURES = 2 };

/* Checks that the force evaluates at the initial state; 0, or 1 with *error set. */
int user_force_initialize(double time, const double measures[USER_FORCE_MEASURES], const char **error);
/* The force; 0, or 1 with *error naming the failing operation. */
int user_force_evaluate(double time, const double measures[USER_FORCE_MEASURES], double *force, const char **error);
/* dF/d(measure k) into jacobian[k], analytic (no finite differences), and the force. */
int user_force_jacobian(double time, const double measures[USER_FORCE_MEASURES], double *force,
                        double jacobian[USER_FORCE_MEASURES], const char **error);

#endif
