#include "bench/cases.hpp"

#include "bench/native.hpp"

namespace fexpr::bench {

const char* const kHundredCharacters =
    "-1E4*(x-0.5) - 25*v + STEP(TIME, 0, 0, 1, 500)*SIN(2*PI*5*TIME) - IMPACT(x, v, 1, 1E5, 1.5, 50, 0.1)";

std::vector<Case> cases() {
  const std::string polynomial =
      "1 + 2*x - 3*v + 0.5*x*x - 1.5*x*v + 2.5*v*v + 0.1*x*x*x - 0.2*x*x*v + 0.3*x*v*v - 0.4*v*v*v"
      " + 0.05*x*x*x*x - 0.02*v*v*v*v + x";
  std::string chain = "x*v", mu_chain = "x*v";
  for (int level = 9; level >= 1; --level) {
    const std::string test = "x-0." + std::to_string(level), n = std::to_string(level);
    chain = "IF(" + test + ": -" + n + ", 0, " + chain + ")";
    mu_chain = "(" + test + ")<0 ? -" + n + " : ((" + test + ")==0 ? 0 : (" + mu_chain + "))";
  }
  std::string dataset = "VARVAL chain\nPART/1, GROUND\nVARIABLE/10, FUNCTION = 2*TIME + 1\n", flat = "2*t + 1";
  for (int k = 9; k >= 1; --k) {
    dataset += "VARIABLE/" + std::to_string(k) + ", FUNCTION = 1.01*VARVAL(" + std::to_string(k + 1) + ") + 0.5\n";
    flat = "1.01*(" + flat + ") + 0.5";
  }
  dataset += "END\n";
  std::vector<Case> all;
  all.push_back({"spring", "-1E4*(x-0.5) - 25*v", "-1E4*(x-0.5) - 25*v", {{"x", 0.6}, {"v", 0.3}}, 0.0, false, {},
                 native::spring, native::spring_gradient, ""});
  all.push_back({"spring DM/VR", "-1E4*(DM(2,1)-0.5) - 25*VR(2,1)", "-1E4*(x-0.5) - 25*v", {}, 0.0, true,
                 {"DM(2,1)", "VR(2,1)"}, native::spring, native::spring_gradient,
                 "fexpr reads the model (gradient over 13 inputs); native and muparser get x = DM, v = VR"});
  Case spring_general{"spring DM/VR, general marker", "-1E4*(DM(3,1)-0.5) - 25*VR(3,1)", "", {}, 0.0, true, {},
                      native::spring_general, native::spring_general_gradient,
                      "marker 3 off the origin of part 3, which is turned and spinning; the natives read the part's "
                      "12 states and turn the marker's offset themselves"};
  spring_general.part = 3;
  spring_general.native_reads_part = true;
  all.push_back(std::move(spring_general));
  all.push_back({"step", "STEP(TIME, 0, 0, 0.5, 100) + STEP(TIME, 1, 0, 1.5, -100)",
                 "STEP(t, 0, 0, 0.5, 100) + STEP(t, 1, 0, 1.5, -100)", {}, 0.25, false, {}, native::steps,
                 native::steps_gradient, "muparser calls STEP as a C++ callback"});
  all.push_back({"impact", "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)", "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)",
                 {{"x", 0.995}, {"v", -0.5}}, 0.0, false, {}, native::impact, native::impact_gradient,
                 "muparser calls IMPACT as a C++ callback"});
  all.push_back({"impact DZ/VZ", "IMPACT(DZ(2,1), VZ(2,1), 1, 1E5, 1.5, 50, 0.01)",
                 "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)", {}, 0.0, true, {"DZ(2,1)", "VZ(2,1)"}, native::impact,
                 native::impact_gradient, "fexpr reads the model; native and muparser get x = DZ, v = VZ"});
  Case impact_general{"impact DZ/VZ, general marker", "IMPACT(DZ(3,1), VZ(3,1), 1, 1E5, 1.5, 50, 0.01)", "", {}, 0.0,
                      true, {}, native::impact_general, native::impact_general_gradient,
                      "as the general spring"};
  impact_general.part = 3;
  impact_general.native_reads_part = true;
  all.push_back(std::move(impact_general));
  all.push_back({"trig", "100*SIN(2*PI*5*TIME)*COS(x) + SQRT(x*x+v*v+d*d)",
                 "100*sin(2*_pi*5*t)*cos(x) + sqrt(x*x+v*v+d*d)", {{"x", 0.3}, {"v", -1.2}, {"d", 0.4}}, 0.013,
                 false, {}, native::trig, native::trig_gradient, ""});
  all.push_back({"polynomial (40 ops)", polynomial, polynomial, {{"x", 0.7}, {"v", -0.4}}, 0.0, false, {},
                 native::polynomial, native::polynomial_gradient, ""});
  all.push_back({"IF chain (9 deep)", chain, mu_chain, {{"x", 0.95}, {"v", 2.0}}, 0.0, false, {}, native::if_chain,
                 native::if_chain_gradient, "every test taken to the innermost branch"});
  Case varval{"VARVAL chain (10)", "VARVAL(1)", flat, {}, 0.4, false, {}, native::varval_chain,
              native::varval_chain_gradient,
              "VARIABLE/k = 1.01*VARVAL(k+1) + 0.5, VARIABLE/10 = 2*TIME + 1; muparser gets the chain written out"};
  varval.dataset = dataset;
  all.push_back(std::move(varval));
  return all;
}

}  // namespace fexpr::bench
