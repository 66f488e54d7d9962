#include "codegen/measures.hpp"

#include "kinematics/orientation.hpp"
#include "kinematics/singular_points.hpp"

#include <array>
#include <iterator>
#include <limits>
#include <numbers>
#include <optional>

namespace fexpr::codegen {
namespace {

using kinematics::Measure;
using V = std::array<Dual, 3>;

// The interpreter's test for a zero vector (kinematics/measure_formulas.hpp); its tolerance for
// the angles' singular points is kinematics::kSingularTolerance.
constexpr double kZeroSquared = std::numeric_limits<double>::min();
using kinematics::kSingularTolerance;

// Writer arithmetic that leaves out a term with a known zero factor. The states are checked to
// be finite first (not with --unchecked), so such a term is a zero, and adding it changes no
// sum (but the sign of a zero): most of a measure's derivatives over a model's states are known
// zeros.
class Algebra {
 public:
  explicit Algebra(Writer& w) : w_(w) {}
  Writer& writer() { return w_; }

  Scalar add(const Scalar& a, const Scalar& b) {
    if (zero(a)) return b;
    if (zero(b)) return a;
    return w_.add(a, b);
  }
  Scalar sub(const Scalar& a, const Scalar& b) {
    if (zero(b)) return a;
    if (zero(a)) return w_.neg(b);
    return w_.sub(a, b);
  }
  Scalar mul(const Scalar& a, const Scalar& b) {
    if (zero(a) || zero(b)) return known(0.0);
    return w_.mul(a, b);
  }

