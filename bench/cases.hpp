// The benchmark cases: each expression as fexpr text, as muparser text, and hand-written in
// C++ with its hand-derived gradient.
#pragma once

#include <fexpr/expression.hpp>

#include <string>
#include <utility>
#include <vector>

namespace fexpr::bench {

// The inputs of a native function, laid out as fexpr's gradient: TIME, then the variables.
// Natives read in.time and in.variables and write the whole gradient (d/dTIME first).
using NativeValue = double (*)(const Inputs& in);
using NativeGradient = double (*)(const Inputs& in, double* grad);

struct Case {
  std::string name;
  std::string text;      // fexpr
  std::string muparser;  // the same function in muparser's syntax ("" when not comparable)
  std::vector<std::pair<std::string, double>> variables;
  double time = 0.0;
  // The fexpr text reads the bench model (DM, VR, DZ, VZ). The native and muparser versions
  // then get those measures as the variables x, v instead, computed once from the model.
  bool model = false;
  std::vector<std::string> measures;  // for a model case: the fexpr text of x and v
  NativeValue native = nullptr;
  NativeGradient native_gradient = nullptr;
  std::string note;
  // When set, the text is compiled against this dataset's elements (VARVAL) and model.
  std::string dataset = {};
  // A model case's part: the one whose state the "state set" runs set before each value.
  long part = 2;
  // Instead of x = DM, v = VR, the natives get this part's 12 states as their variables, in
  // fexpr's gradient order, and compute the measures themselves (muparser is left out).
  bool native_reads_part = false;
};

std::vector<Case> cases();

// A 100-character expression for the parse + compile target.
extern const char* const kHundredCharacters;

}  // namespace fexpr::bench
