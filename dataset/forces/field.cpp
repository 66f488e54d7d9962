// FIELD (adams_solver/state_field.html): on I, along J's axes, the six loads
// (Fx, Fy, Fz, Tx, Ty, Tz) = -KMATRIX·(X - LENGTH) - CMATRIX·V + FORCE, X the displacement
// and small-angle rotations of I from J and V their rates (j_frame.cpp). The matrices are
// written by columns; CRATIO gives CMATRIX = CRATIO·KMATRIX.
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"
#include "dataset/values.hpp"
#include "support/number.hpp"

namespace fexpr::dataset {

namespace {

// A diagonal entry below zero makes the matrix indefinite: the element would feed energy in.
std::optional<Diagnostic> negative_diagonal(const Statement& s, const char* keyword, const std::vector<double>& m) {
  const Argument* a = find_argument(s, keyword);
  for (std::size_t d = 0; d < 6; ++d) {
    if (m[d * 7] >= 0) continue;
    std::string shown = a ? a->values[d * 7].text : number::format(m[d * 7]);
    return force_error(a ? a->values[d * 7].span : s.name_span,
                       element_label(s) + " " + keyword + " is not positive semidefinite: its diagonal entry (" +
                           std::to_string(d + 1) + ", " + std::to_string(d + 1) + ") is " + shown);
  }
  return std::nullopt;
}

}  // namespace

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
  if (const Argument* cratio = find_argument(s, "CRATIO")) {
    if (find_argument(s, "CMATRIX"))
      return force_error(cratio->keyword_span, element_label(s) + " gives its damping twice: CRATIO= and CMATRIX=");
    if (!find_argument(s, "KMATRIX"))
      return force_error(cratio->keyword_span, element_label(s) + " CRATIO= needs KMATRIX=", Code::missing_argument);
    for (std::size_t n = 0; n < 36; ++n) c[n] = ratio[0] * k[n];
  }
  if (auto d = negative_diagonal(s, "KMATRIX", k)) return *d;
  if (auto d = negative_diagonal(s, "CMATRIX", c)) return *d;
  auto x = j_frame_displacements(e), v = j_frame_velocities(e);
  std::string load[6];
  for (std::size_t r = 0; r < 6; ++r) {
    load[r] = text(force[r]);
    for (std::size_t m = 0; m < 6; ++m) {
      double km = k[m * 6 + r], cm = c[m * 6 + r];
      if (km != 0) load[r] += " - " + text(km) + "*(" + x[m] + " - " + text(length[m]) + ")";
      if (cm != 0) load[r] += " - " + text(cm) + "*" + v[m];
    }
  }
  set_loads_along_j(e, {load[0], load[1], load[2]}, {load[3], load[4], load[5]});
  return e;
}

}  // namespace fexpr::dataset
