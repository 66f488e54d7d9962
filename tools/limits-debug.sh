#!/usr/bin/env bash
# The nesting-limit tests (10 to 1,000,000 levels, run on a 256 KiB thread stack) in a Debug
# build: -O0 frames are several times larger than Release ones, so this is where a recursion
# without a guard would overflow first.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
cmake -S . -B build-debug -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build-debug -j"$(nproc)" --target test_limits_nesting
build-debug/tests/test_limits_nesting
echo "limits-debug: took $((SECONDS - start)) s"
