#!/usr/bin/env bash
# Line coverage of the library modules: runs the tests once with coverage
# (scratch path .build-coverage, so the other builds keep their products),
# prints llvm-cov's report per library file (everything in Sources/), and fails when a library
# module's line coverage is below COVERAGE_MINIMUM percent (90 by default).
#
#   .ci/coverage.sh              # test, report, check
#   .ci/coverage.sh --report     # report and check the last run only
set -euo pipefail
cd "$(dirname "$0")/.."

minimum=${COVERAGE_MINIMUM:-90}
scratch=.build-coverage
if [[ "${1:-}" != "--report" ]]; then
  swift test --enable-code-coverage --scratch-path "$scratch" 2>&1 | tail -n 3
fi
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
profile=$bin/codecov/default.profdata
tests=$bin/TreeIndexPackageTests.xctest
# The toolchain's llvm-cov reads the toolchain's profile format.
llvm_cov=$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov

"$llvm_cov" report "$tests" -instr-profile="$profile" Sources

"$llvm_cov" export "$tests" -instr-profile="$profile" -summary-only Sources \
  > "$scratch/coverage-summary.json"
python3 - "$scratch/coverage-summary.json" "$minimum" "$PWD" <<'PY'
import json, sys
summary, minimum, root = json.load(open(sys.argv[1])), float(sys.argv[2]), sys.argv[3]
modules = {}
for f in summary["data"][0]["files"]:
    module = f["filename"].removeprefix(root + "/").split("/")[1]
    lines = f["summary"]["lines"]
    covered, count = modules.get(module, (0, 0))
    modules[module] = (covered + lines["covered"], count + lines["count"])
failed = False
for module, (covered, count) in sorted(modules.items()):
    percent = 100 * covered / count
    verdict = "ok" if percent >= minimum else f"BELOW {minimum:g} %"
    failed |= percent < minimum
    print(f"line coverage {module}: {percent:.2f} % ({covered} of {count} lines): {verdict}")
if failed:
    print(f"error: a library module's line coverage is below {minimum:g} %: test the lines listed above", file=sys.stderr)
    sys.exit(1)
PY
