#include "eval/x86_64_assembler.hpp"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string_view>

namespace fexpr::detail::x86_64 {

namespace {

constexpr std::uint8_t kF2 = 0xF2;  // scalar double
constexpr std::uint8_t k66 = 0x66;  // packed double, ucomisd

// VEX's pp field for the legacy prefix it replaces.
std::uint8_t vex_pp(std::uint8_t prefix) { return prefix == k66 ? 1 : prefix == kF2 ? 3 : 0; }

}  // namespace

bool vex_available() {
  static const bool available = [] {
    const char* choice = std::getenv("FEXPR_MACHINE_CODE");
    if (choice && std::string_view(choice) == "sse2") return false;
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();  // in case this runs before libgcc's own constructor did
    return __builtin_cpu_supports("avx") != 0;  // libgcc also checks that the system saves the ymm state
#else
    return false;
#endif
  }();
  return available;
}

Assembler::Label Assembler::new_label() {
  labels_.push_back(-1);
  return labels_.size() - 1;
}

void Assembler::bind(Label label) {
  flush();
  labels_[label] = static_cast<std::int64_t>(code_.size());
}

// Every instruction is written through byte(), which writes a held copy first, so a copy is
// never reordered with anything but the operation that takes it in.
void Assembler::flush() {
  if (pending_.to < 0) return;
  const Pending p = pending_;
  pending_.to = -1;
  sse(k66, 0x28, p.to, p.from);  // movapd
}

bool Assembler::pool_has_nan(std::int32_t offset) const {
  for (int half = 0; half < 2; ++half) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, pool_->data() + offset + 8 * half, 8);
    if (std::isnan(std::bit_cast<double>(bits))) return true;
  }
  return false;
}

bool Assembler::fuse(std::uint8_t prefix, std::uint8_t opcode, int xmm, const Operand& b) {
  const auto is = [&](Sse op) { return opcode == static_cast<std::uint8_t>(op); };
  if (!vex_ || pending_.to != xmm || (is(Sse::sqrt) && prefix == k66)) return false;  // vsqrtpd has one source
  const Operand from = pending_.from;
  if (from.kind == Operand::Kind::xmm) {
    pending_.to = -1;
    vex(prefix, opcode, xmm, from.index, b == Operand::xmm(xmm) ? from : b);
    return true;
  }
  // Packed only: a scalar operation would keep the upper half of b instead of the constant's.
  const bool commutes = prefix == k66 && (is(Sse::add) || is(Sse::multiply));
  if (commutes && b.kind == Operand::Kind::xmm && b.index != xmm && pool_ && !pool_has_nan(from.index)) {
    pending_.to = -1;
    vex(prefix, opcode, xmm, b.index, from);
    return true;
  }
  return false;
}

void Assembler::operate(std::uint8_t prefix, std::uint8_t opcode, int xmm, const Operand& b) {
  if (!fuse(prefix, opcode, xmm, b)) sse(prefix, opcode, xmm, b);
}

void Assembler::bytes32(std::uint32_t v) {
  for (int k = 0; k < 4; ++k) byte(static_cast<std::uint8_t>(v >> (8 * k)));
}

void Assembler::sse(std::uint8_t prefix, std::uint8_t opcode, int reg, const Operand& rm) {
  if (prefix) byte(prefix);
  const bool rm_high = rm.kind == Operand::Kind::xmm ? rm.index >= 8 : rm.kind == Operand::Kind::memory && rm.base >= 8;
  if (reg >= 8 || rm_high) byte(static_cast<std::uint8_t>(0x40 | (reg >= 8 ? 4 : 0) | (rm_high ? 1 : 0)));
  byte(0x0F);
  byte(opcode);
  modrm(reg, rm);
}

