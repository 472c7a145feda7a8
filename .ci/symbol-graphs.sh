#!/usr/bin/env bash
# Writes the public symbol graphs of the library modules to
# .build/symbol-graphs/<module>/<module>.symbols.json,
# from the debug build's modules: a build that is up to date costs seconds.
# Used by .ci/api-baseline.sh and .ci/docc.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(TreeIndex TreeSources TreeSelections TreeDataSource)
mkdir -p .build
if ! swift build --target TreeDataSource > .build/symbol-graphs-build.log 2>&1; then
  cat .build/symbol-graphs-build.log >&2
  exit 1
fi
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -1)
out=.build/symbol-graphs
rm -rf "$out" && mkdir -p "$out"
for module in "${modules[@]}"; do
  mkdir -p "$out/$module"
  swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -skip-inherited-docs \
    -emit-extension-block-symbols -output-dir "$out/$module"
done
