// The assembler's two encodings of a copy followed by an operation (eval/x86_64_assembler.hpp):
// the SSE2 pair `movapd a, x; op b, x` and the one VEX instruction `vop x, a, b` that replaces it
// where the processor has AVX. Small functions are assembled both ways and run, and every result
// (both halves of the register) must be what the SSE2 instructions define: for a scalar
// operation the low half is a.low op b.low and the high half a's; for a packed one both halves
// are a op b. NaN operands check the operand order, since two NaNs give the first one's payload.
#include "eval/executable_memory.hpp"
#include "eval/machine_making.hpp"
#include "eval/x86_64_assembler.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

namespace test_eval_x86_64_assembler {

namespace {

using fexpr::detail::x86_64::Assembler;
using fexpr::detail::x86_64::Operand;
using fexpr::detail::x86_64::Sse;
namespace x86 = fexpr::detail::x86_64;

using Function = void (*)(const double* in, double* out);

bool avx_here() {
#if defined(__x86_64__) && defined(__GNUC__)
  return __builtin_cpu_supports("avx") != 0;
#else
  return false;
#endif
}

struct Made {
  std::shared_ptr<const void> pages;
  Function f = nullptr;
  std::vector<std::uint8_t> bytes;
};

Made make(const std::vector<std::uint8_t>& bytes) {
  Made m{fexpr::detail::executable_copy(bytes), nullptr, bytes};
  if (m.pages) {
    const void* start = m.pages.get();
    std::memcpy(&m.f, &start, sizeof m.f);
  }
  return m;
}

// Two NaNs told apart by their payloads.
const double kNaNA = std::bit_cast<double>(std::uint64_t{0x7FF8000000000A0A});
const double kNaNB = std::bit_cast<double>(std::uint64_t{0x7FF800000000B0B0});

// What the SSE2 instruction gives for a op b: a NaN operand (the first one if both are NaN), else
// the operation (sqrt reads b alone).
double sse2(Sse op, double a, double b) {
  if (op == Sse::sqrt) return std::isnan(b) ? b : std::sqrt(b);
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  switch (op) {
    case Sse::add: return a + b;
    case Sse::multiply: return a * b;
    case Sse::subtract: return a - b;
    case Sse::divide: return a / b;
    case Sse::sqrt: return std::sqrt(b);
  }
  return 0.0;
}

// VEX instructions are the only ones these functions have that begin with 0xC4 or 0xC5 (the
// displacements are 0, 16 and 32, the other opcodes and ModRM bytes differ).
long vex_instructions(const std::vector<std::uint8_t>& bytes) {
  return std::count_if(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0xC4 || b == 0xC5; });
}

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

// in[0..1] = a, in[2..3] = b, in[4..5] = what x held before; out[0..1] = x after
// `copy a to x; op b, x` (b a register, or x itself: then the copy, a).
std::vector<std::uint8_t> copy_then_operate(bool vex, bool packed, Sse op, int x, int a, int b) {
  Assembler as(nullptr, vex);
  as.load_pair(a, Operand::memory(x86::rdi, 0));
  if (b != x) as.load_pair(b, Operand::memory(x86::rdi, 16));
  as.load_pair(x, Operand::memory(x86::rdi, 32));
  as.load(x, Operand::xmm(a));
  if (packed) as.arithmetic_pair(op, x, Operand::xmm(b));
  else as.arithmetic(op, x, Operand::xmm(b));
  as.store_pair_unaligned(Operand::memory(x86::rsi, 0), x);
  as.ret();
  return as.finish({});
}

}  // namespace