  Dual constant(double v) const { return w_.constant(v); }
  Dual add(const Dual& a, const Dual& b) {
    Dual r{add(a.v, b.v), {}, {}};
    for (std::size_t k = 0; k < a.g.size(); ++k) r.g.push_back(add(a.g[k], b.g[k]));
    for (std::size_t k = 0; k < a.h.size(); ++k) r.h.push_back(add(a.h[k], b.h[k]));
    return r;
  }
  Dual sub(const Dual& a, const Dual& b) {
    Dual r{sub(a.v, b.v), {}, {}};
    for (std::size_t k = 0; k < a.g.size(); ++k) r.g.push_back(sub(a.g[k], b.g[k]));
    for (std::size_t k = 0; k < a.h.size(); ++k) r.h.push_back(sub(a.h[k], b.h[k]));
    return r;
  }
  Dual neg(const Dual& a) { return sub(constant(0.0), a); }
  Dual mul(const Dual& a, const Dual& b) {
    Dual r{mul(a.v, b.v), {}, {}};
    for (std::size_t k = 0; k < a.g.size(); ++k) r.g.push_back(add(mul(b.v, a.g[k]), mul(a.v, b.g[k])));
    const std::size_t n = a.g.size();
    for (std::size_t k = 0; k < a.h.size(); ++k) {
      const std::size_t i = k / n, j = k % n;
      const Scalar own = add(mul(b.v, a.h[k]), mul(a.v, b.h[k]));
      r.h.push_back(add(own, add(mul(a.g[i], b.g[j]), mul(b.g[i], a.g[j]))));
    }
    return r;
  }
  // f(u) with f'(u) = d and f''(u) = dd (needed at order 2 only).
  Dual chain(const Dual& u, const Scalar& f, const Scalar& d, const Scalar& dd) {
    Dual r{f, {}, {}};
    for (const Scalar& g : u.g) r.g.push_back(mul(d, g));
    const std::size_t n = u.g.size();
    for (std::size_t k = 0; k < u.h.size(); ++k) r.h.push_back(add(mul(d, u.h[k]), mul(dd, mul(u.g[k / n], u.g[k % n]))));
    return r;
  }
  // f(u, w) with first partials fu, fw and second fuu, fuw, fww.
  Dual chain(const Dual& u, const Dual& w, const Scalar& f, const Scalar& fu, const Scalar& fw, const Scalar& fuu,
             const Scalar& fuw, const Scalar& fww) {
    Dual r{f, {}, {}};
    for (std::size_t k = 0; k < u.g.size(); ++k) r.g.push_back(add(mul(fu, u.g[k]), mul(fw, w.g[k])));
    const std::size_t n = u.g.size();
    for (std::size_t k = 0; k < u.h.size(); ++k) {
      const std::size_t i = k / n, j = k % n;
      const Scalar first = add(mul(fu, u.h[k]), mul(fw, w.h[k]));
      const Scalar across = add(mul(u.g[i], w.g[j]), mul(w.g[i], u.g[j]));
      const Scalar second =
          add(add(mul(fuu, mul(u.g[i], u.g[j])), mul(fuw, across)), mul(fww, mul(w.g[i], w.g[j])));
      r.h.push_back(add(first, second));
    }
    return r;
  }
  Dual cos(const Dual& u) {
    const Scalar x = w_.opaque(u.v), c = w_.call("cos", x);
    if (w_.order() == 0) return Dual{c, {}, {}};
    const Scalar s = w_.call("sin", x);
    return chain(u, c, w_.neg(s), w_.order() > 1 ? w_.neg(c) : known(0.0));
  }
  Dual sin(const Dual& u) {
    const Scalar x = w_.opaque(u.v), s = w_.call("sin", x);
    if (w_.order() == 0) return Dual{s, {}, {}};
    return chain(u, s, w_.call("cos", x), w_.order() > 1 ? w_.neg(s) : known(0.0));
  }
  // d = 1/(2f), dd = -d/(2u).
  Dual sqrt(const Dual& u) {
    const Scalar f = w_.call("sqrt", u.v);
    if (w_.order() == 0) return Dual{f, {}, {}};
    const Scalar d = w_.div(known(0.5), f);
    return chain(u, f, d, w_.order() > 1 ? w_.neg(w_.div(d, w_.mul(known(2.0), u.v))) : known(0.0));
  }
  // q = a/b: q_a = 1/b, q_b = -q/b, q_ab = -1/b², q_bb = 2q/b².
  Dual div(const Dual& a, const Dual& b) {
    const Scalar q = w_.div(a.v, b.v);
    if (w_.order() == 0) return Dual{q, {}, {}};
    const Scalar ib = w_.div(known(1.0), b.v);
    const bool second = w_.order() > 1;
    const Scalar ib2 = second ? w_.mul(ib, ib) : known(0.0);
    return chain(a, b, q, ib, w_.neg(w_.mul(q, ib)), known(0.0), second ? w_.neg(ib2) : known(0.0),
                 second ? w_.mul(w_.mul(known(2.0), q), ib2) : known(0.0));
  }
  // atan2 mapped to (-pi, pi], as kinematics' principal_atan2. With r2 = x² + y²: f_y = x/r2,
  // f_x = -y/r2, f_yy = -2xy/r2², f_xx = 2xy/r2², f_xy = (y² - x²)/r2².
  Dual atan2(const Dual& y, const Dual& x) {
    const Scalar raw = w_.call("atan2", y.v, x.v);
    const Scalar f = w_.select(text(raw) + " <= " + literal(-std::numbers::pi), w_.add(raw, known(2.0 * std::numbers::pi)), raw);
    if (w_.order() == 0) return Dual{f, {}, {}};
    const Scalar xx = w_.mul(x.v, x.v), yy = w_.mul(y.v, y.v), r2 = w_.add(xx, yy);
    const Scalar fy = w_.div(x.v, r2), fx = w_.div(w_.neg(y.v), r2);
    if (w_.order() == 1) return chain(y, x, f, fy, fx, known(0.0), known(0.0), known(0.0));
    const Scalar r4 = w_.mul(r2, r2), xy2 = w_.mul(known(2.0), w_.mul(x.v, y.v));
    return chain(y, x, f, fy, fx, w_.neg(w_.div(xy2, r4)), w_.div(w_.sub(yy, xx), r4), w_.div(xy2, r4));
  }

