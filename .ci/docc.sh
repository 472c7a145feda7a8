#!/usr/bin/env bash
# Builds the DocC catalogs (Sources/<module>/<module>.docc) with the
# toolchain's docc from the modules' symbol graphs, warnings as errors (a
# broken symbol link fails), then checks that every public symbol is in a
# topic group and documented (.ci/docc-curation.py names what is missing).
# The archives are left in .build/docc/ (open with any static file server
# after `docc process-archive transform-for-static-hosting`, or in Xcode).
set -euo pipefail
cd "$(dirname "$0")/.."

bash .ci/symbol-graphs.sh
mkdir -p .build/docc
status=0
for module in TreeIndex TreeSources TreeSelections TreeDataSource; do
  catalog=Sources/$module/$module.docc
  archive=.build/docc/$module.doccarchive
  rm -rf "$archive"
  echo "docc convert $catalog"
  # TreeSources', TreeSelections' and TreeDataSource's comments link to
  # TreeIndex's symbols (and TreeDataSource's to TreeSources' and
  # TreeSelections'): resolved against the archives built before them.
  dependency=()
  if [[ $module != TreeIndex ]]; then
    needed=(TreeIndex)
    [[ $module == TreeDataSource ]] && needed+=(TreeSources TreeSelections)
    missing=0
    for needed_module in "${needed[@]}"; do
      if [[ ! -d .build/docc/$needed_module.doccarchive ]]; then
        echo "error: $module's documentation not built: $needed_module's failed (above)" >&2
        missing=1
      fi
      dependency+=(--dependency ".build/docc/$needed_module.doccarchive")
    done
    [[ $missing == 0 ]] || { status=1; continue; }
  fi
  if ! docc convert "$catalog" "${dependency[@]}" --enable-experimental-external-link-support \
    --additional-symbol-graph-dir ".build/symbol-graphs/$module" \
    --output-dir "$archive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.treeindex.$module" \
    --warnings-as-errors; then
    status=1
    rm -rf "$archive"
    continue
  fi
  python3 .ci/docc-curation.py "$archive" ".build/symbol-graphs/$module/$module.symbols.json" "$catalog" || status=1
done
exit $status
