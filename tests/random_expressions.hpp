// Seeded random expressions for the tests that compare two ways of evaluating one expression
// (generated C, machine code) with the interpreter.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace fexpr::testing {

// Random expressions over x, y and TIME of every construct the interpreter has a fast step for,
// and of the table's functions that take expressions in every argument.
class RandomExpressions {
 public:
  explicit RandomExpressions(unsigned seed) : rng_(seed) {}

  std::string node(int depth) {
    if (depth == 0 || pick(5) == 0) return leaf();
    const auto a = [&] { return node(depth - 1); };
    // The functions the table computes on Jets over all their arguments make long C (a SWEEP's
    // Hessian is 7000 lines), so they come up less often.
    if (pick(40) == 0) return jet_function(depth);
    switch (pick(13)) {
      case 0: return "(" + a() + " + " + a() + ")";
      case 1: return "(" + a() + " - " + a() + ")";
      case 2: return "(" + a() + " * " + a() + ")";
      case 3: return "(" + a() + " / " + a() + ")";
      case 4: return "-(" + a() + ")";
      case 5: return "(" + a() + ")**" + one_of({"2", "3", "4", "0.5", "1.5", "-1", "-2", "2.5", "1", "0", "(-0.5)"});
      case 6: return "(" + a() + ")**(" + a() + ")";
      case 7:
        return one_of({"ABS", "ACOS", "AINT", "ANINT", "ASIN", "ATAN", "COS", "COSH", "EXP", "LOG", "LOG10", "SIN",
                       "SINH", "SQRT", "TAN", "TANH"}) +
               "(" + a() + ")";
      case 8: return one_of({"ATAN2", "DIM", "MAX", "MIN", "MOD", "SIGN"}) + "(" + a() + ", " + a() + ")";
      case 9: return "IF(" + a() + ": " + a() + ", " + a() + ", " + a() + ")";
      case 10:
        return one_of({"STEP", "STEP5", "HAVSIN"}) + "(" + a() + ", " +
               one_of({"0, 1, 1, 2", "-0.5, 0, 0.5, -1", "0.25, 3, 1.25, 3", "1, 0, 0.2, 1"}) + ")";
      case 11: return "IMPACT(" + a() + ", " + a() + ", 0.5, 1E3, " + one_of({"1", "1.5", "2", "2.2"}) + ", 10, 0.1)";
      default: return "BISTOP(" + a() + ", " + a() + ", -0.5, 0.5, 1E3, " + one_of({"1", "1.5", "2", "0.8"}) + ", 10, 0.1)";
    }
  }

  std::string jet_function(int depth) {
    const auto a = [&] { return node(depth - 1); };
    switch (pick(4)) {
      case 0:
        return one_of({"POLY", "CHEBY", "FORCOS", "FORSIN"}) + "(" + a() + ", 0.5, " + one_of({"1.5", "0.25", "2"}) +
               ", " + a() + ", " + a() + ", -0.5)";
      case 1: return "SHF(" + a() + ", 0.25, " + a() + ", 2, " + a() + ", 1)";
      case 2:
        return one_of({"STEP", "STEP5", "HAVSIN"}) + "(" + a() + ", " + a() + ", 1, " + a() + ", " + a() + ")";
      default: return "SWEEP(" + a() + ", " + a() + ", 0, 1, 2, " + a() + ", 0.1)";
    }
  }

  std::vector<std::vector<double>> points(std::size_t count) {
    std::vector<std::vector<double>> out;
    for (std::size_t k = 0; k < count; ++k) out.push_back({value(), value(), value()});
    return out;
  }

 private:
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
  std::string one_of(std::initializer_list<const char*> options) { return *(options.begin() + pick(options.size())); }
  std::string leaf() { return one_of({"x", "y", "TIME", "x", "y", "0.5", "2", "1.5", "0.25", "10", "0"}); }
  double value() {
    static constexpr double kValues[] = {-2.0, -1.0, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0, 1.5, 3.0};
    return kValues[pick(std::size(kValues))];
  }
  std::mt19937 rng_;
};

}  // namespace fexpr::testing
