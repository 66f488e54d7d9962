// FIELD (adams_solver/state_field.html): on I, along J's axes, the six loads
// (Fx, Fy, Fz, Tx, Ty, Tz) = -KMATRIX·(X - LENGTH) - CMATRIX·V + FORCE, X the displacement
// and small-angle rotations of I from J and V their rates (j_frame.cpp). The matrices are
// written by columns; CRATIO gives CMATRIX = CRATIO·KMATRIX.
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"
#include "dataset/values.hpp"

namespace fexpr::dataset {

std::variant<ForceElement, Diagnostic> read_field(const Statement& s, ForceElement e) {
  if (const Argument* f = find_argument(s, "FUNCTION"))
    return Diagnostic{Severity::info, Code::user_subroutine, f->span,
                      element_label(s) + " is computed by a user subroutine; not evaluated"};
  std::vector<double> k(36, 0.0), c(36, 0.0), ratio{0.0}, length(6, 0.0), force(6, 0.0);
  if (auto d = read_reals(s, "KMATRIX", 36, Sign::any, k)) return *d;
  if (auto d = read_reals(s, "CMATRIX", 36, Sign::any, c)) return *d;
  if (auto d = read_reals(s, "CRATIO", 1, Sign::non_negative, ratio)) return *d;
  if (auto d = read_reals(s, "LENGTH", 6, Sign::any, length)) return *d;
  if (auto d = read_reals(s, "FORCE", 6, Sign::any, force)) return *d;
  if (auto d = damping_given_twice(s)) return *d;
  if (const Argument* cratio = find_argument(s, "CRATIO")) {
    if (!find_argument(s, "KMATRIX"))
      return force_error(cratio->keyword_span, element_label(s) + " CRATIO= needs KMATRIX=", Code::missing_argument);
    for (std::size_t n = 0; n < 36; ++n) c[n] = ratio[0] * k[n];
  }
  constexpr std::array<std::size_t, 6> kDiagonal{0, 7, 14, 21, 28, 35};
  if (auto d = negative_diagonal(s, "KMATRIX", k, kDiagonal)) return *d;
  if (auto d = negative_diagonal(s, "CMATRIX", c, kDiagonal)) return *d;
  set_linear_law(e, k, c, length, force);
  return e;
}

}  // namespace fexpr::dataset
