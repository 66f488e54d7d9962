#!/usr/bin/env bash
# Builds the libFuzzer targets (build-fuzz/, clang 14) if needed and runs each for SECONDS.
#
#   fuzz/run.sh [SECONDS] [TARGET...]     # default 60 seconds, both targets
#
# Seeds come from the tests' corpora (tests/data/corpus, tests/data/expressions,
# tests/data/malformed, examples/) and ../shared/corpus when it is there; what the fuzzer
# learns is kept in build-fuzz/corpus/TARGET between runs. A crash, sanitizer report, hang
# (-timeout) or memory blow-up (-rss_limit_mb) stops the target, leaves its input in
# build-fuzz/crashes/ and makes the script fail. Each run appends its execution count to
# build-fuzz/executions.log; the totals are printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(expression_fuzzer dataset_fuzzer)

cxx="$(command -v clang++-14 || command -v clang++ || true)"
cc="$(command -v clang-14 || command -v clang || true)"
if [ -z "$cxx" ] || ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "fuzz: needs clang 14 and libFuzzer: apt-get install -y clang-14 libclang-rt-14-dev" >&2
  exit 1
fi
cmake -S fuzz -B build-fuzz -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]}"

# Seed corpora, one file per expression or dataset.
seeds=build-fuzz/seeds
rm -rf "$seeds"
mkdir -p "$seeds/expression_fuzzer" "$seeds/dataset_fuzzer"
n=0
for list in tests/data/expressions/corpus_expressions.txt examples/expressions.txt ../shared/corpus/expressions.txt; do
  [ -f "$list" ] || continue
  while IFS= read -r line; do
    [ -z "$line" ] || [ "${line:0:1}" = "#" ] && continue
    printf '%s' "${line%%$'\t'*}" >"$seeds/expression_fuzzer/$n"
    n=$((n + 1))
  done <"$list"
done
if [ -f tests/data/malformed/expressions.txt ]; then
  # "line:column<TAB>message fragment<TAB>expression" with \n and \0 escapes; the seed is the expression.
  while IFS=$'\t' read -r _ _ expression; do
    [ -z "$expression" ] && continue
    printf '%b' "$expression" >"$seeds/expression_fuzzer/$n" 2>/dev/null || true
    n=$((n + 1))
  done < <(grep -v '^#' tests/data/malformed/expressions.txt)
fi
n=0
for f in tests/data/corpus/*/* examples/*.adm examples/models/*.adm tests/data/malformed/datasets/*.adm \
         ../shared/corpus/*/*; do
  case "$f" in *.adm | *.acf) cp "$f" "$seeds/dataset_fuzzer/$n"; n=$((n + 1)) ;; esac
done

mkdir -p build-fuzz/crashes
status=0
for target in "${targets[@]}"; do
  corpus="build-fuzz/corpus/$target"
  mkdir -p "$corpus"
  # Datasets are capped at 4 KiB: the sanitized checker reads under 1 MB/s (allocation and
  # coverage hooks), so 128 KiB inputs ran 140 executions a second and 16 KiB ones 150; large
  # files are the unit tests' job (the 10 MB dataset).
  case "$target" in
    expression_fuzzer) max_len=16384; dict=fuzz/expression.dict ;;
    *) max_len=4096; dict=fuzz/dataset.dict ;;
  esac
  log="build-fuzz/$target.log"
  echo "fuzz: $target for $seconds s"
  set +e
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "build-fuzz/$target" "$corpus" "$seeds/$target" -dict="$dict" -max_len="$max_len" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -print_final_stats=1 \
    -artifact_prefix="build-fuzz/crashes/$target-" >"$log" 2>&1
  rc=$?
  set -e
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  echo "$(date -u +%FT%TZ) $target ${runs:-0} rc=$rc" >>build-fuzz/executions.log
  if [ "$rc" -ne 0 ]; then
    echo "fuzz: $target FAILED after ${runs:-?} executions (exit $rc); see $log and build-fuzz/crashes/" >&2
    grep -m5 -E 'ERROR|invariant broken|runtime error|Test unit written' "$log" >&2 || true
    status=1
  else
    echo "fuzz: $target ran ${runs:-0} executions without a crash"
  fi
done

echo "fuzz: executions so far (build-fuzz/executions.log):"
awk '{ total[$2] += $3 } END { for (t in total) printf "  %s %d\n", t, total[t] }' build-fuzz/executions.log
exit $status