void Assembler::vex(std::uint8_t prefix, std::uint8_t opcode, int reg, int source, const Operand& rm) {
  const bool rm_high = rm.kind == Operand::Kind::xmm ? rm.index >= 8 : rm.kind == Operand::Kind::memory && rm.base >= 8;
  const auto r = static_cast<std::uint8_t>(reg >= 8 ? 0 : 0x80);  // R, X, B and vvvv are inverted
  const auto vvvv_l_pp = static_cast<std::uint8_t>(((~source & 15) << 3) | vex_pp(prefix));
  if (rm_high) {
    byte(0xC4);
    byte(static_cast<std::uint8_t>(r | 0x40 | 0x01));  // no X; B set; map 0F
    byte(vvvv_l_pp);                                    // W0, L0 (128 bits)
  } else {
    byte(0xC5);
    byte(static_cast<std::uint8_t>(r | vvvv_l_pp));
  }
  byte(opcode);
  modrm(reg, rm);
}

void Assembler::modrm(int reg, const Operand& rm) {
  const auto r = static_cast<std::uint8_t>((reg & 7) << 3);
  switch (rm.kind) {
    case Operand::Kind::xmm: byte(static_cast<std::uint8_t>(0xC0 | r | (rm.index & 7))); break;
    case Operand::Kind::memory:
      byte(static_cast<std::uint8_t>(0x80 | r | (rm.base & 7)));  // [base + disp32]
      if ((rm.base & 7) == rsp) byte(0x24);                       // which needs a SIB byte for rsp
      bytes32(static_cast<std::uint32_t>(rm.index));
      break;
    case Operand::Kind::pool:
      byte(static_cast<std::uint8_t>(r | 5));  // [rip + disp32]
      pool_refs_.push_back({code_.size(), static_cast<std::size_t>(rm.index)});
      bytes32(0);
      break;
  }
}

void Assembler::gpr_move(std::uint8_t opcode, Gpr r, std::int32_t stack_offset) {
  byte(static_cast<std::uint8_t>(0x48 | (r >= 8 ? 4 : 0)));  // REX.W, REX.R for r8
  byte(opcode);
  modrm(r, Operand::memory(rsp, stack_offset));
}

void Assembler::set(Gpr r, std::uint64_t value) {
  byte(static_cast<std::uint8_t>(0x48 | (r >= 8 ? 1 : 0)));  // REX.W, REX.B for r8
  byte(static_cast<std::uint8_t>(0xB8 | (r & 7)));
  for (int k = 0; k < 8; ++k) byte(static_cast<std::uint8_t>(value >> (8 * k)));
}

void Assembler::address_of_stack(Gpr r, std::int32_t offset) { gpr_move(0x8D, r, offset); }

void Assembler::save(std::int32_t stack_offset, Gpr r) { gpr_move(0x89, r, stack_offset); }
void Assembler::restore(Gpr r, std::int32_t stack_offset) { gpr_move(0x8B, r, stack_offset); }

void Assembler::move(Gpr to, Gpr from) {
  byte(static_cast<std::uint8_t>(0x48 | (from >= 8 ? 4 : 0) | (to >= 8 ? 1 : 0)));  // REX.W, .R, .B
  byte(0x89);
  byte(static_cast<std::uint8_t>(0xC0 | ((from & 7) << 3) | (to & 7)));
}

void Assembler::jump_to(Gpr r) {
  if (r >= 8) byte(0x41);  // REX.B
  byte(0xFF);
  byte(static_cast<std::uint8_t>(0xE0 | (r & 7)));
}

void Assembler::load(int xmm, const Operand& from) {
  if (from.kind == Operand::Kind::xmm) {
    if (from.index == xmm) return;
    flush();
    pending_ = {xmm, from};  // movapd: no dependence on the old upper half
  } else {
    sse(kF2, 0x10, xmm, from);
  }
}

void Assembler::store(const Operand& to, int xmm) {
  if (to.kind == Operand::Kind::xmm) load(to.index, Operand::xmm(xmm));
  else sse(kF2, 0x11, xmm, to);
}

void Assembler::arithmetic(Sse op, int xmm, const Operand& b) { operate(kF2, static_cast<std::uint8_t>(op), xmm, b); }

void Assembler::load_pair(int xmm, const Operand& from) {
  if (from.kind == Operand::Kind::xmm && from.index == xmm) return;
  if (from.kind == Operand::Kind::memory) return sse(k66, 0x28, xmm, from);
  flush();
  pending_ = {xmm, from};
}

