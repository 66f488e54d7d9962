// BEAM (adams_solver/state_beam.html), FORMULATION=LINEAR, the default: a massless linear
// Timoshenko beam along J's x axis, J clamped, I its free end. On I, along J's axes,
// (F, T) = -K·(x - LENGTH, y, z, a, b, c) - C·V with the displacement, small-angle rotations
// and rates of j_frame.cpp; on J the reaction, as for BUSHING. C is CRATIO·K or CMATRIX.
//
// The page shows K as an image. Its pattern (K11, K22, K26, K33, K35, K44, K55, K66, symmetric)
// is that of RecurDyn's text copy of the element (help.functionbay.com, Professional_ch03_s03_02);
// the entries are the end stiffness of a Timoshenko beam, derived in docs/forces.md, the same as those
// of MBDyn's Adams translator (contrib/a2m/src/mathem.cc, KMatrix), and checked against the
// cantilever's closed form in tests/test_forces_beam.cpp.
#include "dataset/forces/force_element.hpp"
#include "dataset/forces/parameters.hpp"
#include "dataset/values.hpp"
#include "support/text.hpp"

namespace fexpr::dataset {

namespace {

// The keywords the page gives no default for.
struct Required {
  const char* keyword;
  Sign sign;
};
constexpr Required kRequired[] = {{"LENGTH", Sign::positive},   {"AREA", Sign::positive},  {"EMODULUS", Sign::positive},
                                  {"GMODULUS", Sign::positive}, {"IXX", Sign::non_negative}, {"IYY", Sign::non_negative},
                                  {"IZZ", Sign::non_negative}};

struct Section {
  double length, area, e, g, ixx, iyy, izz, asy, asz;
};

// By columns. Bending in J's x-y plane (y, c) takes IZZ and the shear ratio ASY, bending in the
// x-z plane (z, b) IYY and ASZ; a positive turn b about y tips the beam towards -z, hence the
// opposite coupling signs.
std::vector<double> stiffness(const Section& s) {
  double l = s.length, py = 12 * s.e * s.izz * s.asy / (s.g * s.area * l * l),
         pz = 12 * s.e * s.iyy * s.asz / (s.g * s.area * l * l);
  std::vector<double> k(36, 0.0);
  auto set = [&](std::size_t r, std::size_t c, double v) { k[c * 6 + r] = k[r * 6 + c] = v; };
  set(0, 0, s.e * s.area / l);
  set(1, 1, 12 * s.e * s.izz / (l * l * l * (1 + py)));
  set(1, 5, -6 * s.e * s.izz / (l * l * (1 + py)));
  set(2, 2, 12 * s.e * s.iyy / (l * l * l * (1 + pz)));
  set(2, 4, 6 * s.e * s.iyy / (l * l * (1 + pz)));
  set(3, 3, s.g * s.ixx / l);
  set(4, 4, (4 + pz) * s.e * s.iyy / (l * (1 + pz)));
  set(5, 5, (4 + py) * s.e * s.izz / (l * (1 + py)));
  return k;
}

// CMATRIX's 21 values are the lower triangle by columns: the first column, then the second
// from its diagonal down, and so on. Entry (d, d) is the first value of column d.
constexpr std::array<std::size_t, 6> kDiagonal{0, 6, 11, 15, 18, 20};

std::vector<double> symmetric(const std::vector<double>& lower) {
  std::vector<double> m(36, 0.0);
  std::size_t n = 0;
  for (std::size_t c = 0; c < 6; ++c) {
    for (std::size_t r = c; r < 6; ++r, ++n) m[c * 6 + r] = m[r * 6 + c] = lower[n];
  }
  return m;
}

}  // namespace

std::variant<ForceElement, Diagnostic> read_beam(const Statement& s, ForceElement e) {
  if (const Argument* f = find_argument(s, "FORMULATION")) {
    std::string kind = f->values.size() == 1 ? f->values[0].text : "";
    if (!text::iequals(kind, "LINEAR"))
      return Diagnostic{Severity::info, Code::not_interpreted, f->span,
                        element_label(s) + " FORMULATION=" + kind +
                            " is one of Adams' non-linear beams; fexpr evaluates the LINEAR one only; not evaluated"};
  }
  std::vector<double> given[7];
  for (std::size_t n = 0; n < 7; ++n) {
    if (!find_argument(s, kRequired[n].keyword))
      return force_error(s.name_span, element_label(s) + " needs " + kRequired[n].keyword + "=", Code::missing_argument);
    if (auto d = read_reals(s, kRequired[n].keyword, 1, kRequired[n].sign, given[n])) return *d;
  }
  std::vector<double> asy{0.0}, asz{0.0}, ratio{0.0}, lower(21, 0.0);
  if (auto d = read_reals(s, "ASY", 1, Sign::non_negative, asy)) return *d;
  if (auto d = read_reals(s, "ASZ", 1, Sign::non_negative, asz)) return *d;
  if (auto d = read_reals(s, "CRATIO", 1, Sign::non_negative, ratio)) return *d;
  if (auto d = read_reals(s, "CMATRIX", 21, Sign::any, lower)) return *d;
  if (auto d = damping_given_twice(s)) return *d;
  auto k = stiffness({given[0][0], given[1][0], given[2][0], given[3][0], given[4][0], given[5][0], given[6][0], asy[0],
                      asz[0]});
  auto c = symmetric(lower);
  if (auto d = negative_diagonal(s, "CMATRIX", c, kDiagonal)) return *d;
  if (find_argument(s, "CRATIO")) {
    for (std::size_t n = 0; n < 36; ++n) c[n] = ratio[0] * k[n];
  }
  set_linear_law(e, k, c, {given[0][0], 0, 0, 0, 0, 0}, std::vector<double>(6, 0.0));
  return e;
}

}  // namespace fexpr::dataset
