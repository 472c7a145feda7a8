#!/usr/bin/env bash
# The README's dependency lines work: builds a throwaway package whose
# Package.swift holds the README's "Adding as a dependency" block as written,
# except that the package URL becomes the path of this checkout. Each target
# it declares gets a source file that imports the products the block gives it
# and uses one of their types.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The package's identity is its folder's name: the one the README's
# `package: "TreeIndex"` names.
ln -s "$repo" "$work/TreeIndex"
mkdir -p "$work/Consumer"

block=$(awk '/^## Adding as a dependency/ {inside = 1; next}
  inside && /^## / {exit}
  inside && /^```swift/ {code = 1; next}
  inside && code && /^```/ {exit}
  inside && code {print}' README.md)
if [[ -z "$block" ]]; then
  echo "error: README.md has no \`\`\`swift block under '## Adding as a dependency'" >&2
  exit 1
fi
if ! grep -q '\.package(url: "[^"]*", ' <<<"$block"; then
  echo "error: the README's block has no .package(url: ...) line" >&2
  exit 1
fi
manifest_block=$(sed -E "s|\.package\(url: \"[^\"]*\", [^)]*\)|.package(path: \"$work/TreeIndex\")|" <<<"$block")

{
  echo '// swift-tools-version:6.0'
  echo 'import PackageDescription'
  echo 'let package = Package('
  echo '  name: "Consumer",'
  echo "$manifest_block"
  echo '  , swiftLanguageModes: [.v6]'
  echo ')'
} > "$work/Consumer/Package.swift"

# One source file per target, using each product the block lists for it.
target=""
while IFS= read -r line; do
  if [[ $line =~ \.target\(name:\ \"([A-Za-z0-9_]+)\" ]]; then
    target=${BASH_REMATCH[1]}
    mkdir -p "$work/Consumer/Sources/$target"
    echo "// A target of the README's dependency block." > "$work/Consumer/Sources/$target/$target.swift"
  elif [[ $line =~ \.product\(name:\ \"([A-Za-z0-9_]+)\",\ package:\ \"([A-Za-z0-9_]+)\"\) ]]; then
    product=${BASH_REMATCH[1]}
    file=$work/Consumer/Sources/$target/$target.swift
    case $product in
      TreeIndex) use='public func rows() -> Int { TreeIndex(numberOfRootItems: 3).numberOfRows }' ;;
      TreeSelections) use='public func checkedCount() throws -> Int { try TreeSelection(TreeSnapshot<Int>()).checkedCount(in: 0) }' ;;
      TreeDataSource) use='public func simulator() -> ListHostSimulator { ListHostSimulator(numberOfSections: { 1 }, numberOfRows: { _ in 0 }) }' ;;
      *) echo "error: the README names a product this check does not know: $product" >&2; exit 1 ;;
    esac
    sed -i "1a import $product" "$file"
    echo "$use" >> "$file"
  fi
done <<<"$block"

echo "Package.swift of the throwaway package:"
cat "$work/Consumer/Package.swift"
swift build --package-path "$work/Consumer" 2>&1 | tail -n 5