void Assembler::store_pair(const Operand& to, int xmm) {
  if (to.kind == Operand::Kind::xmm) load_pair(to.index, Operand::xmm(xmm));
  else sse(k66, 0x29, xmm, to);
}

void Assembler::store_pair_unaligned(const Operand& to, int xmm) { sse(k66, 0x11, xmm, to); }

void Assembler::arithmetic_pair(Sse op, int xmm, const Operand& b) {
  operate(k66, static_cast<std::uint8_t>(op), xmm, b);
}
void Assembler::broadcast_low(int xmm) { sse(k66, 0x14, xmm, Operand::xmm(xmm)); }
void Assembler::high_to_low(int xmm) { sse(k66, 0x15, xmm, Operand::xmm(xmm)); }
void Assembler::xor_pd(int xmm, const Operand& pool16) { operate(k66, 0x57, xmm, pool16); }
void Assembler::and_pd(int xmm, const Operand& pool16) { operate(k66, 0x54, xmm, pool16); }
void Assembler::zero(int xmm) { sse(k66, 0x57, xmm, Operand::xmm(xmm)); }
void Assembler::compare(int xmm, const Operand& b) { sse(k66, 0x2E, xmm, b); }

void Assembler::jump_if(Condition c, Label to) {
  byte(0x0F);
  byte(static_cast<std::uint8_t>(0x80 | static_cast<std::uint8_t>(c)));
  jumps_.push_back({code_.size(), to});
  bytes32(0);
}

void Assembler::jump(Label to) {
  byte(0xE9);
  jumps_.push_back({code_.size(), to});
  bytes32(0);
}

void Assembler::jump_unless_finite(const std::vector<Operand>& values, Label fail) {
  for (std::size_t k = 0; k < values.size(); ++k) {
    const int x = k == 0 ? 0 : 1;
    load(x, values[k]);
    arithmetic(Sse::subtract, x, values[k]);
    if (k > 0) arithmetic(Sse::add, 0, Operand::xmm(1));
  }
  if (values.empty()) return;
  compare(0, Operand::xmm(0));
  jump_if(Condition::parity, fail);
}

void Assembler::address_of_pool(std::int32_t offset, Gpr r) {
  byte(static_cast<std::uint8_t>(0x48 | (r >= 8 ? 4 : 0)));  // lea r, [rip + disp32]
  byte(0x8D);
  byte(static_cast<std::uint8_t>(((r & 7) << 3) | 5));
  pool_refs_.push_back({code_.size(), static_cast<std::size_t>(offset)});
  bytes32(0);
}

void Assembler::call(const void* function) {
  std::uint64_t address = 0;
  std::memcpy(&address, &function, sizeof address);
  set(rax, address);
  byte(0xFF);  // call rax
  byte(0xD0);
}

void Assembler::adjust_stack(std::int32_t bytes) {
  if (bytes == 0) return;
  byte(0x48);
  byte(0x81);
  byte(bytes > 0 ? 0xEC : 0xC4);  // sub rsp / add rsp, imm32
  bytes32(static_cast<std::uint32_t>(bytes > 0 ? bytes : -bytes));
}

void Assembler::ret() { byte(0xC3); }

std::vector<std::uint8_t> Assembler::finish(const std::vector<std::uint8_t>& pool_bytes) {
  flush();
  std::vector<std::uint8_t> out = code_;
  const std::size_t pool = (out.size() + 15) / 16 * 16;
  out.resize(pool, 0xCC);  // int3 between the code and the pool
  out.insert(out.end(), pool_bytes.begin(), pool_bytes.end());
  auto patch = [&](std::size_t at, std::int64_t target) {
    const auto rel = static_cast<std::int32_t>(target - static_cast<std::int64_t>(at + 4));
    std::memcpy(out.data() + at, &rel, 4);
  };
  for (const Fixup& f : jumps_) {
    if (labels_[f.target] < 0) throw std::logic_error("x86_64::Assembler: a jump to a label never bound");
    patch(f.at, labels_[f.target]);
  }
  for (const Fixup& f : pool_refs_) patch(f.at, static_cast<std::int64_t>(pool + f.target));
  return out;
}

}  // namespace fexpr::detail::x86_64
