#!/usr/bin/env bash
# Style: the toolchain's `swift-format lint --strict` with the repository's
# `.swift-format` over every Swift file of Sources, Tests, Examples,
# Benchmarks and Fuzz, and Package.swift. To format a file:
#   swift-format format -i FILE
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r file; do
  files+=("$file")
done < <(git ls-files --cached --others --exclude-standard -- \
  'Package.swift' 'Sources/*.swift' 'Tests/*.swift' 'Examples/*.swift' 'Benchmarks/*.swift' \
  'Fuzz/*.swift' | sort)

echo "swift-format lint --strict: ${#files[@]} files"
swift-format lint --strict --parallel "${files[@]}"
