// The chain rule of a call in either form, and the operators of the reference form, which the
// generated code runs where the fast form's arithmetic fails (codegen/generate.cpp): the
// interpreter then runs its reference form too, which can succeed, `x / 1E-300` leaving out the
// constant's term -(x/b)·(1/b) that overflows in the fast form.
#include "codegen/rules.hpp"

namespace fexpr::codegen {

std::vector<const Dual*> rows_of(const Writer& w, std::span<const Argument> args) {
  std::vector<const Dual*> rows;
  for (const Argument& a : args) rows.push_back(w.reference() && a.constant ? nullptr : &a.dual);
  return rows;
}

Dual chained(Writer& w, const Scalar& f, std::span<const Argument> args, const std::vector<Scalar>& d,
             const std::vector<Scalar>& dd) {
  if (w.reference()) return w.reference_rows(f, rows_of(w, args), d, dd);
  return w.chain_rows(f, rows_of(w, args), d, dd);
}

Dual reference_sum(Writer& w, const Dual& a, const Dual& b, bool difference) {
  const auto lanes = [&](const Scalar& x, const Scalar& y) { return difference ? w.sub(x, y) : w.add(x, y); };
  Dual r{lanes(a.v, b.v), {}, {}};
  for (std::size_t k = 0; k < a.g.size(); ++k) r.g.push_back(lanes(a.g[k], b.g[k]));
  for (std::size_t k = 0; k < a.h.size(); ++k) r.h.push_back(lanes(a.h[k], b.h[k]));
  return r;
}

Dual reference_copy(Writer& w, const Dual& a, bool negated) {
  const auto lane = [&](const Scalar& x) { return w.add(negated ? w.neg(x) : x, known(0.0)); };
  Dual r{negated ? w.neg(a.v) : a.v, {}, {}};
  for (const Scalar& g : a.g) r.g.push_back(lane(g));
  for (const Scalar& h : a.h) r.h.push_back(lane(h));
  return r;
}

Dual reference_product(Writer& w, const Argument& a, const Argument& b) {
  const Argument args[2] = {a, b};
  return chained(w, w.mul(a.dual.v, b.dual.v), args, {b.dual.v, a.dual.v},
                 {known(0.0), known(1.0), known(1.0), known(0.0)});
}

Dual reference_quotient(Writer& w, const Argument& a, const Argument& b) {
  const Argument args[2] = {a, b};
  const Scalar& bv = b.dual.v;
  const Scalar q = w.div(a.dual.v, bv);
  if (w.order() == 0) return chained(w, q, args, {}, {});
  std::vector<Scalar> dd(4, known(0.0));
  if (w.order() == 2) {
    const Scalar bb = w.mul(bv, bv), cross = w.div(known(-1.0), bb);
    dd = {known(0.0), cross, cross, w.div(w.mul(known(2.0), q), bb)};
  }
  return chained(w, q, args, {w.div(known(1.0), bv), w.div(w.neg(q), bv)}, dd);
}

Dual reference_square(Writer& w, const Argument& a) {
  const Argument args[1] = {a};
  return chained(w, w.mul(a.dual.v, a.dual.v), args, {w.mul(known(2.0), a.dual.v)}, {known(2.0)});
}

}  // namespace fexpr::codegen
