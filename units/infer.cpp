#include "units/infer.hpp"

#include "builtins/builtin.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace fexpr::units {

bool degree_value(double value) {
  double a = std::abs(value);
  return a > 2.0 * std::numbers::pi && a <= 360.0 && std::fmod(a, 15.0) == 0.0;
}

std::string turns(double radians) {
  return number::format(std::round(std::abs(radians) / (2.0 * std::numbers::pi) * 10.0) / 10.0);
}

namespace {

using builtins::DimensionRule;

class Inferrer {
 public:
  Inferrer(const ast::Tree& t, const Environment& env) : t_(t), env_(env) { out.nodes.resize(t.nodes.size()); }

  // Children before parents without recursion: the parser adds a node after its children, so
  // a child's id is below its parent's. Only the nodes under the root are visited.
  void run(ast::NodeId root) {
    std::vector<bool> reached(t_.nodes.size(), false);
    reached[root] = true;
    for (std::size_t id = root + 1; id-- > 0;) {
      if (!reached[id]) continue;
      for (ast::NodeId k : t_.kids(t_[static_cast<ast::NodeId>(id)])) reached[k] = true;
    }
    for (ast::NodeId id = 0; id <= root; ++id) {
      if (!reached[id]) continue;
      const ast::Node& n = t_[id];
      out.nodes[id] = node(id, n, t_.kids(n));
    }
  }

  Inference out;

 private:
  static Inferred known(const Dimension& d) { return {true, d}; }

  Inferred node(ast::NodeId id, const ast::Node& n, std::span<const ast::NodeId> kids) {
    switch (n.kind) {
      case ast::Kind::name: {
        if (text::iequals(t_.name(n), "TIME")) return known(kTime);
        if (text::iequals(t_.name(n), "MODE")) return known(kNone);
        return {};
      }
      case ast::Kind::negate:
      case ast::Kind::plus: return at(kids[0]);
      case ast::Kind::sum: return sum(id, kids);
      case ast::Kind::product: return product(n, kids);
      case ast::Kind::power: return power(kids);
      case ast::Kind::if_: return shared(kids.subspan(1), id, "the branches");
      case ast::Kind::call: return call(id, n, kids);
      default: return {};
    }
  }

  const Inferred& at(ast::NodeId id) const { return out.nodes[id]; }
  std::string text_of(ast::NodeId id) const { return ast::print(t_, id); }
  std::string describe(const Dimension& d) const { return units::describe(d, env_.names); }

  void warn(Span span, std::string message, std::optional<Fix> fix = std::nullopt) {
    out.diagnostics.push_back({Severity::warning, Code::units, span, std::move(message), std::move(fix)});
  }

  // A number as written, with its sign: 90, -90, +90. Not one written in degrees (90D), nor a
  // named constant (PI): their writer chose the unit.
  struct Literal {
    double value;
    ast::NodeId node;  // the number itself, where a fix writes its D
  };
  std::optional<Literal> literal(ast::NodeId id) const {
    const ast::Node& n = t_[id];
    if (n.kind == ast::Kind::number) {
      if (n.degrees) return std::nullopt;
      return Literal{n.value, id};
    }
    if (n.kind == ast::Kind::negate || n.kind == ast::Kind::plus) {
      auto inner = literal(t_.kids(n)[0]);
      if (inner && n.kind == ast::Kind::negate) inner->value = -inner->value;
      return inner;
    }
    return std::nullopt;
  }

  bool is_angle(ast::NodeId id) const { return at(id).known && at(id).dimension == kAngle; }

  // 90 where the angle `measure` is compared with it in radians: the fix writes 90D.
  bool degrees_against_angle(ast::NodeId measure, ast::NodeId constant) {
    auto c = literal(constant);
    if (!c || !is_angle(measure) || !degree_value(c->value)) return false;
    const ast::Node& number = t_[c->node];
    std::string written = number::format(number.literal);
    warn(number.span,
         text_of(measure) + " is an angle in radians, but " + written + " beside it is a value in degrees (" + written +
             " radians are " + turns(number.literal) + " turns); if degrees are meant, write " + written + "D (or " +
             written + "*DTOR)",
         Fix{number.span, written + "D", false});
    return true;
  }

