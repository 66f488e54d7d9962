#!/bin/sh
# Generates contact_force.c from contact_force.txt and builds the user force into
# libuser_force.so, with the flags the generated code asks for.
# Usage: examples/codegen/build.sh [path/to/fexpr] (default: build/fexpr)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
fexpr=${1:-$here/../../build/fexpr}
expression=$(grep -v '^#' "$here/contact_force.txt")
"$fexpr" codegen --gradient --name contact_force --var z --var vz "$expression" > "$here/contact_force.c"
cc -std=c99 -O2 -fno-fast-math -ffp-contract=off -shared -fPIC -o "$here/libuser_force.so" \
  "$here/user_force.c" "$here/contact_force.c" -lm
echo "built $here/libuser_force.so"