  V sub(const V& a, const V& b) { return {sub(a[0], b[0]), sub(a[1], b[1]), sub(a[2], b[2])}; }
  V add(const V& a, const V& b) { return {add(a[0], b[0]), add(a[1], b[1]), add(a[2], b[2])}; }
  // Eigen's order for three components: (a0 b0 + a1 b1) + a2 b2.
  Dual dot(const V& a, const V& b) { return add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2])); }
  V cross(const V& a, const V& b) {
    return {sub(mul(a[1], b[2]), mul(a[2], b[1])), sub(mul(a[2], b[0]), mul(a[0], b[2])),
            sub(mul(a[0], b[1]), mul(a[1], b[0]))};
  }
  V scaled(double c, const V& x) { return {mul(constant(c), x[0]), mul(constant(c), x[1]), mul(constant(c), x[2])}; }
  V constant(const Eigen::Vector3d& v) const { return {constant(v[0]), constant(v[1]), constant(v[2])}; }
  V zero() const { return constant(Eigen::Vector3d::Zero()); }

 private:
  static bool zero(const Scalar& s) { return s.known && s.value == 0.0; }

  Writer& w_;
};

// A part's states and, once a marker needs it, its rotation R = Rz(psi)·Rx(theta)·Rz(phi).
struct Part {
  std::span<const Dual> s;                  // its 12 states
  std::optional<std::array<V, 3>> columns;  // of R
  // Its acceleration and angular acceleration, which are not states: the interpreter reads
  // them from its State, which starts at the model's and which no dataset statement, API or
  // option changes, so they are the model's constants here (zero for a dataset's parts).
  Eigen::Vector3d acceleration, alpha;
};

class MeasureWriter {
 public:
  MeasureWriter(Writer& w, const kinematics::MeasureCall& call, const kinematics::Model& model,
                std::span<const Dual> states)
      : a_(w), call_(call), model_(model) {
    for (int p = 0; p < call.part_count; ++p) {
      Part& part = parts_[static_cast<std::size_t>(p)];
      part.s = states.subspan(static_cast<std::size_t>(p) * kinematics::kStatesPerPart, kinematics::kStatesPerPart);
      const kinematics::Part& declared = model.parts()[static_cast<std::size_t>(call.parts[static_cast<std::size_t>(p)])];
      part.acceleration = declared.acceleration;
      part.alpha = declared.alpha;
    }
  }

  Dual write() {
    const Measure m = call_.measure;
    switch (m) {
      case Measure::DX: case Measure::DY: case Measure::DZ:
        return a_.dot(axis(2, static_cast<int>(m) - static_cast<int>(Measure::DX)), separation());
      case Measure::DM: return magnitude(separation(), "DM has no derivative when markers coincide");
      case Measure::VX: case Measure::VY: case Measure::VZ:
        return a_.dot(axis(2, static_cast<int>(m) - static_cast<int>(Measure::VX)), velocity_in_l());
      case Measure::VM: return magnitude(velocity_in_l(), "VM has no derivative at zero velocity");
      case Measure::VR: {
        const V r = separation();
        const Dual n2 = a_.dot(r, r);
        a_.writer().fail_if(text(n2.v) + " < " + literal(kZeroSquared), "VR is undefined when markers coincide");
        return a_.div(a_.dot(a_.sub(velocity(0), velocity(1)), r), a_.sqrt(n2));
      }
      case Measure::WX: case Measure::WY: case Measure::WZ:
        return a_.dot(axis(2, static_cast<int>(m) - static_cast<int>(Measure::WX)), a_.sub(omega(0), omega(1)));
      case Measure::WM: return magnitude(a_.sub(omega(0), omega(1)), "WM has no derivative at zero angular velocity");
      case Measure::ACCX: case Measure::ACCY: case Measure::ACCZ:
        return a_.dot(axis(2, static_cast<int>(m) - static_cast<int>(Measure::ACCX)), acceleration_in_l());
      case Measure::ACCM: return magnitude(acceleration_in_l(), "ACCM has no derivative at zero acceleration");
      case Measure::WDTX: case Measure::WDTY: case Measure::WDTZ:
        return a_.dot(axis(2, static_cast<int>(m) - static_cast<int>(Measure::WDTX)), angular_acceleration_in_l());
      case Measure::WDTM:
        return magnitude(angular_acceleration_in_l(), "WDTM has no derivative at zero angular acceleration");
      case Measure::AX: case Measure::AY: case Measure::AZ: return axis_angle(static_cast<int>(m) - static_cast<int>(Measure::AX));
      case Measure::PSI: case Measure::THETA: case Measure::PHI:
        return body_fixed_angle({2, 0, 2}, static_cast<int>(m) - static_cast<int>(Measure::PSI), kinematics::kEulerSingular);
      case Measure::YAW: case Measure::PITCH: case Measure::ROLL:
        return yaw_pitch_roll(static_cast<int>(m) - static_cast<int>(Measure::YAW));
      case Measure::ORIENT: return orientation();
      case Measure::INCANG: return included_angle();
      case Measure::UVX_X: case Measure::UVX_Y: case Measure::UVX_Z:
      case Measure::UVY_X: case Measure::UVY_Y: case Measure::UVY_Z:
      case Measure::UVZ_X: case Measure::UVZ_Y: case Measure::UVZ_Z: {
        // Axis of i major, axis of k minor; k's axis first, as the interpreter's dot product.
        const int n = static_cast<int>(m) - static_cast<int>(Measure::UVX_X);
        return a_.dot(axis(2, n % 3), axis(0, n / 3));
      }
    }
    return a_.constant(0.0);  // not reached: the switch has every measure
  }

