// A small x86-64 assembler: just the instructions the machine-code runs need (scalar and packed
// double arithmetic in SSE2 registers, compares and jumps, calls of C functions), encoded into a
// byte buffer with its constant pool behind the code. Operands live in xmm registers, in memory
// at a general register plus an offset (the run's frame, the caller's inputs) or in the pool
// (rip-relative).
//
// Where the processor and the system have AVX, a copy followed by an operation on the copy
// (movapd a, x; mulpd b, x) is written as one three-operand VEX instruction (vmulpd x, a, b):
// the same operation on the same operands in the same order, so the same bits, without the
// copy that the two-operand SSE2 forms need for every operand that stays live (andpd and xorpd
// likewise, whose order of operands is no matter). A packed load of a pool constant followed by
// an addition or multiplication with a register is written with the two operands swapped,
// which is exact only when the constant has no NaN (of two NaN operands the first one is the
// result), so it is done only for such constants. The VEX forms are 128 bits wide and clear the
// upper halves of the ymm registers, so mixing them with SSE2 code costs no transition.
#pragma once

#include <cstdint>
#include <vector>

namespace fexpr::detail::x86_64 {

// General-purpose registers by their encoding.
enum Gpr : std::uint8_t { rax = 0, rcx = 1, rdx = 2, rsp = 4, rsi = 6, rdi = 7, r8 = 8, r9 = 9 };

// Where a double is read from or written to.
struct Operand {
  enum class Kind : std::uint8_t { xmm, memory, pool } kind = Kind::xmm;
  std::int32_t index = 0;  // xmm: register 0-15; memory: byte offset from base; pool: byte offset
  Gpr base = rsp;
  static Operand xmm(int r) { return {Kind::xmm, r}; }
  static Operand memory(Gpr base, std::int32_t offset) { return {Kind::memory, offset, base}; }
  static Operand pool(std::int32_t offset) { return {Kind::pool, offset}; }
  bool operator==(const Operand&) const = default;
};

// The scalar and packed SSE2 operations used, by their two-byte opcode after 0x0F.
enum class Sse : std::uint8_t {
  add = 0x58,       // addsd
  multiply = 0x59,  // mulsd
  subtract = 0x5C,  // subsd
  divide = 0x5E,    // divsd
  sqrt = 0x51,      // sqrtsd
};

// Conditions after ucomisd a, b (flags as for an unsigned compare; unordered sets ZF, PF, CF).
enum class Condition : std::uint8_t {
  below = 0x2,
  above_or_equal = 0x3,
  equal = 0x4,
  below_or_equal = 0x6,
  above = 0x7,
  parity = 0xA,
};

// Whether the three-operand VEX forms are written: the processor and the system support AVX and
// the environment variable FEXPR_MACHINE_CODE is not `sse2` (for testing both encodings on one
// machine). Read once.
bool vex_available();

class Assembler {
 public:
  using Label = std::size_t;
  // pool: the constant pool as it is being filled, for the swap above (none: no swap); vex: as
  // vex_available() by default.
  explicit Assembler(const std::vector<std::uint8_t>* pool = nullptr, bool vex = vex_available())
      : pool_(pool), vex_(vex) {}

  Label new_label();
  void bind(Label label);  // the label is here

