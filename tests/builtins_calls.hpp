// Calling builtins by name from the test_builtins_* tests: value, derivatives and errors.
#pragma once

#include "builtins/builtin.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fexpr::builtins::testing {

struct Derivatives {
  double value = 0.0;
  std::vector<double> d;   // d[i] = dF/da_i
  std::vector<double> dd;  // dd[i*n+j] = d²F/da_i da_j
  double second(int i, int j) const { return dd[static_cast<std::size_t>(i) * d.size() + j]; }
};

inline const Builtin& builtin(std::string_view name) {
  const Builtin* b = find(name);
  REQUIRE(b != nullptr);
  return *b;
}

inline std::string describe(std::string_view name, const std::vector<double>& args) {
  std::string s(name);
  s += '(';
  for (std::size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + std::to_string(args[i]);
  return s + ')';
}

// The value rule's error, or nullptr.
inline const char* value_error(std::string_view name, const std::vector<double>& args, double* value = nullptr) {
  double v = 0.0;
  const char* error = builtin(name).value(args.data(), static_cast<int>(args.size()), &v);
  if (value) *value = v;
  return error;
}

inline const char* derivative_error(std::string_view name, const std::vector<double>& args, int order,
                                    Derivatives* out = nullptr) {
  const int n = static_cast<int>(args.size());
  Derivatives r;
  r.d.assign(args.size(), 0.0);
  r.dd.assign(args.size() * args.size(), 0.0);
  const char* error = builtin(name).derivatives(args.data(), n, order, &r.value, r.d.data(), r.dd.data());
  if (out) *out = r;
  return error;
}

// The value; the call must succeed.
inline double call(std::string_view name, const std::vector<double>& args) {
  double v = 0.0;
  const char* error = value_error(name, args, &v);
  INFO(describe(name, args) << ": " << (error ? error : ""));
  REQUIRE(error == nullptr);
  return v;
}

// Value, first and second partials from the order 2 rule; the call must succeed, and the value must
// agree with the value rule's.
inline Derivatives derivatives(std::string_view name, const std::vector<double>& args, int order = 2) {
  Derivatives r;
  const char* error = derivative_error(name, args, order, &r);
  INFO(describe(name, args) << ": " << (error ? error : ""));
  REQUIRE(error == nullptr);
  CHECK(r.value == Approx(call(name, args)).epsilon(1e-14).margin(1e-300));
  return r;
}

// The domain error: the value rule and both orders of the derivative rule must report the same one.
inline std::string error(std::string_view name, const std::vector<double>& args) {
  INFO(describe(name, args));
  const char* from_value = value_error(name, args);
  REQUIRE(from_value != nullptr);
  for (int order : {1, 2}) {
    const char* from_derivatives = derivative_error(name, args, order);
    REQUIRE(from_derivatives != nullptr);
    CHECK(std::string(from_derivatives) == from_value);
  }
  return from_value;
}

}  // namespace fexpr::builtins::testing