 private:
  Part* part_of(int slot) {
    const int p = call_.slot_parts[static_cast<std::size_t>(slot)];
    return p < 0 ? nullptr : &parts_[static_cast<std::size_t>(p)];
  }
  const kinematics::Marker* marker(int slot) const {
    const int index = call_.markers[static_cast<std::size_t>(slot)];
    return index < 0 ? nullptr : &model_.markers()[static_cast<std::size_t>(index)];
  }

  // rotation_313_from (kinematics/rotation.hpp), term by term.
  const std::array<V, 3>& rotation(Part& p) {
    if (p.columns) return *p.columns;
    const Dual c1 = a_.cos(p.s[3]), s1 = a_.sin(p.s[3]), c2 = a_.cos(p.s[4]), s2 = a_.sin(p.s[4]);
    const Dual c3 = a_.cos(p.s[5]), s3 = a_.sin(p.s[5]);
    const Dual s1c2 = a_.mul(s1, c2), c1c2 = a_.mul(c1, c2);
    p.columns = std::array<V, 3>{
        V{a_.sub(a_.mul(c1, c3), a_.mul(s1c2, s3)), a_.add(a_.mul(s1, c3), a_.mul(c1c2, s3)), a_.mul(s2, s3)},
        V{a_.sub(a_.mul(a_.neg(c1), s3), a_.mul(s1c2, c3)), a_.add(a_.mul(a_.neg(s1), s3), a_.mul(c1c2, c3)),
          a_.mul(s2, c3)},
        V{a_.mul(s1, s2), a_.mul(a_.neg(c1), s2), c2}};
    return *p.columns;
  }
  // R·q for a constant q: ((R0 q0 + R1 q1) + R2 q2), row by row.
  V turn(Part& p, const Eigen::Vector3d& q) {
    const std::array<V, 3>& r = rotation(p);
    V out;
    for (std::size_t i = 0; i < 3; ++i)
      out[i] = a_.add(a_.add(a_.mul(r[0][i], a_.constant(q[0])), a_.mul(r[1][i], a_.constant(q[1]))),
                      a_.mul(r[2][i], a_.constant(q[2])));
    return out;
  }
  static V state_vector(const Part& p, std::size_t first) { return {p.s[first], p.s[first + 1], p.s[first + 2]}; }
  // rho = R·qp, the marker's origin from its part's, written once for its origin, velocity and
  // acceleration. Not for a marker at its part's origin or on ground.
  const V& offset(int slot) {
    std::optional<V>& rho = offsets_[static_cast<std::size_t>(slot)];
    if (!rho) rho = turn(*part_of(slot), marker(slot)->qp);
    return *rho;
  }

