// The arithmetic of the two number types the interpreter differentiates with: the fast form's
// Dual (eval/run.cpp), over the program's lanes, and the builtins' Jet (builtins/jet.hpp), over
// a function's arguments. They give the same values but write +, -, * and / differently (a
// Dual directly, a Jet through its chain rule), which can change the sign of a zero derivative,
// so a formula that runs on both (the smooth steps) is written once over this interface.
#pragma once

#include "codegen/writer.hpp"

namespace fexpr::codegen {

class Arithmetic {
 public:
  explicit Arithmetic(Writer& w) : w_(w) {}
  virtual ~Arithmetic() = default;
  Writer& writer() const { return w_; }

  Dual constant(double v) const { return w_.constant(v); }
  virtual Dual add(const Dual& a, const Dual& b) = 0;
  virtual Dual sub(const Dual& a, const Dual& b) = 0;
  virtual Dual mul(const Dual& a, const Dual& b) = 0;
  virtual Dual div(const Dual& a, const Dual& b) = 0;
  Dual sin(const Dual& u);
  Dual cos(const Dual& u);

 protected:
  Writer& w_;
};

// The fast form's Dual: Writer's own operations.
class DualArithmetic : public Arithmetic {
 public:
  using Arithmetic::Arithmetic;
  Dual add(const Dual& a, const Dual& b) override { return w_.add(a, b); }
  Dual sub(const Dual& a, const Dual& b) override { return w_.sub(a, b); }
  Dual mul(const Dual& a, const Dual& b) override { return w_.mul(a, b); }
  Dual div(const Dual& a, const Dual& b) override { return w_.div(a, b); }
};

// A Jet over `width` arguments: the writer's derivatives are that wide while it lives.
class JetArithmetic : public Arithmetic {
 public:
  JetArithmetic(Writer& w, int width) : Arithmetic(w), outer_(w.set_lanes(width)) {}
  ~JetArithmetic() override { w_.set_lanes(outer_); }
  JetArithmetic(const JetArithmetic&) = delete;
  JetArithmetic& operator=(const JetArithmetic&) = delete;

  // Argument i, seeded with a unit derivative of its own.
  Dual variable(const Scalar& v, int i) const;
  Dual add(const Dual& a, const Dual& b) override;
  Dual sub(const Dual& a, const Dual& b) override;
  Dual mul(const Dual& a, const Dual& b) override;
  Dual div(const Dual& a, const Dual& b) override;
  // u^e for u > 0 (Jet's pow).
  Dual pow(const Dual& u, const Dual& e);
  // A value with zero derivatives.
  Dual constant_value(const Scalar& v) const;

 private:
  int outer_;
};

}  // namespace fexpr::codegen
