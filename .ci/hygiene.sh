#!/usr/bin/env bash
# What a package others depend on keeps true, each step a script of its own
# (run any alone): style, the public API baseline, the documentation, the
# Apple adapters compiled on Linux, the README's dependency lines, coverage.
# Called by .ci/run after the test steps; expects the debug build in .build.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  local title=$1
  shift
  printf '\n== %s\n' "$title"
  local start=$SECONDS
  "$@"
  echo "(${title%%:*}: $((SECONDS - start)) s)"
}

step "style: swift-format lint --strict (.swift-format)" bash .ci/swift-format.sh
step "public API: unchanged, or API/ updated in the same commit" bash .ci/api-baseline.sh
step "documentation: DocC catalogs, warnings as errors, every public symbol curated" bash .ci/docc.sh
step "Apple adapters: their files compiled against Tests/AppleShim, zero warnings (tested by AppleAdapterTests)" \
  bash -c 'swift build --target AppleAdapters 2>&1 | tee .build/apple-adapters.log
    ! grep -E "(^|: )warning:" .build/apple-adapters.log'
step "installing: the README's dependency lines in a throwaway package" bash .ci/install-check.sh
step "coverage: swift test --enable-code-coverage, library modules at least 90 % of lines" bash .ci/coverage.sh
