#!/usr/bin/env bash
# Sets up a fresh Debian machine, builds fexpr with its tests and runs every test through CTest,
# then says how long each stage took (the suite's time is a budget: docs/reliability.md).
set -euo pipefail
cd "$(dirname "$0")"
start=$SECONDS
tools/install-deps.sh
installed=$SECONDS
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
built=$SECONDS
(cd build && ctest --output-on-failure -j"$(nproc)")
echo "test.sh: install $((installed - start)) s, configure and build $((built - installed)) s, tests $((SECONDS - built)) s"
