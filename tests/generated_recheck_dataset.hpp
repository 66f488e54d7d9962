// The generated dataset the language server's re-check is tested (tests/test_lsp_recheck.cpp)
// and timed (bench/lsp_bench.cpp) on: per part a PART, a MARKER at its origin, a spring-damper
// SFORCE to ground and a VARIABLE, five lines and two expressions a part. Line 5002 (0-based)
// of recheck_dataset(2000) is "VARIABLE/1001, FUNCTION = STEP(...)", STEP at character 26.
#pragma once

#include <string>

namespace fexpr::testing {

inline std::string recheck_dataset(int parts) {
  std::string text = "generated model\nPART/1, GROUND\nMARKER/1, PART = 1\n";
  for (int i = 2; i < parts + 2; ++i) {
    const std::string n = std::to_string(i);
    text += "PART/" + n + ", MASS = 1, QG = " + n + ", 0, 0, VX = 1\n";
    text += "MARKER/" + n + ", PART = " + n + ", QP = 0, 0, 0\n";
    text += "SFORCE/" + n + ", TRANSLATIONAL, I = " + n + ", J = 1\n";
    text += ", FUNCTION = -1E4*(DM(" + n + ", 1) - 0.5) - 25*VR(" + n + ", 1) + VARVAL(" + n + ")\n";
    text += "VARIABLE/" + n + ", FUNCTION = STEP(TIME, 0, 0, 1, 100) + DX(" + n + ", 1)\n";
  }
  return text + "END\n";
}

}  // namespace fexpr::testing