  // The marker's origin in ground (marker_values.hpp); an omitted marker is the ground origin.
  V origin(int slot) {
    const kinematics::Marker* m = marker(slot);
    Part* p = part_of(slot);
    if (!m) return a_.zero();
    if (!p) return a_.constant(m->qp);
    if (m->at_part_origin) return state_vector(*p, 0);
    return a_.add(state_vector(*p, 0), offset(slot));
  }
  V velocity(int slot) {
    const kinematics::Marker* m = marker(slot);
    Part* p = part_of(slot);
    if (!m || !p) return a_.zero();
    if (m->at_part_origin) return state_vector(*p, 6);
    return a_.add(state_vector(*p, 6), a_.cross(state_vector(*p, 9), offset(slot)));
  }
  // alpha × rho + omega × (omega × rho) + a, as the interpreter's marker frame.
  V acceleration(int slot) {
    const kinematics::Marker* m = marker(slot);
    Part* p = part_of(slot);
    if (!m || !p) return a_.zero();
    const V a = a_.constant(p->acceleration);
    if (m->at_part_origin) return a;
    const V& rho = offset(slot);
    const V w = state_vector(*p, 9);
    return a_.add(a_.add(a_.cross(a_.constant(p->alpha), rho), a_.cross(w, a_.cross(w, rho))), a);
  }
  V omega(int slot) {
    Part* p = part_of(slot);
    return p ? state_vector(*p, 9) : a_.zero();
  }
  V alpha(int slot) {
    Part* p = part_of(slot);
    return a_.constant(p ? p->alpha : Eigen::Vector3d::Zero());
  }
  V axis(int slot, int c) {
    const kinematics::Marker* m = marker(slot);
    Part* p = part_of(slot);
    if (!m) return a_.constant(Eigen::Vector3d::Unit(c));
    if (!p) return a_.constant(Eigen::Vector3d(m->orientation.col(c)));
    if (m->along_part_axes) return rotation(*p)[static_cast<std::size_t>(c)];
    return turn(*p, m->orientation.col(c));
  }

  V separation() { return a_.sub(origin(0), origin(1)); }
  // v_i - v_j - omega_l × r: the velocity of i relative to j seen in l.
  V velocity_in_l() { return a_.sub(a_.sub(velocity(0), velocity(1)), a_.cross(omega(3), separation())); }
  // a_i - a_j - alpha_l × r - 2 omega_l × (v_i - v_j) + omega_l × (omega_l × r): the
  // acceleration of i relative to j seen in l, left to right as the interpreter sums it.
  V acceleration_in_l() {
    const V r = separation(), w = omega(3);
    const V two_w_rd = a_.scaled(2.0, a_.cross(w, a_.sub(velocity(0), velocity(1))));
    const V relative = a_.sub(a_.sub(a_.sub(acceleration(0), acceleration(1)), a_.cross(alpha(3), r)), two_w_rd);
    return a_.add(relative, a_.cross(w, a_.cross(w, r)));
  }
  // (alpha_i - alpha_j) - omega_l × (omega_i - omega_j).
  V angular_acceleration_in_l() {
    return a_.sub(a_.sub(alpha(0), alpha(1)), a_.cross(omega(3), a_.sub(omega(0), omega(1))));
  }

  // |x|: 0 for a zero vector, which has no derivative.
  Dual magnitude(const V& x, const char* no_derivative) {
    Writer& w = a_.writer();
    const Dual n2 = a_.dot(x, x);
    const std::string at_zero = text(n2.v) + " < " + literal(kZeroSquared);
    if (w.order() > 0) {
      w.fail_if(at_zero, no_derivative);
      return a_.sqrt(n2);
    }
    return Dual{w.select(at_zero, known(0.0), w.call("sqrt", n2.v)), {}, {}};
  }

  // Entry (r, c) of A = Jᵀ I: axis r of j · axis c of i (orientation_formulas.hpp), written once.
  const Dual& relative(int r, int c) {
    std::optional<Dual>& entry = relative_[static_cast<std::size_t>(3 * r + c)];
    if (!entry) entry = a_.dot(axis(1, r), axis(0, c));
    return *entry;
  }
  std::string singular_test(const Dual& y, const Dual& x) {
    return text(a_.writer().call("hypot", y.v, x.v)) + " <= " + literal(kSingularTolerance);
  }
  // e·x for e = ±1, the interpreter's T(e * x).
  Dual signed_by(double e, const Dual& x) { return e > 0 ? x : a_.mul(a_.constant(e), x); }
  // The value `regular`, or at order 0 `singular` where `at_singular` holds; at order 1 and 2
  // the singular point is the error `message`.
  Dual unless_singular(const std::string& at_singular, const char* message, const Dual& regular, const Dual& singular) {
    Writer& w = a_.writer();
    if (w.order() > 0) {
      w.fail_if(at_singular, message);
      return regular;
    }
    return Dual{w.select(at_singular, singular.v, regular.v), {}, {}};
  }

