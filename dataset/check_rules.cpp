#include "dataset/check_rules.hpp"

#include "builtins/builtin.hpp"
#include "support/number.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

namespace fexpr::dataset {
namespace {

// What to put in place of a node while folding a branch at the switch point.
struct Substitution {
  std::string text;  // canonical text of the subtree replaced
  double value;
};

class Rules {
 public:
  Rules(const ast::Tree& t, Use use) : t_(t), use_(use) {}

  void walk(ast::NodeId id) {
    const ast::Node& n = t_[id];
    if (n.kind == ast::Kind::if_) conditional(n);
    if (n.kind == ast::Kind::call) call(n);
    for (ast::NodeId k : t_.kids(n)) walk(k);
  }

  std::vector<Diagnostic> out;

 private:
  void warn(Code code, Span span, std::string message) { out.push_back({Severity::warning, code, span, std::move(message)}); }

  // Value of a subtree made of constants, with the substitutions applied.
  std::optional<double> fold(ast::NodeId id, const std::vector<Substitution>& subs) const {
    const ast::Node& n = t_[id];
    if (!subs.empty() && n.kind != ast::Kind::number) {
      std::string text = ast::print(t_, id);
      for (const Substitution& s : subs) {
        if (s.text == text) return s.value;
      }
    }
    auto kids = t_.kids(n);
    switch (n.kind) {
      case ast::Kind::number: return n.value;
      case ast::Kind::name: {
        std::string u = text::upper(t_.name(n));
        if (u == "PI") return std::numbers::pi;
        if (u == "DTOR") return std::numbers::pi / 180.0;
        if (u == "RTOD") return 180.0 / std::numbers::pi;
        return std::nullopt;
      }
      case ast::Kind::plus: return fold(kids[0], subs);
      case ast::Kind::negate: {
        auto a = fold(kids[0], subs);
        return a ? std::optional<double>(-*a) : std::nullopt;
      }
      case ast::Kind::power: {
        auto a = fold(kids[0], subs), b = fold(kids[1], subs);
        if (!a || !b) return std::nullopt;
        double v = std::pow(*a, *b);
        return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
      }
      case ast::Kind::sum:
      case ast::Kind::product: {
        std::optional<double> acc;
        for (std::uint32_t i = 0; i < kids.size(); ++i) {
          auto v = fold(kids[i], subs);
          if (!v) return std::nullopt;
          switch (t_.op(n, i)) {
            case ast::Op::first: acc = *v; break;
            case ast::Op::add: *acc += *v; break;
            case ast::Op::subtract: *acc -= *v; break;
            case ast::Op::multiply: *acc *= *v; break;
            case ast::Op::divide:
              if (*v == 0.0) return std::nullopt;
              *acc /= *v;
              break;
            case ast::Op::cross: return std::nullopt;  // of vectors, which do not fold
          }
        }
        return acc;
      }
      case ast::Kind::call: {
        const builtins::Builtin* f = builtins::find(text::upper(t_.name(n)));
        if (!f || !f->value || f->argument == builtins::Shape::vector || static_cast<int>(kids.size()) < f->min_args ||
            static_cast<int>(kids.size()) > f->max_args)
          return std::nullopt;
        double args[builtins::kMaxArgs];
        for (std::size_t i = 0; i < kids.size(); ++i) {
          auto v = fold(kids[i], subs);
          if (!v) return std::nullopt;
          args[i] = *v;
        }
        double v = 0.0;
        if (f->value(args, static_cast<int>(kids.size()), &v)) return std::nullopt;
        return v;
      }
      default: return std::nullopt;
    }
  }

  // Where the test is zero: the test itself is 0, and a test "atom", "atom - c", "c - atom"
  // or "atom + c" puts the atom at its root.
  std::vector<Substitution> switch_point(ast::NodeId test) const {
    std::vector<Substitution> subs{{ast::print(t_, test), 0.0}};
    const ast::Node& n = t_[test];
    if (n.kind == ast::Kind::sum && n.count == 2) {
      auto kids = t_.kids(n);
      auto c0 = fold(kids[0], {}), c1 = fold(kids[1], {});
      bool minus = t_.op(n, 1) == ast::Op::subtract;
      if (!c0 && c1) subs.push_back({ast::print(t_, kids[0]), minus ? *c1 : -*c1});
      if (c0 && !c1 && minus) subs.push_back({ast::print(t_, kids[1]), *c0});
      if (c0 && !c1 && !minus) subs.push_back({ast::print(t_, kids[1]), -*c0});
    }
    return subs;
  }