  // Two certain dimensions that cannot be one quantity.
  void mismatch(Span span, ast::NodeId a, ast::NodeId b, const std::string& where, const char* what_to_do) {
    warn(span, where + " must be one quantity, but " + text_of(a) + " is " + describe(at(a).dimension) + " and " +
                   text_of(b) + " is " + describe(at(b).dimension) + "; " + what_to_do);
  }

  Inferred sum(ast::NodeId id, std::span<const ast::NodeId> kids) {
    Inferred terms = shared(kids, id, "the terms",
                            "a factor is missing (a time, a stiffness, a damping), or a measure is not the one meant");
    for (ast::NodeId k : kids) {
      if (!is_angle(k)) continue;
      for (ast::NodeId c : kids) {
        if (c != k && degrees_against_angle(k, c)) return known(kAngle);
      }
      if (kids.size() == 2) included_angle_range(id, kids);
    }
    return terms;
  }

  // INCANG is in [0, π]: INCANG(...) - c with c outside never changes sign, so an IF or a STEP
  // testing it never switches.
  void included_angle_range(ast::NodeId id, std::span<const ast::NodeId> kids) {
    const ast::Node& n = t_[id];
    for (std::uint32_t i = 0; i < 2; ++i) {
      ast::NodeId measure = kids[i], other = kids[1 - i];
      const ast::Node& m = t_[measure];
      if (m.kind != ast::Kind::call || !text::iequals(t_.name(m), "INCANG")) continue;
      auto c = literal(other);
      if (!c) continue;
      // measure ± c = 0 where the measure equals the crossing value.
      bool other_subtracted = t_.op(n, 1 - i) == ast::Op::subtract;
      bool measure_subtracted = t_.op(n, i) == ast::Op::subtract;
      double crossing = (other_subtracted != measure_subtracted) ? c->value : -c->value;
      if (crossing >= 0.0 && crossing <= std::numbers::pi) continue;
      warn(n.span, text_of(measure) + " is an angle in [0, pi] radians, so " + text_of(id) +
                       " is never 0 (it would be at " + number::format(crossing) +
                       "); write the angle in radians, or in degrees with D");
    }
  }

  // Powers of powers and long products grow the powers: past this no physical quantity lies,
  // and an int would overflow.
  static constexpr int kLargestPower = 1 << 16;
  static bool within(const Dimension& d, int largest) {
    for (int p : {d.length, d.angle, d.mass, d.time, d.force})
      if (std::abs(p) > largest) return false;
    return true;
  }

  Inferred product(const ast::Node& n, std::span<const ast::NodeId> kids) {
    Dimension d;
    for (std::uint32_t i = 0; i < kids.size(); ++i) {
      ast::Op op = t_.op(n, i);
      if (!at(kids[i]).known || op == ast::Op::cross || !within(d, kLargestPower)) return {};
      d = op == ast::Op::divide ? d / at(kids[i]).dimension : d * at(kids[i]).dimension;
    }
    return known(d);
  }

  Inferred power(std::span<const ast::NodeId> kids) {
    if (!at(kids[0]).known) return {};
    auto e = literal(kids[1]);
    if (!e) return {};
    const Dimension& base = at(kids[0]).dimension;
    if (e->value == 0.5) {
      if (auto r = root(base)) return known(*r);
      return {};
    }
    if (e->value != std::trunc(e->value) || std::abs(e->value) > 16) return {};
    if (!within(base, kLargestPower / 16)) return {};
    return known(units::power(base, static_cast<int>(e->value)));
  }

  // Arguments that must share one dimension, which is then the result's.
  Inferred shared(std::span<const ast::NodeId> kids, ast::NodeId whole, const std::string& what,
                  const char* what_to_do = "a factor is missing, or a measure is not the one meant") {
    std::optional<ast::NodeId> first;
    for (ast::NodeId k : kids) {
      if (!at(k).known) continue;
      if (!first) {
        first = k;
      } else if (!compatible(at(*first).dimension, at(k).dimension)) {
        mismatch(t_[whole].span, *first, k, what + " of " + text_of(whole), what_to_do);
        return {};
      }
    }
    return first ? at(*first) : Inferred{};
  }

