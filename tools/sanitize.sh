#!/usr/bin/env bash
# The whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer (with
# float-cast-overflow, which g++ leaves out of -fsanitize=undefined), then the multi-threaded
# evaluation tests under ThreadSanitizer. Any report fails the run.
#
#   tools/sanitize.sh            # both
#   tools/sanitize.sh asan       # only the ASan+UBSan suite (build-asan/)
#   tools/sanitize.sh tsan       # only the TSan test (build-tsan/)
#
# Built -O1 with line tables (-g1): fast enough to run on every submission, and the reports
# still name functions and source lines; full debug information (-g) tracks every variable's
# location, which took a third of each file's compile time. ccache keeps rebuilds incremental. The library is built once as a
# shared object that every test program loads: linked into each of them statically, the
# instrumented code with its debug information took 39 GB of disk (280 MB a program) and filled
# the CI machine's.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
what="${1:-all}"
jobs="$(nproc)"

# The suite runs in de_DE.UTF-8, whose decimal separator is a comma, so that CI checks that no
# number goes through the process locale (docs/reliability.md); generate it when we can.
suite_locale=C.UTF-8
if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
  suite_locale=de_DE.UTF-8
elif [ "$(id -u)" -eq 0 ]; then
  [ -d /usr/share/i18n/locales ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq locales >/dev/null; } || true
  if localedef -i de_DE -f UTF-8 de_DE.UTF-8; then suite_locale=de_DE.UTF-8; fi
fi
[ "$suite_locale" = de_DE.UTF-8 ] || echo "sanitize: de_DE.UTF-8 is not available; the suite runs in $suite_locale" >&2

flags="-fsanitize=address,undefined -fsanitize=float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer"
# GCC's points-to analysis is superlinear on the evaluator's instrumented dispatch loops: with
# it eval/run.cpp alone took 15 minutes to compile, without it 6. It only feeds optimisation.
pta=""
if ! c++ -dM -E -x c++ /dev/null 2>/dev/null | grep -q __clang__; then pta=" -fno-tree-pta"; fi
flags="$flags$pta"

# configure BUILD_DIR COMPILE_FLAGS LINK_FLAGS
# Without the Python module: a sanitized module cannot load into Debian's python3, which is not
# built with the sanitizers, and the library code it calls is what the C++ suite checks.
configure() {
  cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFEXPR_PYTHON=OFF -DBUILD_SHARED_LIBS=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DCMAKE_CXX_FLAGS="$2" -DCMAKE_C_FLAGS="$2" -DCMAKE_EXE_LINKER_FLAGS="$3" -DCMAKE_SHARED_LINKER_FLAGS="$3" >/dev/null
}

if [ "$what" = all ] || [ "$what" = asan ]; then
  start=$SECONDS
  configure build-asan "$flags" "-fsanitize=address,undefined"
  cmake --build build-asan -j"$jobs"
  # test_install_embed installs the library and builds host programs against it with the
  # installed package's plain flags, which cannot link sanitized objects; ./test.sh runs it.
  (cd build-asan &&
    LC_ALL="$suite_locale" ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
    LSAN_OPTIONS=suppressions="$root/tools/lsan.supp" \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --output-on-failure -j"$jobs" -E '^test_install_embed$')
  echo "sanitize: ASan+UBSan suite in $suite_locale took $((SECONDS - start)) s"
fi

if [ "$what" = all ] || [ "$what" = tsan ]; then
  start=$SECONDS
  configure build-tsan "-fsanitize=thread$pta" "-fsanitize=thread"
  cmake --build build-tsan -j"$jobs" --target test_capi_threads test_eval_machine_value test_eval_machine_gradient
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build-tsan/tests/test_capi_threads
  # Threads evaluating one expression while its machine code (value, gradient) is made.
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build-tsan/tests/test_eval_machine_value '[machine]'
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build-tsan/tests/test_eval_machine_gradient '[machine]'
  echo "sanitize: TSan thread tests took $((SECONDS - start)) s"
fi
