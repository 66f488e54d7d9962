#!/usr/bin/env bash
# Builds the benchmarks (Release, build-bench/) and prints the figures that bench/README.md
# records. As root it installs what is missing; otherwise it prints the apt-get line to run.
# Extra arguments go to the benchmark program (e.g. --benchmark_filter=spring).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
packages=(libbenchmark-dev libmuparser-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "fexpr bench: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "fexpr bench: missing Debian packages: ${missing[*]}" >&2
    echo "fexpr bench: install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DFEXPR_BENCH=ON -DFEXPR_TESTS=OFF >/dev/null
cmake --build build-bench --target fexpr_bench -j"$(nproc)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(date -u +%Y-%m-%d)"
exec build-bench/bench/fexpr_bench "$@"
