#!/usr/bin/env bash
# Sets up a fresh Debian machine, builds fexpr (Release) and runs it.
# With no arguments it runs the main job on the bundled examples.
set -euo pipefail
cd "$(dirname "$0")"
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target fexpr
if [ $# -eq 0 ]; then
  # The main job: check the bundled models, then evaluate the bundled expressions.
  build/fexpr check --verbose examples/models/*.adm
  exec build/fexpr eval --file examples/expressions.txt --var x=0.25 --var v=-1.5 --time 0.5
fi
exec build/fexpr "$@"
