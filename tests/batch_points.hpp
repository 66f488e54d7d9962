// For the batch tests: points for Expression::values, and the check that a batch gives, point by
// point, exactly what value() gives (the trusted path), resuming after each failing point as a
// plot or a checker does.
#pragma once

#include <catch2/catch.hpp>
#include <fexpr/expression.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace fexpr::testing {

// A batch's inputs: each point's variables in a row of one array that the Inputs point into.
struct Points {
  std::vector<double> variables;
  std::vector<Inputs> inputs;

  Points(std::size_t count, std::size_t per_point) : variables(count * per_point), inputs(count) {
    for (std::size_t k = 0; k < count; ++k)
      inputs[k].variables = std::span<const double>(variables).subspan(k * per_point, per_point);
  }
  double* row(std::size_t k) { return variables.data() + k * inputs[k].variables.size(); }
};

// Numbers that reach the corners of the arithmetic: signed zeros, subnormals, values near
// overflow, IMPACT's damping band just below 1, small integers (IF's zero branch, MOD's ends),
// ordinary values of either sign and, rarely, a NaN or an infinity (an input error).
class Sampler {
 public:
  explicit Sampler(std::uint64_t seed) : rng_(seed) {}

  double number() {
    const double u = uniform(0.0, 1.0);
    const double sign = uniform(0.0, 1.0) < 0.5 ? -1.0 : 1.0;
    if (u < 0.02) return u < 0.01 ? std::numeric_limits<double>::quiet_NaN() : sign * HUGE_VAL;
    if (u < 0.12) return sign * 0.0;
    if (u < 0.20) return sign * std::pow(10.0, uniform(300.0, 308.2));
    if (u < 0.25) return sign * std::numeric_limits<double>::denorm_min() * uniform(1.0, 1e6);
    if (u < 0.35) return uniform(0.98, 1.01);
    if (u < 0.45) return static_cast<double>(static_cast<int>(uniform(-3.0, 4.0)));
    if (u < 0.60) return sign * std::pow(10.0, uniform(-6.0, 6.0));
    return uniform(-2.0, 2.0);
  }
  // Adams' analysis modes.
  double mode() {
    constexpr double kModes[] = {1, 3, 4, 5, 6, 7};
    return kModes[static_cast<std::size_t>(uniform(0.0, 6.0)) % 6];
  }
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }

  // count points of `per_point` variables, TIME, MODE and every variable drawn by number().
  Points points(std::size_t count, std::size_t per_point) {
    Points p(count, per_point);
    for (std::size_t k = 0; k < count; ++k) {
      p.inputs[k].time = number();
      p.inputs[k].mode = mode();
      for (std::size_t j = 0; j < per_point; ++j) p.row(k)[j] = number();
    }
    return p;
  }

 private:
  std::mt19937_64 rng_;
};

// What out holds where values() wrote nothing: a NaN no evaluation returns (a value is finite).
inline constexpr std::uint64_t kUntouchedBits = 0x7ff8'dead'beef'0001ULL;

inline std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

// value() at each point, a workspace of its own: the value, or the error.
struct OneByOne {
  std::vector<double> values;
  std::vector<std::optional<Diagnostic>> errors;
};

inline OneByOne one_by_one(const Expression& e, std::span<const Inputs> points) {
  OneByOne r{std::vector<double>(points.size(), std::bit_cast<double>(kUntouchedBits)),
             std::vector<std::optional<Diagnostic>>(points.size())};
  Workspace ws;
  for (std::size_t k = 0; k < points.size(); ++k) {
    try {
      r.values[k] = e.value(points[k], ws);
    } catch (const EvaluationError& err) {
      r.errors[k] = err.diagnostic;
    }
  }
  return r;
}

// A batch run over all points against value() at each point, going on after each failing point
// with the rest of the batch: run(start, out) evaluates points[start..] into out[start..]. The
// same bits where value() gives a value; where it throws, the same diagnostic, reported with the
// point's index, and out left as it was. Returns how many points failed.
template <class Run>
std::size_t check_batch_run(const Expression& e, std::span<const Inputs> points, Run run) {
  const OneByOne expected = one_by_one(e, points);
  std::vector<double> out(points.size(), std::bit_cast<double>(kUntouchedBits));
  std::size_t start = 0, failures = 0;
  for (;;) {
    try {
      run(start, std::span<double>(out));
      break;
    } catch (const BatchEvaluationError& err) {
      const std::size_t k = start + err.point;
      INFO("point " << k);
      REQUIRE(k < points.size());
      REQUIRE(expected.errors[k]);
      const Diagnostic& d = *expected.errors[k];
      CHECK(err.diagnostic.message == d.message);
      CHECK(err.diagnostic.code == d.code);
      CHECK(err.diagnostic.span.begin == d.span.begin);
      CHECK(err.diagnostic.span.end == d.span.end);
      CHECK(std::string(err.what()) == "point " + std::to_string(err.point) + ": " + d.message);
      ++failures;
      start = k + 1;
    }
  }
  std::size_t expected_failures = 0;
  for (const auto& error : expected.errors) expected_failures += error.has_value();
  CHECK(failures == expected_failures);
  for (std::size_t k = 0; k < points.size(); ++k) {
    INFO("point " << k << (expected.errors[k] ? ", an error: " + expected.errors[k]->message : ""));
    CHECK(bits(out[k]) == bits(expected.values[k]));
  }
  return failures;
}

// values() over the points as Inputs, with workspace ws.
inline std::size_t check_batch(const Expression& e, std::span<const Inputs> points, Workspace& ws) {
  return check_batch_run(e, points, [&](std::size_t start, std::span<double> out) {
    e.values(points.subspan(start), ws, out.subspan(start));
  });
}

// values() over the same points as Columns: TIME and MODE copied into arrays of their own, each
// variable read in place from the points' rows (a stride of the row's length).
inline std::size_t check_columns(const Expression& e, std::span<const Inputs> points, Workspace& ws) {
  std::vector<double> time, mode;
  for (const Inputs& in : points) {
    time.push_back(in.time);
    mode.push_back(in.mode);
  }
  const std::size_t per_point = points.empty() ? 0 : points[0].variables.size();
  return check_batch_run(e, points, [&](std::size_t start, std::span<double> out) {
    if (start == points.size()) return;
    std::vector<Column> variables;
    for (std::size_t j = 0; j < per_point; ++j) variables.push_back({points[start].variables.data() + j, per_point});
    Columns columns;
    columns.points = points.size() - start;
    columns.time = {time.data() + start, 1};
    columns.mode = {mode.data() + start, 1};
    columns.variables = variables;
    columns.state = points[start].state;
    e.values(columns, ws, out.subspan(start));
  });
}

}  // namespace fexpr::testing