  // AX = atan2(-A23, A33), AY = atan2(A13, A33), AZ = atan2(A21, A11).
  Dual axis_angle(int which) {
    const Dual y = which == 0 ? a_.neg(relative(1, 2)) : which == 1 ? relative(0, 2) : relative(1, 0);
    const Dual x = which == 2 ? relative(0, 0) : relative(2, 2);
    a_.writer().fail_if(singular_test(y, x), kinematics::kAxisAngleUndefined[which]);
    return a_.atan2(y, x);
  }

  // Angle `which` of the body-fixed sequence `axes`, as kinematics' body_fixed_angle: t2 from
  // (sin, cos) by atan2, t1 and t3 by atan2 of A's entries; where t1 and t3 turn about one line,
  // t3 is 0 and t1 takes the whole rotation (order 0) or the derivative is an error.
  Dual body_fixed_angle(const std::array<int, 3>& axes, int which, const char* singular) {
    const int a = axes[0], b = axes[1];
    const bool repeated = axes[2] == a;
    const int c = repeated ? 3 - a - b : axes[2];
    const double e = b == (a + 1) % 3 ? 1.0 : -1.0;
    // Written only where it is read: C warns of a variable it does not use.
    auto singular_point = [&] {
      return repeated ? "(" + singular_test(relative(a, b), relative(a, c)) + " || " + singular_test(relative(b, a), relative(c, a)) + ")"
                      : "(" + singular_test(relative(a, b), relative(a, a)) + " || " + singular_test(relative(b, c), relative(c, c)) + ")";
    };
    auto squares = [&](const Dual& p, const Dual& q) { return a_.sqrt(a_.add(a_.mul(p, p), a_.mul(q, q))); };
    if (which == 1) {
      if (a_.writer().order() > 0) a_.writer().fail_if(singular_point(), singular);
      // atan2 of (sin, cos) keeps full accuracy where asin or acos would lose half; its sine or
      // cosine is a root, so the principal-value correction never applies.
      return repeated ? a_.atan2(squares(relative(a, b), relative(a, c)), relative(a, a))
                      : a_.atan2(signed_by(e, relative(a, c)), squares(relative(a, b), relative(a, a)));
    }
    if (which == 0) {
      const Dual regular = repeated ? a_.atan2(relative(b, a), signed_by(-e, relative(c, a)))
                                    : a_.atan2(signed_by(-e, relative(b, c)), relative(c, c));
      if (a_.writer().order() > 0) return unless_singular(singular_point(), singular, regular, regular);
      // With t3 = 0, column b of A is R_a(t1) e_b = cos(t1) e_b + e sin(t1) e_c.
      const Dual turned = a_.atan2(signed_by(e, relative(c, b)), relative(b, b));
      return unless_singular(singular_point(), singular, regular, turned);
    }
    const Dual regular = repeated ? a_.atan2(relative(a, b), signed_by(e, relative(a, c)))
                                  : a_.atan2(signed_by(-e, relative(a, b)), relative(a, a));
    return unless_singular(singular_point(), singular, regular, a_.constant(0.0));
  }

  // Body 3-2-1 angles, PITCH with Adams' sign (the negative of the second angle).
  Dual yaw_pitch_roll(int which) {
    const Dual angle = body_fixed_angle({2, 1, 0}, which, kinematics::kYawPitchRollSingular);
    return which == 1 ? a_.mul(a_.constant(-1.0), angle) : angle;
  }

