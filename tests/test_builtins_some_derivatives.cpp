// The rules for some arguments (Builtin::some_derivatives): for every subset of a function's
// arguments, at points inside and outside its switch points, the value, partials and second
// partials are the same bits as the full derivative rule's entries for those arguments, and the
// errors are the same.
#include "builtins_calls.hpp"

#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace test_builtins_some_derivatives {

using namespace fexpr::builtins;
using namespace fexpr::builtins::testing;

namespace {

using Points = std::vector<std::vector<double>>;

// Points for each function that has such a rule: on a ramp, past it, in contact, clipped.
const std::map<std::string, Points>& points() {
  static const std::map<std::string, Points> all{
      {"BISTOP", {{-0.1, 0, 0, 1, 100, 2, 10, 0.05}, {1.02, -0.3, 0, 1, 100, 1.5, 10, 0.05}, {0.5, 1, 0, 1, 100, 2, 10, 0.05}}},
      {"HAVSIN", {{3.25, 3, 0, 4, 2}, {4.5, 3, 0, 4, 2}}},
      {"IMPACT", {{0.9, -2, 1, 1000, 1.5, 10, 0.2}, {0.95, 0.5, 1, 1E5, 2.2, 50, 0.1}, {0.99, 3, 1, 1E5, 1.5, 50, 0.1}}},
      {"SHF", {{0.25, 0, 2, 6.28, 0.3, 5}, {-1.5, 0.2, -3, 2, 1, 0}}},
      {"STEP", {{3.5, 3, 0, 4, 1}, {3.2, 3, -1, 4, 2}, {2, 3, -1, 4, 2}, {3.5, 4, 0, 3, 1}}},
      {"STEP5", {{3.5, 3, 0, 4, 1}, {3.9, 3, -1, 4, 2}}},
      {"SWEEP", {{0.5, 1, 0, 1, 2, 3, 0.01}, {1.3, 1, 0, 1, 2, 3, 0.5}, {2.5, 1, 0, 1, 2, 3, 0.5}}},
  };
  return all;
}

std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

}  // namespace

TEST_CASE("partials in some arguments are the full rule's bits for those arguments", "[derivatives][some]") {
  int functions = 0;
  for (const Builtin& b : table()) {
    if (!b.some_derivatives) continue;
    ++functions;
    INFO(b.name);
    const auto found = points().find(std::string(b.name));
    REQUIRE(found != points().end());
    for (const auto& args : found->second) {
      const int n = static_cast<int>(args.size());
      REQUIRE(n == b.min_args);
      for (int order : {1, 2}) {
        Derivatives full;
        const char* full_error = derivative_error(b.name, args, order, &full);
        for (unsigned mask = 1; mask < (1u << n); ++mask) {
          std::vector<int> vary;
          for (int i = 0; i < n; ++i)
            if (mask & (1u << i)) vary.push_back(i);
          const int m = static_cast<int>(vary.size());
          std::vector<double> d(static_cast<std::size_t>(m), 0.0), dd(static_cast<std::size_t>(m * m), 0.0);
          double value = 0.0;
          const char* error = b.some_derivatives(args.data(), n, order, vary.data(), m, &value, d.data(), dd.data());
          INFO(describe(b.name, args) << " order " << order << " arguments mask " << mask);
          REQUIRE(error == full_error);
          if (error) continue;
          CHECK(bits(value) == bits(full.value));
          for (int i = 0; i < m; ++i) {
            CHECK(bits(d[static_cast<std::size_t>(i)]) == bits(full.d[static_cast<std::size_t>(vary[i])]));
            if (order == 2)
              for (int j = 0; j < m; ++j)
                CHECK(bits(dd[static_cast<std::size_t>(i * m + j)]) == bits(full.second(vary[i], vary[j])));
          }
        }
      }
    }
  }
  CHECK(functions == static_cast<int>(points().size()));
}

}  // namespace test_builtins_some_derivatives
