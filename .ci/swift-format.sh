#!/usr/bin/env bash
# Style: the toolchain's `swift-format lint --strict` with the repository's
# `.swift-format` over Sources, Tests, Examples, Benchmarks and Fuzz.
#
# `.ci/swift-format-pending` lists files written before the formatter was
# adopted and not yet formatted (test files other work was changing at the
# time). The list may only shrink: a listed file that now passes, or no longer
# exists, fails this step until its line is removed. To format one:
#   swift-format format -i FILE   # then delete its line from .ci/swift-format-pending
set -euo pipefail
cd "$(dirname "$0")/.."

pending_list=.ci/swift-format-pending
mapfile -t pending < <(grep -v '^#' "$pending_list" | sed '/^$/d')
is_pending() { local f; for f in "${pending[@]}"; do [[ "$f" == "$1" ]] && return 0; done; return 1; }

files=()
while IFS= read -r file; do
  is_pending "$file" || files+=("$file")
done < <(git ls-files --cached --others --exclude-standard -- \
  'Package.swift' 'Sources/*.swift' 'Tests/*.swift' 'Examples/*.swift' 'Benchmarks/*.swift' \
  'Fuzz/*.swift' | sort)

status=0
echo "swift-format lint --strict: ${#files[@]} files (${#pending[@]} listed in $pending_list as not yet formatted)"
swift-format lint --strict --parallel "${files[@]}" || status=1

for file in "${pending[@]}"; do
  if [[ ! -f "$file" ]]; then
    echo "error: $pending_list lists $file, which does not exist: remove its line" >&2
    status=1
  elif swift-format lint --strict "$file" 2>/dev/null; then
    echo "error: $file now passes swift-format lint: remove its line from $pending_list" >&2
    status=1
  fi
done
exit $status
