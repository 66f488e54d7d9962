// The parameters of builtin signatures, read as the Adams reference writes them.
#include "builtins/signature.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_builtins_signature {

using fexpr::builtins::parameters;

namespace {

std::string listed(std::string_view signature) {
  std::string out;
  for (const auto& p : parameters(signature)) out += std::string(p.name) + (p.optional ? "? " : " ");
  return out;
}

}  // namespace

TEST_CASE("parameters and which are optional") {
  CHECK(listed("STEP(x, x0, h0, x1, h1)") == "x x0 h0 x1 h1 ");
  CHECK(listed("DX(i[, j][, k])") == "i j? k? ");
  CHECK(listed("CHEBY(x, x0, a0, ..., a30)") == "x x0 a0 ... a30 ");
  CHECK(listed("ABS(a)") == "a ");
  CHECK(listed("DELAY(e_delayed, e_delay, e_history[, id])") == "e_delayed e_delay e_history id? ");
  CHECK(listed("NOPARENS").empty());
}

}  // namespace test_builtins_signature