  // ORIENT(system, component, i, j).
  Dual orientation() {
    const kinematics::OrientationSystem s = *kinematics::orientation_system(call_.parameters[0]);
    const int n = call_.parameters[1] - 1;
    const std::array<int, 3>& axes = s.axes;
    switch (s.kind) {
      case kinematics::OrientationKind::body_fixed: return body_fixed_angle(axes, n, kinematics::kOrientEulerSingular);
      // R_c(t3)·R_b(t2)·R_a(t1) is the body-fixed sequence c-b-a with the angles in reverse.
      case kinematics::OrientationKind::space_fixed:
        return body_fixed_angle({axes[2], axes[1], axes[0]}, 2 - n, kinematics::kOrientEulerSingular);
      case kinematics::OrientationKind::ax_ay_az: return axis_angle(n);
      case kinematics::OrientationKind::yaw_pitch_roll: return yaw_pitch_roll(n);
      case kinematics::OrientationKind::euler_parameters: return euler_parameter(n, false);
      case kinematics::OrientationKind::rodriguez: return euler_parameter(n + 1, true);
      case kinematics::OrientationKind::direction_cosines: return relative(n % 3, n / 3);
    }
    return a_.constant(0.0);  // not reached: bind() checked the system
  }

  // Euler parameter e_n (n 0..3) of A, e0 >= 0, or the Rodriguez parameter e_n / e0 (n 1..3), as
  // kinematics' euler_parameters: Shepperd's method takes the largest of the four as its pivot,
  // found from A's diagonal at run time, so each pivot's formula is a branch of the C code.
  Dual euler_parameter(int n, bool rodriguez) {
    Writer& w = a_.writer();
    // Every entry is read by some branch; written before them, they are in scope in all.
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) relative(r, c);
    const Dual trace = a_.add(a_.add(relative(0, 0), relative(1, 1)), relative(2, 2));
    const std::string pivot = w.unique("pivot"), largest = w.unique("largest");
    w.line("int " + pivot + " = 0;");
    w.line("double " + largest + " = " + text(trace.v) + ";");
    for (int k = 0; k < 3; ++k) {
      const std::string diagonal = text(relative(k, k).v);
      w.line("if (" + diagonal + " > " + largest + ") { " + largest + " = " + diagonal + "; " + pivot + " = " +
             std::to_string(1 + k) + "; }");
    }
    // Only e0 and e_n are written: C warns of a variable it does not use.
    const Dual e0 = w.declare();
    const Dual en = n == 0 ? e0 : w.declare();
    for (int p = 0; p < 4; ++p) {
      w.open(p == 0 ? "if (" + pivot + " == 0)" : p < 3 ? "else if (" + pivot + " == " + std::to_string(p) + ")" : "else");
      // The pivot's own parameter, then the others from it: (A[b][a] ∓ A[a][b]) / (4 pivot).
      const int k = p - 1;
      const Dual own = p == 0 ? a_.add(trace, a_.constant(1.0))
                              : a_.add(a_.sub(a_.sub(relative(k, k), relative((k + 1) % 3, (k + 1) % 3)),
                                              relative((k + 2) % 3, (k + 2) % 3)),
                                       a_.constant(1.0));
      const Dual largest_parameter = a_.mul(a_.constant(0.5), a_.sqrt(own));
      std::optional<Dual> f;
      auto parameter = [&](int i) {
        if (i == p) return largest_parameter;
        if (!f) f = a_.div(a_.constant(0.25), largest_parameter);
        if (p == 0) {  // e_{1+m} = (A[m2][m1] - A[m1][m2]) f
          const int m = i - 1, m1 = (m + 1) % 3, m2 = (m + 2) % 3;
          return a_.mul(a_.sub(relative(m2, m1), relative(m1, m2)), *f);
        }
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        if (i == 0) return a_.mul(a_.sub(relative(k2, k1), relative(k1, k2)), *f);
        const int m = i - 1;  // k1 or k2
        return a_.mul(a_.add(relative(k, m), relative(m, k)), *f);
      };
      w.assign(e0, parameter(0));
      if (n != 0) w.assign(en, parameter(n));
      w.close();
    }
    const std::string half_turn = "fabs(" + e0.v.name + ") <= " + literal(kSingularTolerance);
    // Turning both signs (the convention e0 >= 0) leaves e_n / e0 as it is, to the bit.
    if (rodriguez) {
      w.fail_if(half_turn, kinematics::kRodriguezHalfTurn);
      return a_.div(en, e0);
    }
    const Dual& e = n == 0 ? e0 : en;
    if (w.order() > 0) w.fail_if(half_turn, kinematics::kEulerParametersHalfTurn);
    w.open("if (!(" + half_turn + ") && " + e0.v.name + " < 0.0)");
    w.assign(e, w.neg(e));
    w.close();
    return e;
  }

  // INCANG(i, j, k): the angle at j between the lines to i and to k, atan2(|u × v|, u · v).
  Dual included_angle() {
    Writer& w = a_.writer();
    const V pi = origin(0), pj = origin(1), pk = origin(2);
    const V u = a_.sub(pi, pj), v = a_.sub(pk, pj);
    const Dual uu = a_.dot(u, u), vv = a_.dot(v, v);
    // Two positions that agree to 1e-8 of their distance from the origin differ by rounding.
    auto coincide = [&](const V& p, const V& q, const Dual& squared_distance) {
      const std::string d = text(squared_distance.v);
      return "(" + d + " < " + literal(kZeroSquared) + " || " + d + " <= " + literal(kSingularTolerance) + " * " +
             literal(kSingularTolerance) + " * fmax(" + text(a_.dot(p, p).v) + ", " + text(a_.dot(q, q).v) + "))";
    };
    w.fail_if(coincide(pi, pj, uu), kinematics::kIncludedAngleCoincidentIJ);
    w.fail_if(coincide(pk, pj, vv), kinematics::kIncludedAngleCoincidentJK);
    const V x = a_.cross(u, v);
    const Dual xx = a_.dot(x, x);
    if (w.order() > 0)
      w.fail_if(text(xx.v) + " <= " + literal(kSingularTolerance) + " * " + literal(kSingularTolerance) + " * " +
                    text(uu.v) + " * " + text(vv.v),
                kinematics::kIncludedAngleInLine);
    return a_.atan2(a_.sqrt(xx), a_.dot(u, v));
  }

  Algebra a_;
  const kinematics::MeasureCall& call_;
  const kinematics::Model& model_;
  std::array<Part, 4> parts_;
  std::array<std::optional<V>, 4> offsets_;  // by marker slot
  std::array<std::optional<Dual>, 9> relative_;
};