  // x compared with a threshold of the same function (STEP's x0, IMPACT's x1).
  void compared(ast::NodeId whole, ast::NodeId x, ast::NodeId threshold, const std::string& what) {
    if (degrees_against_angle(x, threshold)) return;
    if (at(x).known && at(threshold).known && !compatible(at(x).dimension, at(threshold).dimension))
      mismatch(t_[whole].span, x, threshold, what + " of " + text_of(whole),
               "the threshold must be in the variable's units");
  }

  std::optional<long> whole_number(ast::NodeId id) const {
    auto c = literal(id);
    if (!c || c->value != std::trunc(c->value) || std::abs(c->value) > 1e9) return std::nullopt;
    return static_cast<long>(c->value);
  }

  Inferred call(ast::NodeId id, const ast::Node& n, std::span<const ast::NodeId> kids) {
    const builtins::Builtin* f = builtins::find(t_.name(n));
    const int count = static_cast<int>(kids.size());
    if (!f || count < f->min_args || count > f->max_args) return {};
    const std::string name(f->name);
    switch (f->dimension_rule) {
      case DimensionRule::unknown: return {};
      case DimensionRule::fixed: return known(f->dimension);
      case DimensionRule::first: return at(kids[0]);
      case DimensionRule::shared: return shared(kids, id, "the arguments");
      case DimensionRule::of_angle: {
        const Inferred& a = at(kids[0]);
        // A length, mass or force: SIN(TIME) is the common shorthand of 1 radian per time
        // unit, so a time alone is left.
        Dimension d = a.dimension;
        if (a.known && (d.length || d.mass || d.force))
          warn(n.span, name + " reads an angle in radians, but " + text_of(kids[0]) + " is " + describe(d) +
                           "; a factor is missing, or a measure is not the one meant");
        return known(kNone);
      }
      case DimensionRule::to_angle: return known(kAngle);
      case DimensionRule::ratio_to_angle: shared(kids, id, "y and x"); return known(kAngle);
      case DimensionRule::number: return known(kNone);
      case DimensionRule::root: {
        if (!at(kids[0]).known) return {};
        if (auto r = root(at(kids[0]).dimension)) return known(*r);
        return {};
      }
      case DimensionRule::step: {
        compared(id, kids[0], kids[1], "x and x0");
        compared(id, kids[0], kids[3], "x and x1");
        std::array<ast::NodeId, 2> heights{kids[2], kids[4]};
        return shared(heights, id, "h0 and h1");
      }
      case DimensionRule::contact: {
        compared(id, kids[0], kids[2], "x and x1");
        if (name == "BISTOP") compared(id, kids[0], kids[3], "x and x2");
        const Inferred &x = at(kids[0]), &xdot = at(kids[1]);
        if (x.known && xdot.known && !compatible(x.dimension / kTime, xdot.dimension))
          warn(n.span, name + "'s xdot is the rate of its x: " + text_of(kids[0]) + " is " + describe(x.dimension) +
                           ", so xdot is " + describe(x.dimension / kTime) + ", but " + text_of(kids[1]) + " is " +
                           describe(xdot.dimension) + "; give the velocity that goes with x (VZ with DZ, WZ with AZ, VR with DM)");
        return {};
      }
      case DimensionRule::element_load: {
        auto component = whole_number(kids[2]);
        if (!component || *component < 1 || *component > 8) return {};
        return known(*component <= 4 ? kForce : kTorque);
      }
      case DimensionRule::variable: {
        auto variable = whole_number(kids[0]);
        if (!variable || !env_.variable) return {};
        if (auto d = env_.variable(*variable)) return known(*d);
        return {};
      }
    }
    return {};
  }

  const ast::Tree& t_;
  const Environment& env_;
};

}  // namespace

Inference infer(const ast::Tree& tree, const Environment& environment) {
  Inferrer inferrer(tree, environment);
  if (!tree.nodes.empty()) inferrer.run(tree.root);
  return std::move(inferrer.out);
}

}  // namespace fexpr::units
