// The dimension units::infer gives every measure and function family, each worked out by hand
// from the function's definition (docs/language.md): DX is a length, VX its rate, AZ an angle,
// a constant any dimension at all.
#include "grammar/parse.hpp"
#include "units/infer.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_units_dimensions {

using fexpr::units::Dimension;
namespace u = fexpr::units;

namespace {

constexpr Dimension L = u::kLength, A = u::kAngle, T = u::kTime, F = u::kForce, N = u::kNone;

u::Inference inferred(const std::string& text, const u::Environment& env = {}) {
  auto parsed = fexpr::grammar::parse(text);
  REQUIRE(std::holds_alternative<fexpr::ast::Tree>(parsed));
  return u::infer(std::get<fexpr::ast::Tree>(parsed), env);
}

// The root's dimension, or nothing where none is certain.
std::optional<Dimension> dimension_of(const std::string& text, const u::Environment& env = {}) {
  auto parsed = fexpr::grammar::parse(text);
  REQUIRE(std::holds_alternative<fexpr::ast::Tree>(parsed));
  const auto& tree = std::get<fexpr::ast::Tree>(parsed);
  u::Inferred r = u::infer(tree, env).nodes[tree.root];
  if (!r.known) return std::nullopt;
  return r.dimension;
}

}  // namespace

TEST_CASE("every kinematic measure family has its dimension", "[units]") {
  for (const char* f : {"DX(2, 1)", "DY(2)", "DZ(2, 1, 3)", "DM(2, 1)"}) CHECK(dimension_of(f) == L);
  for (const char* f : {"VX(2, 1)", "VY(2)", "VZ(2, 1, 3, 4)", "VM(2, 1)", "VR(2, 1)"}) CHECK(dimension_of(f) == L / T);
  for (const char* f : {"ACCX(2)", "ACCY(2, 1)", "ACCZ(2, 1, 1, 1)", "ACCM(2, 1)"})
    CHECK(dimension_of(f) == L / T / T);
  for (const char* f : {"AX(2, 1)", "AY(2)", "AZ(2, 1)", "PSI(2)", "THETA(2)", "PHI(2)", "YAW(2)", "PITCH(2)",
                        "ROLL(2)", "INCANG(2, 1, 3)"})
    CHECK(dimension_of(f) == A);
  for (const char* f : {"WX(2, 1)", "WY(2)", "WZ(2, 1, 1)", "WM(2, 1)"}) CHECK(dimension_of(f) == A / T);
  for (const char* f : {"WDTX(2)", "WDTY(2, 1)", "WDTZ(2, 1, 1, 1)", "WDTM(2, 1)"}) CHECK(dimension_of(f) == A / T / T);
  // ORIENT gives angles or Euler parameters by its first argument: none certain.
  CHECK(dimension_of("ORIENT(27, 1, 2, 1)") == std::nullopt);
}

TEST_CASE("forces, torques and element loads by their component", "[units]") {
  for (const char* f : {"FX(2)", "FY(2, 1)", "FZ(2, 1, 1)", "FM(2, 1)"}) CHECK(dimension_of(f) == F);
  for (const char* f : {"TX(2)", "TY(2, 1)", "TZ(2, 1, 1)", "TM(2, 1)"}) CHECK(dimension_of(f) == F * L);
  // comp 1..4: FM, FX, FY, FZ; 5..8: TM, TX, TY, TZ.
  for (int comp = 1; comp <= 8; ++comp) {
    INFO("comp " << comp);
    for (const char* element : {"SFORCE", "BUSH", "BEAM", "FIELD", "GFORCE", "VFORCE", "VTORQ", "SPDP", "JOINT"})
      CHECK(dimension_of(std::string(element) + "(1, 0, " + std::to_string(comp) + ", 0)") == (comp <= 4 ? F : F * L));
  }
  CHECK(dimension_of("SFORCE(1, 0, VARVAL(2), 0)") == std::nullopt);
}

TEST_CASE("TIME, MODE and constants", "[units]") {
  CHECK(dimension_of("TIME") == T);
  CHECK(dimension_of("MODE") == N);
  for (const char* f : {"1", "PI", "DTOR", "90D", "-2.5"}) CHECK(dimension_of(f) == std::nullopt);
}

TEST_CASE("operators: a constant factor makes a product free, a sum takes its certain term's", "[units]") {
  CHECK(dimension_of("DX(2, 1)*DY(2, 1)") == L * L);
  CHECK(dimension_of("DX(2, 1)/TIME") == L / T);
  CHECK(dimension_of("DX(2, 1)**2") == L * L);
  CHECK(dimension_of("VX(2)**-1") == T / L);
  CHECK(dimension_of("DX(2)**0.5") == std::nullopt);  // a half power of a length has no name here
  CHECK(dimension_of("(DX(2)*DX(2))**0.5") == L);
  CHECK(dimension_of("DX(2)**TIME") == std::nullopt);
  // Powers of powers: 16^4 = 65536 lengths at most, past which nothing physical lies (nor an int).
  CHECK(dimension_of("((DX(2)**16)**16)**16") == u::power(L, 4096));
  CHECK(dimension_of("(((DX(2)**16)**16)**16)**16") == u::power(L, 65536));
  CHECK(dimension_of("((((DX(2)**16)**16)**16)**16)**2") == std::nullopt);
  CHECK(dimension_of("((((((((DX(2)**16)**16)**16)**16)**16)**16)**16)**16)") == std::nullopt);
  CHECK(dimension_of("2*DX(2, 1)") == std::nullopt);
  CHECK(dimension_of("1E4*DX(2, 1)/VX(2)") == std::nullopt);
  CHECK(dimension_of("DX(2, 1) + 1") == L);
  CHECK(dimension_of("1 - DX(2, 1) + 2*VX(2)") == L);
  CHECK(dimension_of("-DX(2, 1)") == L);
  CHECK(dimension_of("+VZ(2)") == L / T);
  CHECK(dimension_of("[DX(2), DY(2), DZ(2)]*[1, 0, 0]") == std::nullopt);
}

