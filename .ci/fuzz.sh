#!/usr/bin/env bash
# Fuzzes the library for SECONDS seconds (default 60) with libFuzzer:
#
#   bash .ci/fuzz.sh [SECONDS]
#
# Builds `treeindex-fuzz` into .build-fuzz in release mode with libFuzzer and
# AddressSanitizer (-sanitize=fuzzer,address), libFuzzer's driver called from
# the executable's own main (-DFUZZING), and the index's internal invariant
# checks (-DTREE_INDEX_INTERNAL_CHECKS); links with the toolchain's lld (gold
# fails on AddressSanitizer's objects). Then fuzzes, seeded with a copy of
# Fuzz/Corpus in .build-fuzz/corpus (kept between runs, so that a local run
# goes on where the last one stopped; Fuzz/Corpus itself is never written).
#
# Exits 0 when no input failed. Otherwise exits 1 and prints the failing input
# (written to .build-fuzz/crash-*, or leak-*, timeout-*, oom-*) in hex and the
# failure message; `swift run treeindex-fuzz FILE` replays it without the
# fuzzer. libFuzzer's whole output is in .build-fuzz/fuzz.log.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${1:-60}
scratch=.build-fuzz
log=$scratch/fuzz.log

swift build --product treeindex-fuzz -c release --scratch-path "$scratch" \
  -Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -DTREE_INDEX_INTERNAL_CHECKS -Xswiftc -use-ld=lld
fuzzer=$scratch/release/treeindex-fuzz

mkdir -p "$scratch/corpus"
cp Fuzz/Corpus/* "$scratch/corpus/"

# The Swift runtime's backtracer would catch the abort of a failed check
# before libFuzzer does (and trips AddressSanitizer while it reads memory):
# off, so that libFuzzer writes the input.
status=0
SWIFT_BACKTRACE=enable=no \
  LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt" \
  "$fuzzer" "$scratch/corpus" -max_total_time="$duration" -timeout=30 \
  -artifact_prefix="$scratch/" -print_final_stats=1 >"$log" 2>&1 || status=$?

grep -E '^(INFO: seed corpus|#[0-9]+[[:space:]]+(INITED|DONE)|Done [0-9]+ runs)' "$log" || true
if [[ $status -eq 0 ]]; then
  echo "fuzz: no failure in $duration s; $(find "$scratch/corpus" -type f | wc -l) inputs in $scratch/corpus"
  exit 0
fi

echo "fuzz: libFuzzer exited with status $status" >&2
input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
if [[ -z $input || ! -f $input ]]; then
  echo "fuzz: no failing input was written; the end of $log:" >&2
  tail -n 40 "$log" >&2
  exit 1
fi
echo "failure:" >&2
grep -E '^treeindex-fuzz: |ERROR: |^SUMMARY: ' "$log" >&2 || tail -n 40 "$log" >&2
echo "input: $input ($(wc -c <"$input") bytes), in hex:" >&2
od -An -v -tx1 "$input" | tr -d ' \n' | fold -w 64 >&2
echo >&2
echo "replay it: swift run treeindex-fuzz $input" >&2
exit 1
