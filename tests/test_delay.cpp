// DELAY(e_delayed, e_delay, e_history[, id]): the history before the delay has elapsed, with
// its derivatives through the delayed time, the current value for a delay <= 0, and a
// not-interpreted error where a past value is needed.
#include "checked_dataset.hpp"
#include "expression_helpers.hpp"
#include "loaded_dataset.hpp"

#include <cmath>
#include <string>

namespace test_delay {

using fexpr::Code;
using fexpr::testing::Bench;
using fexpr::testing::derivatives;
using fexpr::testing::LoadedDataset;
using fexpr::testing::where;

TEST_CASE("Before the delay has elapsed DELAY is the history at the delayed time", "[delay]") {
  Bench b({{"x", 3.0}, {"y", 2.0}});
  b.time = 0.5;
  SECTION("a constant history") { CHECK(b.value("DELAY(x, 1, 5)") == 5.0); }
  SECTION("a history in TIME reads TIME - delay: 3*(0.5 - 2) + 1") {
    CHECK(b.value("DELAY(x, y, 3*TIME + 1)") == Approx(-3.5));
  }
  SECTION("derivatives through the delayed time t = TIME - y: h = t*y, dh/dy = y*dt/dy + t, dh/dTIME = y") {
    // t = 0.5 - 2 = -1.5; h = -3; dh/dy = -2 - 1.5; d2h/dy2 = 2*dt/dy = -2; d2h/dTIME dy = dt/dTIME = 1.
    const auto d = derivatives(b, "DELAY(x, y, TIME*y)");
    REQUIRE(d.grad.size() == 3);  // TIME, x, y
    CHECK(d.value == Approx(-3.0));
    CHECK(d.grad[0] == Approx(2.0));
    CHECK(d.grad[1] == 0.0);
    CHECK(d.grad[2] == Approx(-3.5));
    CHECK(d.hess[2 * 3 + 2] == Approx(-2.0));
    CHECK(d.hess[0 * 3 + 2] == Approx(1.0));
    CHECK(d.hess[0 * 3 + 0] == 0.0);
  }
  SECTION("e_delayed is not evaluated there, as an untaken IF branch is not") {
    CHECK(b.value("DELAY(SQRT(-x), 1, 5)") == 5.0);
  }
}

TEST_CASE("A delay of zero or less is no delay: DELAY is e_delayed now", "[delay]") {
  Bench b({{"x", 3.0}, {"y", -1.0}});
  b.time = 0.5;
  CHECK(b.value("DELAY(x*x, 0, SQRT(-1))") == 9.0);
  // A delay that is a variable below zero: Adams takes it as zero, with no derivative.
  const auto d = derivatives(b, "DELAY(x*x, y, 0)");
  CHECK(d.value == 9.0);
  CHECK(d.grad[1] == Approx(6.0));
  CHECK(d.grad[2] == 0.0);
  CHECK(d.hess[1 * 3 + 1] == Approx(2.0));
}

TEST_CASE("Once the delay has elapsed DELAY needs a history fexpr does not keep", "[delay][errors]") {
  Bench b({{"x", 3.0}, {"y", 0.25}});
  b.time = 0.5;
  for (const std::string text : {"1 + DELAY(x, y, 5)", "1 + DELAY(x, 0.5, 5)", "1 + DELAY(x, 0.25, SQRT(-1))"}) {
    INFO(text);
    const auto d = b.evaluation_error(text);
    CHECK(d.code == Code::not_interpreted);
    CHECK(where(text, d) == "1:5");
    CHECK(d.message.find("fexpr keeps no history") != std::string::npos);
    CHECK(d.message.find("TIME - delay < 0") != std::string::npos);
  }
  // Its derivatives too.
  const fexpr::Expression e = b.compile_ok("DELAY(x, y, 5)");
  std::vector<double> g(3), h(9);
  fexpr::Workspace ws;
  CHECK_THROWS_WITH(e.hessian(b.inputs(), ws, g, h), Catch::Matchers::Contains("fexpr keeps no history"));
}

TEST_CASE("Derivatives of DELAY match central finite differences", "[delay][derivatives]") {
  Bench b({{"x", 0.7}, {"y", 1.3}});
  b.time = 0.4;
  for (const char* text : {"DELAY(x, y + 1, TIME**2 + 3*TIME*y)", "x*DELAY(0, 2*y, SIN(TIME))",
                           "DELAY(x, y, DELAY(1, 0.5, TIME**3))"}) {
    INFO(text);
    const auto d = derivatives(b, text);
    const double step = 1e-6;
    for (std::size_t k = 0; k < 3; ++k) {
      Bench plus = b, minus = b;
      if (k == 0) {
        plus.time += step;
        minus.time -= step;
      } else {
        plus.values[k - 1] += step;
        minus.values[k - 1] -= step;
      }
      CHECK(d.grad[k] == Approx((plus.value(text) - minus.value(text)) / (2 * step)).epsilon(1e-6).margin(1e-8));
      const auto dp = derivatives(plus, text), dm = derivatives(minus, text);
      for (std::size_t l = 0; l < 3; ++l)
        CHECK(d.hess[k * 3 + l] == Approx((dp.grad[l] - dm.grad[l]) / (2 * step)).epsilon(1e-5).margin(1e-7));
    }
  }
}

TEST_CASE("DELAY's id is an ARRAY of interpolation settings, checked when a dataset is bound", "[delay][errors]") {
  Bench b({{"x", 1.0}});
  CHECK(b.value("DELAY(x, 1, 5, 0)") == 5.0);
  CHECK(b.value("DELAY(x, 1, 5, 3)") == 5.0);
  for (const char* text : {"DELAY(x, 1, 5, 1.5)", "DELAY(x, 1, 5, -1)", "DELAY(x, 1, 5, x)"}) {
    const auto d = b.compile_error(text);
    CHECK(d.code == Code::argument);
    CHECK(where(text, d) == "1:16");
    CHECK(d.message == "DELAY's id names the ARRAY of its interpolation settings: an integer constant (0 for the defaults)");
  }
  LoadedDataset m("delay\nPART/1, GROUND\nMARKER/10, PART=1\nPART/2, QG=0,0,1\nMARKER/20, PART=2\n"
                  "ARRAY/3, IC, NUMBERS=6, 0.5\nEND\n");
  CHECK(m.value("DELAY(DZ(20), 1, 5, 3)") == 5.0);
  const auto d = m.compile_error("DELAY(DZ(20), 1, 5, 4)");
  CHECK(d.code == Code::reference);
  CHECK(where("DELAY(DZ(20), 1, 5, 4)", d) == "1:21");
  CHECK(d.message == "ARRAY/4 is not defined (DELAY's interpolation settings)");
}

TEST_CASE("DELAY's history may read TIME and constants only", "[delay][errors]") {
  LoadedDataset m("delay\nPART/1, GROUND\nMARKER/10, PART=1\nPART/2, QG=0,0,1\nMARKER/20, PART=2\n"
                  "VARIABLE/1, FUNCTION=2\nEND\n");
  CHECK(m.value("DELAY(DZ(20), 0.5, -TIME)") == 0.5);  // the history at TIME = -0.5
  for (const char* text : {"DELAY(1, 0.5, DZ(20))", "DELAY(1, 0.5, 2*VARVAL(1))", "DELAY(1, 0.5, MAG(DXYZ(20)))"}) {
    INFO(text);
    const auto d = m.compile_error(text);
    CHECK(d.code == Code::argument);
    CHECK(d.message.find("reads the model or solver state, but DELAY's history (its third argument) may depend on "
                         "TIME and constants only") != std::string::npos);
  }
}

TEST_CASE("The checker evaluates DELAY at the initial state, where it needs no history", "[delay][check]") {
  // At TIME = 0 a positive delay gives the history and a zero one the current value.
  auto f = fexpr::dataset::check_text("delay.adm",
                                      "delay\nPART/1, GROUND\nMARKER/10, PART=1\nPART/2, QG=0,0,1\nMARKER/20, PART=2\n"
                                      "VARIABLE/1, FUNCTION=DELAY(DZ(20, 10), 0.5, 0)\n"
                                      "VARIABLE/2, FUNCTION=SQRT(DELAY(DZ(20, 10), 0, -1))\n"
                                      "VARIABLE/3, FUNCTION=SQRT(DELAY(1, 0.5, -1))\n"
                                      "END\n");
  // Only VARIABLE/3 fails: its history is -1 there.
  CHECK(fexpr::testing::problems(f) == std::vector<std::string>{"8:22:error:domain"});
}

}  // namespace test_delay
