// An open-addressing table of indices into a vector its user keeps: each entry is an index or
// -1 (empty), at most half full, probed linearly. The compiler finds its derivative names and
// its constants with one each; a map that allocated a node per entry cost more than the rest of
// compiling a model-bound call.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace fexpr::detail {

class IndexTable {
 public:
  // Room for one more entry beside `count`. True when the table had to grow: it is then empty,
  // and its user places its `count` indices again with entry().
  bool reserve(std::size_t count) {
    if (2 * (count + 1) <= slots_.size()) return false;
    slots_.assign(std::bit_ceil(std::max<std::size_t>(16, 4 * (count + 1))), -1);
    return true;
  }
  // How many entries it holds before it grows again.
  std::size_t room() const { return slots_.size() / 2; }
  // The entry of the key with this hash: the index `holds(index)` accepts, or the empty entry
  // (-1) where the key goes.
  template <class Holds>
  std::int32_t& entry(std::size_t hash, Holds holds) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      std::int32_t& e = slots_[i];
      if (e < 0 || holds(static_cast<std::size_t>(e))) return e;
    }
  }

 private:
  std::vector<std::int32_t> slots_;
};

}  // namespace fexpr::detail
