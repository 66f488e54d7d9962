#!/usr/bin/env bash
# Instructions per call of benchmarks, counted by callgrind (repeatable where timings on a shared
# machine are not): bench/count.sh value/spring gradient/spring_dm_vr_general_marker ...
# Each count is the difference between runs of N + 1 and 1 calls (set-up cancels), over N.
# Builds build-bench/ first, as bench/run.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "bench/count.sh needs valgrind (apt-get install -y valgrind)" >&2; exit 1; }
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DFEXPR_BENCH=ON -DFEXPR_TESTS=OFF >/dev/null
cmake --build build-bench --target fexpr_bench -j"$(nproc)" >/dev/null
calls=${CALLS:-1000}
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null build-bench/bench/fexpr_bench --count="$1:$2" 2>&1 |
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for name in "$@"; do
  one=$(instructions "$name" 1)
  many=$(instructions "$name" $((calls + 1)))
  printf '%-48s %8d instructions per call\n' "$name" $(((many - one) / calls))
done