  void load(int xmm, const Operand& from);          // movsd xmm, m64 / movapd xmm, xmm
  void store(const Operand& to, int xmm);           // movsd m64, xmm / movapd xmm, xmm
  void arithmetic(Sse op, int xmm, const Operand& b);  // xmm = xmm op b (sqrt: xmm = sqrt(b))
  // Packed: both doubles of an xmm register; memory and pool operands 16-byte aligned.
  void load_pair(int xmm, const Operand& from);     // movapd xmm, m128 / xmm
  void store_pair(const Operand& to, int xmm);      // movapd m128 / xmm, xmm
  void store_pair_unaligned(const Operand& to, int xmm);  // movupd m128, xmm (memory only)
  void arithmetic_pair(Sse op, int xmm, const Operand& b);  // addpd, mulpd, ... (sqrtpd)
  void broadcast_low(int xmm);                      // unpcklpd xmm, xmm: both halves the low one
  void high_to_low(int xmm);                        // unpckhpd xmm, xmm: both halves the high one
  void xor_pd(int xmm, const Operand& pool16);      // xorpd with a 16-byte-aligned pool entry
  void and_pd(int xmm, const Operand& pool16);      // andpd likewise
  void zero(int xmm);                               // xorpd xmm, xmm
  void compare(int xmm, const Operand& b);          // ucomisd xmm, b
  void jump_if(Condition c, Label to);
  void jump(Label to);
  // To `fail` unless every value (the low double of each) is finite: x - x is NaN for an
  // infinity or NaN, else +0; their sum in xmm0 is tested once. Uses xmm0 and xmm1.
  void jump_unless_finite(const std::vector<Operand>& values, Label fail);
  void address_of_pool(std::int32_t offset, Gpr r = rdi);  // lea r, [pool + offset]
  void call(const void* function);                  // mov rax, function; call rax
  void set(Gpr r, std::uint64_t value);              // mov r, imm64
  void address_of_stack(Gpr r, std::int32_t offset); // lea r, [rsp + offset]
  void save(std::int32_t stack_offset, Gpr r);      // mov [rsp + offset], r
  void restore(Gpr r, std::int32_t stack_offset);   // mov r, [rsp + offset]
  void move(Gpr to, Gpr from);                      // mov to, from
  void jump_to(Gpr r);                              // jmp r
  void adjust_stack(std::int32_t bytes);            // sub rsp (bytes > 0) / add rsp (bytes < 0)
  void ret();

  // The finished code: the instructions, then (16-byte aligned) the pool, its rip-relative
  // references and jumps resolved. pool_bytes is the pool's content.
  std::vector<std::uint8_t> finish(const std::vector<std::uint8_t>& pool_bytes);

 private:
  // A copy (register to register) or a packed load of a pool constant not yet written, held
  // back in case the next instruction is an operation on its destination that can take it in.
  struct Pending {
    int to = -1;  // none
    Operand from;
  };
  void flush();
  // The held copy to `xmm` taken into the three-operand `op xmm, from, b`; false if it cannot be.
  bool fuse(std::uint8_t prefix, std::uint8_t opcode, int xmm, const Operand& b);
  // xmm = xmm op b (the arithmetic, andpd, xorpd), fused with a held copy where it can be.
  void operate(std::uint8_t prefix, std::uint8_t opcode, int xmm, const Operand& b);
  bool pool_has_nan(std::int32_t offset) const;
  void byte(std::uint8_t b) {
    flush();
    code_.push_back(b);
  }
  void bytes32(std::uint32_t v);
  // prefix (0 for none), REX from the register fields, 0x0F, opcode, then the operand's ModRM.
  void sse(std::uint8_t prefix, std::uint8_t opcode, int reg, const Operand& rm);
  // The VEX.128 form: reg = source op rm.
  void vex(std::uint8_t prefix, std::uint8_t opcode, int reg, int source, const Operand& rm);
  void modrm(int reg, const Operand& rm);
  void gpr_move(std::uint8_t opcode, Gpr r, std::int32_t stack_offset);

  std::vector<std::uint8_t> code_;
  std::vector<std::int64_t> labels_;  // code offset, -1 until bound
  struct Fixup {
    std::size_t at;      // the rel32 field; the instruction ends right after it
    std::size_t target;  // label, or pool offset
  };
  std::vector<Fixup> jumps_, pool_refs_;
  const std::vector<std::uint8_t>* pool_;
  bool vex_;
  Pending pending_;
};

}  // namespace fexpr::detail::x86_64