TEST_CASE("functions: what each family makes of its arguments", "[units]") {
  CHECK(dimension_of("SIN(AZ(2, 1))") == N);
  CHECK(dimension_of("COS(2*TIME)") == N);
  CHECK(dimension_of("ACOS(0.5)") == A);
  CHECK(dimension_of("ATAN(DY(2)/DX(2))") == A);
  CHECK(dimension_of("ATAN2(DY(2), DX(2))") == A);
  for (const char* f : {"EXP(-TIME)", "LOG(TIME)", "LOG10(2)", "SINH(1)", "COSH(TIME)", "TANH(VX(2))"})
    CHECK(dimension_of(f) == N);
  CHECK(dimension_of("SQRT(DX(2)**2 + DY(2)**2)") == L);
  CHECK(dimension_of("SQRT(DX(2))") == std::nullopt);
  CHECK(dimension_of("ABS(VX(2))") == L / T);
  CHECK(dimension_of("AINT(DX(2))") == L);
  CHECK(dimension_of("SIGN(DX(2), VX(2))") == L);
  CHECK(dimension_of("MAX(DX(2), 0)") == L);
  CHECK(dimension_of("MIN(0, DZ(2))") == L);
  CHECK(dimension_of("MOD(AZ(2), 2*PI)") == A);
  CHECK(dimension_of("DIM(DX(2), DY(2))") == L);
  CHECK(dimension_of("STEP(TIME, 0, 0, 1, DX(2))") == L);
  CHECK(dimension_of("STEP5(TIME, 0, 0, 1, 5)") == std::nullopt);
  CHECK(dimension_of("HAVSIN(TIME, 0, VX(2), 1, VY(2))") == L / T);
  CHECK(dimension_of("IMPACT(DZ(2), VZ(2), 1, 1E5, 1.5, 10, 0.1)") == std::nullopt);
  CHECK(dimension_of("IF(TIME - 1: DX(2), DY(2), DZ(2))") == L);
  CHECK(dimension_of("IF(TIME - 1: 0, 0, DZ(2))") == L);
  CHECK(dimension_of("DELAY(DZ(2, 1), 0.5, 0)") == L);
  for (const char* f : {"POLY(TIME, 0, 1, 2)", "CUBSPL(TIME, 0, 1)", "SHF(TIME, 0, 1, 2, 0, 0)", "USER(1, 2)", "DIF(1)"})
    CHECK(dimension_of(f) == std::nullopt);
}

TEST_CASE("VARVAL takes the dimension its environment gives VARIABLE/id", "[units]") {
  u::Environment env;
  env.variable = [](long id) -> std::optional<Dimension> {
    if (id == 3) return u::kForce;
    return std::nullopt;
  };
  CHECK(dimension_of("VARVAL(3)", env) == F);
  CHECK(dimension_of("VARVAL(3)*DX(2)", env) == F * L);
  CHECK(dimension_of("VARVAL(4)", env) == std::nullopt);
  CHECK(dimension_of("VARVAL(3)") == std::nullopt);
}

TEST_CASE("compatible: a force is a mass times an acceleration, an angle a ratio of lengths", "[units]") {
  CHECK(u::compatible(F, u::kMass * L / T / T));
  CHECK(u::compatible(L / T, A * L / T));  // v = w*r
  CHECK(u::compatible(F * L, F * L / A));  // a torque of a rotational stiffness times an angle
  CHECK_FALSE(u::compatible(L, L / T));
  CHECK_FALSE(u::compatible(F, F * L));
  CHECK_FALSE(u::compatible(N, L));
}

TEST_CASE("degree values: multiples of 15 above 2 pi, up to 360", "[units]") {
  for (double d : {15.0, 30.0, 45.0, 60.0, 90.0, 180.0, 270.0, 360.0, -90.0}) CHECK(u::degree_value(d));
  for (double d : {0.0, 1.0, 1.5707963, 6.0, 7.0, 10.0, 20.0, 100.0, 375.0, 720.0}) CHECK_FALSE(u::degree_value(d));
}

TEST_CASE("a mistake is found once, at the subexpression, with its dimensions", "[units]") {
  auto r = inferred("1 + (DX(2, 1) + VX(2, 1))");
  REQUIRE(r.diagnostics.size() == 1);
  const auto& d = r.diagnostics[0];
  CHECK(d.code == fexpr::Code::units);
  CHECK(d.severity == fexpr::Severity::warning);
  CHECK(d.span.begin == 5);
  CHECK(d.span.end == 24);
  CHECK_THAT(d.message, Catch::Matchers::Contains("a length") && Catch::Matchers::Contains("a velocity"));
}

TEST_CASE("describe names the common quantities and writes the others as powers", "[units]") {
  CHECK(u::describe(L / T) == "a velocity");
  CHECK(u::describe(F * L, {"mm", "kg", "s", "N"}) == "a torque (N*mm)");
  CHECK(u::describe(F / L, {"mm", "kg", "s", "N"}) == "a quantity in N/mm");
  CHECK(u::describe(L * L / T) == "a quantity in length^2/time");
  CHECK(u::describe(N) == "a number");
}

}  // namespace test_units_dimensions