TEST_CASE("a copy and an operation give the SSE2 results in either encoding", "[machine][assembler]") {
  if (!fexpr::detail::kPlatform) return;
  const Sse ops[] = {Sse::add, Sse::multiply, Sse::subtract, Sse::divide, Sse::sqrt};
  // Low and high registers in each field (xmm8-15 need VEX's three-byte form for the operand).
  const int triples[][3] = {{1, 2, 3}, {9, 2, 12}, {4, 10, 5}, {15, 14, 8}, {3, 11, 3}, {12, 5, 12}};
  const double pairs[][2] = {{1.5, -0.25}, {-0.0, 3.0}, {kNaNA, 2.0}, {1e300, -1e-300}};
  for (bool vex : {false, true}) {
    if (vex && !avx_here()) continue;
    for (bool packed : {false, true})
      for (Sse op : ops)
        for (const auto& t : triples) {
          const auto bytes = copy_then_operate(vex, packed, op, t[0], t[1], t[2]);
          const Made m = make(bytes);
          if (!m.f) return;  // no executable pages here: nothing to run
          INFO("vex " << vex << " packed " << packed << " op " << int(op) << " x" << t[0] << " a" << t[1] << " b"
                      << t[2]);
          const bool fused = vex && t[0] != t[1] && !(packed && op == Sse::sqrt);  // vsqrtpd has one source
          CHECK(vex_instructions(bytes) == (fused ? 1 : 0));
          for (const auto& pa : pairs)
            for (const auto& pb : pairs) {
              alignas(16) double in[6] = {pa[0], pa[1], pb[1], pb[0], 7.0, -7.0};
              alignas(16) double out[2] = {};
              m.f(in, out);
              const double b_low = t[2] == t[0] ? in[0] : in[2], b_high = t[2] == t[0] ? in[1] : in[3];
              const double low = sse2(op, in[0], b_low), high = packed ? sse2(op, in[1], b_high) : in[1];
              CHECK(same_bits(out[0], low));
              CHECK(same_bits(out[1], high));
            }
        }
  }
}

TEST_CASE("two NaN operands give the first one's payload in either encoding", "[machine][assembler]") {
  if (!fexpr::detail::kPlatform) return;
  for (bool vex : {false, true}) {
    if (vex && !avx_here()) continue;
    for (Sse op : {Sse::add, Sse::multiply, Sse::subtract, Sse::divide}) {
      const Made m = make(copy_then_operate(vex, true, op, 5, 6, 7));
      if (!m.f) return;
      alignas(16) double in[6] = {kNaNA, kNaNB, kNaNB, kNaNA, 0.0, 0.0};
      alignas(16) double out[2] = {};
      m.f(in, out);
      CHECK(same_bits(out[0], kNaNA));
      CHECK(same_bits(out[1], kNaNB));
    }
  }
}

// A pool constant loaded and added to a register may be written as `vaddpd x, b, constant`, with
// the operands swapped; with a NaN in the constant that would give b's NaN instead of the
// constant's, so such a constant is never swapped.
TEST_CASE("a pool constant is swapped into a commutative operation only without a NaN", "[machine][assembler]") {
  if (!fexpr::detail::kPlatform) return;
  const double constants[][2] = {{2.0, -0.5}, {kNaNA, 1.0}, {1.0, kNaNA}};
  for (bool vex : {false, true}) {
    if (vex && !avx_here()) continue;
    for (const auto& c : constants)
      for (Sse op : {Sse::add, Sse::multiply, Sse::subtract}) {
        std::vector<std::uint8_t> pool(16);
        std::memcpy(pool.data(), c, 16);
        Assembler as(&pool, vex);
        as.load_pair(3, Operand::memory(x86::rdi, 16));
        as.load_pair(9, Operand::pool(0));
        as.arithmetic_pair(op, 9, Operand::xmm(3));
        as.store_pair_unaligned(Operand::memory(x86::rsi, 0), 9);
        as.ret();
        const auto bytes = as.finish(pool);
        const Made m = make(bytes);
        if (!m.f) return;
        INFO("vex " << vex << " op " << int(op) << " constant " << c[0] << ", " << c[1]);
        const bool swapped = vex && op != Sse::subtract && !std::isnan(c[0]) && !std::isnan(c[1]);
        CHECK(vex_instructions(bytes) == (swapped ? 1 : 0));
        alignas(16) double in[4] = {0.0, 0.0, kNaNB, 3.0};
        alignas(16) double out[2] = {};
        m.f(in, out);
        for (int half = 0; half < 2; ++half) {
          const double expected = sse2(op, c[half], in[2 + half]);
          CHECK(same_bits(out[half], expected));
        }
      }
  }
}

}  // namespace test_eval_x86_64_assembler