  // MODE is the analysis being run (5 for statics): it changes only between analyses, never
  // while the solver integrates, so a switch on it is no discontinuity the solver meets.
  bool reads_only_mode(ast::NodeId id) const {
    const ast::Node& n = t_[id];
    if (n.kind == ast::Kind::number) return true;
    if (n.kind == ast::Kind::name) return text::upper(t_.name(n)) == "MODE";
    if (n.kind == ast::Kind::call || n.kind == ast::Kind::object_name) return false;
    auto kids = t_.kids(n);
    return std::all_of(kids.begin(), kids.end(), [&](ast::NodeId k) { return reads_only_mode(k); });
  }

  void conditional(const ast::Node& n) {
    auto kids = t_.kids(n);
    if (use_ == Use::motion) {
      warn(Code::discontinuity, n.span,
           "IF in a MOTION: a MOTION needs a continuous second derivative; prefer STEP5 or a polynomial");
      return;
    }
    if (use_ != Use::force || reads_only_mode(kids[0])) return;
    auto subs = switch_point(kids[0]);
    std::optional<double> v[3];
    for (int b = 0; b < 3; ++b) v[b] = fold(kids[static_cast<std::size_t>(b) + 1], subs);
    auto differ = [](const std::optional<double>& a, const std::optional<double>& b) {
      return a && b && std::abs(*a - *b) > 1e-9 * std::max({1.0, std::abs(*a), std::abs(*b)});
    };
    if (differ(v[0], v[2]) || differ(v[0], v[1]) || differ(v[1], v[2])) {
      auto show = [](const std::optional<double>& x) { return x ? number::format(*x) : std::string("?"); };
      warn(Code::discontinuity, n.span,
           "discontinuous IF in a force: where the test is 0 the branches give " + show(v[0]) + ", " + show(v[1]) +
               ", " + show(v[2]) + "; the solver may fail to converge there");
    }
  }

  void call(const ast::Node& n) {
    std::string name = text::upper(t_.name(n));
    const builtins::Builtin* f = builtins::find(name);
    if (!f) return;
    auto kids = t_.kids(n);
    if (use_ == Use::motion && f->category != builtins::Category::kinematic &&
        f->smoothness > builtins::Smoothness::c2) {
      warn(Code::discontinuity, n.span,
           name + " is not twice continuously differentiable; a MOTION needs a continuous second derivative" +
               (name == "STEP" ? " (use STEP5)" : ""));
      // Unsafe: STEP5 has the same end points but another shape in between, so the motion changes.
      if (name == "STEP") out.back().fix = Fix{n.name_span, "STEP5", false};
    }
    auto arg = [&](std::size_t i) { return i < kids.size() ? fold(kids[i], {}) : std::nullopt; };
    if ((name == "STEP" || name == "STEP5" || name == "HAVSIN") && kids.size() == 5) {
      auto x0 = arg(1), x1 = arg(3);
      // An error: Adams defines the step for x0 < x1 only, and evaluating it fails (builtins/steps.cpp).
      if (x0 && x1 && *x0 >= *x1)
        out.push_back({Severity::error, Code::parameter, n.span,
                       name + " with x0 >= x1 (" + number::format(*x0) + " >= " + number::format(*x1) +
                           "): Adams defines the step for x0 < x1; give x1 > x0, or write " + name +
                           "(x, x1, h1, x0, h0) for a step from x1 to x0"});
    }
    std::size_t e = name == "IMPACT" ? 4 : name == "BISTOP" ? 5 : 0;
    if (e && kids.size() == e + 3) {
      auto k = arg(e - 1), exponent = arg(e), cmax = arg(e + 1), d = arg(e + 2);
      if (exponent && *exponent < 1.0)
        warn(Code::parameter, t_[kids[e]].span, name + " exponent " + number::format(*exponent) + " < 1 makes the contact stiffness infinite at first touch; use e >= 1 (typically 1.5 to 2.2)");
      if (k && *k < 0.0) warn(Code::parameter, t_[kids[e - 1]].span, name + " stiffness is negative");
      if (cmax && *cmax < 0.0) warn(Code::parameter, t_[kids[e + 1]].span, name + " damping is negative");
      if (d && *d <= 0.0) warn(Code::parameter, t_[kids[e + 2]].span, name + " penetration depth for full damping must be > 0");
      if (name == "BISTOP") {
        auto x1 = arg(2), x2 = arg(3);
        if (x1 && x2 && *x1 >= *x2) warn(Code::parameter, n.span, "BISTOP with x1 >= x2: the free gap is empty");
      }
    }
  }

  const ast::Tree& t_;
  Use use_;
};

}  // namespace

std::vector<Diagnostic> check_rules(const ast::Tree& tree, Use use) {
  Rules r(tree, use);
  r.walk(tree.root);
  return std::move(r.out);
}

}  // namespace fexpr::dataset