// Every measure, in the order messages name them.
constexpr Measure kWritten[] = {
    Measure::DX,    Measure::DY,    Measure::DZ,    Measure::DM,    Measure::VX,    Measure::VY,     Measure::VZ,
    Measure::VM,    Measure::VR,    Measure::WX,    Measure::WY,    Measure::WZ,    Measure::WM,     Measure::ACCX,
    Measure::ACCY,  Measure::ACCZ,  Measure::ACCM,  Measure::WDTX,  Measure::WDTY,  Measure::WDTZ,   Measure::WDTM,
    Measure::AX,    Measure::AY,    Measure::AZ,    Measure::PSI,   Measure::THETA, Measure::PHI,    Measure::YAW,
    Measure::PITCH, Measure::ROLL,  Measure::ORIENT, Measure::INCANG, Measure::UVX_X, Measure::UVX_Y, Measure::UVX_Z,
    Measure::UVY_X, Measure::UVY_Y, Measure::UVY_Z, Measure::UVZ_X, Measure::UVZ_Y, Measure::UVZ_Z};
static_assert(std::size(kWritten) == static_cast<std::size_t>(Measure::ORIENT) + 1,
              "fexpr codegen writes every kinematic measure");

}  // namespace

std::string written_measures() {
  std::string out, last;
  for (Measure m : kWritten) {
    // The unit-vector components are named by the vector function that reads them: UVX.Y is UVX's.
    std::string_view name = kinematics::measure_name(m);
    name = name.substr(0, name.find('.'));
    if (name == last) continue;
    last = name;
    out += (out.empty() ? "" : ", ") + last;
  }
  return out;
}

Dual write_measure(Writer& w, const kinematics::MeasureCall& call, const kinematics::Model& model,
                   std::span<const Dual> states) {
  return MeasureWriter(w, call, model, states).write();
}

}  // namespace fexpr::codegen
