#!/usr/bin/env bash
# TreeIndex against the baselines, side by side: builds the compare tool and
# prints the machine, then one Markdown table of median instructions per
# operation (counted by Valgrind's callgrind) with the ratios
# baseline/TreeIndex, the targets, and the wall clock measured natively.
#
#   Benchmarks/compare.sh                        # everything (about an hour on 2 cores)
#   Benchmarks/compare.sh --rows 1000,100000     # a subset; see --help
#   Benchmarks/compare.sh --smoke                # seconds, no Valgrind (what CI runs)
#   Benchmarks/compare.sh --rows 10000000 --depths 6 --contenders treeindex \
#     --workloads move,batch,treelist           # TreeIndex's own workloads (moves, batches,
#                                                # TreeList edits), with mallocs per operation
#
# Needs Valgrind (apt-get install valgrind) except with --smoke or --native.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
scratch="$here/.build-compare"

# Valgrind before 3.22 cannot read DWARF 5, the toolchain's default: build
# the tool with DWARF 4, in its own scratch folder.
swift build -c release --package-path "$here" --scratch-path "$scratch" --product treeindex-compare \
  -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 >&2

cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || true)"
[ -n "$cpu" ] || cpu="$(sysctl -n machdep.cpu.brand_string 2>/dev/null || uname -m)"
cores="$(nproc 2>/dev/null || sysctl -n hw.ncpu)"
echo "Machine: $cores cores, $cpu, $(uname -sr)"
echo "Swift: $(swift --version 2>&1 | grep -m1 -i 'swift version')"
echo "Valgrind: $(valgrind --version 2>/dev/null || echo 'not installed')"
echo "Command: Benchmarks/compare.sh $*"
echo
exec "$scratch/release/treeindex-compare" "$@"
