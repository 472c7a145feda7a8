#!/usr/bin/env bash
# The public API baseline: API/<module>.txt holds every public declaration and
# conformance of the library modules, generated from their symbol graphs.
#
#   .ci/api-baseline.sh            # CI: fails when the API differs from API/
#   .ci/api-baseline.sh --update   # regenerates API/ after a deliberate change
#
# A change to the public API therefore shows in review as a diff of API/,
# committed together with the change.
set -euo pipefail
cd "$(dirname "$0")/.."

bash .ci/symbol-graphs.sh
mkdir -p API
status=0
for module in TreeIndex TreeSources TreeSelections TreeDataSource; do
  current=.build/symbol-graphs/$module/$module.api.txt
  python3 .ci/api-digest.py ".build/symbol-graphs/$module/$module.symbols.json" > "$current"
  if [[ "${1:-}" == "--update" ]]; then
    cp "$current" "API/$module.txt"
    echo "API/$module.txt: $(wc -l < "$current") lines"
  elif ! diff -u "API/$module.txt" "$current"; then
    status=1
  fi
done
if [[ $status != 0 ]]; then
  echo "error: the public API differs from the baseline in API/ (above: - baseline, + now)." >&2
  echo "If the change is deliberate, run '.ci/api-baseline.sh --update' and commit API/ with it." >&2
fi
exit $status
