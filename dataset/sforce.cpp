#include "dataset/sforce.hpp"

#include "dataset/model_builder.hpp"
#include "dataset/values.hpp"

namespace fexpr::dataset {

std::optional<SforceGeometry> sforce_geometry(const Statement& s) {
  const Argument* i = find_argument(s, "I");
  const Argument* j = find_argument(s, "J");
  if (!s.id || !i || !j || i->values.size() != 1 || j->values.size() != 1) return std::nullopt;
  auto im = integer(i->values[0]), jm = integer(j->values[0]);
  if (!im || !jm) return std::nullopt;
  return SforceGeometry{*s.id, *im, *jm, find_argument(s, "ROTATIONAL") != nullptr,
                        find_argument(s, "ACTIONONLY") != nullptr};
}

std::string sforce_component(const SforceGeometry& g, const std::string& f, int jflag, int comp, long rm) {
  bool torque = comp >= 5;
  if (torque != g.rotational || (jflag == 1 && g.action_only)) return "0";
  int axis = (comp - 1) % 4;  // 0 magnitude, then x, y, z
  std::string sign = jflag == 1 ? "-" : "";
  if (axis == 0) return "ABS(" + f + ")";
  static const char* measures[] = {"", "DX", "DY", "DZ"};
  std::string m = measures[axis], k = std::to_string(rm);
  std::string si = std::to_string(g.i), sj = std::to_string(g.j);
  // Along J's z axis: the offset of the helper marker one unit up that axis.
  if (g.rotational || g.action_only)
    return sign + "(" + f + ")*" + m + "(" + std::to_string(z_axis_marker(g.j)) + "," + sj + "," + k + ")";
  return sign + "(" + f + ")*" + m + "(" + si + "," + sj + "," + k + ")/DM(" + si + "," + sj + ")";
}

std::string sforce_power(const SforceGeometry& g, const std::string& f) {
  std::string si = std::to_string(g.i), sj = std::to_string(g.j);
  if (g.rotational) return "(" + f + ")*WZ(" + si + "," + (g.action_only ? "0" : sj) + "," + sj + ")";
  if (g.action_only) return "(" + f + ")*VZ(" + si + ",0," + sj + ")";
  return "(" + f + ")*VR(" + si + "," + sj + ")";
}

std::variant<Sforce, std::string> make_sforce(const Statement& s, ElementBindings& bindings) {
  auto g = sforce_geometry(s);
  if (!g) return std::string("needs I= and J= markers");
  const auto* e = bindings.element("SFORCE", g->id);
  if (!e || e->user) return std::string("is computed by a user subroutine");
  if (!e->expression) return std::string("has errors (run fexpr check)");
  std::string f = "(" + e->function->expression + ")";
  auto build = [&](const std::string& text) -> std::optional<Expression> {
    auto r = compile(text, bindings.context());
    return r.expression;
  };
  auto power = build(sforce_power(*g, f));
  if (!power) return std::string("cannot be evaluated: its markers are not on rigid parts");
  Sforce out{*g, *e->expression, *power, {}};
  for (int side = 0; side < 2; ++side) {
    for (int c = 0; c < 6; ++c) {
      int comp = c < 3 ? c + 2 : c + 3;  // FX FY FZ TX TY TZ
      out.loads[static_cast<std::size_t>(side * 6 + c)] = build(sforce_component(*g, f, side, comp, 0));
      if (!out.loads[static_cast<std::size_t>(side * 6 + c)]) return std::string("cannot be evaluated: its markers are not on rigid parts");
    }
  }
  return out;
}

}  // namespace fexpr::dataset
